"""The same receiver-thread client, but send() writes a command frame and then a data frame
before receive() waits on the Event: both go out before any answer, so the data frame waits
for the server's delayed ACK of the command."""
import threading

from .link import Link


class Request:
    def __init__(self):
        self.answered = threading.Event()
        self.answer = None


class Client:
    def __init__(self, host, port):
        self.link = Link(host, port)
        self.pending = []

    def connect(self):
        self.link.connect()
        threading.Thread(target=self._receive_loop, daemon=True).start()

    def _receive_loop(self):
        while True:
            answer = self.link.recv()
            if not answer:
                return
            request = self.pending.pop(0)
            request.answer = answer
            request.answered.set()

    def store(self, key, value):
        request = Request()
        self.pending.append(request)
        self.link.send(b"SET " + key)
        self.link.send(value)  # expect: NAG101
        return self.receive(request)

    def receive(self, request, timeout=30):
        if not request.answered.wait(timeout):
            raise TimeoutError("no answer")
        return request.answer
