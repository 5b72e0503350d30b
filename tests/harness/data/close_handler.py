"""A socketserver handler that writes its response in two pieces and closes the connection after
each response; the client opens a new connection per request. Every request is the first on its
connection (quick-ACK phase), so the split write does not stall.

Usage: python close_handler.py [N]
"""
import socket
import socketserver
import sys
import threading


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        self.request.recv(64)
        self.request.sendall(b"HEAD" * 4)  # RESP-HEADER
        self.request.sendall(b"BODY" * 8)  # RESP-BODY


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    for _ in range(n):
        with socket.create_connection(server.server_address) as c:  # CONNECT
            c.sendall(b"GET")
            got = b""
            while True:
                data = c.recv(64)
                if not data:
                    break
                got += data
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
