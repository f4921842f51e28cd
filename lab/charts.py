"""Inline SVG charts for the balance report: rows of numbers in, an ``<svg>`` string out.

No scripts, fonts or files from elsewhere: each chart is one self-contained
SVG element the HTML report embeds as it is.
"""

from __future__ import annotations

from html import escape

ROW = 22
LABEL = 220
WIDTH = 720
PLOT = WIDTH - LABEL - 70
INK, MUTED, ACCENT, WARN = "#2b2233", "#9a93a3", "#6a2c91", "#c0392b"


def _x(value: float, top: float) -> float:
    return LABEL + PLOT * (max(0.0, min(value, top)) / top if top else 0.0)


def _frame(height: int, body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" '
        f'font-family="sans-serif" font-size="12">' + "".join(body) + "</svg>"
    )


def _axis(top: float, height: int, percent: bool, marker: float | None) -> list[str]:
    out = []
    for i in range(5):
        v = top * i / 4
        x = _x(v, top)
        label = f"{100 * v:.0f}%" if percent else f"{v:.1f}"
        out.append(f'<line x1="{x:.1f}" y1="4" x2="{x:.1f}" y2="{height - 18}" '
                   f'stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 4}" text-anchor="middle" '
                   f'fill="{MUTED}">{label}</text>')
    if marker is not None:
        x = _x(marker, top)
        out.append(f'<line x1="{x:.1f}" y1="4" x2="{x:.1f}" y2="{height - 18}" '
                   f'stroke="{WARN}" stroke-dasharray="4 3"/>')
    return out


def bars(rows: list[tuple[str, float, float, float]], *, top: float = 1.0,
         percent: bool = True, marker: float | None = None, title: str = "") -> str:
    """Horizontal bars with 95% whiskers: (label, value, low, high) per row."""
    top = max([top] + [hi for _l, _v, _lo, hi in rows]) or 1.0
    height = ROW * len(rows) + 26
    body = _axis(top, height, percent, marker)
    for i, (label, value, lo, hi) in enumerate(rows):
        y = 4 + i * ROW
        body.append(f'<text x="{LABEL - 8}" y="{y + 15}" text-anchor="end" '
                    f'fill="{INK}">{escape(label)}</text>')
        body.append(f'<rect x="{LABEL}" y="{y + 4}" width="{_x(value, top) - LABEL:.1f}" '
                    f'height="{ROW - 8}" fill="{ACCENT}" opacity="0.75"/>')
        body.append(f'<line x1="{_x(lo, top):.1f}" y1="{y + ROW / 2}" x2="{_x(hi, top):.1f}" '
                    f'y2="{y + ROW / 2}" stroke="{INK}" stroke-width="1.5"/>')
        shown = f"{100 * value:.1f}%" if percent else f"{value:.2f}"
        body.append(f'<text x="{_x(top, top) + 6:.1f}" y="{y + 15}" fill="{INK}">{shown}</text>')
    return _frame(height, body, title)


def pairs(rows: list[tuple[str, tuple[float, float, float], tuple[float, float, float]]], *,
          marker: float | None = None, title: str = "") -> str:
    """Two rates per row with 95% intervals: filled dot = first, hollow dot = second."""
    top = max([0.0] + [max(a[2], b[2]) for _l, a, b in rows]) or 1.0
    top = min(1.0, top * 1.1)
    height = ROW * len(rows) + 26
    body = _axis(top, height, True, marker)
    for i, (label, first, second) in enumerate(rows):
        y = 4 + i * ROW + ROW / 2
        body.append(f'<text x="{LABEL - 8}" y="{y + 4}" text-anchor="end" '
                    f'fill="{INK}">{escape(label)}</text>')
        for (value, lo, hi), colour, fill, dy in (
            (second, MUTED, "white", 3), (first, ACCENT, ACCENT, -3),
        ):
            body.append(f'<line x1="{_x(lo, top):.1f}" y1="{y + dy}" x2="{_x(hi, top):.1f}" '
                        f'y2="{y + dy}" stroke="{colour}" stroke-width="1.5"/>')
            body.append(f'<circle cx="{_x(value, top):.1f}" cy="{y + dy}" r="4" '
                        f'fill="{fill}" stroke="{colour}" stroke-width="1.5"/>')
    return _frame(height, body, title)


def stacked(parts: dict[str, float], title: str = "") -> str:
    """One bar split into the parts of the mean score, labelled below."""
    colours = ["#6a2c91", "#b0413e", "#2e6f8e", "#c9a227", "#5b8c5a"]
    total = sum(parts.values()) or 1.0
    body, x = [], 10.0
    for i, (name, value) in enumerate(parts.items()):
        w = (WIDTH - 20) * value / total
        body.append(f'<rect x="{x:.1f}" y="6" width="{w:.1f}" height="26" '
                    f'fill="{colours[i % len(colours)]}"/>')
        if w > 60:
            body.append(f'<text x="{x + 4:.1f}" y="24" fill="white">'
                        f'{escape(name)} {value:.1f}</text>')
        x += w
    return _frame(40, body, title)


def diffs(rows: list[tuple[str, float, float, float]], title: str = "") -> str:
    """Differences around zero with intervals: (label, value, low, high) per row."""
    span = max([1.0] + [max(abs(lo), abs(hi)) for _l, _v, lo, hi in rows]) * 1.05
    height = ROW * len(rows) + 26

    def x(v: float) -> float:
        return LABEL + PLOT * (max(-span, min(span, v)) + span) / (2 * span)

    body = []
    dash = ' stroke-dasharray="4 3"'
    for i in range(5):
        v = -span + 2 * span * i / 4
        body.append(f'<line x1="{x(v):.1f}" y1="4" x2="{x(v):.1f}" y2="{height - 18}" '
                    f'stroke="{WARN if i == 2 else "#eee"}"{dash if i == 2 else ""}/>')
        body.append(f'<text x="{x(v):.1f}" y="{height - 4}" text-anchor="middle" '
                    f'fill="{MUTED}">{v:+.1f}</text>')
    for i, (label, value, lo, hi) in enumerate(rows):
        y = 4 + i * ROW + ROW / 2
        colour = ACCENT if lo > 0 or hi < 0 else MUTED
        body.append(f'<text x="{LABEL - 8}" y="{y + 4}" text-anchor="end" '
                    f'fill="{INK}">{escape(label)}</text>')
        body.append(f'<line x1="{x(lo):.1f}" y1="{y}" x2="{x(hi):.1f}" y2="{y}" '
                    f'stroke="{colour}" stroke-width="1.5"/>')
        body.append(f'<circle cx="{x(value):.1f}" cy="{y}" r="4" fill="{colour}"/>')
    return _frame(height, body, title)
