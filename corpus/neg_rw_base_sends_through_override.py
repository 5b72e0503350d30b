"""The same OSC client whose TCP subclass writes the size and the message as one buffer, on a
connection with TCP_NODELAY set: each message is one segment and nothing waits."""
import socket
import threading


class OscLink:
    def send_msg(self, address, *args):
        self._send(_encode(address, args))

    def _send(self, packet):
        raise NotImplementedError


class OscTcpLink(OscLink):
    def __init__(self, server):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.connect(server)
        self.replies = []
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self):
        while True:
            size = int.from_bytes(self.sock.recv(4), "big")
            self.replies.append(self.sock.recv(size))

    def _send(self, packet):
        self.sock.sendall(len(packet).to_bytes(4, "big") + packet)


def _encode(address, args):
    return address.encode() + b"\0" + repr(args).encode()
