"""A peer-to-peer node on asyncio's socket API: the listener is a plain non-blocking socket,
each peer is accepted with `loop.sock_accept()` and served by a task that reads a framed ping
and answers with a header and then the ping's own payload, two `loop.sock_sendall()` calls.
asyncio sets TCP_NODELAY only on its transports, never on a socket it hands back."""
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
        await loop.sock_sendall(peer, MAGIC + struct.pack("!4sI", b"pong", len(payload)))
        await loop.sock_sendall(peer, payload)  # expect: NAG102
    peer.close()


async def listen(port=18444):
    loop = asyncio.get_running_loop()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("", port))
    listener.listen(32)
    listener.setblocking(False)
    while True:
        peer, _ = await loop.sock_accept(listener)  # expect: NAG202
        loop.create_task(serve_peer(loop, peer))


if __name__ == "__main__":
    asyncio.run(listen())
