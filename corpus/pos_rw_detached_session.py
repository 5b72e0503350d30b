"""A key-value line protocol tunnelled through an HTTP upgrade on Tornado. The server's handler
answers 101 with finish(), after which HTTP1Connection has switched the connection's TCP_NODELAY
off again, then detaches the stream and serves commands on it for the connection's life. The
client upgrades through the simple HTTP client, whose HTTP1Connection does the same to its end,
and takes the stream over with detach(). Neither side calls set_nodelay(True) (the session's
set_nodelay() only passes the application's choice on): a command or answer written while the
one before is unacknowledged waits for the peer's delayed ACK."""
import tornado.simple_httpclient
import tornado.web


class ServerSession:
    def __init__(self, stream, store):
        self.stream = stream
        self.store = store

    def set_nodelay(self, on):
        self.stream.set_nodelay(on)

    async def serve(self):
        while True:
            line = await self.stream.read_until(b"\r\n")
            value = self.store.get(line.strip(), b"")
            await self.stream.write(b"VALUE %d\r\n%s" % (len(value), value))


class UpgradeHandler(tornado.web.RequestHandler):  # expect: NAG202
    def initialize(self, store):
        self.store = store

    async def get(self):
        self.set_status(101)
        self.set_header("Upgrade", "kv-lines")
        self.set_header("Connection", "Upgrade")
        self.finish()
        session = ServerSession(self.detach(), self.store)
        await session.serve()


class ClientSession:
    def __init__(self):
        self.stream = None

    async def get(self, key):
        await self.stream.write(b"GET %s\r\n" % key)
        header = await self.stream.read_until(b"\r\n")
        return await self.stream.read_bytes(int(header.split()[1]))


class UpgradeClient(tornado.simple_httpclient._HTTPConnection):
    session = None

    async def headers_received(self, start_line, headers):
        if start_line.code != 101:
            return await super().headers_received(start_line, headers)
        self.session = self.new_session()
        self.session.stream = self.connection.detach()  # expect: NAG201

    def new_session(self):
        return ClientSession()
