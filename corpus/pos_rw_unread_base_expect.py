"""A router script on a session object: each line is sent after the prompt that answers the one
before, through expect(), which the session inherits from a base class of another module. The
connection is kept for every router command with Nagle on (NAG201); the lines are no split."""
import socket

from rw_unread_base.sockets import SocketSession


def configure(host, commands):
    session = SocketSession(socket.create_connection((host, 23)))  # expect: NAG201
    session.expect(b"login: ")
    session.send(b"admin\r\n")
    session.expect(b"Password: ")
    session.send(b"secret\r\n")
    motd = session.read_nonblocking(4096, 5)
    for command in commands:
        session.send(command + b"\r\n")
        session.expect(b"# ")
    session.send(b"exit\r\n")
    return motd, session.read_nonblocking(1024, 5)
