"""A SOCKS5 honeypot's handler: it reads the client's greeting, answers once with the method it
picked, reads the login that follows and closes without another answer. One response per
connection: nothing it writes can wait behind an earlier piece."""
import socketserver
import struct


class Socks5Trap(socketserver.StreamRequestHandler):
    def handle(self):
        try:
            version, count = struct.unpack("!BB", self.connection.recv(2))
            methods = self.connection.recv(count)
            if version == 5 and 2 in methods:
                self.connection.sendall(b"\x05\x02")
                self.record_login()
        except struct.error:
            pass
        self.server.close_request(self.request)

    def record_login(self):
        if self.connection.recv(1) == b"\x01":
            user = self.connection.recv(self.connection.recv(1)[0])
            password = self.connection.recv(self.connection.recv(1)[0])
            print("login", user, password)


def serve(port=1080):
    socketserver.ThreadingTCPServer(("", port), Socks5Trap).serve_forever()
