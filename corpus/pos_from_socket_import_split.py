"""JSON-RPC client written with names imported from the socket module
(from socket import create_connection): a 4-byte length prefix and the JSON body
go out as two sendall() calls before recv(), on a socket with Nagle on."""
import json
import struct
import threading
from socket import IPPROTO_TCP, TCP_NODELAY, create_connection, create_server


class JsonRpcClient:
    def __init__(self, port):
        self.conn = create_connection(("127.0.0.1", port))  # expect: NAG201
        self.next_id = 0

    def call(self, method, *params):
        self.next_id += 1
        data = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        self.conn.sendall(struct.pack("!I", len(data)))
        self.conn.sendall(data)  # expect: NAG101
        return json.loads(self.conn.recv(65536))


def start_peer():
    srv = create_server(("127.0.0.1", 0))
    srv.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            while True:
                head = rfile.read(4)
                if len(head) < 4:
                    return
                request = json.loads(rfile.read(struct.unpack("!I", head)[0]))
                conn.sendall(json.dumps({"id": request["id"], "result": 0}).encode())

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    client = JsonRpcClient(start_peer())
    for i in range(20):
        client.call("add", i, 1)
