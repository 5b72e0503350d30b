"""An MLLP listener: the handler hands its own streams to the framing module, which reads each
message a byte at a time and writes each acknowledgement in three pieces, on a connection that
carries message after message with Nagle on."""
import socketserver

from .mllpframe import read_bytes, read_messages, write_mllp


class AckHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    def handle(self):
        for message in read_messages(read_bytes(self.rfile)):
            write_mllp(self.wfile, b"MSA|AA|" + message[:20])  # expect: NAG102


def serve(port=2575):
    socketserver.ThreadingTCPServer(("", port), AckHandler).serve_forever()
