"""Redis-style client writing a command through a buffered sock.makefile('wb'):
several write() calls fill the 8 KiB buffer, one flush() sends them as one segment,
then the reply is read; the socket also has TCP_NODELAY. Nothing is split."""
import socket


class RespClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.wfile = self.sock.makefile("wb")
        self.rfile = self.sock.makefile("rb")

    def execute(self, *args):
        self.wfile.write(b"*%d\r\n" % len(args))
        for arg in args:
            self.wfile.write(b"$%d\r\n" % len(arg))
            self.wfile.write(arg + b"\r\n")
        self.wfile.flush()
        return self.rfile.readline()

    def close(self):
        self.wfile.close()
        self.rfile.close()
        self.sock.close()


def bump(port, key, times):
    client = RespClient(port)
    try:
        return [client.execute(b"INCR", key) for _ in range(times)]
    finally:
        client.close()
