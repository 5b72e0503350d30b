"""The packet layer every game protocol shares: length-prefixed packets on `self.transport`,
written one transport.write() each; subclasses answer the packets they receive."""
import struct

from twisted.internet import protocol


class GameProtocol(protocol.Protocol):
    def connectionMade(self):
        self.buffer = b""
        self.send_packet(0, b"\x00\x04hello")

    def send_packet(self, kind, payload):
        self.transport.write(struct.pack(">HI", kind, len(payload)) + payload)

    def dataReceived(self, data):
        self.buffer += data
        while len(self.buffer) >= 6:
            kind, size = struct.unpack(">HI", self.buffer[:6])
            if len(self.buffer) < 6 + size:
                return
            payload, self.buffer = self.buffer[6:6 + size], self.buffer[6 + size:]
            self.packet_received(kind, payload)

    def packet_received(self, kind, payload):
        raise NotImplementedError
