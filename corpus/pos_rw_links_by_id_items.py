"""A lock client holds one connection per lock server, by server name. `broadcast()` writes
the command line and then its argument to every server as two pieces, and `collect()` walks
the dict's items to read each server's answer: the argument waits for each server's delayed
ACK, on every lock taken."""
import socket


class LockQuorum:
    def __init__(self, servers):
        self.servers = {}
        for name, address in servers:
            self.servers[name] = socket.create_connection(address)  # expect: NAG201

    def broadcast(self, command, argument):
        for conn in self.servers.values():
            conn.sendall(command + b" ")
            conn.sendall(argument + b"\r\n")  # expect: NAG101

    def collect(self):
        answers = {}
        for name, conn in self.servers.items():
            answers[name] = conn.recv(512)
        return answers
