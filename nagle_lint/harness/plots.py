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


RED, GREEN, GREY = "#c0392b", "#1e8449", "#555"
FONT = "font-family='sans-serif' font-size='11'"


def _fmt_tick(ms: float) -> str:
    if ms >= 1000:
        return f"{ms / 1000:g} s"
    return f"{ms:g} ms"


class LogScale:
    """One latency scale for every chart of a page: decades from floor to ceiling, in ms."""

    def __init__(self, values: list[float]) -> None:
        pos = [v for v in values if v > 0]
        lo = min(pos) if pos else 0.01
        hi = max(pos) if pos else 100.0
        self.lo = 10 ** math.floor(math.log10(max(lo, 0.001)))
        self.hi = 10 ** math.ceil(math.log10(max(hi, self.lo * 10, 50.0)))
        if self.hi <= self.lo:
            self.hi = self.lo * 10

    def frac(self, v: float) -> float:
        v = min(max(v, self.lo), self.hi)
        return (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))

    def ticks(self) -> list[float]:
        out, t = [], self.lo
        while t <= self.hi * 1.0001:
            out.append(t)
            t *= 10
        return out


def _legend(x: float, y: float, before_label: str, after_label: str) -> str:
    return (f"<g class='legend'><rect x='{x}' y='{y}' width='12' height='12' fill='{RED}'/>"
            f"<text x='{x + 17}' y='{y + 10}' {FONT}>{html.escape(before_label)}</text>"
            f"<rect x='{x + 230}' y='{y}' width='12' height='12' fill='{GREEN}'/>"
            f"<text x='{x + 247}' y='{y + 10}' {FONT}>{html.escape(after_label)}</text></g>")


def svg_timeline(before: list[float], after: list[float], scale: LogScale,
                 labels=("as is", "fixed")) -> str:
    """Per-request latency, both runs side by side on the page's shared log scale, with ticks,
    units, the 30 ms stall threshold and a legend."""
    left, top, h = 70, 30, 220
    n = max(len(before), len(after), 1)
    step = max(3.0, min(14.0, 700.0 / n))
    plot_w = step * n
    w = max(left + 2 * plot_w + 60, 560)  # room for the legend
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{w:.0f}' height='{top + h + 60}' "
             f"class='timeline'>"]
    parts.append(_legend(left, 6, f"{labels[0]} (n={len(before)})", f"{labels[1]} (n={len(after)})"))
    for t in scale.ticks():
        y = top + h - scale.frac(t) * h
        parts.append(f"<line x1='{left - 5}' x2='{left + 2 * plot_w + 20}' y1='{y:.1f}' y2='{y:.1f}' "
                     f"stroke='#ddd'/><text x='{left - 8}' y='{y + 4:.1f}' text-anchor='end' {FONT}>"
                     f"{_fmt_tick(t)}</text>")
    if scale.lo < verdict.STALL_MS < scale.hi:
        y = top + h - scale.frac(verdict.STALL_MS) * h
        parts.append(f"<line x1='{left}' x2='{left + 2 * plot_w + 20}' y1='{y:.1f}' y2='{y:.1f}' "
                     f"stroke='{GREY}' stroke-dasharray='5,3'/><text x='{left + 2 * plot_w + 22}' "
                     f"y='{y + 4:.1f}' {FONT} fill='{GREY}'>30 ms</text>")
    for k, (vals, color, x0) in enumerate(((before, RED, left), (after, GREEN, left + plot_w + 20))):
        for i, v in enumerate(vals):
            y = top + h - scale.frac(v) * h
            parts.append(f"<rect x='{x0 + i * step:.1f}' y='{y:.1f}' width='{max(1.0, step - 1):.1f}' "
                         f"height='{top + h - y:.1f}' fill='{color}'><title>{labels[k]}, request {i + 1}: "
                         f"{v:.3f} ms</title></rect>")
        parts.append(f"<text x='{x0 + plot_w / 2:.0f}' y='{top + h + 16}' text-anchor='middle' {FONT}>"
                     f"{html.escape(labels[k])}: request 1..{len(vals)}</text>")
    parts.append(f"<line x1='{left}' x2='{left}' y1='{top}' y2='{top + h}' stroke='#000'/>")
    parts.append(f"<line x1='{left}' x2='{left + 2 * plot_w + 20}' y1='{top + h}' y2='{top + h}' stroke='#000'/>")
    parts.append(f"<text x='14' y='{top + h / 2}' transform='rotate(-90 14 {top + h / 2})' text-anchor='middle' "
                 f"{FONT}>latency per request (log scale)</text>")
    parts.append("</svg>")
    return "".join(parts)


