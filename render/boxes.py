"""Effect boxes: a face's ``EffectBox``es and a region in, boxes drawn with badges and icons out.

Each box has a badge column on the left (one badge per requirement: the
level in a hexagon of the grimoire's colour, top discard, reveal, a
condition) and the actions on the right, each starting with its icon on the
text's baseline. One type size serves every box of a card: the largest at
which all of them fit the region.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from prophecy.compiler.faces import Badge, EffectBox
from prophecy.render import icons
from prophecy.render.draw import (
    MIN_TEXT_PT,
    Canvas,
    draw_inline_icon,
    mix,
    readable,
    step_tokens,
)
from prophecy.render.layout import RGB, Box, Palette
from prophecy.render.text import Block, draw_block, fit, fitted, font, words, wrap

#: The caption of each kind of badge (the moments of a card in play: ``dsl.ast.MOMENTS``).
BADGE_CAPTIONS = {"top_discard": "Top discard", "reveal": "Reveal", "condition": "If",
                  "start": "Start", "end": "End", "exhaust": "Exhaust"}


@dataclass(frozen=True)
class PlacedBadge:
    badge: Badge
    label: Block | None
    height: float


@dataclass(frozen=True)
class PlacedBox:
    box: EffectBox
    badges: tuple[PlacedBadge, ...]
    text: Block
    height: float


@dataclass(frozen=True)
class BoxesLayout:
    boxes: tuple[PlacedBox, ...]
    size: int
    column: float  # badge column width (0 when no box has badges)


def _label_block(c: Canvas, text: str, role: str, width: float, largest: int,
                 smallest: int) -> Block | None:
    """The label at the largest size from ``largest`` down at which each word fits the column."""
    for size in range(largest, smallest - 1, -1):
        block = wrap(c.layout, words(text, role), width, size)
        if block is not None:
            return block
    return None


def _small(c: Canvas, size: int) -> int:
    """The badge captions' size: 0.62 of the text's, never under the smallest print size."""
    return max(c.layout.pt(MIN_TEXT_PT), round(size * 0.62))


def _badge(c: Canvas, b: Badge, width: float, size: int) -> PlacedBadge | None:
    small = _small(c, size)
    floor = c.layout.pt(MIN_TEXT_PT)
    if b.kind == "level":
        label = _label_block(c, b.caption.upper(), "label", width, small, floor)
        if label is None:
            return None
        return PlacedBadge(b, label, size * 1.7 + label.height)
    role = "label" if b.kind != "condition" else "body"
    largest = small if b.kind == "condition" else round(size * 0.85)
    label = _label_block(c, b.label, role, width, max(largest, floor), floor)
    if label is None:
        return None
    return PlacedBadge(b, label, size * 1.25 + small * 1.1 + label.height)


def _place(c: Canvas, box: EffectBox, width: float, column: float, size: int,
           ink: RGB) -> PlacedBox | None:
    pad = size * 0.45
    badges: list[PlacedBadge] = []
    for b in box.badges:
        placed = _badge(c, b, column - pad, size)
        if placed is None:
            return None
        badges.append(placed)
    text_w = width - 2 * pad - (column if box.badges else 0)
    text = wrap(c.layout, step_tokens(c, box.steps, ink, box.paid), text_w, size)
    if text is None:
        return None
    badge_h = sum(p.height for p in badges) + size * 0.35 * max(0, len(badges) - 1)
    return PlacedBox(box, tuple(badges), text, max(badge_h, text.height) + 2 * pad)


def layout_boxes(c: Canvas, boxes: tuple[EffectBox, ...], region: Box, name: str,
                 role: str = "body") -> BoxesLayout:
    """The largest size at which every box fits the region, or an overflow error."""
    width, height = region[2] - region[0], region[3] - region[1]
    column = width * 0.27 if any(b.badges for b in boxes) else 0.0
    ink = c.colour("ink")

    def attempt(size: int) -> BoxesLayout | None:
        placed: list[PlacedBox] = []
        for b in boxes:
            one = _place(c, b, width, column, size, ink)
            if one is None:
                return None  # a word wider than its box: this size is too big
            placed.append(one)
        total = sum(p.height for p in placed) + size * 0.4 * max(0, len(placed) - 1)
        if total > height:
            return None
        return BoxesLayout(tuple(placed), size, column)

    digest = c.layout.digest
    key = ("boxes", digest, boxes, region, role) if digest else None
    return fitted(key, lambda: fit(c.layout.sizes(role), attempt, c.card, name))


def draw_boxes(c: Canvas, boxes: tuple[EffectBox, ...], region: Box, pal: Palette,
               name: str = "effects", fill: RGB | None = None, top: bool = False) -> None:
    """Lay out and draw the effect boxes, spread over the region, centred (or at its top)."""
    if not boxes:
        return
    laid = layout_boxes(c, boxes, region, name)
    size, gap = laid.size, laid.size * 0.4
    natural = sum(p.height for p in laid.boxes) + gap * (len(laid.boxes) - 1)
    spare = region[3] - region[1] - natural
    grow = min(spare / len(laid.boxes), size * 1.6)
    y = region[1] + (0 if top else (spare - grow * len(laid.boxes)) / 2)
    for placed in laid.boxes:
        h = placed.height + grow
        _draw_box(c, placed, (region[0], y, region[2], y + h), laid, pal, fill)
        y += h + gap


def _draw_box(c: Canvas, placed: PlacedBox, box: Box, laid: BoxesLayout, pal: Palette,
              fill: RGB | None) -> None:
    size = laid.size
    pad = size * 0.45
    L = c.layout
    r = size * 0.45
    c.draw.rounded_rectangle(box, radius=r, fill=fill or c.colour("box"), outline=pal.main,
                             width=max(2, round(L.px(0.3))))
    x0, y0, x1, y1 = box
    text_x = x0 + pad
    if placed.badges:
        col = (x0, y0, x0 + laid.column, y1)
        c.draw.rounded_rectangle(col, radius=r, fill=mix(pal.light, pal.main, 0.12),
                                 outline=pal.main, width=max(2, round(L.px(0.3))))
        _draw_badges(c, placed, col, size, mix(pal.light, pal.main, 0.12))
        text_x = x0 + laid.column + pad
    ty = y0 + (y1 - y0 - placed.text.height) / 2
    draw_block(c.draw, L, placed.text, text_x, ty, c.colour("ink"),
               draw_icon=draw_inline_icon(c))


def _draw_badges(c: Canvas, placed: PlacedBox, col: Box, size: int, ground: RGB) -> None:
    gap = size * 0.35
    total = sum(b.height for b in placed.badges) + gap * (len(placed.badges) - 1)
    y = (col[1] + col[3] - total) / 2
    cx = (col[0] + col[2]) / 2
    for b in placed.badges:
        _draw_badge(c, b, cx, y, col[2] - col[0], size, ground)
        y += b.height + gap


def _draw_badge(c: Canvas, pb: PlacedBadge, cx: float, y: float, width: float, size: int,
                ground: RGB) -> None:
    b = pb.badge
    ink = c.colour("ink")
    colour = c.layout.palette(b.grimoire).main if b.grimoire else ink
    shape = colour
    colour = readable(colour, ground)
    small = _small(c, size)
    if b.kind == "level":
        r = size * 0.82
        hexagon = [(cx + r * math.cos(math.radians(30 + 60 * i)),
                    y + r + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)]
        c.draw.polygon(hexagon, fill=shape, outline=c.colour("gold"),
                       width=max(2, round(size * 0.07)))
        c.draw.text((cx, y + r), b.label, font=font(c.layout, "number", round(size * 1.05)),
                    fill=c.colour("white"), anchor="mm")
        _label(c, pb.label, cx, y + size * 1.7, width, colour)
        return
    side = size * 1.15
    icons.paste(c.img, b.kind, (cx - side / 2, y, cx + side / 2, y + side), shape)
    caption = BADGE_CAPTIONS[b.kind].upper()
    c.draw.text((cx, y + side + small * 0.55), caption, font=font(c.layout, "label", small),
                fill=readable(mix(ink, c.colour("paper"), 0.35), ground), anchor="mm")
    _label(c, pb.label, cx, y + size * 1.25 + small * 1.1, width, colour)


def _label(c: Canvas, block: Block | None, cx: float, y: float, width: float,
           colour: RGB) -> None:
    if block is None:
        return
    inner = width - block.size * 0.5
    draw_block(c.draw, c.layout, block, cx - inner / 2, y, colour, align="center", width=inner)
