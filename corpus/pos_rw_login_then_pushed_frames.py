"""A camera feed like the one beside it, but its users can log in again on a live
connection: relogin() is public, so the login is a request on a connection that has carried
one before (and the caller reads the reply frame): request/response with Nagle on."""
import socket
import ssl
import struct


class CameraFeed:
    def __init__(self, host, access_code):
        self.host = host
        self.access_code = access_code
        self.sock = None

    def connect(self):
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        raw.settimeout(10)
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        self.sock = context.wrap_socket(raw)
        self.sock.connect((self.host, 6000))
        self._authenticate()

    def _authenticate(self):
        packet = struct.pack("<IIII", 0x40, 0x3000, 0, 0)
        packet += b"bblp".ljust(32, b"\0") + self.access_code.encode("ascii").ljust(32, b"\0")
        self.sock.sendall(packet)

    def _exact(self, size):
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError("camera closed the stream")
            data += chunk
        return data

    def frame(self):
        size, _, _, _ = struct.unpack("<IIII", self._exact(16))
        return self._exact(size)

    def frames(self):
        while True:
            yield self.frame()

    def relogin(self, access_code):
        self.access_code = access_code
        self._authenticate()
        return self.frame()
