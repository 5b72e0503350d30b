"""An asyncio front for a blocking projector link: each command's text and its carriage return
are written by worker threads (`asyncio.to_thread(self.sock.sendall, ...)`, the executor for the
reply), one after the other, on a kept socket with Nagle on. The carriage return waits for the
projector's delayed ACK on every command."""
import asyncio
import socket


class ProjectorLink:
    def __init__(self, host, port=4352):
        self.sock = socket.create_connection((host, port), timeout=5)  # expect: NAG201

    async def command(self, text):
        await asyncio.to_thread(self.sock.sendall, text.encode("ascii"))
        await asyncio.to_thread(self.sock.sendall, b"\r")  # expect: NAG101
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.sock.recv, 256)

    async def power_on(self):
        return await self.command("%1POWR 1")
