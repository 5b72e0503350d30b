"""The same factory, but the uploader keeps the connection on the object and sends every
report on it, each answered before the next: a kept request/response connection with Nagle
on."""
import socket


class ConnectError(Exception):
    pass


class KeptUploader:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.sock = None

    def _connect(self):
        sock = None
        try:
            sock = socket.socket()  # expect: NAG201
            sock.connect((self.host, self.port))
        except OSError as error:
            if sock is not None:
                sock.close()
            raise ConnectError(error)
        return sock

    def upload(self, report):
        if self.sock is None:
            self.sock = self._connect()
        self.sock.send(report.encode("ascii"))
        return self.sock.recv(1024).decode("ascii")
