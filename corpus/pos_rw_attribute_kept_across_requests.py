"""The same KDC client, but the socket is made only when there is none yet and closed only when
a request fails: the TCP connection carries one request after another with Nagle on, each
written as its length and then its body."""
import socket

TCP, UDP = "tcp", "udp"


class KdcSocket:
    def __init__(self, host, port=88, transport=TCP):
        self.host, self.port, self.transport = host, port, transport
        self.soc = None

    def create_soc(self):
        if self.transport == TCP:
            self.soc = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
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
        if self.soc is None:
            self.create_soc()
        try:
            if self.transport == TCP:
                self.soc.sendall(len(data).to_bytes(4, "big"))
                self.soc.sendall(data)  # expect: NAG101
                return self._read_reply()
            self.soc.sendto(data, (self.host, self.port))
            return self.soc.recvfrom(65535)[0]
        except OSError:
            self.soc.close()
            self.soc = None
            raise
