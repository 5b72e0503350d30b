"""A network receipt printer that only writes: its class keeps a name-mangled read method that
nothing calls (`__read`), so no reply is ever read and nothing waits on Nagle."""
import socket


class NetworkPrinter:
    def __init__(self, host, port=9100):
        self.host = host
        self.port = port
        self.__open()

    def __open(self):
        self._device = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._device.connect((self.host, self.port))

    def text(self, text):
        self._write(text.encode())

    def cut(self):
        self._write(b"\x1dV\x00")

    def _write(self, data):
        self._device.sendall(data)

    def __read(self, length):
        return self._device.recv(length)
