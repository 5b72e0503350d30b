"""The same demo with TCP_NODELAY set on the socket before the session takes it over."""
import socket
import sys

import tunnelkit

host = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1"
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.connect((host, 7000))
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
session = tunnelkit.Session(sock)
session.start()
for line in sys.stdin:
    print(session.request(line.encode()))
session.close()
