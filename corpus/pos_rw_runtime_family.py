"""Three clients whose address family is chosen at run time, all TCP because the family
comes from getaddrinfo(..., SOCK_STREAM) or is AF_INET/AF_INET6: the first two write a
header and a body in separate sendall() calls before each reply on a connection that serves
many requests (the body waits for the delayed ACK), the third writes once per request but
never sets TCP_NODELAY on its kept-open connection."""
import socket


class FirstAddressClient:
    def __init__(self, host, port):
        info = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)[0]
        self.sock = socket.socket(*info[:3])  # expect: NAG201
        self.sock.connect(info[4])

    def query(self, text):
        self.sock.sendall(b"Q %d\n" % len(text))
        self.sock.sendall(text)  # expect: NAG101
        return self.sock.recv(4096)


def open_any(host, port, timeout=3.0):
    error = OSError("no addresses for %s" % host)
    for af, st, proto, _, sa in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
        s = socket.socket(af, st, proto)  # expect: NAG201
        try:
            s.settimeout(timeout)
            s.connect(sa)
            return s
        except OSError as exc:
            error = exc
            s.close()
    raise error


def lookup_all(host, port, names):
    s = open_any(host, port)
    try:
        answers = []
        for name in names:
            s.sendall(b"LOOKUP %d\n" % len(name))
            s.sendall(name)  # expect: NAG101
            answers.append(s.recv(512))
        return answers
    finally:
        s.close()


class PingClient:
    def __init__(self, host, port):
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.sock = socket.socket(family, socket.SOCK_STREAM)  # expect: NAG201
        self.sock.connect((host, port))

    def ping(self, seq):
        self.sock.sendall(b"PING %d\n" % seq)
        return self.sock.recv(64)
