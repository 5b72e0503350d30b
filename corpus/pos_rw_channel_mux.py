"""A multiplexing shell server: each accepted TCP connection carries a Session thread whose
reader feeds the channels the client opens; accept_channel() hands one back. A channel's
send() is one frame, written through the session's Framer with one sendall, and its recv()
takes what the reader thread queued for it. After the version exchange the banner goes out
as two channel sends before the first command is read, on a socket with Nagle on: the prompt
waits for the client's delayed ACK of the line before it. (The first data of a fresh
connection is ACKed at once: a banner sent before anything was answered would not wait.)"""
import queue
import socket
import struct
import threading


class Framer:
    def __init__(self, sock):
        self._sock = sock

    def write_frame(self, channel_id, payload):
        self._sock.sendall(struct.pack("!HI", channel_id, len(payload)) + payload)

    def read_frame(self):
        channel_id, size = struct.unpack("!HI", self._recv_exactly(6))
        return channel_id, self._recv_exactly(size)

    def _recv_exactly(self, size):
        data = b""
        while len(data) < size:
            chunk = self._sock.recv(size - len(data))
            if not chunk:
                raise EOFError("session closed")
            data += chunk
        return data


class Channel:
    def __init__(self, channel_id):
        self.channel_id = channel_id
        self.session = None
        self.inbox = queue.Queue()

    def attach(self, session):
        self.session = session

    def send(self, data):
        self.session.send_frame(self.channel_id, data)
        return len(data)

    def recv(self, size):
        return self.inbox.get()[:size]


class Session(threading.Thread):
    def __init__(self, sock):
        super().__init__(daemon=True)
        self.framer = Framer(sock)
        self.channels = {}
        self.pending = []
        self.ready = threading.Condition()

    def send_frame(self, channel_id, payload):
        self.framer.write_frame(channel_id, payload)

    def run(self):
        while True:
            channel_id, payload = self.framer.read_frame()
            channel = self.channels.get(channel_id)
            if channel is None:
                self._open(channel_id)
            else:
                channel.inbox.put(payload)

    def _open(self, channel_id):
        channel = Channel(channel_id)
        channel.attach(self)
        self.channels[channel_id] = channel
        with self.ready:
            self.pending.append(channel)
            self.ready.notify()

    def accept_channel(self):
        with self.ready:
            while not self.pending:
                self.ready.wait()
            return self.pending.pop(0)


def serve(port=7300):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("", port))
    listener.listen(8)
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        session = Session(conn)
        session.start()
        chan = session.accept_channel()
        chan.send(b"mux-shell 2.1\r\n")
        chan.recv(64)  # the client's version line
        chan.send(b"3 channels free\r\n")
        chan.send(b"> ")  # expect: NAG102
        while True:
            line = chan.recv(1024)
            if not line:
                break
            chan.send(b"ok " + line)
