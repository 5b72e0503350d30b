"""SMTP-like session writing each command through a buffered makefile('wb') and
flushing once before reading the reply: one segment per command, so no split-request,
but the TCP socket never gets TCP_NODELAY (client-nodelay finding only)."""
import socket


class Session:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))  # expect: NAG201
        self.wfile = self.sock.makefile("wb")
        self.rfile = self.sock.makefile("rb")

    def command(self, verb, arg=b""):
        self.wfile.write(verb)
        if arg:
            self.wfile.write(b" " + arg)
        self.wfile.write(b"\r\n")
        self.wfile.flush()
        return self.rfile.readline()

    def send_mail(self, sender, rcpt):
        replies = [self.command(b"HELO", b"localhost")]
        replies.append(self.command(b"MAIL FROM:", b"<%s>" % sender))
        replies.append(self.command(b"RCPT TO:", b"<%s>" % rcpt))
        return replies

    def close(self):
        self.command(b"QUIT")
        self.wfile.close()
        self.rfile.close()
        self.sock.close()
