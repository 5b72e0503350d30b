"""A Kerberos-style KDC client of the shape real ones have: each request makes a new socket into
the same attribute (TCP or UDP, picked by the configured transport; anything else raises),
sends the length-prefixed request and reads the reply, and closes the socket in `finally`:
one exchange per TCP connection."""
import socket

TCP, UDP = "tcp", "udp"


class KdcSocket:
    def __init__(self, host, port=88, transport=TCP):
        self.host, self.port, self.transport = host, port, transport
        self.soc = None

    def create_soc(self):
        if self.transport == TCP:
            self.soc = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.soc.connect((self.host, self.port))
        elif self.transport == UDP:
            self.soc = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        else:
            raise ValueError("unknown transport %r" % self.transport)

    def _read_reply(self):
        buff = b""
        while len(buff) < 4 or len(buff) < 4 + int.from_bytes(buff[:4], "big"):
            chunk = self.soc.recv(4096)
            if not chunk:
                raise ConnectionError("KDC closed the connection")
            buff += chunk
        return buff[4:]

    def sendrecv(self, data):
        self.create_soc()
        try:
            if self.transport == TCP:
                self.soc.sendall(len(data).to_bytes(4, "big"))
                self.soc.sendall(data)
                return self._read_reply()
            self.soc.sendto(data, (self.host, self.port))
            return self.soc.recvfrom(65535)[0]
        finally:
            self.soc.close()