def svg_histogram(before: list[float], after: list[float], labels=("as is", "fixed")) -> str:
    """Requests per latency bucket (log-spaced buckets), with a count axis, ticks and a legend."""
    cb, ca = _buckets(before), _buckets(after)
    used = [i for i in range(len(cb)) if cb[i] or ca[i]] or [0]
    idx = list(range(used[0], used[-1] + 1))
    top_count = max(max(cb), max(ca), 1)
    nice = 10 ** math.floor(math.log10(top_count)) if top_count >= 1 else 1
    step_c = max(1, int(nice if top_count / nice >= 3 else nice / 2 or 1))
    ymax = math.ceil(top_count / step_c) * step_c
    left, top, h, bw = 50, 30, 160, 52
    w = left + len(idx) * bw + 20
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{max(w, 420)}' height='{top + h + 80}' class='histogram'>"]
    parts.append(_legend(left, 6, f"{labels[0]} (n={len(before)})", f"{labels[1]} (n={len(after)})"))
    c = 0
    while c <= ymax:
        y = top + h - c * h / ymax
        parts.append(f"<line x1='{left - 4}' x2='{left + len(idx) * bw}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
                     f"<text x='{left - 7}' y='{y + 4:.1f}' text-anchor='end' {FONT}>{c}</text>")
        c += step_c
    for k, i in enumerate(idx):
        x = left + k * bw
        for j, (cnt, color) in enumerate(((cb[i], RED), (ca[i], GREEN))):
            bh = cnt * h / ymax
            parts.append(f"<rect x='{x + j * 22 + 4}' y='{top + h - bh:.1f}' width='20' height='{bh:.1f}' "
                         f"fill='{color}'><title>{html.escape(_label(i))}: {cnt}</title></rect>")
            if cnt:
                parts.append(f"<text x='{x + j * 22 + 14}' y='{top + h - bh - 3:.1f}' text-anchor='middle' "
                             f"font-family='sans-serif' font-size='9'>{cnt}</text>")
        parts.append(f"<text x='{x + 6}' y='{top + h + 14}' font-family='sans-serif' font-size='9' "
                     f"transform='rotate(30 {x + 6} {top + h + 14})'>{html.escape(_label(i))}</text>")
    parts.append(f"<line x1='{left}' x2='{left}' y1='{top}' y2='{top + h}' stroke='#000'/>"
                 f"<line x1='{left}' x2='{left + len(idx) * bw}' y1='{top + h}' y2='{top + h}' stroke='#000'/>")
    parts.append(f"<text x='12' y='{top + h / 2}' transform='rotate(-90 12 {top + h / 2})' text-anchor='middle' "
                 f"{FONT}>requests</text>")
    parts.append(f"<text x='{left + len(idx) * bw / 2}' y='{top + h + 72}' text-anchor='middle' {FONT}>"
                 "latency per request (log-spaced buckets)</text>")
    parts.append("</svg>")
    return "".join(parts)


_CSS = ("body{font-family:sans-serif;margin:1.5em;max-width:1400px}pre{background:#f6f6f6;padding:1em}"
        "table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
        "font-size:13px;text-align:left}th{background:#eee}.k{color:#c0392b}.f{color:#1e8449}"
        ".verdict{font-size:1.3em;font-weight:bold;padding:0.4em 0.8em;display:inline-block}"
        ".v1{background:#f5d5d1}.v0{background:#d4efdf}.v2{background:#fcf3cf}")


