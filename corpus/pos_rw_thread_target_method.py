"""A protocol server started by a classmethod: a closure accepts each client, builds a server
object with `cls(...)` and runs its loop() in a thread (`Thread(target=server.loop,
args=(conn,))`). loop() reads a request and writes its reply, over and over, with Nagle on."""
import socket
import threading


class EchoService:
    def __init__(self, greeting=b"ok"):
        self.greeting = greeting

    def answer(self, data):
        return self.greeting + b" " + data

    def loop(self, sock):
        while True:
            data = sock.recv(4096)
            if not data:
                break
            sock.sendall(self.answer(data))

    @classmethod
    def serve(cls, port, background=False, **options):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("0.0.0.0", port))
        listener.listen(8)

        def run():
            while True:
                conn, _ = listener.accept()  # expect: NAG202
                server = cls(**options)
                threading.Thread(target=server.loop, args=(conn,), daemon=True).start()

        if background:
            threading.Thread(target=run, daemon=True).start()
            return listener
        run()
        return None
