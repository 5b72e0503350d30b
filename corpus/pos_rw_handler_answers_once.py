"""The SOCKS5 honeypot answering the login too: the method choice, then the login's status, each
after a request read on the same connection, with Nagle on."""
import socketserver
import struct


class Socks5Trap(socketserver.StreamRequestHandler):  # expect: NAG202
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
            self.connection.sendall(b"\x01\x01")


def serve(port=1080):
    socketserver.ThreadingTCPServer(("", port), Socks5Trap).serve_forever()
