"""A CONNECT proxy: a thread per client gathers the request until the blank line, answers once,
then hands the connection to a relay that carries the tunnel both ways for as long as it lasts.
The gathering helper reads one request, but the connection is not done after the answer: it
carries every exchange of the tunnel with Nagle on."""
import select
import socket
import threading
from dataclasses import dataclass


@dataclass
class ClientSession:
    client: socket.socket

    def serve(self):
        try:
            request = self._gather()
            if not request:
                return
            verb, target = request.split(b" ")[:2]
            if verb == b"CONNECT":
                self._tunnel(target.decode())
            else:
                self.client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\n\r\n")
        finally:
            self.client.close()

    def _gather(self):
        request = b""
        while True:
            chunk = self.client.recv(4096)
            if not chunk:
                break
            request += chunk
            if b"\r\n\r\n" in request:
                break
        return request

    def _tunnel(self, target):
        host, _, port = target.partition(":")
        upstream = socket.create_connection((host, int(port)))
        self.client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        try:
            self._pipe(self.client, upstream)
        finally:
            upstream.close()

    def _pipe(self, client, upstream):
        while True:
            ready, _, _ = select.select([client, upstream], [], [], 60)
            if not ready:
                return
            for sock in ready:
                data = sock.recv(65536)
                if not data:
                    return
                (upstream if sock is client else client).sendall(data)


class ProxyServer:
    def __init__(self, port):
        self.listener = socket.create_server(("127.0.0.1", port))

    def run(self):
        while True:
            client, _ = self.listener.accept()  # expect: NAG202
            threading.Thread(target=self._session, args=(client,), daemon=True).start()

    def _session(self, client):
        ClientSession(client).serve()
