"""Demo script beside the tunnelkit package (imported as installed): connects a plain TCP
socket without TCP_NODELAY and runs a whole session over it; the session's thread reads
frames and request() writes one frame per call, answered by the peer."""
import socket
import sys

import tunnelkit

host = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1"
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
sock.connect((host, 7000))
session = tunnelkit.Session(sock)
session.start()
for line in sys.stdin:
    print(session.request(line.encode()))
session.close()
