"""Root-only extras: packet capture on lo and the TUN delay line. Skip cleanly otherwise."""
from __future__ import annotations

import os
import threading

import pytest

from nagle_lint.harness import capture, delayline, replay

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root")


def test_unprivileged_paths_skip_with_a_reason(monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    res, flow = capture.replay_with_capture([16, 32], "client", 2, 1)
    assert flow.startswith("--capture skipped: needs root")
    assert res.results  # the replay itself still ran
    r = delayline.replay_with_rtt([16, 32], "client", 20.0, requests=2)
    assert not r.results and any("skipped" in n for n in r.notes)


def test_bpf_filter_is_13_instructions():
    assert len(capture.bpf_port_filter(8080)) == 13 * 8


@needs_root
def test_capture_draws_the_stalled_request():
    res, flow = capture.replay_with_capture([16, 32], "client", 3, 2)
    assert res.stalled
    lines = flow.splitlines()
    assert "delayed ACK after" in flow and "held piece" in flow and "reply" in flow
    held = [ln for ln in lines if "held piece" in ln][0]
    assert float(held.split()[0]) >= 30  # the held piece leaves only after the delayed ACK
    assert not [t for t in threading.enumerate() if t.name == "nagle-lint-capture"]


@needs_root
@pytest.mark.skipif(not os.path.exists("/dev/net/tun"), reason="/dev/net/tun missing")
def test_rtt_delay_line_adds_round_trips_and_cleans_up():
    before = set(delayline.leftovers())
    r = delayline.replay_with_rtt([16, 32], "client", 20.0, requests=4, warmup=2)
    rows = {x.variant: x.row() for x in r.results}
    assert rows["one write"]["median_ms"] >= 20  # one emulated round trip
    assert rows["as written"]["median_ms"] >= rows["one write"]["median_ms"] + 30
    assert set(delayline.leftovers()) == before
    assert not [t for t in threading.enumerate() if t.name.startswith("nagle-lint")]


@needs_root
@pytest.mark.skipif(not os.path.exists("/dev/net/tun"), reason="/dev/net/tun missing")
def test_delay_line_removed_on_error():
    before = set(delayline.leftovers())
    with pytest.raises(RuntimeError):
        with delayline.DelayLine(5.0) as dl:
            assert set(delayline.leftovers()) - before  # it exists while open
            assert dl.socket_in(0).family == 2
            raise RuntimeError("boom")
    assert set(delayline.leftovers()) == before
    with pytest.raises(Exception):
        replay.check_target(delayline.ADDR_A)  # allowed only while the namespaces exist
