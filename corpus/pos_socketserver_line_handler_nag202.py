"""socketserver line handler that loops over rfile and answers each line with one
wfile.write(): no split, but the kept-alive handler never sets
disable_nagle_algorithm (server-nodelay finding on the class line)."""
import socket
import socketserver
import threading


class ReverseHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    def handle(self):
        for line in self.rfile:
            self.wfile.write(line.rstrip(b"\r\n")[::-1] + b"\n")


def run_client(port, lines=20):
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = c.makefile("rb")
        for i in range(lines):
            c.sendall(b"line %d\n" % i)
            reader.readline()


if __name__ == "__main__":
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), ReverseHandler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        run_client(server.server_address[1])
        server.shutdown()
