"""Replay a finding's write pattern against a built-in peer, as written and fixed.

No user code runs. One connection per variant; the first ``warmup`` requests are sent but not
measured (the receiver's initial quick-ACK budget, seed 003: the first request never stalls).

Client-side findings: the harness writes the pieces, the peer answers 2 bytes once it has the
whole message. Server-side findings run in the reverse direction: a built-in client sends a small
request and waits for the whole response, the harness answers it in pieces.
"""
from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field

from . import tcpinfo, verdict
from .servers import Peer, check_target, recv_exact

VARIANTS = ("as written", "one write", "sendmsg", "TCP_NODELAY", "TCP_QUICKACK once", "TCP_QUICKACK per recv")
DEFAULT_FIRST = 64  # unknown header size
DEFAULT_NEXT = 256  # unknown body size
REQUEST = b"R" * 16  # what the built-in client sends in the server-side direction
MAX_REQUESTS = 2000
MAX_PIECE = 1 << 20


@dataclass
class VariantResult:
    variant: str
    latencies_ms: list[float] = field(default_factory=list)
    holds: int = 0  # sends that left sub-MSS data held behind unacked data (the hold rule)
    delayed_acks: int = -1
    data_segs: int = -1
    wall_s: float = 0.0
    error: str = ""

    def row(self) -> dict:
        s = verdict.summary(self.latencies_ms)
        return {"variant": self.variant, **s, "delayed_acks": self.delayed_acks,
                "data_segs": self.data_segs, "holds": self.holds, "wall_s": round(self.wall_s, 3),
                "error": self.error}


@dataclass
class ReplayResult:
    pieces: list[int]
    side: str
    requests: int
    warmup: int
    label: str = ""
    rtt: str = ""
    lifetime: str = "kept"  # "one-shot": every request on a new connection, as the finding's code does
    results: list[VariantResult] = field(default_factory=list)
    time_to_verdict_s: float | None = None
    notes: list[str] = field(default_factory=list)

    def get(self, variant: str) -> VariantResult | None:
        for r in self.results:
            if r.variant == variant:
                return r
        return None

    @property
    def stalled(self) -> bool:
        """As written stalls: most measured requests over 30 ms and Nagle holds seen."""
        r = self.get("as written")
        if r is None or not r.latencies_ms:
            return False
        s = verdict.summary(r.latencies_ms)
        return r.holds > 0 and s["over_30ms"] * 2 >= s["n"]

    def to_dict(self) -> dict:
        return {"label": self.label, "pieces": self.pieces, "side": self.side,
                "requests": self.requests, "warmup": self.warmup, "rtt": self.rtt,
                "lifetime": self.lifetime,
                "stall": self.stalled, "time_to_verdict_s": self.time_to_verdict_s,
                "notes": self.notes, "variants": [r.row() for r in self.results]}


def normalise_pieces(pieces) -> tuple[list[int], list[str]]:
    notes = []
    out = []
    for i, p in enumerate(pieces):
        p = int(p)
        if p <= 0:
            p = DEFAULT_FIRST if i == 0 else DEFAULT_NEXT
            notes.append(f"piece {i + 1}: size unknown, replayed as {p} B")
        out.append(min(p, MAX_PIECE))
    if len(out) == 1:
        out = out * 3
        notes.append("one piece written in a loop: replayed as 3 writes")
    if not out:
        out = [DEFAULT_FIRST, DEFAULT_NEXT]
        notes.append(f"no sizes: replayed as {out}")
    return out, notes


def _write(sock: socket.socket, bufs: list[bytes], variant: str) -> None:
    if variant == "one write":
        sock.sendall(b"".join(bufs))
    elif variant == "sendmsg":
        sent = sock.sendmsg(bufs)
        rest = b"".join(bufs)[sent:]
        if rest:
            sock.sendall(rest)
    else:
        for b in bufs:
            sock.sendall(b)


def _held(sock: socket.socket) -> bool:
    h = tcpinfo.hot(tcpinfo.read_raw(sock))
    return bool(h) and tcpinfo.held_by_nagle(h[0], h[1], h[2])


def _segs(sock: socket.socket) -> int:
    return tcpinfo.read(sock).get("data_segs_out", -1)


def _record_counters(res, d0, s0, d1, s1) -> None:
    """Delayed ACKs and data segments over the measured requests (-1 readings: unavailable)."""
    if d0 is not None and d0 >= 0 and d1 >= 0:
        res.delayed_acks = d1 - d0
    if s0 is not None and s0 >= 0 and s1 >= 0:
        res.data_segs = s1 - s0


