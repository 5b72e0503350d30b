"""Requests read through the connection object they are handed (its module keeps the socket)."""


class Request:
    def __init__(self, connection):
        self._connection = connection
        self.head = b""

    def read_head(self):
        while b"\r\n\r\n" not in self.head:
            chunk = self._connection.read_some(4096)
            if not chunk:
                return False
            self.head += chunk
        return True
