"""Queue publisher subclassing LineClientBase from rw_other_modules/tcpbase.py, which opens
a Nagle-on TCP connection and keeps it: publish() sends the PUB line and the message body
as two sendall() calls and then reads the reply line, so every publish after the first
waits for the broker's delayed ACK of the PUB line."""
from rw_other_modules.tcpbase import LineClientBase


class Publisher(LineClientBase):
    def publish(self, topic, body):
        if self.sock is None:
            self.connect()
        self.sock.sendall(b"PUB %s %d\n" % (topic, len(body)))
        self.sock.sendall(body)  # expect: NAG101
        reply = self.readline()
        if reply != b"OK":
            raise RuntimeError(reply.decode("ascii", "replace"))

    def publish_many(self, topic, bodies):
        for body in bodies:
            self.publish(topic, body)
