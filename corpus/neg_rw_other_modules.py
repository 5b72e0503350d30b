"""Queue publisher whose socket comes from dial() in rw_other_modules/dialer.py, which sets
TCP_NODELAY there; publish() also joins the PUB line and the body into one sendall() before
reading the reply, so no write waits for a delayed ACK."""
from rw_other_modules.dialer import dial


class Publisher:
    def __init__(self, host, port):
        self.sock = dial(host, port)
        self.rfile = self.sock.makefile("rb")

    def publish(self, topic, body):
        self.sock.sendall(b"PUB %s %d\n" % (topic, len(body)) + body)
        reply = self.rfile.readline().rstrip(b"\r\n")
        if reply != b"OK":
            raise RuntimeError(reply.decode("ascii", "replace"))

    def close(self):
        self.rfile.close()
        self.sock.close()
