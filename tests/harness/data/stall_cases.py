"""Tests the pytest plugin is run on (copied to a temp dir as test_stall_cases.py)."""
import socket
import threading


def _serve(listener):
    conn, _ = listener.accept()
    with conn:
        while True:
            buf = b""
            while len(buf) < 48:
                data = conn.recv(64)
                if not data:
                    return
                buf += data
            conn.sendall(b"OK")


def _client():
    listener = socket.create_server(("127.0.0.1", 0))
    t = threading.Thread(target=_serve, args=(listener,), daemon=True)
    t.start()
    return listener, t, socket.create_connection(listener.getsockname())


def test_split_request():
    listener, t, c = _client()
    for _ in range(4):
        c.send(b"H" * 16)
        c.send(b"B" * 32)
        assert c.recv(2) == b"OK"
    c.close()
    listener.close()
    t.join(5)


def test_one_write():
    listener, t, c = _client()
    for _ in range(4):
        c.sendall(b"H" * 16 + b"B" * 32)
        assert c.recv(2) == b"OK"
    c.close()
    listener.close()
    t.join(5)


def test_probe_inert_unless_asked(request):
    if request.config.getoption("nagle", None):
        assert getattr(socket.socket.send, "__nagle_probe__", False)
    else:
        assert "send" not in vars(socket.socket)


def test_fixture(nagle_probe):
    listener, t, c = _client()
    for _ in range(3):
        c.send(b"H" * 16)
        c.send(b"B" * 32)
        c.recv(2)
    c.close()
    listener.close()
    t.join(5)
    assert nagle_probe.stalls() and nagle_probe.verdict().startswith("stall")
    assert any(e[1] == "send" for e in nagle_probe.events)


def test_cork_never_cleared():
    listener, t, c = _client()
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
    for _ in range(2):
        c.sendall(b"R" * 48)
        assert c.recv(2) == b"OK"
    c.close()
    listener.close()
    t.join(5)
