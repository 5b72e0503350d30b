"""asyncio Protocol client and server from loop.create_connection / create_server:
the transports have TCP_NODELAY (set by asyncio) and every request and reply is a
single transport.write() of a joined frame."""
import asyncio


class EchoServerProtocol(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.transport.write(b"ECHO " + data)


class RequestProtocol(asyncio.Protocol):
    def __init__(self, requests, done):
        self.requests = list(requests)
        self.done = done

    def connection_made(self, transport):
        self.transport = transport
        self.transport.write(self.requests.pop(0))

    def data_received(self, data):
        if self.requests:
            self.transport.write(self.requests.pop(0))
        else:
            self.transport.close()

    def connection_lost(self, exc):
        self.done.set_result(True)


async def main():
    loop = asyncio.get_running_loop()
    server = await loop.create_server(EchoServerProtocol, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    done = loop.create_future()
    reqs = [b"req %d\n" % i for i in range(10)]
    await loop.create_connection(lambda: RequestProtocol(reqs, done), "127.0.0.1", port)
    await done
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
