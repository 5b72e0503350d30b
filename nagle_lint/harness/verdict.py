"""The stall rules and the numbers built from probe results.

Each probe record has a ``kind``; a record is a *stall* when:

* ``nagle``: sub-MSS ``notsent_bytes`` behind unacknowledged data, right after a send, TCP_NODELAY
  and TCP_CORK off, that the watcher timed at 30 ms or more. Linux's delayed-ACK timer has a 40 ms
  floor, so a true stall lasts 40-48 ms on loopback; autocork and cwnd holds clear in microseconds.
* ``cork``: data left unsent after a send on a socket with TCP_CORK set, held 30 ms or more (the
  kernel pushes a partial corked frame after ~200 ms).
* ``send-blocked`` on a socket whose SO_SNDBUF the program set, for a send larger than the
  buffer: the send itself blocked 30 ms or more waiting for ACKs (a *send buffer full* stall). A
  blocked send without a small buffer set is a slow reader, not a stall of ours.

A Nagle stall on a connection whose peer set TCP_QUICKACK only once (fewer times than it read) is
named *quick-ACK once*: the option wore off and the stall came back. TcpExtDelayedACKs and
before/after latencies are corroboration, never required.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field

STALL_MS = 30.0

# stall kind -> (label, rule code); the Nagle kind's rule depends on the side that wrote
KINDS = {
    "nagle": ("Nagle hold", "NAG101"),
    "cork": ("cork held", "NAG303"),
    "send-buffer-full": ("send buffer full", "NAG302"),
    "quickack-once": ("quick-ACK once", "NAG301"),
}


def kind_of(hold: dict) -> str:
    kind = hold.get("kind", "nagle")
    if kind == "send-blocked":
        return "send-buffer-full"
    return kind


def is_stall(hold: dict, threshold_ms: float = STALL_MS) -> bool:
    if hold.get("dur_ns", 0) < threshold_ms * 1e6 or hold.get("end") not in ("sent", "timeout"):
        return False
    kind = hold.get("kind", "nagle")
    if kind == "nagle":
        return hold.get("nodelay", 1) == 0 and hold.get("cork", 1) == 0
    if kind == "cork":
        return True
    if kind == "send-blocked":
        eff = hold.get("sndbuf", -1)
        return hold.get("sndbuf_set", -1) >= 0 and hold.get("blocking", True) and 0 < eff < hold.get("bytes", 0)
    return False


def rule_for(kind: str, side: str = "", sizes: list | None = None) -> str:
    if kind == "nagle":
        if sizes and len(sizes) > 2:
            return "NAG103"
        return "NAG102" if side == "server" else "NAG101"
    return KINDS.get(kind, ("", "NAG501"))[1]


def norm_path(path: str) -> str:
    if not path or path.startswith("<"):
        return path
    return os.path.realpath(path)


def loc_key(loc) -> tuple[str, int] | None:
    if not loc:
        return None
    return (norm_path(loc[0]), int(loc[1]))


def fmt_loc(loc, root: str | None = None) -> str:
    if not loc:
        return "?"
    path = loc[0]
    if root and path and not path.startswith("<"):
        try:
            rel = os.path.relpath(path, root)
            if not rel.startswith(".."):
                path = rel
        except ValueError:
            pass
    return f"{path}:{loc[1]}"


# ------------------------------------------------------------------------------ statistics
def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); nan for no values."""
    if not values:
        return math.nan
    vals = sorted(values)
    k = max(0, min(len(vals) - 1, math.ceil(q / 100.0 * len(vals)) - 1))
    return vals[k]


def median(values: list[float]) -> float:
    if not values:
        return math.nan
    vals = sorted(values)
    n = len(vals)
    mid = n // 2
    return vals[mid] if n % 2 else (vals[mid - 1] + vals[mid]) / 2.0


def summary(values_ms: list[float], over_ms: float = STALL_MS) -> dict:
    return {
        "n": len(values_ms),
        "median_ms": round(median(values_ms), 3) if values_ms else None,
        "p99_ms": round(percentile(values_ms, 99), 3) if values_ms else None,
        "over_30ms": sum(1 for v in values_ms if v >= over_ms),
    }


