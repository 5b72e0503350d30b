"""The probe in-process: real sockets on loopback, no mocks."""
from __future__ import annotations

import socket
import ssl
import threading

import pytest

from nagle_lint.harness import probe as probe_mod
from nagle_lint.harness import tcpinfo, verdict


def _class_state():
    return {cls: dict(vars(cls)) for cls in (socket.socket, ssl.SSLSocket)}


class Server:
    """Answers b"OK" once a whole 48-byte message has arrived."""

    def __init__(self, size: int = 48) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.size = size
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        conn, _ = self.listener.accept()
        with conn:
            while True:
                buf = b""
                while len(buf) < self.size:
                    data = conn.recv(4096)
                    if not data:
                        return
                    buf += data
                conn.sendall(b"OK")

    def close(self) -> None:
        self.listener.close()
        self.thread.join(5)


@pytest.fixture
def installed():
    before = _class_state()
    p = probe_mod.install()
    try:
        yield p
    finally:
        p.uninstall()
        assert _class_state() == before


def test_uninstall_restores_every_method_and_stops_the_watcher():
    before = _class_state()
    threads = set(threading.enumerate())
    p = probe_mod.install()
    assert socket.socket.send is not before[socket.socket].get("send")
    assert getattr(socket.socket.send, "__nagle_probe__", False)
    srv = Server()
    c = socket.create_connection(srv.listener.getsockname())
    for _ in range(3):
        c.send(b"h" * 16)
        c.send(b"b" * 32)
        c.recv(2)
    c.close()
    srv.close()
    p.uninstall()
    assert _class_state() == before
    assert "send" not in vars(socket.socket)  # inherited from _socket.socket again
    assert probe_mod.active() is None
    assert {t for t in threading.enumerate() if t.name.startswith("nagle-lint")} - threads == set()


def test_stall_detected_at_the_held_write(installed):
    srv = Server()
    c = socket.create_connection(srv.listener.getsockname())
    for _ in range(4):
        c.send(b"h" * 16)
        c.send(b"b" * 32)  # HELD
        c.recv(2)
    c.close()
    srv.close()
    installed.wait_idle(1)
    stalls = [h for h in installed.holds if verdict.is_stall(h)]
    assert len(stalls) >= 2  # the first request is in the quick-ACK phase
    h = stalls[-1]
    assert h["site_loc"][0] == __file__ and h["prev_loc"][0] == __file__
    assert h["site_loc"][1] == h["prev_loc"][1] + 1
    assert h["flight"] == [16, 32] and h["nodelay"] == 0 and h["notsent"] == 32
    ops = [e[1] for e in installed.events if e[0] == stalls[-1]["sid"]]
    assert ops.count("send") == 8 and "recv" in ops


def test_nodelay_socket_never_holds(installed):
    srv = Server()
    c = socket.create_connection(srv.listener.getsockname())
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for _ in range(4):
        c.send(b"h" * 16)
        c.send(b"b" * 32)
        c.recv(2)
    c.close()
    srv.close()
    installed.wait_idle(1)
    assert installed.holds == []
    assert len([e for e in installed.events if e[1] == "send"]) == 8


def test_makefile_unbuffered_writes_are_seen_and_sendmsg_is_one_write(installed):
    srv = Server()
    c = socket.create_connection(srv.listener.getsockname())
    w = c.makefile("wb", buffering=0)
    for _ in range(3):
        w.write(b"h" * 16)
        w.write(b"b" * 32)
        c.recv(2)
    for _ in range(3):
        c.sendmsg([b"h" * 16, b"b" * 32])
        c.recv(2)
    w.close()
    c.close()
    srv.close()
    installed.wait_idle(1)
    stalls = [h for h in installed.holds if verdict.is_stall(h)]
    assert stalls and all(h["flight"] == [16, 32] for h in stalls)
    assert len([e for e in installed.events if e[1] == "sendmsg" and e[2] == 48]) == 3


def test_probe_does_not_change_results_or_errors(installed):
    a, b = socket.socketpair()  # AF_UNIX: not TCP, not recorded, still works
    a.sendall(b"xyz")
    assert b.recv(10) == b"xyz"
    a.close()
    b.close()
    srv = Server(size=3)
    c = socket.create_connection(srv.listener.getsockname())
    assert c.send(b"abc") == 3
    buf = bytearray(2)
    assert c.recv_into(buf) == 2 and bytes(buf) == b"OK"
    c.setblocking(False)
    with pytest.raises(BlockingIOError):
        c.recv(10)
    c.close()
    with pytest.raises(OSError):
        c.send(b"x")
    srv.close()
    assert any(e[1] == "EAGAIN" for e in installed.events)
    assert all(e[0] for e in installed.events)


