"""A media-server CLI client on Python 3.13, where telnetlib is gone: it takes the blocking Telnet
class that telnetlib3 exports (its copy of telnetlib) and keeps one connection for every
command, Nagle on."""
from urllib.parse import quote, unquote

from telnetlib3 import Telnet


class MediaServer:
    def __init__(self, host, port=9090):
        self.client = Telnet(host, port)  # expect: NAG201

    def query(self, *words):
        line = " ".join(quote(w) for w in words)
        self.client.write(line.encode("utf-8") + b"\n")
        answer = self.client.read_until(b"\n").decode("utf-8")
        return [unquote(w) for w in answer.split()]
