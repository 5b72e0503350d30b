"""The server of pos_rw_protocol_hands_transport.py whose application only logs the
transport it is handed: the protocol never writes, so it answers nothing."""
import asyncio
import logging
import socket

log = logging.getLogger(__name__)


class Protocol(asyncio.Protocol):
    def __init__(self, app):
        self.app = app
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.app.record(data, self.transport)


class App:
    async def serve(self, port):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.create_server(lambda: Protocol(self), sock=listener)

    def record(self, data, transport):
        log.info("%d bytes from %s", len(data), transport.get_extra_info("peername"))
