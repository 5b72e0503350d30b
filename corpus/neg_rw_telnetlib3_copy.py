"""The same media-server CLI client on telnetlib3's copy of telnetlib, with TCP_NODELAY set on
the Telnet object's socket once it is connected."""
import socket
from urllib.parse import quote, unquote

from telnetlib3 import Telnet


class MediaServer:
    def __init__(self, host, port=9090):
        self.client = Telnet(host, port)
        self.client.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def query(self, *words):
        line = " ".join(quote(w) for w in words)
        self.client.write(line.encode("utf-8") + b"\n")
        answer = self.client.read_until(b"\n").decode("utf-8")
        return [unquote(w) for w in answer.split()]
