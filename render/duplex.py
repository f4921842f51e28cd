"""What a duplex misregistration does to a back: a back image and a shift in, a report out.

A home printer prints the back page a little off its front, and by a
different amount on each sheet. ``shifted_backs`` simulates it the way the
sheets are made: the back is laid in a 3 x 3 block as on the back page (each
outer card's bleed printed ``sheet_bleed_mm`` past the block, white paper
beyond), the whole page moved by the shift, and the cards cut out at the
front's cut lines. ``shift_report`` measures the cut cards as a person would
look at them:

- ``bare``: pixels of bare paper on any cut card (a white sliver at an edge);
- ``asymmetry``: how much more differently the borders read, left against
  right and top against bottom, than in the design as drawn: the largest
  change (0-255, in luminance) in the difference between the average
  brightness of two opposite edges at the same distance from the cut, over
  the first 8 mm. A rule or frame near the cut shows up as a large value (it
  moves closer to one edge than the other); a pattern that runs to the
  bleed's edge averages out along the edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageChops

from prophecy.render.layout import Layout

#: The simulated paper: a colour no card design uses, so that bare paper is told
#: apart from white ink exactly.
PAPER = (1, 254, 3)


@dataclass(frozen=True)
class ShiftReport:
    """A back under one shift: bare paper on the worst cut card, and border asymmetry."""

    shift_mm: tuple[float, float]
    bare: int
    asymmetry: float


def shifted_backs(layout: Layout, back: Image.Image, shift_mm: tuple[float, float],
                  sheet_bleed_mm: float) -> list[Image.Image]:
    """The nine cards cut from a 3 x 3 back page printed ``shift_mm`` (right, down) off."""
    tw, th = (round(layout.px(v)) for v in layout.trim_mm)
    bleed = round(layout.bleed_px)
    extra = round(layout.px(min(sheet_bleed_mm, layout.data["card"]["bleed_mm"])))
    margin = round(layout.px(10.0))
    page = Image.new("RGB", (3 * tw + 2 * margin, 3 * th + 2 * margin), PAPER)
    dx, dy = (round(layout.px(v)) for v in shift_mm)
    for row in range(3):
        for col in range(3):
            left = extra if col == 0 else 0
            right = extra if col == 2 else 0
            top = extra if row == 0 else 0
            bottom = extra if row == 2 else 0
            piece = back.crop((bleed - left, bleed - top, bleed + tw + right, bleed + th + bottom))
            page.paste(piece, (margin + col * tw - left + dx, margin + row * th - top + dy))
    return [page.crop((margin + c * tw, margin + r * th, margin + (c + 1) * tw,
                       margin + (r + 1) * th)) for r in range(3) for c in range(3)]


def bare_paper(card: Image.Image) -> int:
    """How many pixels of a cut card are bare paper."""
    white = Image.new("RGB", card.size, PAPER)
    diff = ImageChops.difference(card, white).convert("L").point(lambda v: 255 if v == 0 else 0)
    histogram = diff.histogram()
    return histogram[255]


def _profile(strip: Image.Image, across: bool) -> list[float]:
    """Mean luminance per column (``across``) or per row of a strip."""
    grey = strip.convert("L")
    w, h = grey.size
    line = grey.resize((w, 1) if across else (1, h), Image.Resampling.BOX)
    return [float(v) for v in line.tobytes()]


def border_differences(layout: Layout, card: Image.Image, depth_mm: float = 8.0) -> list[float]:
    """Left minus right and top minus bottom brightness, at each distance from the cut."""
    w, h = card.size
    d = round(layout.px(depth_mm))
    left = _profile(card.crop((0, 0, d, h)), across=True)
    right = _profile(card.crop((w - d, 0, w, h)), across=True)[::-1]
    top = _profile(card.crop((0, 0, w, d)), across=False)
    bottom = _profile(card.crop((0, h - d, w, h)), across=False)[::-1]
    return [a - b for a, b in zip(left, right, strict=True)] + [
        a - b for a, b in zip(top, bottom, strict=True)]


def asymmetry(layout: Layout, card: Image.Image, design: Image.Image) -> float:
    """How much more one border differs from its opposite than in the design as drawn.

    A design may be lopsided on purpose (a band along one edge); only what the
    shift adds is counted.
    """
    shifted = border_differences(layout, card)
    drawn = border_differences(layout, design)
    return max(abs(a - b) for a, b in zip(shifted, drawn, strict=True))


def shift_report(layout: Layout, back: Image.Image, shift_mm: tuple[float, float],
                 sheet_bleed_mm: float | None = None) -> ShiftReport:
    """Bare paper on the worst card of the block, and the worst border asymmetry."""
    bleed = layout.data["sheets"]["bleed_mm"] if sheet_bleed_mm is None else sheet_bleed_mm
    cards = shifted_backs(layout, back, shift_mm, bleed)
    x0, y0, x1, y1 = (round(v) for v in layout.trim_box())
    design = back.crop((x0, y0, x1, y1))
    return ShiftReport(shift_mm, max(bare_paper(c) for c in cards),
                       max(asymmetry(layout, c, design) for c in cards))
