"""An agent that answers each command in blocks of 32 KiB, cut in a list before the loop that
sends them: every block is full-size segments, which Nagle never holds."""
import socket

BLOCK = 32768


def pad(data, size):
    return data + b"\0" * (-len(data) % size)


def serve_commands(host, port, run):
    sock = socket.create_connection((host, port))
    while True:
        command = sock.recv(BLOCK)
        if not command:
            break
        reply = pad(run(command), BLOCK)
        for block in [reply[i:i + BLOCK] for i in range(0, len(reply), BLOCK)]:
            sock.send(block)
    sock.close()
