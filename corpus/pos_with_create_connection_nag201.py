"""Health-check CLI: `with socket.create_connection(...) as s:` then PING/PONG
round trips, one sendall() each; no split, but the request/response socket never
gets TCP_NODELAY (client-nodelay finding on the with line)."""
import argparse
import socket
import sys
import time


def check(port, count):
    worst = 0.0
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:  # expect: NAG201
        for _ in range(count):
            start = time.perf_counter()
            s.sendall(b"PING\r\n")
            if not s.recv(64).startswith(b"PONG"):
                raise RuntimeError("unexpected answer")
            worst = max(worst, time.perf_counter() - start)
    return worst


def main(argv=None):
    parser = argparse.ArgumentParser(description="ping a local service")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args(argv)
    try:
        worst = check(args.port, args.count)
    except (OSError, RuntimeError) as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    print(f"healthy, worst round trip {worst * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
