"""Linux ``struct tcp_info`` reader and the ``/proc/net/netstat`` TcpExt counters.

Standard library only: this module is also loaded by file path into probed processes (see
``_shim/sitecustomize.py``), so it must not import anything from nagle_lint.

Offsets follow the uapi ``struct tcp_info`` (include/uapi/linux/tcp.h). Every read checks the
length the kernel returned before touching a field; older kernels return fewer bytes.
"""
from __future__ import annotations

import socket
import struct
import sys

IS_LINUX = sys.platform.startswith("linux")
TCP_INFO = getattr(socket, "TCP_INFO", 11)
TCP_NODELAY = socket.TCP_NODELAY
TCP_CORK = getattr(socket, "TCP_CORK", 3)
TCP_QUICKACK = getattr(socket, "TCP_QUICKACK", 12)
INFO_LEN = 256

# name -> (offset, struct code); u8 fields first, then u32, then u64.
FIELDS: dict[str, tuple[int, str]] = {
    "state": (0, "B"),
    "ca_state": (1, "B"),
    "retransmits": (2, "B"),
    "rto": (8, "I"),
    "ato": (12, "I"),
    "snd_mss": (16, "I"),
    "rcv_mss": (20, "I"),
    "unacked": (24, "I"),
    "lost": (32, "I"),
    "retrans": (36, "I"),
    "last_data_sent": (44, "I"),
    "last_data_recv": (52, "I"),
    "pmtu": (60, "I"),
    "rtt": (68, "I"),
    "rttvar": (72, "I"),
    "snd_cwnd": (80, "I"),
    "advmss": (84, "I"),
    "total_retrans": (100, "I"),
    "bytes_acked": (120, "Q"),
    "bytes_received": (128, "Q"),
    "segs_out": (136, "I"),
    "segs_in": (140, "I"),
    "notsent_bytes": (144, "I"),
    "min_rtt": (148, "I"),
    "data_segs_in": (152, "I"),
    "data_segs_out": (156, "I"),
    "bytes_sent": (200, "Q"),
    "bytes_retrans": (208, "Q"),
}

# Hot path: snd_mss, unacked, notsent_bytes, bytes_sent, bytes_retrans in one unpack.
_HOT = struct.Struct("=16xI4xI116xI52xQQ")
HOT_LEN = _HOT.size  # 216
MIN_NOTSENT_LEN = 148  # below this the kernel has no notsent_bytes: light mode only

_getsockopt = socket.socket.getsockopt  # the C method: never a patched one


def read_raw(sock) -> bytes:
    """The raw tcp_info bytes of a socket, or b"" when it cannot be read (closed, not TCP)."""
    try:
        return _getsockopt(sock, socket.IPPROTO_TCP, TCP_INFO, INFO_LEN)
    except (OSError, ValueError, TypeError):
        return b""


def parse(raw: bytes) -> dict[str, int]:
    """Every known field present in ``raw`` (fields past the returned length are left out)."""
    out: dict[str, int] = {}
    n = len(raw)
    for name, (off, code) in FIELDS.items():
        size = struct.calcsize(code)
        if off + size <= n:
            out[name] = struct.unpack_from("=" + code, raw, off)[0]
    return out


def read(sock) -> dict[str, int]:
    return parse(read_raw(sock))


def hot(raw: bytes):
    """(snd_mss, unacked, notsent, bytes_sent, bytes_retrans) or None if the kernel gave too little.

    bytes_sent / bytes_retrans are -1 when the kernel is too old to have them (length 148..215).
    """
    n = len(raw)
    if n >= HOT_LEN:
        return _HOT.unpack_from(raw)
    if n >= MIN_NOTSENT_LEN:
        mss, unacked = struct.unpack_from("=I4xI", raw, 16)
        notsent = struct.unpack_from("=I", raw, 144)[0]
        return (mss, unacked, notsent, -1, -1)
    return None


def held_by_nagle(mss: int, unacked: int, notsent: int) -> bool:
    """The hold rule: sub-MSS unsent data waiting behind unacknowledged data."""
    return 0 < notsent < mss and unacked > 0


def sockopt(sock, opt: int) -> int:
    try:
        return int(_getsockopt(sock, socket.IPPROTO_TCP, opt))
    except (OSError, ValueError, TypeError):
        return -1


def netstat(path: str = "/proc/net/netstat") -> dict[str, int]:
    """TcpExt counters (host-wide in the current network namespace), {} when unavailable."""
    try:
        with open(path, encoding="ascii") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return {}
    out: dict[str, int] = {}
    for head, vals in zip(lines[0::2], lines[1::2]):
        hname, _, hkeys = head.partition(":")
        vname, _, vvals = vals.partition(":")
        if hname != "TcpExt" or vname != "TcpExt":
            continue
        for key, val in zip(hkeys.split(), vvals.split()):
            try:
                out[key] = int(val)
            except ValueError:
                pass
    return out


def delayed_acks() -> int:
    """The host's TcpExtDelayedACKs counter, -1 when unavailable."""
    return netstat().get("DelayedACKs", -1)


def is_tcp(sock) -> bool:
    try:
        return (
            sock.family in (socket.AF_INET, socket.AF_INET6)
            and (sock.type & 0xF) == socket.SOCK_STREAM
            and sock.proto in (0, socket.IPPROTO_TCP)
        )
    except (OSError, AttributeError, ValueError):
        return False
