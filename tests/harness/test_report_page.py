"""The confirm report page: one shared log latency scale with ticks and units, a legend, the
verdict table and the probe overhead; rendered in a real headless browser (skipped without one)."""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib

import pytest

from nagle_lint.harness import confirm as cf
from nagle_lint.harness import plots

from .helpers import PY, data

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _browser() -> str | None:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def _png_pixels(path: str) -> tuple[int, int, list[bytes]]:
    """Width, height and raw RGB(A) rows of an 8-bit PNG (no image library needed)."""
    with open(path, "rb") as fh:
        blob = fh.read()
    assert blob[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    w = h = 0
    color = 0
    while pos < len(blob):
        n, kind = struct.unpack(">I4s", blob[pos:pos + 8])
        body = blob[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = {2: 3, 6: 4}[color]
    raw = zlib.decompress(idat)
    rows, prev, stride = [], bytearray(w * bpp), w * bpp
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[j] for k in range(0, stride, bpp) for j in (k, k + 1, k + 2)))
        prev = line
    return w, h, rows


def _count(rows, rgb) -> int:
    target = bytes(rgb)
    return sum(sum(1 for i in range(0, len(r), 3) if r[i:i + 3] == target) for r in rows)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    rep = cf.confirm([PY, data("seed000_client.py"), "10"], findings=[], timeout=30)
    assert rep.exit_code() == 1
    path = tmp_path_factory.mktemp("report") / "report.html"
    plots.write_confirm_report(str(path), rep)
    return path, rep


def test_page_has_a_shared_labelled_log_scale_legend_verdicts_and_overhead(page):
    path, rep = page
    text = path.read_text()
    assert "result: stall confirmed" in text and "exit 1" in text
    assert "<th>verdict</th>" in text and "NAG501" in text and "16+32 B" in text
    assert "probe cost per call" in text and "probe share of run time" in text
    # one scale for the page, spanning both runs, its decades labelled with units on every chart
    before = rep.misses[0]["waits_before_ms"]
    after = rep.misses[0]["waits_after_ms"]
    scale = plots.LogScale(before + after)
    assert scale.lo <= min(before + after) and scale.hi >= max(before + after)
    labels = [plots._fmt_tick(t) for t in scale.ticks()]
    charts = re.findall(r"<svg[^>]*class='timeline'.*?</svg>", text, re.S)
    assert charts
    for chart in charts:
        ticks = re.findall(r"text-anchor='end'[^>]*>([^<]+)</text>", chart)
        assert ticks == labels
    assert "latency per request (log scale)" in text and "30 ms" in text
    assert "as is (n=" in text and "TCP_NODELAY forced (n=" in text


def test_log_scale_spans_both_runs():
    s = plots.LogScale([0.004, 44.0])
    assert s.lo == 0.001 and s.hi == 100.0 and s.ticks()[0] == 0.001 and len(s.ticks()) == 6
    assert 0 < s.frac(0.004) < s.frac(1) < s.frac(44) < 1


def test_screenshot_in_a_headless_browser(page, tmp_path):
    browser = _browser()
    if browser is None:
        pytest.skip("no headless browser installed (chromium or google-chrome)")
    path, _ = page
    png = tmp_path / "shot.png"
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
           f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={png}", "--window-size=1200,1400",
           path.as_uri()]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if not png.exists():
        pytest.skip(f"{os.path.basename(browser)} could not take a screenshot: "
                    f"{(proc.stderr.strip().splitlines() or ['no output'])[-1][:200]}")
    w, h, rows = _png_pixels(str(png))
    assert (w, h) == (1200, 1400)
    red = _count(rows, (0xC0, 0x39, 0x2B))
    green = _count(rows, (0x1E, 0x84, 0x49))
    assert red > 500 and green > 300, (red, green)  # both runs' bars and the legend were drawn
    white = _count(rows[:50], (255, 255, 255))
    assert white < w * 50  # not a blank page
