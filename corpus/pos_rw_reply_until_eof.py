"""A mining-rig API client keeps its connection on self and reads each reply in one recv():
the rig's API server keeps the connection open for the next command, Nagle on."""
import json
import socket


class RigApi:
    def __init__(self, host, port=4028):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def command(self, name, parameter=None):
        message = {"command": name}
        if parameter is not None:
            message["parameter"] = parameter
        self.sock.sendall(json.dumps(message).encode())
        return json.loads(self.sock.recv(65536).rstrip(b"\0"))
