"""The same tornado Redis client, turning Nagle off on the stream TCPClient hands back and writing
each command in one buffer."""
from tornado.tcpclient import TCPClient


class AsyncRedis:
    def __init__(self, host="127.0.0.1", port=6379):
        self.host, self.port = host, port
        self.client = TCPClient()
        self.stream = None

    async def connect(self):
        self.stream = await self.client.connect(self.host, self.port)
        self.stream.set_nodelay(True)

    async def execute(self, *args):
        if self.stream is None:
            await self.connect()
        parts = [b"*%d\r\n" % len(args)] + [b"$%d\r\n%s\r\n" % (len(arg), arg) for arg in args]
        await self.stream.write(b"".join(parts))
        return await self.stream.read_until(b"\r\n")
