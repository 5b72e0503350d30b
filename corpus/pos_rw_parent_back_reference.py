"""A DSP control client: command objects write through the core that built them
(`self.parent.sock`), a reader thread takes the replies. A kept connection, Nagle on."""
import json
import socket
import threading


class Commands:
    def __init__(self, parent):
        self.parent = parent

    def call(self, method, **params):
        message = json.dumps({"jsonrpc": "2.0", "method": method, "params": params})
        self.parent.sock.send(message.encode() + b"\0")

    def no_op(self):
        self.call("NoOp")


class Core:
    def __init__(self, ip, port=1710):
        self.address = (ip, port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.commands = Commands(self)
        self.replies = []

    def start(self):
        self.sock.connect(self.address)
        threading.Thread(target=self.listen, daemon=True).start()

    def listen(self):
        while True:
            data = self.sock.recv(65534)
            if not data:
                return
            self.replies.append(data)
