"""Responses written through the connection object they are handed, each in one buffer."""


class Response:
    def __init__(self, connection):
        self._connection = connection

    def send(self, body):
        head = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body)
        self._connection.write_all(head + body)
