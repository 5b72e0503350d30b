"""Cache-server host entry in the python-memcached style: __init__ picks the address family
from the server string (AF_UNIX for "unix:/path", AF_INET otherwise) and keeps it in
self.family; _get_socket() builds socket.socket(self.family, SOCK_STREAM) and keeps it for
every command, written by send_cmd() and read through a kept bound recv. On the TCP path the
connection carries request after request with Nagle on."""
import socket


class Host:
    def __init__(self, server, timeout=3):
        if server.startswith("unix:"):
            self.family = socket.AF_UNIX
            self.address = server[5:]
        else:
            host, _, port = server.partition(":")
            self.family = socket.AF_INET
            self.address = (host, int(port or 11211))
        self.timeout = timeout
        self.socket = None
        self.buffer = b""

    def _get_socket(self):
        if self.socket:
            return self.socket
        s = socket.socket(self.family, socket.SOCK_STREAM)  # expect: NAG201
        s.settimeout(self.timeout)
        s.connect(self.address)
        self.socket = s
        return s

    def send_cmd(self, cmd):
        self._get_socket().sendall(cmd + b"\r\n")

    def readline(self):
        recv = self.socket.recv
        while b"\r\n" not in self.buffer:
            data = recv(4096)
            if not data:
                raise ConnectionError("closed")
            self.buffer += data
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        return line

    def get(self, key):
        self.send_cmd(b"get " + key)
        return self.readline()
