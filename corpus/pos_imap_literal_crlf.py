"""IMAP-style APPEND with a literal: after the server's "+" continuation the literal
and the closing CRLF go out as two sendall() calls and the client waits for the
tagged reply, so the CRLF is held by Nagle (trap 11, imaplib's _command shape)."""
import socket
import threading


class MiniImap:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))  # expect: NAG201
        self.file = self.sock.makefile("rb")
        self.tag = 0

    def append(self, mailbox, message):
        self.tag += 1
        tag = b"A%03d" % self.tag
        self.sock.sendall(b"%s APPEND %s {%d}\r\n" % (tag, mailbox, len(message)))
        if not self.file.readline().startswith(b"+"):
            raise RuntimeError("server refused the literal")
        self.sock.sendall(message)
        self.sock.sendall(b"\r\n")  # expect: NAG101
        while True:
            line = self.file.readline()
            if not line or line.startswith(tag):
                return line


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            for line in rfile:
                tag, size = line.split()[0], int(line.rsplit(b"{", 1)[1][:-3])
                conn.sendall(b"+ go ahead\r\n")
                rfile.read(size)
                rfile.readline()
                conn.sendall(tag + b" OK APPEND completed\r\n")

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    imap = MiniImap(start_peer())
    for i in range(20):
        imap.append(b"INBOX", b"Subject: test %d\r\n\r\nhello\r\n" % i)
