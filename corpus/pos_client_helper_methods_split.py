"""Framed RPC client whose request() calls helpers: _send_header() and _send_body()
each do one sendall(), then _read_reply() waits. The body written by the second
helper is held by Nagle behind the header's delayed ACK."""
import socket
import struct
import threading


class FrameClient:
    def __init__(self, host, port):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.sock.connect((host, port))

    def _send_header(self, kind, length):
        self.sock.sendall(struct.pack("!HI", kind, length))

    def _send_body(self, body):
        self.sock.sendall(body)  # expect: NAG101

    def _read_reply(self):
        data = b""
        while len(data) < 4:
            chunk = self.sock.recv(4 - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return struct.unpack("!I", data)[0]

    def request(self, kind, body):
        self._send_header(kind, len(body))
        self._send_body(body)
        return self._read_reply()

    def close(self):
        self.sock.close()


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        rfile = conn.makefile("rb")
        while True:
            head = rfile.read(6)
            if len(head) < 6:
                break
            kind, length = struct.unpack("!HI", head)
            rfile.read(length)
            conn.sendall(struct.pack("!I", kind))
        conn.close()

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    client = FrameClient("127.0.0.1", start_peer())
    for i in range(20):
        client.request(i, b"payload-%02d" % i)
    client.close()
