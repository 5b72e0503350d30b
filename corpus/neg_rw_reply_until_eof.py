"""The same mining-rig API client against a server that closes the connection after each reply:
it connects per command and reads until EOF, so no connection carries a second exchange."""
import json
import socket


class RigApi:
    def __init__(self, host, port=4028):
        self.address = (host, port)
        self.sock = None

    def command(self, name, parameter=None):
        message = {"command": name}
        if parameter is not None:
            message["parameter"] = parameter
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self.sock.connect(self.address)
            self.sock.sendall(json.dumps(message).encode())
            chunks = []
            chunk = b"?"
            while chunk:
                chunk = self.sock.recv(4096)
                chunks.append(chunk)
        finally:
            self.sock.close()
            self.sock = None
        return json.loads(b"".join(chunks).rstrip(b"\0"))
