"""Length-prefixed JSON frames."""
import json


def read_frame(sock):
    size = int.from_bytes(_exactly(sock, 4), "big")
    return json.loads(_exactly(sock, size))


def encode(message):
    body = json.dumps(message).encode()
    return len(body).to_bytes(4, "big") + body


def _exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("peer closed")
        data += chunk
    return data
