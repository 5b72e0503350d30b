"""An alarm panel session sends each frame with a partial-send loop of its own that passes
MSG_DONTWAIT where the platform has it: one `send()` in each arm of an `if`, both sending the
rest of the same buffer. One frame per request, then the panel's answer is read, on a kept
connection with Nagle on: the connection is reported, the loop is not a write loop."""
import socket


class PanelSession:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.flags = getattr(socket, "MSG_DONTWAIT", 0)

    def _send_all(self, frame):
        view, sent = memoryview(frame), 0
        while sent < len(view):
            if self.flags:
                sent += self.sock.send(view[sent:], self.flags)
            else:
                sent += self.sock.send(view[sent:])

    def request(self, frame):
        self._send_all(frame)
        return self.sock.recv(512)