def mann_whitney_greater(a: list[float], b: list[float]) -> float | None:
    """Exact one-sided p-value that a is stochastically greater than b (None if too big/empty).

    Counts the distribution of U by dynamic programming (fine for n, m <= 60).
    """
    n, m = len(a), len(b)
    if not n or not m or n > 60 or m > 60:
        return None
    u = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)
    # number of arrangements with statistic k: f(n, m, k) = f(n-1, m, k-m) + f(n, m-1, k)
    table = [[None] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 or j == 0:
                table[i][j] = [1]
                continue
            left = table[i - 1][j]
            up = table[i][j - 1]
            size = i * j + 1
            dist = [0] * size
            for k, c in enumerate(left):
                if k + j < size:
                    dist[k + j] += c
            for k, c in enumerate(up):
                dist[k] += c
            table[i][j] = dist
    dist = table[n][m]
    total = math.comb(n + m, n)
    kmin = math.ceil(u)
    return sum(dist[kmin:]) / total


# ------------------------------------------------------------------------------ exchanges
@dataclass
class Exchange:
    """A flight of writes on one socket followed by a read that returned data."""

    pid: int
    sid: int
    index: int  # 0 = first exchange on the connection (quick-ACK phase)
    sizes: list[int]
    first_loc: tuple | None
    last_loc: tuple | None
    t_first: int
    t_last: int
    t_read: int

    @property
    def wait_ms(self) -> float:
        return (self.t_read - self.t_last) / 1e6


def exchanges(run: dict) -> list[Exchange]:
    sites = run.get("sites", [])
    pid = run.get("pid", 0)

    def loc(i):
        return tuple(sites[i]) if 0 <= i < len(sites) else None

    out: list[Exchange] = []
    flights: dict[int, list] = {}
    counts: dict[int, int] = {}
    for sid, op, n, t0, t1, site in run.get("events", []):
        if op.startswith("send"):
            flights.setdefault(sid, []).append((n, t0, t1, site))
        elif op.startswith("recv") and n > 0:
            flight = flights.pop(sid, None)
            if flight:
                idx = counts.get(sid, 0)
                counts[sid] = idx + 1
                out.append(Exchange(pid, sid, idx, [f[0] for f in flight], loc(flight[0][3]),
                                    loc(flight[-1][3]), flight[0][1], flight[-1][2], t1))
    return out


@dataclass
class StallGroup:
    prev_loc: tuple | None
    held_loc: tuple | None
    holds: list[dict] = field(default_factory=list)
    kind: str = "nagle"
    option_loc: tuple | None = None  # where TCP_CORK / SO_SNDBUF / the peer's TCP_QUICKACK was set
    side: str = ""

    @property
    def hold_ms(self) -> list[float]:
        return [h["dur_ns"] / 1e6 for h in self.holds]

    @property
    def delayed_acks(self) -> int:
        return sum(max(0, h.get("delayed_acks", 0)) for h in self.holds)

    @property
    def sizes(self) -> list[int]:
        if not self.holds:
            return []
        h = self.holds[0]
        return list(h.get("flight") or ([h["bytes"]] if h.get("bytes") else []))

    @property
    def label(self) -> str:
        return KINDS.get(self.kind, (self.kind, ""))[0]

    @property
    def rule(self) -> str:
        return rule_for(self.kind, self.side, self.sizes)

    def locs(self) -> set:
        return {k for k in (loc_key(self.prev_loc), loc_key(self.held_loc), loc_key(self.option_loc)) if k}


def _option_loc(h: dict):
    for key in ("cork_loc", "sndbuf_loc", "quickack_loc"):
        if h.get(key):
            return tuple(h[key])
    return None


def group_stalls(holds: list[dict], threshold_ms: float = STALL_MS) -> list[StallGroup]:
    groups: dict[tuple, StallGroup] = {}
    for h in holds:
        if not is_stall(h, threshold_ms):
            continue
        kind = h.get("stall_kind") or kind_of(h)
        prev = tuple(h["prev_loc"]) if h.get("prev_loc") and kind in ("nagle", "quickack-once") else None
        held = tuple(h["site_loc"]) if h.get("site_loc") else None
        opt = _option_loc(h)
        key = (kind, loc_key(prev), loc_key(held), loc_key(opt))
        if key not in groups:
            groups[key] = StallGroup(prev, held, kind=kind, option_loc=opt, side=h.get("side", ""))
        groups[key].holds.append(h)
    return sorted(groups.values(), key=lambda g: -len(g.holds))
