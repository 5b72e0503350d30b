"""The same listener with TCP_NODELAY on its connections (`disable_nagle_algorithm`): the
three pieces go out at once (NAG401 when selected)."""
import socketserver

from .mllpframe import read_bytes, read_messages, write_mllp


class FastAckHandler(socketserver.StreamRequestHandler):
    disable_nagle_algorithm = True

    def handle(self):
        for message in read_messages(read_bytes(self.rfile)):
            write_mllp(self.wfile, b"MSA|AA|" + message[:20])  # expect: NAG401
