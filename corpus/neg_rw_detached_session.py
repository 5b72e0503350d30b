"""The same key-value tunnel as pos_rw_detached_session, written the way Tornado's docs advise:
each side calls set_nodelay(True) on the stream it takes over with detach(), so the Nagle-on
state HTTP1Connection leaves behind never reaches the session."""
import tornado.simple_httpclient
import tornado.web


class ServerSession:
    def __init__(self, stream, store):
        self.stream = stream
        self.store = store

    async def serve(self):
        while True:
            line = await self.stream.read_until(b"\r\n")
            value = self.store.get(line.strip(), b"")
            await self.stream.write(b"VALUE %d\r\n%s" % (len(value), value))


class UpgradeHandler(tornado.web.RequestHandler):
    def initialize(self, store):
        self.store = store

    async def get(self):
        self.set_status(101)
        self.set_header("Upgrade", "kv-lines")
        self.set_header("Connection", "Upgrade")
        self.finish()
        stream = self.detach()
        stream.set_nodelay(True)
        await ServerSession(stream, self.store).serve()


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
        self.session.stream = self.connection.detach()
        self.session.stream.set_nodelay(True)

    def new_session(self):
        return ClientSession()
