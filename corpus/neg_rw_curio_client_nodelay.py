"""The curio client of pos_rw_curio_client_kept.py, which turns Nagle off on the socket it
keeps through curio's socket module constants: each command goes out at once."""
import curio
import curio.socket


class Client:
    def __init__(self):
        self.sock = None

    async def connect(self, host, port):
        self.sock = await curio.open_connection(host, port)
        self.sock.setsockopt(curio.socket.IPPROTO_TCP, curio.socket.TCP_NODELAY, 1)

    async def command(self, line):
        await self.sock.sendall(line.encode() + b"\r\n")
        return await self.sock.recv(4096)
