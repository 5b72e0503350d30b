"""A keep-alive HTTP server on curio: `curio.tcp_server()` hands each accepted socket to the
handler, which reads every request under a timeout (`timeout_after(5, client.recv, n)`) and
answers with the headers and the body in two sendall() calls. curio sets no TCP_NODELAY: the
body waits for the client's delayed ACK on every response after the first."""
import curio


async def handle(client, addr):  # expect: NAG202
    while True:
        request = await curio.timeout_after(5, client.recv, 65536)
        if not request:
            break
        body = b"hello"
        await client.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body))
        await client.sendall(body)  # expect: NAG102
    await client.close()


async def main(port):
    await curio.tcp_server("", port, handle)
