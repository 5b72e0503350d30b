"""Opens thousands of loopback TCP connections under the probe, writes on each (split writes, so
the probe's hold check runs on every socket), then exits or hangs (MANY_SOCKETS_HANG=1)."""
import os
import resource
import socket
import sys
import threading
import time

N = int(os.environ.get("MANY_SOCKETS", "3000"))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 2 * N + 100)), hard))

srv = socket.create_server(("127.0.0.1", 0), backlog=4096)
port = srv.getsockname()[1]
accepted = []


def accept_all():
    while len(accepted) < N:
        conn, _ = srv.accept()
        accepted.append(conn)


threading.Thread(target=accept_all, daemon=True).start()
clients = []
for i in range(N):
    c = socket.create_connection(("127.0.0.1", port))
    c.sendall(b"H" * 16)
    c.sendall(b"B" * 32)
    clients.append(c)
deadline = time.time() + 30
while len(accepted) < N and time.time() < deadline:
    time.sleep(0.01)
print(f"opened {len(clients)} clients, accepted {len(accepted)}", flush=True)
if os.environ.get("MANY_SOCKETS_HANG") == "1":
    while True:
        time.sleep(1)
sys.exit(0)
