"""Pictures: a before/after latency histogram for the terminal and a self-contained HTML report
(inline SVG, no scripts, no network) with the same histogram and a per-request timeline.
"""
from __future__ import annotations

import html
import math

from . import verdict

# log-spaced bucket edges in ms; the delayed-ACK stall lands in 40-50
EDGES = (0.0, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 40, 50, 100, 200, 500, math.inf)


def _buckets(values: list[float]) -> list[int]:
    counts = [0] * (len(EDGES) - 1)
    for v in values:
        for i in range(len(EDGES) - 1):
            if EDGES[i] <= v < EDGES[i + 1]:
                counts[i] += 1
                break
    return counts


def _label(i: int) -> str:
    lo, hi = EDGES[i], EDGES[i + 1]
    if hi == math.inf:
        return f">= {lo:g} ms"
    return f"{lo:g}-{hi:g} ms"


def histogram(before: list[float], after: list[float], width: int = 40,
              labels=("as is", "fixed")) -> str:
    """Two bars per bucket: '#' as is, '=' fixed; empty buckets at both ends trimmed."""
    cb, ca = _buckets(before), _buckets(after)
    used = [i for i in range(len(cb)) if cb[i] or ca[i]]
    if not used:
        return "(no requests)"
    top = max(max(cb), max(ca), 1)
    lines = [f"latency per request   # {labels[0]} (n={len(before)})   = {labels[1]} (n={len(after)})"]
    gap = False
    for i in range(used[0], used[-1] + 1):
        if not cb[i] and not ca[i]:
            if not gap:
                lines.append(" " * 13 + " :")
            gap = True
            continue
        gap = False
        lab = _label(i).rjust(13)
        for ch, c in (("#", cb[i]), ("=", ca[i])):
            if c:
                lines.append(f"{lab} |{ch * max(1, round(c * width / top))} {c}")
                lab = " " * 13
    return "\n".join(lines)


def _svg_hist(before: list[float], after: list[float]) -> str:
    cb, ca = _buckets(before), _buckets(after)
    used = [i for i in range(len(cb)) if cb[i] or ca[i]] or [0]
    idx = list(range(used[0], used[-1] + 1))
    top = max(max(cb), max(ca), 1)
    bw, h, pad = 44, 160, 30
    w = pad + len(idx) * bw + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 60}">']
    for k, i in enumerate(idx):
        x = pad + k * bw
        for j, (c, color) in enumerate(((cb[i], "#c0392b"), (ca[i], "#27ae60"))):
            bh = c * h / top
            parts.append(f'<rect x="{x + j * 18 + 4}" y="{h - bh + 10}" width="16" height="{bh}" fill="{color}">'
                         f'<title>{html.escape(_label(i))}: {c}</title></rect>')
        parts.append(f'<text x="{x + 4}" y="{h + 25}" font-size="9" transform="rotate(30 {x + 4} {h + 25})">'
                     f'{html.escape(_label(i))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_timeline(waits: list[float], color: str) -> str:
    if not waits:
        return "<p>(no requests)</p>"
    h, w = 140, max(300, min(1200, 6 * len(waits) + 40))
    top = max(max(waits), 1.0)
    step = (w - 40) / max(1, len(waits))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 20}">']
    y30 = h - 30 * h / top + 5
    if top >= 30:
        parts.append(f'<line x1="30" x2="{w}" y1="{y30}" y2="{y30}" stroke="#999" stroke-dasharray="4"/>'
                     f'<text x="0" y="{y30 + 3}" font-size="9">30 ms</text>')
    for k, v in enumerate(waits):
        bh = v * h / top
        parts.append(f'<rect x="{30 + k * step}" y="{h - bh + 5}" width="{max(1, step - 1)}" height="{bh}" '
                     f'fill="{color}"><title>request {k + 1}: {v:.3f} ms</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


def html_report(title: str, sections: list[dict]) -> str:
    """sections: {"name", "before": [ms], "after": [ms], "table": str (preformatted), "flow": str}."""
    out = ["<!doctype html><html><head><meta charset='utf-8'>",
           f"<title>{html.escape(title)}</title>",
           "<style>body{font-family:sans-serif;margin:2em}pre{background:#f6f6f6;padding:1em}"
           ".k{color:#c0392b}.f{color:#27ae60}</style></head><body>",
           f"<h1>{html.escape(title)}</h1>"]
    for s in sections:
        before, after = s.get("before", []), s.get("after", [])
        sb, sa = verdict.summary(before), verdict.summary(after)
        out.append(f"<h2>{html.escape(s['name'])}</h2>")
        out.append(f"<p><span class='k'>as is</span>: n={sb['n']}, median {sb['median_ms']} ms, "
                   f"p99 {sb['p99_ms']} ms, "
                   f"{sb['over_30ms']} over 30 ms. <span class='f'>fixed</span>: n={sa['n']}, "
                   f"median {sa['median_ms']} ms, "
                   f"p99 {sa['p99_ms']} ms, {sa['over_30ms']} over 30 ms.</p>")
        if s.get("table"):
            out.append(f"<pre>{html.escape(s['table'])}</pre>")
        out.append("<h3>Latency histogram</h3>" + _svg_hist(before, after))
        out.append("<h3>Per-request timeline, as is</h3>" + _svg_timeline(before, "#c0392b"))
        out.append("<h3>Per-request timeline, fixed</h3>" + _svg_timeline(after, "#27ae60"))
        if s.get("flow"):
            out.append(f"<h3>Packet flow of one stalled request</h3><pre>{html.escape(s['flow'])}</pre>")
    out.append("</body></html>")
    return "\n".join(out)


def write_report(path: str, title: str, sections: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(html_report(title, sections))
