"""Bulk uploader whose SO_SNDBUF comes from a command-line option (a value the code
cannot know) or is a large 4 MiB constant: no small-send-buffer finding; the socket
only sends, so no request/response rule applies either."""
import argparse
import socket

LARGE_SNDBUF = 4 * 1024 * 1024


def open_stream(port, sndbuf=None):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if sndbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    else:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, LARGE_SNDBUF)
    sock.connect(("127.0.0.1", port))
    return sock


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--sndbuf", type=int)
    parser.add_argument("file")
    args = parser.parse_args(argv)
    with open_stream(args.port, args.sndbuf) as sock, open(args.file, "rb") as f:
        sock.sendfile(f)


if __name__ == "__main__":
    main()
