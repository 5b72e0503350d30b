"""The lock client of pos_rw_links_by_id_items.py over Unix sockets to local lock daemons:
no Nagle on AF_UNIX, so the two pieces go out at once."""
import socket


class LockQuorum:
    def __init__(self, servers):
        self.servers = {}
        for name, path in servers:
            conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            conn.connect(path)
            self.servers[name] = conn

    def broadcast(self, command, argument):
        for conn in self.servers.values():
            conn.sendall(command + b" ")
            conn.sendall(argument + b"\r\n")

    def collect(self):
        answers = {}
        for name, conn in self.servers.items():
            answers[name] = conn.recv(512)
        return answers
