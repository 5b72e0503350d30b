"""A file-transfer server keeps its framing in a mixin: put() sends the length, waits for OK,
then the data; get() reads the length, says OK, reads the data and says OK again. The mixin
writes through `self._send()`, which only the socketserver handler built on it defines over
`self.request`. handle() answers a get() with a put(): the closing OK and the reply's length
are two pieces before the client's next read, with Nagle on."""
import socketserver


class Framing:
    def _send(self, data):
        raise NotImplementedError

    def _recv(self, size):
        raise NotImplementedError

    def put(self, data):
        self._send(b"%08d" % len(data))
        self._recv(2)
        self._send(data)

    def get(self):
        size = int(self._recv(8))
        self._send(b"OK")
        data = self._recv(size)
        self._send(b"OK")
        return data


class TransferHandler(socketserver.BaseRequestHandler, Framing):  # expect: NAG202
    def _send(self, data):
        self.request.sendall(data)

    def _recv(self, size):
        return self.request.recv(size)

    def handle(self):
        while True:
            self.put(self.get().upper())  # expect: NAG102
