"""Probe overhead: 10,000 NODELAY request/response round trips, plain vs instrumented.

The peer runs in a separate process (so only the client pays for the probe); configurations are
interleaved over several rounds and the median per configuration is reported. Not run in CI.

    python bench/probe_overhead.py [--n 10000] [--rounds 5]
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from nagle_lint.harness import probe  # noqa: E402


def peer(port_q, n_total):
    lst = socket.create_server(("127.0.0.1", 0))
    port_q.put(lst.getsockname()[1])
    lst.settimeout(60)
    while True:
        try:
            conn, _ = lst.accept()
        except OSError:
            return
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                data = conn.recv(64)
                if not data:
                    break
                conn.sendall(b"OK")


def run(port, n, two_sends):
    c = socket.create_connection(("127.0.0.1", port))
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n):
        if two_sends:
            c.send(b"H" * 16)
            c.send(b"B" * 32)
            c.recv(64)
        else:
            c.sendall(b"R" * 48)
            c.recv(64)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    c.close()
    return wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    q = mp.Queue()
    srv = mp.Process(target=peer, args=(q, 0), daemon=True)
    srv.start()
    port = q.get(timeout=10)
    configs = [("plain", None), ("probe full", "full"), ("probe light", "light")]
    results = {name: [] for name, _ in configs}
    try:
        for two in (False, True):
            for name, _ in configs:
                results[name] = []
            for _ in range(args.rounds):
                for name, mode in configs:
                    p = probe.install(mode=mode) if mode else None
                    try:
                        results[name].append(run(port, args.n, two))
                    finally:
                        if p:
                            p.uninstall()
            base_w = statistics.median(w for w, _ in results["plain"])
            base_c = statistics.median(c for _, c in results["plain"])
            shape = "2 sends + recv" if two else "sendall + recv"
            print(f"{args.n} NODELAY round trips ({shape}), median of {args.rounds} interleaved rounds:")
            for name, _ in configs:
                w = statistics.median(x for x, _ in results[name])
                c = statistics.median(y for _, y in results[name])
                print(f"  {name:12s} {w / args.n * 1e6:7.1f} us/round trip wall, {c / args.n * 1e6:6.1f} us CPU"
                      f"   ratio instrumented/plain: wall {w / base_w:.2f}, CPU {c / base_c:.2f}")
    finally:
        srv.terminate()
        srv.join(5)


if __name__ == "__main__":
    main()
