"""A sound server's OSC client: the base class builds each message and hands it to `_send()`,
which the TCP subclass overrides to write a four-byte size and then the message, two sends on
the connection its listener thread reads the replies from. Every message after the first
waits for the server's delayed ACK."""
import socket
import threading


class OscLink:
    def send_msg(self, address, *args):
        self._send(_encode(address, args))

    def _send(self, packet):
        raise NotImplementedError


class OscTcpLink(OscLink):
    def __init__(self, server):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.sock.connect(server)
        self.replies = []
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self):
        while True:
            size = int.from_bytes(self.sock.recv(4), "big")
            self.replies.append(self.sock.recv(size))

    def _send(self, packet):
        self.sock.send(len(packet).to_bytes(4, "big"))
        self.sock.send(packet)  # expect: NAG101


def _encode(address, args):
    return address.encode() + b"\0" + repr(args).encode()
