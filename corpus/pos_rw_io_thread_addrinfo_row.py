"""An AMQP client's I/O thread: it resolves the broker with getaddrinfo(..., SOCK_STREAM) in one
helper, makes the socket from the first row that connects with `self._create_socket(*row[0:3])`
in another (`sock = None` again after a failed try), hands it to the event loop's reader and
writer callbacks and waits until it is told to stop, then closes it. Meanwhile every frame the
application queues goes out on that connection and the broker answers: a kept request/response
connection with Nagle on."""
import asyncio
import socket
import threading
from collections import deque


class IO(threading.Thread):
    def __init__(self, host, port):
        super().__init__(daemon=True)
        self._host, self._port = host, port
        self._socket = None
        self._closed = asyncio.Event()
        self._pending = deque()
        self._frames = deque()

    def run(self):
        try:
            asyncio.run(self._run())
        finally:
            if self._socket is not None:
                self._socket.close()

    async def _run(self):
        loop = asyncio.get_running_loop()
        sock = None
        for row in self._addresses():
            try:
                sock = self._create_socket(*row[0:3])
                sock.connect(row[4])
            except OSError:
                if sock is not None:
                    sock.close()
                sock = None
                continue
            else:
                break
        if sock is None:
            return
        self._socket = sock
        self._socket.setblocking(False)
        loop.add_reader(self._socket, self._on_read_ready)
        loop.add_writer(self._socket, self._on_write_ready)
        await self._closed.wait()

    def _create_socket(self, family, kind, proto):
        return socket.socket(family, kind, proto)  # expect: NAG201

    def _addresses(self):
        try:
            found = socket.getaddrinfo(self._host, self._port, 0, socket.SOCK_STREAM, 0)
        except OSError:
            return []
        return found

    def _on_read_ready(self):
        data = self._socket.recv(32768)
        if data:
            self._frames.append(data)

    def _on_write_ready(self):
        if self._pending:
            self._socket.sendall(self._pending.popleft())
