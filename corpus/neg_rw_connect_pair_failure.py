"""A robot-arm JSON-RPC client: connect() calls a helper that returns (True, sock) or, when the
controller does not answer, (False, None); the socket is kept for every command, with TCP_NODELAY set."""
import json
import socket


class ArmClient:
    def __init__(self, ip, port=8055):
        self.ip, self.port = ip, port
        self.sock = None

    def connect(self):
        def dial(ip, port):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                sock.connect((ip, port))
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                return True, sock
            except OSError:
                sock.close()
                return False, None

        ok, sock = dial(self.ip, self.port)
        if ok:
            self.sock = sock
        return ok

    def call(self, method, params=None, request_id=1):
        message = {"jsonrpc": "2.0", "method": method, "params": params or [], "id": request_id}
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        return json.loads(self.sock.recv(4096))
