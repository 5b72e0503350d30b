"""Line server writing through conn.makefile('wb', buffering=0): the raw SocketIO
sends on every write(), so the status line and the echoed payload are two segments,
and the loop goes back to read the next line with Nagle on."""
import socket
import threading


class EchoLineServer:
    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]

    def serve_one(self):
        conn, _ = self.listener.accept()  # expect: NAG202
        rfile = conn.makefile("rb")
        wfile = conn.makefile("wb", buffering=0)
        try:
            for line in rfile:
                wfile.write(b"+OK %d\r\n" % len(line))
                wfile.write(line)  # expect: NAG102
        finally:
            rfile.close()
            wfile.close()
            conn.close()


def run_client(port, requests=20):
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = c.makefile("rb")
        for i in range(requests):
            c.sendall(b"hello %d\n" % i)
            reader.readline()
            reader.readline()


if __name__ == "__main__":
    server = EchoLineServer()
    threading.Thread(target=server.serve_one, daemon=True).start()
    run_client(server.port)
