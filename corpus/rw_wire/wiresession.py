"""A session that keeps one link for all its calls and sends each frame with to_bytes() in one
write; the frame's own write_to() (two writes) is public API the session does not use."""
from pos_rw_wire_api import Frame
from rw_wire.wirelinks import open_link


class Session:
    def __init__(self, host, port):
        self.link = open_link(host, port)

    def call(self, kind, body):
        self.link.send(Frame(kind, body).to_bytes())
        reply = Frame.read_from(self.link)
        if reply.kind == b"FAIL":
            raise RuntimeError(reply.body.decode())
        return reply.body

    def close(self):
        self.link.close()
