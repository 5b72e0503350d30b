"""The same task server, but the thread's target sets TCP_NODELAY on the socket it is handed
before wrapping it, and the transport sends each frame as one buffer: nothing to report."""
import socket
import struct
import threading


class FramedTransport:
    def __init__(self, sock):
        self.sock = sock

    def send(self, payload):
        self.sock.sendall(struct.pack("!I", len(payload)) + payload)

    def receive(self):
        (size,) = struct.unpack("!I", self.sock.recv(4))
        return self.sock.recv(size)


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        worker, _ = listener.accept()
        threading.Thread(target=run_tasks, args=(worker,), daemon=True).start()


def run_tasks(worker):
    worker.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    transport = FramedTransport(worker)
    while True:
        task = transport.receive()
        transport.send(task[::-1])
