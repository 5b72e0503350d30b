"""The session thread: given a connected socket, or a "host:port" / (host, port) address that
it connects itself (Nagle on), it keeps the socket in a Framer and reads frames in run().
request() sends one frame and waits for the reader thread to see the answer; hello() sends
the greeting, waits the same way, then sends the options frame: two frames with the peer's
answer between them, not one message."""
import socket
import threading
import time

from tunnelkit.framing import Framer


class Session(threading.Thread):
    def __init__(self, sock, framer_class=None):
        if isinstance(sock, str):
            host, _, port = sock.partition(":")
            sock = (host, int(port or 7000))
        if type(sock) is tuple:
            sock = socket.create_connection(sock, timeout=10)  # expect: NAG201
        threading.Thread.__init__(self, daemon=True)
        self.sock = sock
        self.framer = (framer_class or Framer)(sock)
        self.active = True
        self.greeted = False
        self.replies = []

    def hello(self, options):
        self.framer.send_frame(b"HELLO 1")
        while not self.greeted:
            time.sleep(0.01)
        self.framer.send_frame(b"OPTS " + options)

    def request(self, payload):
        count = len(self.replies)
        self.framer.send_frame(payload)
        while len(self.replies) == count:
            time.sleep(0.01)
        return self.replies[-1]

    def run(self):
        while self.active:
            frame = self.framer.read_frame()
            if frame.startswith(b"WELCOME"):
                self.greeted = True
            elif frame == b"PING":
                self.framer.send_frame(b"PONG")
            else:
                self.replies.append(frame)

    def close(self):
        self.active = False
        self.framer.close()
