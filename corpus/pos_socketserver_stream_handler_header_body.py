"""socketserver.StreamRequestHandler serving a line protocol: each reply is a
"VALUE n" line and then the data, two wfile.write() calls (wbufsize 0: one sendall
each) inside the loop that reads the next request line with Nagle on."""
import socket
import socketserver
import threading


class KVHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    store = {b"alpha": b"1" * 40, b"beta": b"2" * 40}

    def handle(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            value = self.store.get(line.strip(), b"")
            self.wfile.write(b"VALUE %d\r\n" % len(value))
            self.wfile.write(value + b"\r\n")  # expect: NAG102


def run_client(port, requests=20):
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = c.makefile("rb")
        for i in range(requests):
            c.sendall(b"alpha\n" if i % 2 else b"beta\n")
            header = reader.readline()
            reader.read(int(header.split()[1]) + 2)


if __name__ == "__main__":
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), KVHandler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        run_client(server.server_address[1])
        server.shutdown()
