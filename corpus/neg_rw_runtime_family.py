"""Clients whose family is a run-time name: the agent client's family is AF_UNIX (a path is
given), and open_channel() returns AF_UNIX or TCP by branch but only the unix channel ever
waits for a reply (the TCP one only pushes gauges). AF_UNIX has no Nagle, so the split
requests cannot stall."""
import socket


class AgentClient:
    family = socket.AF_UNIX

    def __init__(self, path="/run/agent.sock"):
        self.sock = socket.socket(self.family, socket.SOCK_STREAM)
        self.sock.connect(path)

    def query(self, text):
        self.sock.sendall(b"Q %d\n" % len(text))
        self.sock.sendall(text)
        return self.sock.recv(4096)


def open_channel(target):
    if target.startswith("unix:"):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(target[len("unix:"):])
        return s, True
    host, _, port = target.rpartition(":")
    return socket.create_connection((host, int(port))), False


class StatsClient:
    def __init__(self, target):
        self.sock, self.local = open_channel(target)

    def gauge(self, name, value):
        self.sock.sendall(b"g %s %d\n" % (name, value))

    def dump(self):
        if not self.local:
            raise RuntimeError("dump needs the local unix socket")
        self.sock.sendall(b"dump ")
        self.sock.sendall(b"all\n")
        return self.sock.recv(65536)
