"""Root only: an emulated round-trip time between two network namespaces, without netem.

Two namespaces (``nagl<id>a`` with 10.213.1.1/24, ``nagl<id>b`` with 10.213.2.1/24) are joined by
two TUN devices whose file descriptors stay in this process; a forwarder thread reads a packet
from one device and writes it to the other ``one_way_ms`` later. The TUN MTU is 1500, so the MSS
is a realistic ~1448 instead of lo's 65483.

Sockets are created inside a namespace by a short-lived helper thread that calls setns(2) (a
socket keeps the namespace it was created in), so no code runs through ``ip netns exec``.

Namespaces and devices are always removed: ``close()`` runs from ``finally``, on SIGTERM / SIGINT
(handlers installed for the lifetime of the delay line when on the main thread) and at exit.
Deleting a namespace also deletes the TUN device inside it.
"""
from __future__ import annotations

import atexit
import ctypes
import fcntl
import heapq
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import threading
import time
import uuid

from . import servers, tcpinfo

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
CLONE_NEWNET = 0x40000000
ADDR_A, ADDR_B = "10.213.1.1", "10.213.2.1"
MAX_PACKETS = 2_000_000
MAX_SECONDS = 600.0

_live: set["DelayLine"] = set()


def available() -> tuple[bool, str]:
    if not os.path.exists("/dev/net/tun"):
        return False, "/dev/net/tun is missing"
    if os.geteuid() != 0:
        return False, "needs root"
    if shutil.which("ip") is None:
        return False, "the ip command (iproute2) is missing"
    return True, ""


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10, check=check)


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def in_namespace(name: str, fn):
    """Run fn() on a fresh thread whose network namespace is ``name``; return its result."""
    box: dict = {}

    def run() -> None:
        try:
            fd = os.open(f"/var/run/netns/{name}", os.O_RDONLY)
            try:
                if _libc().setns(fd, CLONE_NEWNET) != 0:
                    err = ctypes.get_errno()
                    raise OSError(err, f"setns: {os.strerror(err)}")
            finally:
                os.close(fd)
            box["value"] = fn()
        except BaseException as exc:  # handed back to the caller
            box["error"] = exc

    t = threading.Thread(target=run, name="nagle-lint-netns", daemon=True)
    t.start()
    t.join(10)
    if "error" in box:
        raise box["error"]
    return box.get("value")


