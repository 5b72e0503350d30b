"""A PBX remote-console client: it takes rows off getaddrinfo(..., SOCK_STREAM)'s list with pop()
until one connects, keeps the socket (NAG201), and reads the console's lines by iterating the
client itself (`for line in self:`, an __iter__ that reads), between the commands it writes."""
import socket


class RemoteConsole:
    def __init__(self, host, port=5038):
        self.sock = None
        rows = socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        while rows and self.sock is None:
            family, kind, proto, _, address = rows.pop()
            sock = socket.socket(family, kind, proto)  # expect: NAG201
            try:
                sock.connect(address)
            except OSError:
                sock.close()
                continue
            self.sock = sock
        self.buffer = b""

    def __iter__(self):
        while True:
            while b"\r\n" not in self.buffer:
                chunk = self.sock.recv(8192)
                if not chunk:
                    return
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\r\n", 1)
            yield line.decode()

    def command(self, text, done):
        self.sock.sendall(text.encode() + b"\r\n")
        for line in self:
            if line.startswith(done):
                return line

    def setup(self):
        self.command("output off", "Output mode")
        self.command("debug off", "Debug level")
