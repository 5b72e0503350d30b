"""CLI sender: each frame goes out as magic, header and payload in three send()
calls before waiting for "ACK". One message, so one finding, on the second piece
(the header), which is the first one Nagle holds."""
import argparse
import socket
import struct
import sys

MAGIC = b"\xca\xfe"


def main(argv=None):
    parser = argparse.ArgumentParser(description="send frames to a local collector")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args(argv)
    try:
        sock = socket.create_connection(("127.0.0.1", args.port), timeout=2)  # expect: NAG201
    except OSError as exc:
        print(f"cannot connect: {exc}", file=sys.stderr)
        return 1
    with sock:
        for seq in range(args.count):
            payload = b"reading=%d" % (seq * 7)
            sock.send(MAGIC)
            sock.send(struct.pack("!HI", seq, len(payload)))  # expect: NAG101
            sock.send(payload)
            try:
                if sock.recv(3) != b"ACK":
                    print("collector refused frame", seq, file=sys.stderr)
                    return 2
            except socket.timeout:
                print("collector timed out", file=sys.stderr)
                return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
