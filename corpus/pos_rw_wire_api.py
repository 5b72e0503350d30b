"""A frame class of a wire protocol: read_from() reads one frame from a link, to_bytes() gives
the whole frame for one write, and write_to() writes the header and the body as two writes on
the link it is given and returns. rw_wire/session.py passes read_from() the project's Link over
a kept Nagle-on TCP socket, so a program that calls frame.write_to(link) waits for the peer's
delayed ACK before the body leaves (the link's kind is known by use: write_to() has no caller)."""
import struct

HEADER = struct.Struct("!4sI")


class Frame:
    def __init__(self, kind, body):
        self.kind = kind
        self.body = body

    def header(self):
        return HEADER.pack(self.kind, len(self.body))

    def to_bytes(self):
        return self.header() + self.body

    def write_to(self, link):
        """Send the frame on a link (header, then body)."""
        link.send(self.header())
        link.send(self.body)  # expect: NAG101

    @classmethod
    def read_from(cls, link):
        kind, size = HEADER.unpack(link.recv(HEADER.size))
        return cls(kind, link.recv(size) if size else b"")
