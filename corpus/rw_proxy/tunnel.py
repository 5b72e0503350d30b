"""A socket that connects through a SOCKS proxy: same constructor as socket.socket."""
import socket


class TunnelSocket(socket.socket):
    def __init__(self, family=socket.AF_INET, type=socket.SOCK_STREAM, proto=0):
        super().__init__(family, type, proto)
        self._proxy = None

    def set_proxy(self, host, port):
        self._proxy = (host, port)

    def connect(self, address):
        if self._proxy is None:
            return super().connect(address)
        super().connect(self._proxy)
        host, port = address[:2]
        self.sendall(b"\x05\x01\x00")
        self.recv(2)
        self.sendall(b"\x05\x01\x00\x03" + bytes([len(host)]) + host.encode() + port.to_bytes(2, "big"))
        self.recv(10)
        return None
