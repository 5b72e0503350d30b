"""A SOCKS-style BIND: the proxy listens on a socket of its own (`socket.socket()`, proto 0, so
asyncio leaves Nagle on for what it accepts) and relays between that connection and its
client, one direction after the other, each `await reader.read(n)` passed on as it came. The
pieces are the peers' (no write loop of ours), but a piece relayed before the peer ACKs the one
before waits for its delayed ACK."""
import asyncio
import socket


class Bind:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def _pipe(self, reader, writer):
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()

    async def _bound(self, dst_reader, dst_writer):
        await self._pipe(self.reader, dst_writer)
        await self._pipe(dst_reader, self.writer)

    async def run(self, port):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.listen(1)
        await asyncio.start_server(self._bound, sock=listener)  # expect: NAG202
