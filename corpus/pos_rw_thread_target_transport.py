"""A task server accepts each worker and hands the socket to a thread, whose target wraps it in
the same framing transport the client side uses: a length, then the payload, as two writes, for
every result, on a kept connection with Nagle on (reported at the accept and at the payload)."""
import socket
import struct
import threading


class FramedTransport:
    def __init__(self, sock):
        self.sock = sock

    def send(self, payload):
        self.sock.sendall(struct.pack("!I", len(payload)))
        self.sock.sendall(payload)  # expect: NAG102

    def receive(self):
        (size,) = struct.unpack("!I", self.sock.recv(4))
        return self.sock.recv(size)


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        worker, _ = listener.accept()  # expect: NAG202
        threading.Thread(target=run_tasks, args=(worker,), daemon=True).start()


def run_tasks(worker):
    transport = FramedTransport(worker)
    while True:
        task = transport.receive()
        transport.send(task[::-1])
