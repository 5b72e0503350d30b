"""Bulk file streamer that shrinks SO_SNDBUF to a module constant of 2 KiB: with so
little send buffer the sender keeps waiting for the receiver's delayed ACKs and
throughput collapses (seed 001: 0.43 Mbit/s on loopback with a 1-2 KiB buffer)."""
import socket
import sys

SNDBUF = 2048
CHUNK = 1024


def stream_file(path, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SNDBUF)  # expect: NAG302
    sock.connect(("127.0.0.1", port))
    sent = 0
    with sock, open(path, "rb") as f:
        while True:
            chunk = f.read(CHUNK)
            if not chunk:
                break
            sock.sendall(chunk)
            sent += len(chunk)
        sock.shutdown(socket.SHUT_WR)
    return sent


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: pos_sndbuf_module_constant_streamer.py FILE PORT")
    print(stream_file(sys.argv[1], int(sys.argv[2])), "bytes sent")
