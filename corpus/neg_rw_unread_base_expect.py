"""A router script on a session object: each line is sent after the prompt that answers the one
before, through expect(), which the session inherits from a base class of another module. The
connection sets TCP_NODELAY; the lines are no split either way."""
import socket

from rw_unread_base.sockets import SocketSession


def configure(host, commands):
    sock = socket.create_connection((host, 23))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    session = SocketSession(sock)
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
