"""A handshake server (in the shape of an RFB server): on one protocol version it writes its
choice, on the other it reads the client's; then, for one choice, a challenge. On the first
path the choice and the challenge are one response in two pieces. Both tests compare values
(`minor`, `chosen`) that later `if`s compare again: what the path learnt of them must not
hide that the other branch's read is the same read as before."""
import socketserver


class Handshake(socketserver.BaseRequestHandler):  # expect: NAG202
    offers = (2,)

    def handle(self):
        conn = self.request
        conn.sendall(b"RFB 003.008\n")
        minor = int(conn.recv(12)[8:11])
        if minor == 3:
            chosen = self.offers[0]
            conn.sendall(chosen.to_bytes(4, "big"))
        else:
            conn.sendall(bytes([len(self.offers), *self.offers]))
            chosen = conn.recv(1)[0]
        if chosen == 2:
            conn.sendall(b"0123456789abcdef")  # expect: NAG102
            conn.recv(16)
            if minor == 8:
                conn.sendall(b"\x00\x00\x00\x00")
        while conn.recv(1024):
            conn.sendall(b"ok")
