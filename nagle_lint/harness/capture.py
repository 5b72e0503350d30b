"""Root only: record TCP packets on ``lo`` with AF_PACKET and draw the flow of one stalled request.

An in-kernel classic BPF filter keeps IPv4 TCP segments of one port; SO_RCVBUFFORCE (64 MB) avoids
drops; every frame on lo is seen twice (PACKET_OUTGOING then PACKET_HOST), the outgoing copy is
dropped. Kernel timestamps come from SO_TIMESTAMPNS. The capture is bounded in packets and time
and only serves the picture: verdicts never depend on it.
"""
from __future__ import annotations

import ctypes
import os
import select
import socket
import struct
import threading
import time
from dataclasses import dataclass

ETH_P_ALL = 0x0003
SO_ATTACH_FILTER = 26
SO_RCVBUFFORCE = 33
SO_TIMESTAMPNS = 35
PACKET_OUTGOING = 4
MAX_PACKETS = 200_000
MAX_SECONDS = 120.0


def available() -> tuple[bool, str]:
    if not hasattr(socket, "AF_PACKET"):
        return False, "AF_PACKET is Linux only"
    if os.geteuid() != 0:
        return False, "needs root (CAP_NET_RAW)"
    return True, ""


def bpf_port_filter(port: int) -> bytes:
    """13 instructions: IPv4, TCP, not a fragment, sport or dport == port."""
    prog = [
        (0x28, 0, 0, 12), (0x15, 0, 10, 0x0800),  # ethertype IPv4
        (0x30, 0, 0, 23), (0x15, 0, 8, 6),  # protocol TCP
        (0x28, 0, 0, 20), (0x45, 6, 0, 0x1FFF),  # not a fragment
        (0xB1, 0, 0, 14),  # X = IP header length
        (0x48, 0, 0, 14), (0x15, 2, 0, port),  # source port
        (0x48, 0, 0, 16), (0x15, 0, 1, port),  # destination port
        (0x06, 0, 0, 262144), (0x06, 0, 0, 0),  # accept / drop
    ]
    return b"".join(struct.pack("HBBI", *ins) for ins in prog)


@dataclass
class Packet:
    t: float  # kernel timestamp, seconds (CLOCK_REALTIME)
    src: tuple[str, int]
    dst: tuple[str, int]
    flags: str
    seq: int
    ack: int
    length: int


def parse_frame(frame: bytes, t: float) -> Packet | None:
    if len(frame) < 14 + 20 or frame[12:14] != b"\x08\x00":
        return None
    ip = frame[14:]
    ihl = (ip[0] & 0x0F) * 4
    total = struct.unpack_from("!H", ip, 2)[0]
    if ip[9] != 6 or len(ip) < ihl + 20:
        return None
    src, dst = socket.inet_ntoa(ip[12:16]), socket.inet_ntoa(ip[16:20])
    sport, dport, seq, ack, off_flags = struct.unpack_from("!HHIIH", ip, ihl)
    doff = (off_flags >> 12) * 4
    bits = off_flags & 0x3F
    flags = "".join(ch for ch, b in (("S", 2), ("F", 1), ("R", 4), ("P", 8), ("A", 16)) if bits & b)
    return Packet(t, (src, sport), (dst, dport), flags, seq, ack, max(0, total - ihl - doff))


