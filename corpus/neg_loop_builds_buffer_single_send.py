"""Client that loops over the parts of a command but only appends them to a
bytearray, then sends the whole command with one sendall() and reads the reply
(TCP_NODELAY set): a loop, but no write inside it."""
import socket


class BatchClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def mset(self, pairs):
        buf = bytearray(b"MSET")
        for key, value in pairs:
            buf += b" " + key + b" " + value
        buf += b"\r\n"
        self.sock.sendall(buf)
        return self.sock.recv(128)

    def close(self):
        self.sock.close()
