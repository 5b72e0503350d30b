"""A Redis client on tornado: TCPClient().connect() hands back an IOStream, kept for every
command; each command is written as one write per argument before the reply is read, and
tornado leaves Nagle on unless the stream's set_nodelay(True) is called."""
from tornado.tcpclient import TCPClient


class AsyncRedis:
    def __init__(self, host="127.0.0.1", port=6379):
        self.host, self.port = host, port
        self.client = TCPClient()
        self.stream = None

    async def connect(self):
        self.stream = await self.client.connect(self.host, self.port)  # expect: NAG201

    async def execute(self, *args):
        if self.stream is None:
            await self.connect()
        await self.stream.write(b"*%d\r\n" % len(args))
        for arg in args:
            await self.stream.write(b"$%d\r\n%s\r\n" % (len(arg), arg))  # expect: NAG103
        return await self.stream.read_until(b"\r\n")
