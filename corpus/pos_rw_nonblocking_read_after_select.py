"""A display client's I/O loop: it waits on select() and then takes the reply, one status byte,
with a non-blocking read (a wakeup may find nothing). That read takes the reply that arrived; it
is no liveness probe. Each command goes out as a header line and then its text, two writes
before the reply is read."""
import select
import socket


class DisplayClient:
    def __init__(self, host, port=13666):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.replies = []

    def _take_reply(self):
        self.sock.setblocking(False)
        try:
            status = self.sock.recv(1)
        except BlockingIOError:
            return
        finally:
            self.sock.setblocking(True)
        self.replies.append(status)

    def command(self, name, text):
        self.sock.sendall(f"{name} {len(text)}\n".encode())
        self.sock.sendall(text.encode())  # expect: NAG101
        while not self.replies:
            readable, _, _ = select.select([self.sock], [], [], 1.0)
            if readable:
                self._take_reply()
        return self.replies.pop(0)
