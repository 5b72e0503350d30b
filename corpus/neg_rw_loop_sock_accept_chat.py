"""A chat room server on asyncio's socket API: each line a member sends is passed on to every
other member (`if member is not conn`), and nothing is answered to the sender. No member waits
for a reply to what it wrote, so Nagle holds nothing anyone waits for."""
import asyncio
import socket

members = []


async def member_session(loop, conn, name):
    try:
        while True:
            line = await loop.sock_recv(conn, 1024)
            if not line:
                break
            for member in members:
                if member is not conn:
                    await loop.sock_sendall(member, name.encode() + b": " + line)
    finally:
        members.remove(conn)
        conn.close()


async def chat_room(port=7777):
    loop = asyncio.get_running_loop()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("", port))
    listener.listen()
    listener.setblocking(False)
    while True:
        conn, address = await loop.sock_accept(listener)
        members.append(conn)
        loop.create_task(member_session(loop, conn, f"{address[0]}:{address[1]}"))