def _table(head: list[str], rows: list[list]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _section_html(s: dict, scale: LogScale, labels) -> str:
    before, after = s.get("before", []), s.get("after", [])
    sb, sa = verdict.summary(before), verdict.summary(after)
    out = [f"<h2>{html.escape(s['name'])}</h2>"]
    out.append(f"<p><span class='k'>{labels[0]}</span>: n={sb['n']}, median {sb['median_ms']} ms, "
               f"p99 {sb['p99_ms']} ms, {sb['over_30ms']} over 30 ms. <span class='f'>{labels[1]}</span>: "
               f"n={sa['n']}, median {sa['median_ms']} ms, p99 {sa['p99_ms']} ms, {sa['over_30ms']} over 30 ms.</p>")
    if s.get("table"):
        out.append(f"<pre>{html.escape(s['table'])}</pre>")
    out.append("<h3>Latency per request (shared scale)</h3>" + svg_timeline(before, after, scale, labels))
    out.append("<h3>Latency histogram</h3>" + svg_histogram(before, after, labels))
    if s.get("flow"):
        out.append(f"<h3>Packet flow of one stalled request</h3><pre>{html.escape(s['flow'])}</pre>")
    return "\n".join(out)


def html_report(title: str, sections: list[dict], labels=("as written", "one write"),
                preamble: str = "") -> str:
    """sections: {"name", "before": [ms], "after": [ms], "table": str (preformatted), "flow": str}.
    Every chart on the page shares one log latency scale, so the runs compare by eye."""
    scale = LogScale([v for s in sections for v in s.get("before", []) + s.get("after", [])])
    out = ["<!doctype html><html><head><meta charset='utf-8'>",
           f"<title>{html.escape(title)}</title>", f"<style>{_CSS}</style></head><body>",
           f"<h1>{html.escape(title)}</h1>", preamble]
    for s in sections:
        out.append(_section_html(s, scale, labels))
    out.append("</body></html>")
    return "\n".join(out)


def write_report(path: str, title: str, sections: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(html_report(title, sections))


def _fmt(v) -> str:
    return "-" if v is None else f"{v:.1f} ms" if v >= 0.05 else "0.0 ms"


def confirm_html(rep) -> str:
    """The confirm report page: the verdict, the verdict table, probe overhead, and per stall site
    the per-request latencies and histogram of both runs on one shared scale."""
    rows = []
    for f in rep.findings:
        sites = "; ".join(f"{s['kind_label']} at {s['site']}" for s in f.get("stall_sites", []))
        sizes = "; ".join("+".join(map(str, s["sizes"])) + " B" for s in f.get("stall_sites", [])) or \
            ("+".join(map(str, f.get("pieces", []))) + " B" if f.get("pieces") else "")
        rows.append([f["finding"], f["code"], f["verdict"], sites or "-", sizes or "-", f.get("stalls", 0),
                     _fmt(f.get("hold_median_ms")), _fmt(f["before"].get("median_ms")),
                     _fmt(f["before"].get("p99_ms")), _fmt(f["after"].get("median_ms"))])
    for m in rep.misses:
        rows.append([m["site"], f"NAG501 (as {m['rule']})", f"runtime only: {m['kind_label']}", m["site"],
                     "+".join(map(str, m["sizes"])) + " B", m["stalls"], _fmt(m["hold_median_ms"]),
                     _fmt(m["before"].get("median_ms")), _fmt(m["before"].get("p99_ms")),
                     _fmt(m["after"].get("median_ms"))])
    code = rep.exit_code()
    reason = rep.reason()
    pre = [f"<p><code>{html.escape(' '.join(rep.command))}</code></p>",
           f"<p class='verdict v{code}'>result: {html.escape(rep.result)}"
           f"{' (' + html.escape(reason) + ')' if reason else ''} &mdash; exit {code}</p>",
           "<h2>Verdicts</h2>",
           _table(["finding / site", "code", "verdict", "stall sites", "pieces", "stalls", "hold median",
                   "wait median as is", "wait p99 as is", "wait median TCP_NODELAY"], rows)
           if rows else "<p>No static finding and no stall.</p>",
           "<h2>Runs and probe overhead</h2>"]
    arm_rows = []
    for name, a in rep.arms.items():
        o = a.overhead()
        arm_rows.append(["as is" if name == "as-is" else "TCP_NODELAY forced", a.status(), f"{a.wall_s:.2f} s",
                         len(a.pids), len(a.exchanges), sum(1 for h in a.holds if verdict.is_stall(h)),
                         o["calls"], f"{o['per_call_us']:.1f} us", f"{o['share']:.1%}"])
    pre.append(_table(["run", "status", "wall", "processes", "requests", "stalls", "socket calls probed",
                       "probe cost per call", "probe share of run time"], arm_rows))
    for n in rep.notes:
        pre.append(f"<p>note: {html.escape(n)}</p>")
    sections = []
    for f in rep.findings:
        if f["verdict"] == "confirmed":
            sections.append({"name": f"{f['finding']} {f['code']} confirmed",
                             "before": f.get("waits_before_ms", []), "after": f.get("waits_after_ms", [])})
    for m in rep.misses:
        sections.append({"name": f"{m['site']} NAG501 {m['kind_label']} (no static finding)",
                         "before": m.get("waits_before_ms", []), "after": m.get("waits_after_ms", [])})
    return html_report("nagle-lint confirm", sections, labels=("as is", "TCP_NODELAY forced"),
                       preamble="\n".join(pre))


def write_confirm_report(path: str, rep) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(confirm_html(rep))