def run_variant(pieces: list[int], side: str, variant: str, requests: int = 20, warmup: int = 2,
                host: str = "127.0.0.1", deadline_s: float = 30.0, writer_factory=None,
                reader_factory=None, peer_host: str | None = None,
                netstat=tcpinfo.delayed_acks, on_connect=None) -> VariantResult:
    """One connection, ``warmup + requests`` exchanges; bounded by ``deadline_s``."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    requests = max(1, min(int(requests), MAX_REQUESTS))
    check_target(host)
    peer_host = check_target(peer_host or host)
    bufs = [bytes([65 + i % 26]) * n for i, n in enumerate(pieces)]
    total = sum(pieces)
    res = VariantResult(variant)
    deadline = time.monotonic() + deadline_s
    start = time.monotonic()
    family = socket.AF_INET6 if ":" in peer_host else socket.AF_INET
    mk_writer = writer_factory or socket.socket
    mk_reader = reader_factory or socket.socket
    if side == "client":
        peer = Peer(expect=total, reply=b"OK", host=peer_host,
                    quickack_once=(variant == "TCP_QUICKACK once"),
                    quickack_each=(variant == "TCP_QUICKACK per recv"),
                    max_messages=warmup + requests, deadline_s=deadline_s, sock_factory=mk_reader)
        peer.start()
        w = mk_writer(family, socket.SOCK_STREAM)
        try:
            w.settimeout(max(0.01, deadline - time.monotonic()))
            w.connect(peer.address)
            if on_connect is not None:
                on_connect(w, w.getsockname()[1])
            if variant == "TCP_NODELAY":
                w.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            d0 = s0 = None
            for i in range(warmup + requests):
                if i == warmup:
                    d0, s0 = netstat(), _segs(w)
                t0 = time.perf_counter_ns()
                _write(w, bufs, variant)
                held = i >= warmup and _held(w)
                if recv_exact(w, 2, deadline) != b"OK":
                    raise ConnectionError("peer closed")
                t1 = time.perf_counter_ns()
                if i >= warmup:
                    res.latencies_ms.append((t1 - t0) / 1e6)
                    res.holds += held
            _record_counters(res, d0, s0, netstat(), _segs(w))
        except (OSError, TimeoutError, ConnectionError) as exc:
            res.error = f"{type(exc).__name__}: {exc}"
        finally:
            w.close()
            peer.stop()
    elif side == "server":
        lst = mk_writer(family, socket.SOCK_STREAM)
        box: dict = {"lat": [], "err": None}
        conn = None
        try:
            lst.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            lst.bind((host, 0))
            lst.listen(1)
            addr = lst.getsockname()[:2]

            def client() -> None:
                c = mk_reader(family, socket.SOCK_STREAM)
                try:
                    c.settimeout(max(0.01, deadline - time.monotonic()))
                    c.connect(addr)
                    if variant == "TCP_QUICKACK once":
                        c.setsockopt(socket.IPPROTO_TCP, tcpinfo.TCP_QUICKACK, 1)
                    for i in range(warmup + requests):
                        t0 = time.perf_counter_ns()
                        c.sendall(REQUEST)
                        if len(recv_exact(c, total, deadline,
                                          rearm_quickack=variant == "TCP_QUICKACK per recv")) != total:
                            raise ConnectionError("server closed")
                        if i >= warmup:
                            box["lat"].append((time.perf_counter_ns() - t0) / 1e6)
                except (OSError, TimeoutError, ConnectionError) as exc:
                    box["err"] = exc
                finally:
                    c.close()

            th = threading.Thread(target=client, name="nagle-lint-replay-client", daemon=True)
            th.start()
            lst.settimeout(max(0.01, deadline - time.monotonic()))
            conn, _ = lst.accept()
            if on_connect is not None:
                on_connect(conn, conn.getsockname()[1])
            if variant == "TCP_NODELAY":
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            d0 = s0 = None
            for i in range(warmup + requests):
                if i == warmup:
                    d0, s0 = netstat(), _segs(conn)
                if len(recv_exact(conn, len(REQUEST), deadline)) != len(REQUEST):
                    raise ConnectionError("client closed")
                _write(conn, bufs, variant)
                if i >= warmup:
                    res.holds += _held(conn)
            th.join(max(0.01, deadline - time.monotonic()))
            _record_counters(res, d0, s0, netstat(), _segs(conn))
            res.latencies_ms = box["lat"]
            if box["err"] is not None:
                res.error = f"{type(box['err']).__name__}: {box['err']}"
        except (OSError, TimeoutError, ConnectionError) as exc:
            res.error = f"{type(exc).__name__}: {exc}"
        finally:
            if conn is not None:
                conn.close()
            lst.close()
    else:
        raise ValueError("side must be client or server")
    res.wall_s = time.monotonic() - start
    return res


def run_one_shot(pieces: list[int], side: str, variant: str, requests: int = 20, host: str = "127.0.0.1",
                 deadline_s: float = 30.0, **kw) -> VariantResult:
    """Every request on a new connection, with no warm-up: what a one-shot site does."""
    res = VariantResult(variant)
    end = time.monotonic() + deadline_s
    start = time.monotonic()
    for _ in range(max(1, min(int(requests), MAX_REQUESTS))):
        left = end - time.monotonic()
        if left <= 0:
            res.error = res.error or "time budget spent"
            break
        one = run_variant(pieces, side, variant, 1, 0, host, deadline_s=min(left, 10.0), **kw)
        res.latencies_ms.extend(one.latencies_ms)
        res.holds += one.holds
        if one.delayed_acks >= 0:
            res.delayed_acks = max(0, res.delayed_acks) + one.delayed_acks
        if one.data_segs >= 0:
            res.data_segs = max(0, res.data_segs) + one.data_segs
        if one.error:
            res.error = one.error
            break
    res.wall_s = time.monotonic() - start
    return res


def replay(pieces, side: str = "client", requests: int = 20, warmup: int = 2,
           variants=VARIANTS, label: str = "", host: str = "127.0.0.1",
           deadline_s: float = 60.0, hooks: dict | None = None, lifetime: str = "kept",
           **kw) -> ReplayResult:
    if lifetime not in ("kept", "one-shot"):
        raise ValueError("lifetime must be kept or one-shot")
    pieces, notes = normalise_pieces(pieces)
    out = ReplayResult(pieces, side, requests, 0 if lifetime == "one-shot" else warmup, label=label,
                       notes=notes, lifetime=lifetime)
    t_start = time.monotonic()
    end = t_start + deadline_s
    for v in variants:
        left = end - time.monotonic()
        if left <= 0:
            out.notes.append(f"{v}: skipped, time budget spent")
            continue
        if lifetime == "one-shot":
            out.results.append(run_one_shot(pieces, side, v, requests, host, deadline_s=min(left, 30.0),
                                            on_connect=(hooks or {}).get(v), **kw))
        else:
            out.results.append(run_variant(pieces, side, v, requests, warmup, host,
                                           deadline_s=min(left, 30.0),
                                           on_connect=(hooks or {}).get(v), **kw))
        if v == "as written":
            out.time_to_verdict_s = round(time.monotonic() - t_start, 3)
    return out


def _fmt_ms(v) -> str:
    if v is None:
        return "-"
    return f"{v:.1f} ms" if v >= 0.05 else "0.0 ms"


def format_table(result: ReplayResult) -> str:
    prefix = f"{result.label}: " if result.label else ""
    head = f"{prefix}{'+'.join(map(str, result.pieces))} B written by the {result.side}"
    if result.lifetime == "one-shot":
        head += f", {result.requests} requests, each on a new connection (one-shot, as the code does)"
    else:
        head += f", {result.requests} requests on one connection after {result.warmup} warm-up"
    if result.rtt:
        head += f", emulated RTT {result.rtt}"
    cols = ("mode", "median", "p99", "> 30 ms", "DelayedACKs", "data segments", "Nagle holds")
    rows = []
    for r in result.results:
        s = r.row()
        rows.append((r.variant, _fmt_ms(s["median_ms"]), _fmt_ms(s["p99_ms"]),
                     f"{s['over_30ms']}/{s['n']}",
                     "-" if r.delayed_acks < 0 else f"+{r.delayed_acks}",
                     "-" if r.data_segs < 0 else str(r.data_segs), str(r.holds)))
    widths = [max(len(c), *(len(row[i]) for row in rows)) if rows else len(c) for i, c in enumerate(cols)]
    lines = [head, ""]
    lines.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cols)))
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(row)))
    for r in result.results:
        if r.error:
            lines.append(f"  {r.variant}: error: {r.error}")
    for n in result.notes:
        lines.append(f"  note: {n}")
    verdict_line = "stall reproduced" if result.stalled else "no stall reproduced"
    if result.time_to_verdict_s is not None:
        verdict_line += f" (verdict after {result.time_to_verdict_s:.2f} s)"
    lines.append(verdict_line)
    return "\n".join(lines)
