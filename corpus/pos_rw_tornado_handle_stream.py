"""A broker on tornado's TCPServer: handle_stream() is given each accepted connection as an
IOStream, which tornado leaves with Nagle on; the broker answers each fixed-size request packet
on the kept connection (reported at handle_stream: the fix is stream.set_nodelay(True) there)."""
from tornado.ioloop import IOLoop
from tornado.tcpserver import TCPServer


class Broker(TCPServer):
    async def handle_stream(self, stream, address):  # expect: NAG202
        while True:
            header = await stream.read_bytes(2)
            if header[0] == 0xC0:
                await stream.write(b"\xd0\x00")


if __name__ == "__main__":
    Broker().listen(1883, address="127.0.0.1")
    IOLoop.current().start()
