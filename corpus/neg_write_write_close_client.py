"""Fire-and-forget submitter: header and body in two sendall() calls, then the socket
is closed without reading. A segment carrying FIN is never held by Nagle and nobody
waits for a reply, so the split costs nothing."""
import json
import socket
import struct


def submit(port, job):
    body = json.dumps(job).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(struct.pack("!I", len(body)))
        s.sendall(body)


def submit_batch(port, jobs):
    for job in jobs:
        try:
            submit(port, job)
        except OSError as exc:
            print("submit failed:", exc)
