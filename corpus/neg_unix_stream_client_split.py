"""Clients on AF_UNIX stream sockets (plain socket and asyncio.open_unix_connection)
writing header and body separately before reading: Nagle is a TCP algorithm and
does not exist on Unix-domain sockets, so nothing can be held."""
import asyncio
import socket
import struct


def call(path, body):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    with s:
        s.sendall(struct.pack("!I", len(body)))
        s.sendall(body)
        return s.recv(1024)


async def acall(path, body):
    reader, writer = await asyncio.open_unix_connection(path)
    try:
        writer.write(struct.pack("!I", len(body)))
        writer.write(body)
        await writer.drain()
        return await reader.read(1024)
    finally:
        writer.close()
        await writer.wait_closed()


def call_many(path, bodies):
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(path)
        out = []
        for body in bodies:
            s.sendall(b"%d\n" % len(body))
            s.sendall(body)
            out.append(s.recv(1024))
        return out
