"""Select-loop RPC daemon: a private `_accept(listener)` helper accepts the connection and
wraps it in a Channel (send() / recv_exact() over the socket), the loop registers the channel
and hands it to a dispatcher object on each readable event. The listener never gets
TCP_NODELAY, so every kept-alive client connection answers its calls with Nagle on."""
import selectors
import socket
import struct


class Channel:
    """One client connection: whole frames out, exact byte counts in."""

    def __init__(self, sock, peer=None):
        self.sock = sock
        self.peer = peer

    def send(self, frame):
        self.sock.sendall(frame)

    def recv_exact(self, size):
        chunks = []
        while size:
            chunk = self.sock.recv(size)
            if not chunk:
                raise ConnectionError("peer closed")
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def fileno(self):
        return self.sock.fileno()

    def close(self):
        self.sock.close()


class SelectDaemon:
    def __init__(self, dispatcher, host="0.0.0.0", port=9090, timeout=None):
        self.dispatcher = dispatcher
        self.timeout = timeout
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((host, port))
        self.listener.listen(64)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, None)

    def serve_forever(self, poll=1.0):
        while True:
            for key, _ in self.selector.select(poll):
                if key.data is None:
                    channel = self._accept(self.listener)
                    if channel is not None:
                        self.selector.register(channel, selectors.EVENT_READ, "client")
                elif not self.dispatcher.serve_one(key.fileobj):
                    self.selector.unregister(key.fileobj)
                    key.fileobj.close()

    def _accept(self, listener):
        try:
            csock, addr = listener.accept()  # expect: NAG202
        except OSError:
            return None
        if self.timeout:
            csock.settimeout(self.timeout)
        channel = Channel(csock, addr)
        hello = channel.recv_exact(4)
        if struct.unpack("!I", hello)[0] != 0x5250431:
            channel.close()
            return None
        return channel