class Capture:
    """Capture on an interface (default lo) for one TCP port, in a thread; use as a context manager."""

    def __init__(self, port: int, ifname: str = "lo", max_packets: int = MAX_PACKETS,
                 max_seconds: float = MAX_SECONDS) -> None:
        ok, why = available()
        if not ok:
            raise PermissionError(why)
        self.packets: list[Packet] = []
        self.drops = 0
        self.max_packets = max_packets
        self.deadline = time.monotonic() + max_seconds
        self._stop = threading.Event()
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        try:
            self._filter = ctypes.create_string_buffer(bpf_port_filter(port))
            fprog = struct.pack("HL", len(self._filter.raw) // 8, ctypes.addressof(self._filter))
            self.sock.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, fprog)
            try:
                self.sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 64 << 20)
            except OSError:
                pass
            self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            self.sock.bind((ifname, 0))
        except BaseException:
            self.sock.close()
            raise
        self.thread = threading.Thread(target=self._run, name="nagle-lint-capture", daemon=True)

    def __enter__(self) -> "Capture":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and time.monotonic() < self.deadline:
                r, _, _ = select.select([self.sock], [], [], 0.05)
                if not r:
                    continue
                frame, anc, _flags, addr = self.sock.recvmsg(65600, 64)
                if addr[2] == PACKET_OUTGOING:
                    continue
                t = time.time()
                for level, kind, data in anc:
                    if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
                        sec, nsec = struct.unpack_from("qq", data)
                        t = sec + nsec / 1e9
                pkt = parse_frame(frame, t)
                if pkt is not None:
                    self.packets.append(pkt)
                    if len(self.packets) >= self.max_packets:
                        break
        except OSError:
            pass

    def stop(self) -> None:
        time.sleep(0.01)  # let the last segments in
        self._stop.set()
        if self.thread.is_alive():
            self.thread.join(2)
        self.sock.close()


def flow_graph(packets: list[Packet], writer: tuple[str, int], gap_ms: float = 30.0) -> str:
    """The flow of the last request whose writer data segments are >= gap_ms apart."""
    reqs: list[list[Packet]] = []
    cur: list[Packet] = []
    for p in packets:
        from_writer = p.src == writer
        if from_writer and p.length and (not cur or any(q.src != writer and q.length for q in cur)):
            if cur:
                reqs.append(cur)
            cur = [p]
        elif cur:
            cur.append(p)
    if cur:
        reqs.append(cur)
    chosen = None
    for req in reqs:
        data = [p for p in req if p.src == writer and p.length]
        if len(data) >= 2 and (data[1].t - data[0].t) * 1000 >= gap_ms:
            chosen = req
            if any(p.src != writer and p.length for p in req):
                break  # a stalled request with its reply
    if chosen is None:
        return "flow graph: no stalled request captured"
    t0 = chosen[0].t
    lines = ["   time(ms)  direction                  flags   len  seq(rel)  ack(rel)",
             "  ---------  -------------------------  -----  ----  --------  --------"]
    base = {True: chosen[0].seq, False: None}
    prev_t = None
    for p in chosen:
        w = p.src == writer
        if not w and base[False] is None:
            base[False] = p.seq
        arrow = "writer --------> peer  " if w else "writer <-------- peer  "
        seq = p.seq - (base[w] or p.seq)
        ackbase = base[not w]
        ack = (p.ack - ackbase) if ackbase is not None else "-"
        note = ""
        if p is chosen[0]:
            note = "first piece"
        elif not w and not p.length and "A" in p.flags:
            note = "pure ACK" if prev_t is None or (p.t - prev_t) * 1000 < gap_ms else \
                f"delayed ACK after {(p.t - prev_t) * 1000:.1f} ms"
        elif w and p.length:
            note = "held piece, released by the ACK"
        elif not w and p.length:
            note = "reply"
        prev_t = p.t
        lines.append(f"  {(p.t - t0) * 1000:9.3f}  {arrow}   {p.flags:>5}  {p.length:4d}  {seq:8d}  "
                     f"{str(ack):>8}  {note}")
        if not w and p.length:
            break
    return "packet flow of one stalled request (lo):\n" + "\n".join(lines)


def replay_with_capture(pieces, side: str, requests: int, warmup: int, label: str = ""):
    """Replay as usual; capture the "as written" variant and return (result, flow graph text)."""
    from . import replay  # noqa: PLC0415

    ok, why = available()
    if not ok:
        return replay.replay(pieces, side, requests, warmup, label=label), f"--capture skipped: {why}"
    box: dict = {}

    def on_connect(writer: socket.socket, port: int) -> None:
        cap = Capture(port)
        cap.__enter__()
        box["cap"] = cap
        box["writer"] = writer.getsockname()[:2]

    try:
        res = replay.replay(pieces, side, requests, warmup, label=label,
                            hooks={"as written": on_connect})
    finally:
        cap = box.get("cap")
        if cap is not None:
            cap.stop()
    if cap is None:
        return res, "flow graph: capture did not start"
    writer = box["writer"]
    return res, flow_graph(cap.packets, (writer[0], writer[1]))
