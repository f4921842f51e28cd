"""Drawing pieces every face shares: a palette and regions in, pixels on a card image out.

The card frame (dark bleed, parchment panel, gold rules), the title bar,
centred lines of text, medallions, and the effect boxes with their
requirement badges and inline action icons. Every piece of text goes
through ``render.text.fit*``, so it shrinks to fit or fails naming the box.

Inside ``measuring()`` every canvas is unpainted: a face is laid out by the
same code, the same fonts and the same fitting as when it is drawn, and only
the painting is left out, so ``prophecy check`` learns whether a face fits at
a fraction of the cost of drawing it, and can never disagree with the drawing.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from prophecy.compiler.faces import Step
from prophecy.render import icons
from prophecy.render.layout import RGB, Box, Layout, Palette
from prophecy.render.text import (
    Break,
    Icon,
    IconPainter,
    Token,
    Word,
    fit_line,
    font,
    words,
)

#: An inline icon's width in ems (see render.text.icon_width).
ICON_EMS = 1.5
#: The smallest type printed on a face, in points, and the least contrast (WCAG 2)
#: between text and what it is printed on: 4.5:1 for normal text.
MIN_TEXT_PT = 6.0
MIN_CONTRAST = 4.5


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``t`` of the way from colour a to colour b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    r, g, b = (_linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=4096)
def readable(colour: RGB, ground: RGB, ratio: float = MIN_CONTRAST) -> RGB:
    """``colour``, darkened (on a light ground) or lightened (on a dark one) just enough to
    stand ``ratio`` : 1 against ``ground``, so any palette a layout names prints legibly.

    Kept per process: faces ask for the same few colours on the same few grounds."""
    target: RGB = (0, 0, 0) if luminance(ground) > 0.18 else (255, 255, 255)
    for step in range(21):
        candidate = mix(colour, target, step / 20)
        if contrast(candidate, ground) >= ratio:
            return candidate
    return target


_MEASURING: ContextVar[bool] = ContextVar("measuring", default=False)


@contextmanager
def measuring() -> Iterator[None]:
    """Within this block every new canvas is unpainted: faces are laid out, not drawn."""
    token = _MEASURING.set(True)
    try:
        yield
    finally:
        _MEASURING.reset(token)


class Painter(ImageDraw.ImageDraw):
    """The pen of a canvas that is drawn: Pillow's, with each line of text rendered once.

    A face repeats its words, labels and numbers, and the cards of a deck their
    captions, and FreeType's rendering was most of the cost of drawing text. A
    rendering (Pillow's mask of the glyphs) is kept per process under all that
    makes it: the font, the text, the anchor, the ink and the fraction of a
    pixel where the text starts; it is drawn as Pillow draws it, so the pixels
    are the same.
    """

    def text(self, *args: Any, **kwargs: Any) -> None:
        # Pillow's full signature is its own; the faces draw one line at a time:
        # draw.text((x, y), text, font=..., fill=..., anchor=...).
        font, anchor = kwargs.get("font"), kwargs.get("anchor") or "la"
        if (len(args) != 2 or set(kwargs) - {"font", "fill", "anchor"} or self.fontmode != "L"
                or not isinstance(font, ImageFont.FreeTypeFont)
                or not isinstance(args[1], str) or "\n" in args[1]):
            super().text(*args, **kwargs)
            return
        (x, y), text = args
        ink, fill_ink = self._getink(kwargs.get("fill"))
        ink = fill_ink if ink is None else ink
        if ink is None:
            return
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (dx, dy) = _rendered(font, text, anchor, ink, start)
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


@lru_cache(maxsize=2048)
def _rendered(font: ImageFont.FreeTypeFont, text: str, anchor: str, ink: int,
              start: tuple[float, float]) -> tuple[object, tuple[int, int]]:
    """Pillow's mask of a line of text and its offset, as ``ImageDraw.text`` renders it."""
    return font.getmask2(text, "L", None, None, None, 0, anchor, ink, start, stroke_filled=True)


class Unpainted(ImageDraw.ImageDraw):
    """The pen of a canvas that is only measured: its text, shapes and lines paint nothing.

    It measures nothing either (``textbbox`` only finds the ground under a
    text, for its colour); what decides a layout is ``render.text``'s fitting,
    which runs as it does when drawing. Its canvas's image has no pixels, so
    anything else drawn or pasted on it costs nothing.
    """

    def text(self, *args: object, **kwargs: object) -> None:
        pass

    def rectangle(self, *args: object, **kwargs: object) -> None:
        pass

    def rounded_rectangle(self, *args: object, **kwargs: object) -> None:
        pass

    def ellipse(self, *args: object, **kwargs: object) -> None:
        pass

    def line(self, *args: object, **kwargs: object) -> None:
        pass

    def polygon(self, *args: object, **kwargs: object) -> None:
        pass

    def textbbox(self, *args: object, **kwargs: object) -> tuple[float, float, float, float]:
        return (0.0, 0.0, 0.0, 0.0)


@dataclass
class Canvas:
    """A card image being drawn, with its layout and the card's id for error messages.

    An unpainted canvas (``painted`` false, made inside ``measuring()``) has
    an image without pixels and a pen that paints nothing.
    """

    img: Image.Image
    draw: ImageDraw.ImageDraw
    layout: Layout
    card: str
    painted: bool = True

    @classmethod
    def new(cls, layout: Layout, card: str, colour: RGB) -> Canvas:
        """A card image of the layout's size, filled with ``colour``."""
        if _MEASURING.get():
            return cls._unpainted(layout, card, "RGB")
        img = Image.new("RGB", layout.size, colour)
        return cls(img, Painter(img), layout, card)

    @classmethod
    def over(cls, img: Image.Image, layout: Layout, card: str) -> Canvas:
        """A canvas to draw more on an image already drawn (unpainted when measuring)."""
        if _MEASURING.get():
            return cls._unpainted(layout, card, img.mode)
        return cls(img, Painter(img), layout, card)

    def layer(self, size: tuple[int, int]) -> Canvas:
        """A clear RGBA image of ``size`` to draw a part on before it is turned or pasted."""
        if not self.painted:
            return self._unpainted(self.layout, self.card, "RGBA")
        img = Image.new("RGBA", size, (0, 0, 0, 0))
        return Canvas(img, Painter(img), self.layout, self.card)

    @classmethod
    def _unpainted(cls, layout: Layout, card: str, mode: str) -> Canvas:
        img = Image.new(mode, (0, 0))
        return cls(img, Unpainted(img), layout, card, painted=False)

    def colour(self, name: str) -> RGB:
        return self.layout.colour(name)

    def ground(self, box: Box) -> RGB:
        """The commonest colour in a box of the image: what text drawn there lands on.

        Nothing is drawn on an unpainted canvas, so any colour serves: paper.
        """
        if not self.painted:
            return self.colour("paper")
        x0, y0, x1, y1 = (round(v) for v in box)
        x0, y0 = max(0, x0), max(0, y0)
        x1 = min(self.img.width, max(x1, x0 + 1))
        y1 = min(self.img.height, max(y1, y0 + 1))
        region = self.img.crop((x0, y0, x1, y1)).convert("RGB")
        # As many colours allowed as there are pixels, so Pillow always counts them; an
        # RGB image's colours are (r, g, b). The commonest wins, ties the highest colour.
        found = cast(list[tuple[int, RGB]], region.getcolors(region.width * region.height))
        return max(found)[1]


# ------------------------------------------------------------------ frame
def frame(c: Canvas, pal: Palette, panel: RGB | None = None) -> Box:
    """Dark bleed, a coloured border and a paper panel; returns the panel's box."""
    L = c.layout
    inset = L.data["card"]["safe_mm"] * 0.72
    outer = L.trim_box(inset * 0.35)
    c.draw.rounded_rectangle(outer, radius=L.px(L.data["card"]["corner_mm"]), fill=pal.main)
    box = L.trim_box(inset)
    r = L.px(L.data["card"]["corner_mm"] * 0.7)
    c.draw.rounded_rectangle(box, radius=r, fill=panel or c.colour("paper"),
                             outline=c.colour("gold"), width=max(2, round(L.px(0.45))))
    inner = (box[0] + L.px(1.0), box[1] + L.px(1.0), box[2] - L.px(1.0), box[3] - L.px(1.0))
    c.draw.rounded_rectangle(inner, radius=r * 0.7, outline=mix(pal.main, c.colour("paper"), 0.55),
                             width=max(1, round(L.px(0.15))))
    return box


def text_line(c: Canvas, text: str, box: Box, role: str, font_role: str, colour: RGB,
              name: str, align: str = "center") -> None:
    """One line of text, shrunk to fit the box's width, centred vertically.

    Its colour is made legible against what lies under it (``readable``).
    """
    x0, y0, x1, y1 = box
    size = fit_line(c.layout, text, x1 - x0, role, font_role, c.card, name, height=(y1 - y0))
    f = font(c.layout, font_role, size)
    x = {"center": (x0 + x1) / 2, "left": x0, "right": x1}[align]
    anchor = {"center": "mm", "left": "lm", "right": "rm"}[align]
    where = c.draw.textbbox((x, (y0 + y1) / 2), text, font=f, anchor=anchor)
    c.draw.text((x, (y0 + y1) / 2), text, font=f, fill=readable(colour, c.ground(where)),
                anchor=anchor)


def title_bar(c: Canvas, box: Box, text: str, pal: Palette, symbol: str | None) -> None:
    """A ribbon in the palette's colour with the name in white, a symbol disc on the left."""
    L = c.layout
    x0, y0, x1, y1 = box
    h = y1 - y0
    c.draw.rounded_rectangle(box, radius=h * 0.22, fill=pal.main, outline=c.colour("gold"),
                             width=max(2, round(L.px(0.35))))
    left = x0 + h * 0.25
    if symbol:
        disc = (x0 + h * 0.12, y0 + h * 0.12, x0 + h * 0.88, y1 - h * 0.12)
        c.draw.ellipse(disc, fill=pal.dark, outline=c.colour("gold"),
                       width=max(1, round(L.px(0.25))))
        pad = h * 0.2
        # gold, darkened on a light palette's disc until it stands out (3:1, a graphic)
        icons.paste(c.img, symbol, (disc[0] + pad, disc[1] + pad, disc[2] - pad, disc[3] - pad),
                    readable(c.colour("gold"), pal.dark, 3.0))
        left = x0 + h * 1.0
    text_line(c, text, (left, y0, x1 - h * 0.25, y1), "title", "title", c.colour("white"), "title")


def medallion(c: Canvas, box: Box, value: str, caption: str, fill: RGB, ink: RGB) -> None:
    """A disc with a big number and a small caption under it."""
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    disc = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
    c.draw.ellipse(disc, fill=fill, outline=c.colour("gold"), width=max(2, round(side * 0.05)))
    size = round(side * 0.46)
    c.draw.text((cx, cy - side * 0.06), value, font=font(c.layout, "number", size), fill=ink,
                anchor="mm")
    if caption:
        small = round(side * 0.13)
        c.draw.text((cx, cy + side * 0.27), caption.upper(), font=font(c.layout, "label", small),
                    fill=ink, anchor="mm")


# ------------------------------------------------------------ inline icons
def chip_colour(c: Canvas, name: str, grimoire: str | None) -> RGB:
    if name == "reveal_until" and grimoire:
        return c.layout.palette(grimoire).main
    return c.colour(icons.ICONS[name].colour)


def draw_inline_icon(c: Canvas) -> IconPainter:
    """The callback ``draw_block`` uses to draw an action icon on the baseline.

    The icon carries no number: the step's text says the count at the text's
    size, which stays readable where a number squeezed onto the icon would not.
    """

    def draw(d: ImageDraw.ImageDraw, token: Icon, where: tuple[float, float, float],
             size: int) -> None:
        x, baseline, w = where
        side = w * 0.92
        bottom = baseline + size * 0.16
        box = (x, bottom - side, x + side, bottom)
        bg = token.colour or c.colour("icon_draw")
        d.rounded_rectangle(box, radius=side * 0.2, fill=bg)
        pad = side * 0.08
        icons.paste(c.img, token.name, (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad),
                    c.colour("white"))

    return draw


#: The words that set a price apart from what it pays for (ruling 17): "Pay: ... → ...".
PAY, THEN_GAIN = "Pay:", "\u2192"


def step_tokens(c: Canvas, steps: tuple[Step, ...], ink: RGB, paid: int = 0) -> list[Token]:
    """A box's steps, one paragraph each; the first ``paid`` steps are a price, shown as
    "Pay: [icon] ..." and what it buys as "→ [icon] ..."."""
    out: list[Token] = []
    for i, step in enumerate(steps):
        # Wrapped lines start under the text, not under the icon.
        out.append(Break(0.25 if i else 0.0, hang=ICON_EMS + 0.22))
        if paid and i in (0, paid):
            out.append(Word(PAY if i == 0 else THEN_GAIN, "strong", ink))
        out.append(Icon(step.icon, None, chip_colour(c, step.icon, step.grimoire)))
        out.extend(words(step.text, "body", ink))
    return out
