"""A receiver thread reads every answer and sets the request's Event. receive() waits on it;
on a redirect it sends the request again, but only after the first answer came: two
exchanges, not one request in two pieces."""
import threading

from .link import Link


class Request:
    def __init__(self, body):
        self.body = body
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

    def send(self, body):
        request = Request(body)
        self.pending.append(request)
        self.link.send(body)
        return request

    def receive(self, request, timeout=30):
        if not request.answered.wait(timeout):
            raise TimeoutError("no answer")
        if request.answer.startswith(b"MOVED "):
            request = self.send(request.answer[6:])
            request.answered.wait(timeout)
        return request.answer

    def echo(self, text):
        request = self.send(b"ECHO " + text)
        return self.receive(request)
