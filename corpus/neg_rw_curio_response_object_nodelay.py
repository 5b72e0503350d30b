"""The server of pos_rw_curio_response_object.py, which turns Nagle off on each socket
curio accepts, its Response object writing each response in one buffer through the
connection object."""
import socket

from curio import tcp_server, timeout_after


class Connection:
    def __init__(self, socket):
        self.socket = socket

    async def read_request(self, size):
        return await timeout_after(1, self.socket.recv, size)

    async def write_response(self, data):
        await self.socket.sendall(data)


class Response:
    def __init__(self, connection):
        self._connection = connection

    async def send_body(self, data):
        head = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(data)
        await self._connection.write_response(head + data)


class Server:
    async def client_connected(self, client, addr):
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection = Connection(client)
        while await connection.read_request(65536):
            await Response(connection).send_body(b"hello")
        await client.close()

    async def run(self, port):
        await tcp_server("", port, self.client_connected)
