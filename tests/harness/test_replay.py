"""replay: the built-in loopback peer, every variant, both directions."""
from __future__ import annotations

import json
import threading

import pytest

from nagle_lint.harness import cli, replay
from nagle_lint.harness.servers import Peer, TargetRefused, check_target


def test_client_side_table_like_seed000():
    res = replay.replay([16, 32], "client", requests=10, warmup=2)
    rows = {r.variant: r.row() for r in res.results}
    assert rows["as written"]["median_ms"] >= 30 and rows["as written"]["over_30ms"] >= 8
    assert rows["TCP_QUICKACK once"]["median_ms"] >= 30  # the trap: set once, reset by the kernel
    assert rows["TCP_QUICKACK per recv"]["median_ms"] < 5  # re-armed after every recv: no stall (NAG301)
    assert rows["TCP_QUICKACK per recv"]["delayed_acks"] < 3  # host-wide counter: allow stray ACKs
    for v in ("one write", "sendmsg", "TCP_NODELAY"):
        assert rows[v]["median_ms"] < 5, (v, rows[v])
        assert rows[v]["holds"] == 0
    assert rows["one write"]["data_segs"] == 10 and rows["TCP_NODELAY"]["data_segs"] == 20
    assert res.stalled
    table = replay.format_table(res)
    assert "as written" in table and "stall reproduced" in table
    assert not [t for t in threading.enumerate() if t.name.startswith("nagle-lint")]


def test_server_side_replays_in_reverse():
    res = replay.replay([0, 100], "server", requests=6, warmup=2,
                        variants=("as written", "one write"))
    rows = {r.variant: r.row() for r in res.results}
    assert rows["as written"]["median_ms"] >= 30
    assert rows["one write"]["median_ms"] < 5
    assert res.pieces == [replay.DEFAULT_FIRST, 100] and res.notes


def test_large_pieces_do_not_stall():
    res = replay.replay([70000, 70000], "client", requests=4, warmup=1, variants=("as written",))
    assert not res.stalled


def test_refuses_non_loopback_targets():
    for host in ("10.0.0.1", "8.8.8.8", "example.com", "127.0.0.2", "0.0.0.0"):
        with pytest.raises(TargetRefused):
            check_target(host)
        with pytest.raises(TargetRefused):
            Peer(expect=1, host=host)
    assert check_target("::1") == "::1"


def test_cli_replay_pieces(capsys, tmp_path):
    rc = cli.main(["replay", "--pieces", "16,32", "--requests", "5", "--output-format", "json",
                   "--report", str(tmp_path / "r.html")])
    assert rc == 1
    [out] = json.loads(capsys.readouterr().out)
    assert out["stall"] and [v["variant"] for v in out["variants"]] == list(replay.VARIANTS)
    assert cli.main(["replay"]) == 2
    assert cli.main(["replay", "--pieces", "x"]) == 2
    assert cli.main(["replay", "--pieces", "16", "--requests", "0"]) == 2
    assert cli.main(["replay", "/nonexistent.py:3"]) == 2


def test_cli_replay_path_with_engine(capsys):
    try:
        import nagle_lint.engine  # noqa: F401
    except ImportError:
        pytest.skip("nagle_lint.engine not available yet")
    from .helpers import data, line_of

    rc = cli.main(["replay", f"{data('seed000_client.py')}:{line_of('seed000_client.py', 'SEND-BODY')}",
                   "--requests", "5"])
    out = capsys.readouterr().out
    assert rc in (0, 1)
    if "as written" in out:
        assert rc == 1


def test_one_shot_lifetime_replays_one_exchange_per_connection():
    res = replay.replay([16, 32], "client", requests=6, variants=("as written",), lifetime="one-shot")
    [r] = res.results
    assert len(r.latencies_ms) == 6 and not res.stalled  # quick-ACK start: never a stall
    assert "each on a new connection" in replay.format_table(res)
    kept = replay.replay([16, 32], "client", requests=6, warmup=2, variants=("as written",))
    assert kept.stalled  # the same pieces on one kept connection do stall


def test_lifetime_follows_the_code():
    from nagle_lint.harness.lifetime import lifetime_from_source

    one_shot = (
        "import socket\n"
        "def f(addr):\n"
        "    for _ in range(3):\n"
        "        c = socket.create_connection(addr)\n"
        "        c.send(b'h')\n"
        "        c.send(b'b')\n"
        "        c.recv(2)\n"
        "        c.close()\n")
    assert lifetime_from_source(one_shot, 6, "c") == "one-shot"
    kept = one_shot.replace("    for _ in range(3):\n        c = socket.create_connection(addr)\n",
                            "    c = socket.create_connection(addr)\n    for _ in range(3):\n")
    assert lifetime_from_source(kept, 6, "c") == "kept"
    with_stmt = ("import socket\ndef f(a):\n    with socket.create_connection(a) as c:\n"
                 "        c.send(b'h')\n        c.send(b'b')\n        c.recv(2)\n")
    assert lifetime_from_source(with_stmt, 5, "c") == "one-shot"
    attr = "class K:\n    def go(self):\n        self.c.send(b'h')\n        self.c.send(b'b')\n"
    assert lifetime_from_source(attr, 4, "c") == "kept"


def test_cli_replay_of_a_one_shot_site_has_nothing_to_replay(capsys):
    """The analyser does not report a split on a one-shot connection (its first data is ACKed at
    once), so replay and confirm agree that there is no stall to show."""
    from .helpers import data

    rc = cli.main(["replay", data("one_shot.py"), "--requests", "4", "--output-format", "json"])
    captured = capsys.readouterr()
    assert rc == 0 and "no split-write finding" in captured.err and captured.out.strip() in ("", "[]")
