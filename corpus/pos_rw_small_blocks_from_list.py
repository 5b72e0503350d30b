"""The agent of neg_rw_large_blocks_from_list.py with 64-byte blocks: each block after the
first waits for the peer's delayed ACK."""
import socket

BLOCK = 64


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
            sock.send(block)  # expect: NAG103
    sock.close()
