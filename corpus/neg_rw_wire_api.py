"""A packet class whose public write_to() writes the header and the body as two sends on the
channel it is given, beside read_from(), which reads one packet. The module passes read_from()
an in-process Pipe (a queue, no socket) and, in probe(), a SockLink over a TCP connection made
for one request and closed after the reply: the first data of a fresh connection is ACKed at
once, so neither can wait for a delayed ACK."""
import queue
import socket
import struct

HEADER = struct.Struct("!4sH")


class Packet:
    def __init__(self, tag, body=b""):
        self.tag = tag
        self.body = body

    def to_bytes(self):
        return HEADER.pack(self.tag, len(self.body)) + self.body

    def write_to(self, chan):
        chan.send(HEADER.pack(self.tag, len(self.body)))
        chan.send(self.body)

    @classmethod
    def read_from(cls, chan):
        tag, size = HEADER.unpack(chan.recv(HEADER.size))
        return cls(tag, chan.recv(size) if size else b"")


class Pipe:
    """Two queues standing in for a connection in tests and in-process workers."""

    def __init__(self):
        self.inbox = queue.Queue()
        self.buffer = b""

    def send(self, data):
        self.inbox.put(data)

    def recv(self, size):
        while len(self.buffer) < size:
            self.buffer += self.inbox.get()
        data, self.buffer = self.buffer[:size], self.buffer[size:]
        return data


class SockLink:
    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        self.sock.sendall(data)

    def recv(self, size):
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data


def echo_locally(tag, body):
    pipe = Pipe()
    pipe.send(Packet(tag, body).to_bytes())
    return Packet.read_from(pipe)


def probe(host, port):
    with socket.create_connection((host, port), 3.0) as sock:
        link = SockLink(sock)
        link.send(Packet(b"PING").to_bytes())
        reply = Packet.read_from(link)
    return reply.tag == b"PONG"
