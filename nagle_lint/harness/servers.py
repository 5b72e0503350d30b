"""Built-in loopback peers for replay: they answer only after the whole message has arrived.

Every peer binds 127.0.0.1 / ::1 (or an address inside a namespace the harness created, see
delayline.py), serves one connection, and stops on EOF, on its stop flag, after ``max_messages``
or at its deadline, whichever comes first.
"""
from __future__ import annotations

import ipaddress
import socket
import threading
import time

from . import tcpinfo

LOOPBACK = ("127.0.0.1", "::1")
_extra_allowed: set[str] = set()  # addresses inside namespaces we created (delayline)


class TargetRefused(ValueError):
    """The harness binds and connects only loopback or its own namespaces."""


def allow_namespace_address(addr: str) -> None:
    _extra_allowed.add(addr)


def forget_namespace_address(addr: str) -> None:
    _extra_allowed.discard(addr)


def check_target(host: str) -> str:
    if host in _extra_allowed:
        return host
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        raise TargetRefused(f"refusing {host!r}: the harness only uses 127.0.0.1 or ::1") from None
    if not ip.is_loopback or (ip.version == 4 and str(ip) != "127.0.0.1"):
        raise TargetRefused(f"refusing {host!r}: the harness only uses 127.0.0.1 or ::1")
    return host


def recv_exact(sock: socket.socket, n: int, deadline: float, rearm_quickack: bool = False) -> bytes:
    """Read exactly n bytes (b"" on EOF before any byte); bounded by the deadline.
    rearm_quickack sets TCP_QUICKACK after every recv (the only way it helps: it is not sticky)."""
    chunks = []
    got = 0
    while got < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("peer deadline passed")
        sock.settimeout(left)
        data = sock.recv(min(65536, n - got))
        if rearm_quickack:
            sock.setsockopt(socket.IPPROTO_TCP, tcpinfo.TCP_QUICKACK, 1)
        if not data:
            if got:
                raise ConnectionError("EOF inside a message")
            return b""
        chunks.append(data)
        got += len(data)
    return b"".join(chunks)


class Peer(threading.Thread):
    """One-connection loopback peer.

    role "server": accept, then per message read ``expect`` bytes and answer ``reply``.
    The listening socket is created (and bound) in the constructor so ``address`` is known at once.
    ``quickack_once`` sets TCP_QUICKACK a single time on the accepted socket (the trap of seed 000:
    the kernel resets it).
    """

    def __init__(self, expect: int, reply: bytes = b"OK", host: str = "127.0.0.1",
                 quickack_once: bool = False, max_messages: int = 10_000,
                 deadline_s: float = 60.0, sock_factory=None, quickack_each: bool = False) -> None:
        super().__init__(name="nagle-lint-peer", daemon=True)
        check_target(host)
        self.expect = expect
        self.reply = reply
        self.quickack_once = quickack_once
        self.quickack_each = quickack_each
        self.max_messages = max_messages
        self.deadline = time.monotonic() + deadline_s
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.listener = (sock_factory or socket.socket)(family, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((host, 0))
        self.listener.listen(1)
        self.address = self.listener.getsockname()[:2]
        self.messages = 0
        self.error: BaseException | None = None
        self.conn: socket.socket | None = None

    def run(self) -> None:
        try:
            self.listener.settimeout(max(0.01, self.deadline - time.monotonic()))
            conn, _ = self.listener.accept()
            self.conn = conn
            if self.quickack_once:
                conn.setsockopt(socket.IPPROTO_TCP, tcpinfo.TCP_QUICKACK, 1)
            while self.messages < self.max_messages:
                msg = recv_exact(conn, self.expect, self.deadline, rearm_quickack=self.quickack_each)
                if not msg:
                    break
                conn.sendall(self.reply)
                self.messages += 1
        except (OSError, TimeoutError, ConnectionError) as exc:
            self.error = exc
        finally:
            self.close()

    def close(self) -> None:
        for s in (self.conn, self.listener):
            if s is not None:
                try:
                    s.close()
                except OSError:
                    pass

    def stop(self, timeout: float = 2.0) -> None:
        self.deadline = min(self.deadline, time.monotonic())
        if self.conn is not None:
            try:
                self.conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes a blocked accept()
        except OSError:
            pass
        self.join(timeout)
        self.close()
