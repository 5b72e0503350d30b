"""The peer-to-peer node on asyncio's socket API with TCP_NODELAY set on each accepted peer and
each answer sent as one buffer."""
import asyncio
import socket
import struct

MAGIC = b"\xf9\xbe\xb4\xd9"


async def serve_peer(loop, peer):
    while True:
        header = await loop.sock_recv(peer, 12)
        if len(header) < 12:
            break
        _, _, size = struct.unpack("!4s4sI", header)
        payload = await loop.sock_recv(peer, size)
        await loop.sock_sendall(peer, MAGIC + struct.pack("!4sI", b"pong", len(payload)) + payload)
    peer.close()


async def listen(port=18444):
    loop = asyncio.get_running_loop()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("", port))
    listener.listen(32)
    listener.setblocking(False)
    while True:
        peer, _ = await loop.sock_accept(listener)
        peer.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        loop.create_task(serve_peer(loop, peer))


if __name__ == "__main__":
    asyncio.run(listen())