class DelayLine:
    def __init__(self, one_way_ms: float) -> None:
        ok, why = available()
        if not ok:
            raise PermissionError(why)
        if not 0 <= one_way_ms <= 500:
            raise ValueError("one-way delay must be 0..500 ms")
        self.delay_ns = int(one_way_ms * 1e6)
        tag = uuid.uuid4().hex[:6]
        self.ns = (f"nagl{tag}a", f"nagl{tag}b")
        self.dev = (f"ntun{tag}a", f"ntun{tag}b")
        self.fds: list[int] = []
        self.forwarded = 0
        self.late_ns: list[int] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._old_handlers: dict = {}

    # -------------------------------------------------------------------- lifecycle
    def open(self) -> "DelayLine":
        _live.add(self)
        self._install_signal_handlers()
        try:
            for ns, dev, addr, other in ((self.ns[0], self.dev[0], ADDR_A, "10.213.2.0/24"),
                                         (self.ns[1], self.dev[1], ADDR_B, "10.213.1.0/24")):
                _ip("netns", "add", ns)
                fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
                self.fds.append(fd)
                fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH22x", dev.encode(), IFF_TUN | IFF_NO_PI))
                _ip("link", "set", dev, "netns", ns)
                _ip("-n", ns, "link", "set", "lo", "up")
                _ip("-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
                _ip("-n", ns, "link", "set", dev, "up")
                _ip("-n", ns, "route", "add", other, "dev", dev)
                for key in ("all", dev):
                    subprocess.run(["ip", "netns", "exec", ns, "sysctl", "-qw",
                                    f"net.ipv4.conf.{key}.rp_filter=0"], capture_output=True, timeout=10)
            servers.allow_namespace_address(ADDR_A)
            servers.allow_namespace_address(ADDR_B)
            self._thread = threading.Thread(target=self._forward, name="nagle-lint-delayline", daemon=True)
            self._thread.start()
        except BaseException:
            self.close()
            raise
        return self

    def __enter__(self) -> "DelayLine":
        return self.open()

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2)
        for fd in self.fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self.fds = []
        for ns in self.ns:
            _ip("netns", "del", ns, check=False)
        servers.forget_namespace_address(ADDR_A)
        servers.forget_namespace_address(ADDR_B)
        self._restore_signal_handlers()
        _live.discard(self)

    def _install_signal_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return

        def handler(signum, frame):
            self.close()
            old = self._old_handlers.get(signum)
            if callable(old):
                old(signum, frame)
            raise KeyboardInterrupt if signum == signal.SIGINT else SystemExit(128 + signum)

        for sig in (signal.SIGTERM, signal.SIGINT):
            self._old_handlers[sig] = signal.getsignal(sig)
            signal.signal(sig, handler)

    def _restore_signal_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for sig, old in self._old_handlers.items():
            try:
                signal.signal(sig, old if old is not None else signal.SIG_DFL)
            except (ValueError, TypeError):
                pass
        self._old_handlers = {}

    # -------------------------------------------------------------------- forwarding
    def _forward(self) -> None:
        a, b = self.fds
        other = {a: b, b: a}
        heap: list[tuple[int, int, int, bytes]] = []
        seq = 0
        end = time.monotonic() + MAX_SECONDS
        while not self._stop.is_set() and time.monotonic() < end and self.forwarded < MAX_PACKETS:
            now = time.monotonic_ns()
            while heap and heap[0][0] <= now:
                due, _, fd, pkt = heapq.heappop(heap)
                try:
                    os.write(fd, pkt)
                    self.forwarded += 1
                    if len(self.late_ns) < 100_000:
                        self.late_ns.append(time.monotonic_ns() - due)
                except OSError:
                    pass
            wait = 0.05 if not heap else max(0.0, (heap[0][0] - time.monotonic_ns()) / 1e9)
            try:
                r, _, _ = select.select([a, b], [], [], min(wait, 0.05))
            except (OSError, ValueError):
                return
            for fd in r:
                for _ in range(64):
                    try:
                        pkt = os.read(fd, 65536)
                    except (BlockingIOError, OSError):
                        break
                    seq += 1
                    heapq.heappush(heap, (time.monotonic_ns() + self.delay_ns, seq, other[fd], pkt))

    # -------------------------------------------------------------------- helpers
    def socket_in(self, side: int, family=socket.AF_INET, type=socket.SOCK_STREAM) -> socket.socket:
        return in_namespace(self.ns[side], lambda: socket.socket(family, type))

    def delayed_acks(self, side: int) -> int:
        def read() -> int:
            return tcpinfo.netstat("/proc/thread-self/net/netstat").get("DelayedACKs", -1)

        try:
            return in_namespace(self.ns[side], read)
        except OSError:
            return -1


@atexit.register
def _cleanup_at_exit() -> None:
    for dl in list(_live):
        dl.close()


def leftovers() -> list[str]:
    """Namespaces or links this module may have left (for tests): names starting nagl / ntun."""
    out = []
    try:
        out += [n for n in os.listdir("/var/run/netns") if n.startswith("nagl")]
    except OSError:
        pass
    try:
        out += [n for n in os.listdir("/sys/class/net") if n.startswith("ntun")]
    except OSError:
        pass
    return out


def replay_with_rtt(pieces, side: str, rtt_ms: float, requests: int = 10, warmup: int = 2,
                    label: str = "", variants=("as written", "one write", "TCP_NODELAY")):
    """Replay across the delay line (one-way delay = rtt/2); notes say why when it cannot run."""
    from . import replay  # noqa: PLC0415

    pieces, notes = replay.normalise_pieces(pieces)
    out = replay.ReplayResult(pieces, side, requests, warmup, label=label, rtt=f"{rtt_ms:g} ms")
    out.notes.extend(notes)
    ok, why = available()
    if not ok:
        out.notes.append(f"--rtt skipped: {why}")
        return out
    with DelayLine(rtt_ms / 2.0) as dl:
        t0 = time.monotonic()
        for v in variants:
            out.results.append(replay.run_variant(
                pieces, side, v, requests, warmup, host=ADDR_A, peer_host=ADDR_B, deadline_s=30.0,
                writer_factory=lambda fam, typ: dl.socket_in(0, fam, typ),
                reader_factory=lambda fam, typ: dl.socket_in(1, fam, typ),
                netstat=lambda: dl.delayed_acks(1)))
            if v == "as written":
                out.time_to_verdict_s = round(time.monotonic() - t0, 3)
        if dl.late_ns:
            late = sorted(dl.late_ns)
            out.notes.append(f"delay line: {dl.forwarded} packets, lateness median "
                             f"{late[len(late) // 2] / 1e3:.0f} us, max {late[-1] / 1e3:.0f} us")
    return out
