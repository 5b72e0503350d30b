"""A line-protocol client on curio keeps the socket `curio.open_connection()` returns and sends
each command, then reads its answer: curio sets no TCP_NODELAY, so a request written in pieces
would wait for the server's delayed ACK."""
import curio


class Client:
    def __init__(self):
        self.sock = None

    async def connect(self, host, port):
        self.sock = await curio.open_connection(host, port)  # expect: NAG201

    async def command(self, line):
        await self.sock.sendall(line.encode() + b"\r\n")
        return await self.sock.recv(4096)
