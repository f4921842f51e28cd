"""Icons as vector shapes: a name, a size and colours in, an antialiased RGBA image out.

Every icon is drawn with Pillow's shape primitives in a unit square (0..1) on
a canvas four times larger, then scaled down, so edges are smooth at any size.
Images are cached per process: the same icon is drawn once per build worker.
``SYMBOLS`` (decks, grimoires) and ``ICONS`` (the rules text's actions and
requirements, with their chip colours) are the tables; ``render`` asks by name.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
SUPER = 4


class Pen:
    """Draws a coverage mask in unit coordinates: ``fg`` paints, ``hole`` cuts out."""

    fg = 255
    hole = 0

    def __init__(self, draw: ImageDraw.ImageDraw, side: int) -> None:
        self.d, self.s = draw, side

    def _fill(self, fill: int | None) -> int:
        return self.fg if fill is None else fill

    def p(self, *xy: float) -> list[float]:
        return [v * self.s for v in xy]

    def poly(self, pts: list[tuple[float, float]], fill: int | None = None) -> None:
        self.d.polygon([(x * self.s, y * self.s) for x, y in pts], fill=self._fill(fill))

    def rect(self, x0: float, y0: float, x1: float, y1: float, r: float = 0.0,
             fill: int | None = None, outline: int | None = None, width: float = 0.0) -> None:
        if fill is None and outline is None:
            fill = self.fg
        self.d.rounded_rectangle(self.p(x0, y0, x1, y1), radius=r * self.s,
                                 fill=fill, outline=outline, width=round(width * self.s))

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, fill: int | None = None,
                outline: int | None = None, width: float = 0.0) -> None:
        if fill is None and outline is None:
            fill = self.fg
        self.d.ellipse(self.p(x0, y0, x1, y1), fill=fill, outline=outline,
                       width=round(width * self.s))

    def line(self, pts: list[tuple[float, float]], width: float, fill: int | None = None) -> None:
        self.d.line([(x * self.s, y * self.s) for x, y in pts], fill=self._fill(fill),
                    width=max(1, round(width * self.s)), joint="curve")

    def card(self, x0: float, y0: float, x1: float, y1: float, fill: int | None = None) -> None:
        self.rect(x0, y0, x1, y1, r=(x1 - x0) * 0.15, fill=self._fill(fill))


def _arc_pts(cx: float, cy: float, r: float, a0: float, a1: float,
             n: int = 24) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


# ---------------------------------------------------------------- symbols
def drop(p: Pen) -> None:
    cx, cy, r = 0.5, 0.63, 0.27
    p.poly([(0.5, 0.06), *_arc_pts(cx, cy, r, -30, 210)])
    p.ellipse(0.38, 0.55, 0.47, 0.70, fill=p.hole)


def pentagram(p: Pen) -> None:
    p.ellipse(0.06, 0.06, 0.94, 0.94, outline=p.fg, width=0.07)
    pts = [(0.5 + 0.40 * math.cos(math.radians(-90 + 144 * i)),
            0.5 + 0.40 * math.sin(math.radians(-90 + 144 * i))) for i in range(6)]
    p.line(pts, 0.06)


def skull(p: Pen) -> None:
    p.ellipse(0.16, 0.08, 0.84, 0.70)
    p.rect(0.30, 0.55, 0.70, 0.90, r=0.06, fill=p.fg)
    p.ellipse(0.26, 0.34, 0.45, 0.54, fill=p.hole)
    p.ellipse(0.55, 0.34, 0.74, 0.54, fill=p.hole)
    p.poly([(0.5, 0.57), (0.45, 0.67), (0.55, 0.67)], fill=p.hole)
    for x in (0.40, 0.5, 0.60):
        p.line([(x, 0.76), (x, 0.90)], 0.035, fill=p.hole)


def eye(p: Pen) -> None:
    top = _arc_pts(0.5, 1.05, 0.75, 222, 318)
    bottom = _arc_pts(0.5, -0.05, 0.75, 42, 138)
    p.poly(top + bottom)
    p.ellipse(0.33, 0.33, 0.67, 0.67, fill=p.hole)
    p.ellipse(0.42, 0.42, 0.58, 0.58)


def book(p: Pen) -> None:
    p.poly([(0.06, 0.22), (0.47, 0.28), (0.47, 0.86), (0.06, 0.80)])
    p.poly([(0.94, 0.22), (0.53, 0.28), (0.53, 0.86), (0.94, 0.80)])
    for y in (0.40, 0.52, 0.64):
        p.line([(0.13, y - 0.04), (0.40, y)], 0.03, fill=p.hole)
        p.line([(0.60, y), (0.87, y - 0.04)], 0.03, fill=p.hole)


def dagger(p: Pen) -> None:
    p.poly([(0.5, 0.04), (0.58, 0.18), (0.56, 0.62), (0.44, 0.62), (0.42, 0.18)])
    p.rect(0.26, 0.62, 0.74, 0.69, r=0.03, fill=p.fg)
    p.rect(0.45, 0.69, 0.55, 0.88, fill=p.fg)
    p.ellipse(0.43, 0.86, 0.57, 0.98)


def scroll(p: Pen) -> None:
    p.rect(0.18, 0.16, 0.82, 0.84, fill=p.fg)
    p.ellipse(0.10, 0.08, 0.90, 0.24)
    p.ellipse(0.10, 0.76, 0.90, 0.92)
    for y in (0.36, 0.48, 0.60):
        p.line([(0.28, y), (0.72, y)], 0.035, fill=p.hole)


def hood(p: Pen) -> None:
    p.poly([(0.5, 0.04), (0.86, 0.55), (0.94, 0.96), (0.06, 0.96), (0.14, 0.55)])
    p.ellipse(0.16, 0.12, 0.84, 0.80)
    p.ellipse(0.32, 0.30, 0.68, 0.78, fill=p.hole)
    p.ellipse(0.38, 0.46, 0.45, 0.52, fill=p.fg)
    p.ellipse(0.55, 0.46, 0.62, 0.52, fill=p.fg)


def crown(p: Pen) -> None:
    p.poly([(0.10, 0.78), (0.08, 0.30), (0.30, 0.55), (0.5, 0.20), (0.70, 0.55),
            (0.92, 0.30), (0.90, 0.78)])
    p.rect(0.10, 0.80, 0.90, 0.90, fill=p.fg)
    for x, y in ((0.08, 0.26), (0.5, 0.16), (0.92, 0.26)):
        p.ellipse(x - 0.06, y - 0.06, x + 0.06, y + 0.06)


def hourglass(p: Pen) -> None:
    p.rect(0.18, 0.06, 0.82, 0.14, r=0.03, fill=p.fg)
    p.rect(0.18, 0.86, 0.82, 0.94, r=0.03, fill=p.fg)
    p.poly([(0.25, 0.14), (0.75, 0.14), (0.53, 0.50), (0.75, 0.86), (0.25, 0.86), (0.47, 0.50)])
    p.poly([(0.33, 0.20), (0.67, 0.20), (0.5, 0.44)], fill=p.hole)
    p.poly([(0.5, 0.62), (0.68, 0.80), (0.32, 0.80)], fill=p.hole)


# ------------------------------------------------------------ action glyphs
def add_deed(p: Pen) -> None:
    """A solid card with a large plus cut through it: a card goes onto the Dark Deed."""
    p.card(0.16, 0.04, 0.84, 0.96, fill=p.fg)
    p.rect(0.26, 0.43, 0.74, 0.57, fill=p.hole)
    p.rect(0.43, 0.26, 0.57, 0.74, fill=p.hole)


def remove_deed(p: Pen) -> None:
    """An empty card outline struck through by a bar: a card leaves the Dark Deed.

    It differs from ``add_deed`` in every way a glance can tell (hollow
    against solid, one bar against a cross), not by one stroke.
    """
    p.rect(0.20, 0.08, 0.80, 0.92, r=0.10, outline=p.fg, width=0.09)
    p.rect(0.04, 0.41, 0.96, 0.59, r=0.04, fill=p.fg)


def stash(p: Pen) -> None:
    p.card(0.12, 0.30, 0.62, 0.92, fill=p.fg)
    p.rect(0.04, 0.10, 0.96, 0.36, r=0.05, fill=p.fg)
    p.rect(0.09, 0.15, 0.91, 0.31, r=0.03, fill=p.hole)
    p.card(0.40, 0.22, 0.88, 0.84, fill=p.fg)


def draw_card(p: Pen) -> None:
    p.card(0.14, 0.18, 0.64, 0.94, fill=p.fg)
    p.line([(0.80, 0.60), (0.80, 0.12)], 0.08)
    p.poly([(0.66, 0.24), (0.80, 0.06), (0.94, 0.24)])


def draw_deed(p: Pen) -> None:
    p.card(0.04, 0.34, 0.42, 0.96, fill=p.fg)
    p.card(0.14, 0.16, 0.62, 0.86, fill=p.hole)
    p.card(0.19, 0.21, 0.57, 0.81, fill=p.fg)
    p.line([(0.82, 0.62), (0.82, 0.14)], 0.08)
    p.poly([(0.68, 0.26), (0.82, 0.06), (0.96, 0.26)])


def level_up(p: Pen) -> None:
    for y in (0.12, 0.44):
        p.line([(0.16, y + 0.34), (0.5, y), (0.84, y + 0.34)], 0.13)


def level_down(p: Pen) -> None:
    for y in (0.54, 0.86):
        p.line([(0.16, y - 0.34), (0.5, y), (0.84, y - 0.34)], 0.13)


def discard(p: Pen) -> None:
    p.card(0.10, 0.08, 0.56, 0.74, fill=p.fg)
    p.line([(0.42, 0.62), (0.80, 0.86)], 0.08)
    p.poly([(0.92, 0.94), (0.66, 0.92), (0.80, 0.72)])


def take(p: Pen) -> None:
    p.card(0.40, 0.10, 0.90, 0.80, fill=p.fg)
    p.line([(0.40, 0.86), (0.16, 0.86), (0.16, 0.40)], 0.08)
    p.poly([(0.02, 0.46), (0.16, 0.26), (0.30, 0.46)])


def reveal_until(p: Pen) -> None:
    eye(p)


def top_discard(p: Pen) -> None:
    p.card(0.10, 0.30, 0.58, 0.94, fill=p.fg)
    p.card(0.22, 0.20, 0.70, 0.84, fill=p.hole)
    p.card(0.30, 0.06, 0.82, 0.74, fill=p.fg)
    p.poly([(0.56, 0.0), (0.90, 0.0), (0.73, 0.16)], fill=p.fg)


def condition(p: Pen) -> None:
    p.poly([(0.5, 0.06), (0.96, 0.88), (0.04, 0.88)])
    p.poly([(0.5, 0.22), (0.82, 0.80), (0.18, 0.80)], fill=p.hole)
    p.ellipse(0.36, 0.48, 0.64, 0.70)
    p.ellipse(0.45, 0.55, 0.55, 0.64, fill=p.hole)


def redraw(p: Pen) -> None:
    p.d.arc(p.p(0.10, 0.10, 0.90, 0.90), 200, 520 - 40, fill=p.fg, width=round(0.09 * p.s))
    p.poly([(0.02, 0.44), (0.24, 0.44), (0.13, 0.62)])


def choose(p: Pen) -> None:
    """A path that forks in two: 'Choose one'."""
    p.line([(0.5, 0.94), (0.5, 0.52)], 0.12)
    p.line([(0.5, 0.56), (0.20, 0.24)], 0.12)
    p.line([(0.5, 0.56), (0.80, 0.24)], 0.12)
    p.poly([(0.06, 0.10), (0.34, 0.14), (0.14, 0.34)])
    p.poly([(0.94, 0.10), (0.66, 0.14), (0.86, 0.34)])


def look(p: Pen) -> None:
    """The eye (as ``eye`` draws it, in the top half) over a card: looking at the deck."""
    def top_half(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x, y * 0.6 - 0.08) for x, y in pts]

    p.card(0.24, 0.46, 0.76, 0.98)
    p.poly(top_half(_arc_pts(0.5, 1.05, 0.75, 222, 318))
           + top_half(_arc_pts(0.5, -0.05, 0.75, 42, 138)))
    p.ellipse(0.40, 0.12, 0.60, 0.32, fill=p.hole)
    p.ellipse(0.455, 0.175, 0.545, 0.265)


def points(p: Pen) -> None:
    """A coin with a star struck on it: points gained."""
    p.ellipse(0.06, 0.06, 0.94, 0.94)
    p.ellipse(0.16, 0.16, 0.84, 0.84, fill=p.hole)
    star = [(0.5 + (0.30 if i % 2 == 0 else 0.13) * math.cos(math.radians(-90 + 36 * i)),
             0.5 + (0.30 if i % 2 == 0 else 0.13) * math.sin(math.radians(-90 + 36 * i)))
            for i in range(10)]
    p.poly(star)


def _sun(p: Pen, rising: bool) -> None:
    """A half sun on the horizon with its rays, and an arrow up (rising) or down (setting)."""
    p.rect(0.04, 0.70, 0.96, 0.80, r=0.03)
    p.poly(_arc_pts(0.42, 0.70, 0.26, 180, 360))
    for angle in (200, 240, 270, 300, 340):
        a = math.radians(angle)
        p.line([(0.42 + 0.33 * math.cos(a), 0.70 + 0.33 * math.sin(a)),
                (0.42 + 0.42 * math.cos(a), 0.70 + 0.42 * math.sin(a))], 0.06)
    if rising:
        p.line([(0.84, 0.62), (0.84, 0.24)], 0.08)
        p.poly([(0.72, 0.30), (0.84, 0.12), (0.96, 0.30)])
    else:
        p.line([(0.84, 0.14), (0.84, 0.50)], 0.08)
        p.poly([(0.72, 0.44), (0.84, 0.62), (0.96, 0.44)])


def turn_start(p: Pen) -> None:
    """A sun rising: at the start of your turn."""
    _sun(p, True)


def turn_end(p: Pen) -> None:
    """A sun setting: at the end of your turn."""
    _sun(p, False)


def exhaust(p: Pen) -> None:
    """A card turned on its side, and the arrow that turned it: exhaust this card."""
    p.rect(0.10, 0.44, 0.90, 0.94, r=0.08)
    p.rect(0.18, 0.52, 0.82, 0.86, r=0.05, fill=p.hole)
    p.d.arc(p.p(0.20, 0.04, 0.80, 0.64), 200, 330, fill=p.fg, width=round(0.08 * p.s))
    p.poly([(0.70, 0.02), (0.86, 0.22), (0.64, 0.26)])


#: Deck and grimoire symbols: drawn large on backs, frames and medallions; a layout
#: chooses one per grimoire and per deck (its schema offers these names).
SYMBOLS: dict[str, Callable[[Pen], None]] = {
    "drop": drop, "pentagram": pentagram, "skull": skull, "eye": eye, "book": book,
    "dagger": dagger, "scroll": scroll, "hood": hood, "crown": crown, "hourglass": hourglass,
}


@dataclass(frozen=True)
class Icon:
    """An icon of the rules text: its drawing and the layout colour of the chip behind it."""

    draw: Callable[[Pen], None]
    colour: str  # a name under the layout's 'colours:'


#: The icons of actions (each verb's declaration names its own: ``dsl.ast.Verb.icon``),
#: requirement badges and marks. A name missing here is a test failure, never a face
#: that cannot be drawn.
ICONS: dict[str, Icon] = {
    "add_deed": Icon(add_deed, "icon_deed"),
    "remove_deed": Icon(remove_deed, "icon_loss"),
    "stash": Icon(stash, "icon_stash"),
    "draw": Icon(draw_card, "icon_draw"),
    "draw_deed": Icon(draw_deed, "icon_deed"),
    "level_up": Icon(level_up, "icon_level"),
    "level_down": Icon(level_down, "icon_loss"),
    "discard": Icon(discard, "icon_loss"),
    "take": Icon(take, "icon_draw"),
    # the chip of reveal_until takes the colour of the grimoire it looks for, when it names one
    "reveal_until": Icon(reveal_until, "icon_draw"),
    "look": Icon(look, "icon_draw"),
    "points": Icon(points, "icon_draw"),
    "choose": Icon(choose, "icon_draw"),
    "top_discard": Icon(top_discard, "icon_draw"),
    "reveal": Icon(eye, "icon_draw"),
    "condition": Icon(condition, "icon_prophecy"),
    "title": Icon(crown, "icon_stash"),
    "redraw": Icon(redraw, "icon_draw"),
    # the badges of a card in play's moments (``dsl.ast.MOMENTS``)
    "start": Icon(turn_start, "icon_prophecy"),
    "end": Icon(turn_end, "icon_prophecy"),
    "exhaust": Icon(exhaust, "icon_level"),
}

_DRAWINGS: dict[str, Callable[[Pen], None]] = {
    **SYMBOLS, **{name: icon.draw for name, icon in ICONS.items()}}


def known_glyph(name: str) -> bool:
    """Whether the renderer draws a glyph of this name (a symbol or an icon)."""
    return name in _DRAWINGS


@lru_cache(maxsize=1024)
def glyph(name: str, side: int, fg: RGB, bg: RGB | None = None) -> Image.Image:
    """The glyph ``name`` as a ``side``-pixel RGBA image; cut-outs show ``bg`` (or are clear)."""
    big = side * SUPER
    mask = Image.new("L", (big, big), 0)
    _DRAWINGS[name](Pen(ImageDraw.Draw(mask), big))
    mask = mask.resize((side, side), Image.Resampling.LANCZOS)
    out = Image.new("RGBA", (side, side), (*bg, 0) if bg else (0, 0, 0, 0))
    out.paste(Image.new("RGBA", (side, side), (*fg, 255)), (0, 0), mask)
    return out


def paste(img: Image.Image, name: str, box: tuple[float, float, float, float], fg: RGB) -> None:
    """Draw glyph ``name`` centred in a pixel box, as large as fits (on an image with
    pixels: one without, a canvas that is only measured, needs no glyph drawn)."""
    if not (img.width and img.height):
        if name not in _DRAWINGS:
            raise KeyError(name)  # as drawing it would
        return
    x0, y0, x1, y1 = box
    side = max(1, round(min(x1 - x0, y1 - y0)))
    g = glyph(name, side, fg)
    img.paste(g, (round((x0 + x1 - side) / 2), round((y0 + y1 - side) / 2)), g)
