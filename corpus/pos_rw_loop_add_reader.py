"""A control agent on an asyncio event loop used at the selector level: the listener's reader
callback accepts, and registers each connection with `add_reader(sock, self.readable, sock)`, so
the loop calls readable() with that socket for every request. Answers go back on it; no
TCP_NODELAY."""
import asyncio
import json
import socket


class Agent:
    def __init__(self, port=9901):
        self._loop = asyncio.new_event_loop()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", port))
        self._listener.listen(5)
        self._listener.setblocking(False)
        self._loop.add_reader(self._listener, self.accept)

    def accept(self):
        sock, _ = self._listener.accept()  # expect: NAG202
        sock.setblocking(False)
        self._loop.add_reader(sock, self.readable, sock)

    def readable(self, sock):
        data = sock.recv(65536)
        if not data:
            self._loop.remove_reader(sock)
            sock.close()
            return
        request = json.loads(data)
        sock.sendall(json.dumps({"id": request.get("id"), "ok": True}).encode() + b"\n")
