"""The classmethod server shape with TCP_NODELAY set on each accepted socket before its
server object's loop() runs in a thread."""
import socket
import threading


class EchoService:
    def __init__(self, greeting=b"ok"):
        self.greeting = greeting

    def loop(self, sock):
        while True:
            data = sock.recv(4096)
            if not data:
                break
            sock.sendall(self.greeting + b" " + data)

    @classmethod
    def serve(cls, port, **options):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("0.0.0.0", port))
        listener.listen(8)

        def run():
            while True:
                conn, _ = listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                server = cls(**options)
                threading.Thread(target=server.loop, args=(conn,), daemon=True).start()

        run()

