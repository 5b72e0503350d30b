"""Probe overhead: NODELAY request/response round trips, plain vs instrumented.

The peer runs in a separate process (so only the client pays for the probe); configurations are
interleaved over several rounds and the median per configuration is reported, with the probe's
own estimate of its cost next to the measured one, and the best-of-rounds ratios (loopback wall
time on a shared VM is noisy; the best round is the least disturbed one). Not run in CI.

    python bench/probe_overhead.py [--n 10000] [--rounds 5] [--tree OTHER_CHECKOUT]

--tree imports the probe from another checkout of nagle-lint (for a before/after comparison run
with this same script).
"""
from __future__ import annotations

import argparse
import importlib
import multiprocessing as mp
import os
import socket
import statistics
import sys
import time

MSG = 48


def peer(port_q):
    lst = socket.create_server(("127.0.0.1", 0))
    port_q.put(lst.getsockname()[1])
    lst.settimeout(120)
    while True:
        try:
            conn, _ = lst.accept()
        except OSError:
            return
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                got = 0
                while got < MSG:  # answer once per whole message, however it was split
                    data = conn.recv(MSG - got)
                    if not data:
                        break
                    got += len(data)
                if got < MSG:
                    break
                conn.sendall(b"OK")


def recv_exact(c, n):
    got = b""
    while len(got) < n:
        data = c.recv(n - len(got))
        if not data:
            raise ConnectionError("peer closed")
        got += data
    return got


def run(port, n, two_sends):
    c = socket.create_connection(("127.0.0.1", port))
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n):
        if two_sends:
            c.sendall(b"H" * 16)
            c.sendall(b"B" * 32)
        else:
            c.sendall(b"R" * MSG)
        recv_exact(c, 2)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    c.close()
    return wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tree", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="checkout whose nagle_lint probe is measured (default: this one)")
    args = ap.parse_args()
    if not 1 <= args.n <= 1_000_000 or not 1 <= args.rounds <= 50:
        ap.error("--n 1..1000000, --rounds 1..50")
    sys.path.insert(0, os.path.abspath(args.tree))
    probe = importlib.import_module("nagle_lint.harness.probe")
    print(f"probe from {os.path.dirname(probe.__file__)}")
    q = mp.Queue()
    srv = mp.Process(target=peer, args=(q,), daemon=True)
    srv.start()
    port = q.get(timeout=10)
    configs = [("plain", None), ("probe full", "full"), ("probe light", "light")]
    try:
        for two in (False, True):
            results = {name: [] for name, _ in configs}
            own = []
            for _ in range(args.rounds):
                for name, mode in configs:
                    p = probe.install(mode=mode) if mode else None
                    try:
                        results[name].append(run(port, args.n, two))
                    finally:
                        if p:
                            if mode == "full" and hasattr(p, "overhead"):
                                own.append(p.overhead()["cost_ns"] / 1e9)
                            p.uninstall()
            base_w = statistics.median(w for w, _ in results["plain"])
            base_c = statistics.median(c for _, c in results["plain"])
            shape = "2 sendall + recv" if two else "sendall + recv"
            print(f"{args.n} NODELAY round trips ({shape}), median of {args.rounds} interleaved rounds:")
            best_w = min(w for w, _ in results["plain"])
            best_c = min(c for _, c in results["plain"])
            for name, _ in configs:
                w = statistics.median(x for x, _ in results[name])
                c = statistics.median(y for _, y in results[name])
                bw = min(x for x, _ in results[name])
                bc = min(y for _, y in results[name])
                print(f"  {name:12s} {w / args.n * 1e6:7.1f} us/round trip wall, {c / args.n * 1e6:6.1f} us CPU"
                      f"   ratio instrumented/plain: wall {w / base_w:.2f}, CPU {c / base_c:.2f}"
                      f"   (best of {args.rounds}: wall {bw / best_w:.2f}, CPU {bc / best_c:.2f})")
            if own:
                est = statistics.median(own)
                print(f"  probe full, its own estimate: {est / args.n * 1e6:.1f} us/round trip "
                      f"(measured extra wall: {(statistics.median(x for x, _ in results['probe full']) - base_w) / args.n * 1e6:.1f} us)")
    finally:
        srv.terminate()
        srv.join(5)


if __name__ == "__main__":
    main()
