"""A keep-alive HTTP server on curio whose connection object reads each request under a
timeout (`timeout_after(1, self.socket.recv, n)`, a socket's read run by curio) and whose
Response object writes the headers, then the body, through that connection. curio sets no
TCP_NODELAY: the body waits for the client's delayed ACK on every response after the first."""
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

    async def _send_headers(self, length):
        await self._connection.write_response(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % length)

    async def send_body(self, data):
        await self._send_headers(len(data))
        await self._connection.write_response(data)  # expect: NAG102


class Server:
    async def client_connected(self, client, addr):  # expect: NAG202
        connection = Connection(client)
        while await connection.read_request(65536):
            await Response(connection).send_body(b"hello")
        await client.close()

    async def run(self, port):
        await tcp_server("", port, self.client_connected)
