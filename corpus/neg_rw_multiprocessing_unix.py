"""The same backend and frontend on a Unix socket path: multiprocessing.connection reads a string
address as AF_UNIX, which has no Nagle. A TCP client that turns TCP_NODELAY on through a duplicate
of its socket is quiet too."""
import socket
from multiprocessing.connection import Client, Listener


class Backend:
    def __init__(self, path="/run/debugger.sock", authkey=b"secret"):
        self.pipe = Client(path, authkey=authkey)

    def stopped(self, event, where):
        self.pipe.send({"method": "event", "args": event})
        self.pipe.send({"method": "stopped", "args": where})
        return self.pipe.recv()


class TcpBackend:
    def __init__(self, host="localhost", port=6000, authkey=b"secret"):
        self.pipe = Client((host, port), authkey=authkey)
        with socket.fromfd(self.pipe.fileno(), socket.AF_INET, socket.SOCK_STREAM) as dup:
            dup.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def stopped(self, event, where):
        self.pipe.send({"method": "stopped", "args": (event, where)})
        return self.pipe.recv()


def frontend(path="/run/debugger.sock", authkey=b"secret"):
    with Listener(path, authkey=authkey) as listener:
        conn = listener.accept()
        while True:
            message = conn.recv()
            if message.get("method") == "stopped":
                conn.send({"method": "step", "id": 1})
