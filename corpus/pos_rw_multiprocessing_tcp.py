"""A remote debugger's backend and frontend on multiprocessing.connection over TCP: a (host, port)
address makes each Connection a TCP socket, kept for the session, and nothing sets TCP_NODELAY.
The backend announces an event and then the stop, two messages before the frontend's next
command; each send() is one piece on the wire."""
from multiprocessing.connection import Client, Listener


class Backend:
    def __init__(self, host="localhost", port=6000, authkey=b"secret"):
        self.pipe = Client((host, port), authkey=authkey)  # expect: NAG201

    def stopped(self, event, where):
        self.pipe.send({"method": "event", "args": event})
        self.pipe.send({"method": "stopped", "args": where})  # expect: NAG101
        return self.pipe.recv()


def frontend(host="localhost", port=6000, authkey=b"secret"):
    address = (host, port)
    with Listener(address, authkey=authkey) as listener:
        conn = listener.accept()  # expect: NAG202
        while True:
            message = conn.recv()
            if message.get("method") == "stopped":
                conn.send({"method": "step", "id": 1})
