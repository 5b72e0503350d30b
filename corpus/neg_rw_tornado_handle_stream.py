"""The same tornado broker, but handle_stream() turns TCP_NODELAY on for each stream it is
given (stream.set_nodelay(True)) before answering: nothing to report."""
from tornado.ioloop import IOLoop
from tornado.tcpserver import TCPServer


class Broker(TCPServer):
    async def handle_stream(self, stream, address):
        stream.set_nodelay(True)
        while True:
            header = await stream.read_bytes(2)
            if header[0] == 0xC0:
                await stream.write(b"\xd0\x00")


if __name__ == "__main__":
    Broker().listen(1883, address="127.0.0.1")
    IOLoop.current().start()
