"""A display driver whose send helper skips the reply for commands marked `noreply`: `draw()`
sends every stroke in a loop with such a command written out in the call, then a `sync` that
is answered. The strokes are writes in a loop before the read, Nagle on: each one after the
first waits for the display's delayed ACK."""
import socket


class Display:
    def __init__(self, host, port):
        self.socket = socket.create_connection((host, port))  # expect: NAG201

    def send_data(self, data):
        self.socket.send(data.encode("ascii"))
        if "noreply" in data:
            return ""
        return self.socket.recv(4096).decode("ascii")

    def draw(self, strokes):
        for _ in strokes:
            self.send_data("stroke;noreply;#")  # expect: NAG103
        return self.send_data("sync;#")  # expect: NAG101
