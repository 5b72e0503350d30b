"""The same asyncio front, written as a blocking helper that a worker thread runs: the command
goes out in one write on a socket with TCP_NODELAY, and the reply is read in the same thread."""
import asyncio
import socket


class ProjectorLink:
    def __init__(self, host, port=4352):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _exchange(self, text):
        self.sock.sendall(text.encode("ascii") + b"\r")
        return self.sock.recv(256)

    async def command(self, text):
        return await asyncio.get_running_loop().run_in_executor(None, self._exchange, text)

    async def power_on(self):
        return await asyncio.to_thread(self._exchange, "%1POWR 1")
