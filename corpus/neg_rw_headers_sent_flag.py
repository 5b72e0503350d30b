"""A server connection object that sends its header block with the first body write, and sends
it alone (`write(b"")`) only when the body was empty. `self.headers_sent` tells the two apart: a
response is one send either way. (A walk that forgets which path set the flag would see the body
write followed by the empty-body flush.)"""
import socket
import threading

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"


class Connection:
    def __init__(self, sock):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.rfile = sock.makefile("rb")
        self.headers_sent = False

    def write(self, data):
        if self.headers_sent:
            self.sock.sendall(data)
        else:
            self.headers_sent = True
            self.sock.sendall(HEAD + data)

    def respond(self, body):
        self.headers_sent = False
        if body:
            self.write(body)
        if not self.headers_sent:
            self.write(b"")  # an empty body: the header block alone

    def serve(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            self.respond(line.strip().upper())
        self.sock.close()


def main(port=8080):
    listener = socket.create_server(("127.0.0.1", port))
    while True:
        sock, _ = listener.accept()
        threading.Thread(target=Connection(sock).serve, daemon=True).start()