def test_force_nodelay_sets_the_option_before_connect_and_after_accept():
    p = probe_mod.install(force_nodelay=True)
    try:
        lst = socket.create_server(("127.0.0.1", 0))
        c = socket.create_connection(lst.getsockname())
        s, _ = lst.accept()
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 0)  # ignored in the counterfactual
        assert tcpinfo.sockopt(c, socket.TCP_NODELAY) == 1
        assert tcpinfo.sockopt(s, socket.TCP_NODELAY) == 1
        for x in (c, s, lst):
            x.close()
    finally:
        p.uninstall()


def test_classify_file():
    assert probe_mod.classify_file(socket.__file__) == 0
    assert probe_mod.classify_file(probe_mod.__file__) == 0
    assert probe_mod.classify_file(threading.__file__) == 1
    assert probe_mod.classify_file(__file__) == 2
    assert probe_mod.classify_file(pytest.__file__) == 2  # site-packages is not the stdlib


def test_tcpinfo_fields_and_netstat():
    lst = socket.create_server(("127.0.0.1", 0))
    c = socket.create_connection(lst.getsockname())
    s, _ = lst.accept()
    info = tcpinfo.read(c)
    assert info["snd_mss"] > 0 and info["state"] == 1  # ESTABLISHED
    assert tcpinfo.read(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) == {}
    assert tcpinfo.delayed_acks() >= 0
    for x in (c, s, lst):
        x.close()
    assert tcpinfo.read_raw(c) == b""


def test_bulk_upload_in_small_writes_times_one_hold_at_a_time(installed):
    """2 MB in 1 KiB writes: holds on one socket never overlap, so their stalls cannot add up to
    more than the upload took (a watcher timing every piece used to report hundreds)."""
    import time

    total = 2 * 1024 * 1024
    lst = socket.create_server(("127.0.0.1", 0))

    def drain():
        conn, _ = lst.accept()
        got = 0
        with conn:
            while got < total:
                data = conn.recv(65536)
                if not data:
                    return
                got += len(data)
            conn.sendall(b"OK")

    t = threading.Thread(target=drain, daemon=True)
    t.start()
    c = socket.create_connection(lst.getsockname())
    t0 = time.monotonic_ns()
    for _ in range(total // 1024):
        c.sendall(b"x" * 1024)
    assert c.recv(2) == b"OK"
    wall = time.monotonic_ns() - t0
    c.close()
    t.join(5)
    lst.close()
    installed.wait_idle(2)
    mine = sorted(installed.holds, key=lambda h: h["t"])
    for a, b in zip(mine, mine[1:]):
        if a["sid"] == b["sid"]:
            assert a["t"] + a["dur_ns"] <= b["t"] + 1_000_000  # one timed hold at a time (1 ms slack)
    stalls = [h for h in mine if verdict.is_stall(h)]
    assert sum(h["dur_ns"] for h in stalls) <= wall


def test_a_socket_closing_while_the_program_exits_is_in_the_snapshot(installed, monkeypatch):
    # The exit dump may run while another thread is inside close(): that socket must still be listed.
    srv = Server()
    c = socket.create_connection(srv.listener.getsockname())
    c.sendall(b"x" * 48)
    c.recv(2)
    taken = []
    read = tcpinfo.read

    def read_during_close(sock):
        monkeypatch.setattr(tcpinfo, "read", read)  # once: the snapshot reads TCP_INFO itself
        taken.append(installed.snapshot())
        return read(sock)

    monkeypatch.setattr(tcpinfo, "read", read_during_close)
    c.close()
    srv.close()
    [during] = taken
    after = installed.snapshot()
    for snap in (during, after):
        mine = [s for s in snap["sockets"] if s["side"] == "client" and s["sends"] == 1]
        assert len(mine) == 1, snap["sockets"]


def test_a_close_run_while_the_probe_holds_its_lock_does_not_hang(installed, monkeypatch):
    # a signal handler or a finaliser closing a socket can interrupt the thread inside the
    # probe's own bookkeeping; its close() must not wait for a lock that thread holds
    srv = Server()
    first = socket.create_connection(srv.listener.getsockname())
    second = socket.socket()
    second.bind(("127.0.0.1", 0))
    second.listen()
    other = socket.create_connection(second.getsockname())
    describe = installed._describe
    closing = [other]

    def describe_then_close(st):
        while closing:
            closing.pop().close()  # (what a handler run at this moment would do)
        return describe(st)

    monkeypatch.setattr(installed, "_describe", describe_then_close)
    done = threading.Event()
    worker = threading.Thread(target=lambda: (first.close(), done.set()), daemon=True)
    worker.start()
    worker.join(5)
    assert done.is_set(), "close() hung on the probe's lock"  # (before any other close would hang too)
    monkeypatch.setattr(installed, "_describe", describe)
    second.close()
    srv.close()
