"""Memcached-style client that takes its socket module as a parameter (socket by default, a
green one under gevent) and keeps it in self.socket_module; _connect() aliases it to a local
`s` and builds s.socket(s.AF_INET, s.SOCK_STREAM). TCP_NODELAY is set only when no_delay is
true, and no_delay is False by default, so the kept connection answers commands with Nagle on."""
import socket


class Client:
    def __init__(self, server, socket_module=socket, no_delay=False, timeout=None):
        self.server = server
        self.socket_module = socket_module
        self.no_delay = no_delay
        self.timeout = timeout
        self.sock = None

    def _connect(self):
        s = self.socket_module
        sock = s.socket(s.AF_INET, s.SOCK_STREAM)  # expect: NAG201
        sock.settimeout(self.timeout)
        sock.connect(self.server)
        if self.no_delay:
            sock.setsockopt(s.IPPROTO_TCP, s.TCP_NODELAY, 1)
        self.sock = sock

    def _command(self, line):
        if self.sock is None:
            self._connect()
        self.sock.sendall(line)
        return self.sock.recv(65536)

    def get(self, key):
        return self._command(b"get " + key + b"\r\n")
