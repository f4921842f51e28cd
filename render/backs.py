"""Deck backs, and the one entry point for any face: a ``Face`` in, an RGB image out.

A face the layout declares with the deck-back style is a deck's shared back:
the deck's symbol (or the palette's numeral, as the three Prophecy Verse
backs) in a ringed disc on a lattice that runs to the bleed's edge, with its
label. Any other face is a face of boxes (``render.fronts``), a back included
(a Grimoire's back shows its top Level and Manifest ability).
"""

from __future__ import annotations

from PIL import Image

from prophecy.compiler.faces import Face
from prophecy.compiler.facespec import FaceSpec
from prophecy.dsl.errors import ProphecyError
from prophecy.render import fronts, icons
from prophecy.render.draw import Canvas, measuring, mix, readable, text_line
from prophecy.render.layout import RGB, Box, Layout
from prophecy.render.stamp import stamp
from prophecy.render.text import fit, length
from prophecy.render.text import font as fonts_font


def deck_back(layout: Layout, card: str, face: Face, spec: FaceSpec) -> Image.Image:
    """A deck's back: a lattice over the whole card, bleed included, and a medallion.

    Nothing follows the cut line: a border or rule near it would show any
    misregistration of a duplex print (and tell cards on different sheets
    apart); the lattice looks the same wherever the cut falls.
    """
    pal = layout.palette(None, face.deck)
    c = Canvas.new(layout, card, mix(pal.dark, pal.main, 0.3))
    gold = c.colour("gold")
    _lattice(c, mix(pal.dark, pal.main, 0.62), layout.px(5.0), layout.px(0.35))
    x0, y0, x1, y1 = layout.region("back", "symbol")
    disc = mix(pal.dark, pal.main, 0.3)  # dark enough for the gold symbol and numeral
    # on a light deck's disc (a yellow back) gold darkens until it stands out (3:1, as
    # WCAG asks of a graphic); on a dark one it is gold itself
    gold = readable(gold, disc, 3.0)
    c.draw.ellipse((x0, y0, x1, y1), fill=disc, outline=gold, width=round(layout.px(0.8)))
    ring = layout.px(2.0)
    c.draw.ellipse((x0 + ring, y0 + ring, x1 - ring, y1 - ring), outline=mix(gold, disc, 0.5),
                   width=round(layout.px(0.3)))
    pad = (x1 - x0) * 0.24
    if spec.option("numeral", False):
        size = _numeral_size(layout, card, pal.label, (x0 + pad, y0, x1 - pad, y1))
        c.draw.text(((x0 + x1) / 2, (y0 + y1) / 2), pal.label, fill=readable(gold, disc),
                    anchor="mm", font=fonts_font(layout, "number", size))
    else:
        icons.paste(c.img, pal.symbol, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), gold)
    label, sub = face.value("label") or pal.label, face.value("sublabel")
    lx0, ly0, lx1, ly1 = layout.region("back", "label")
    bottom = layout.region("back", "sublabel")[3] if sub else ly1
    plate = _plate(c, (lx0, ly0, lx1, bottom), pal.dark)
    text_line(c, label.upper(), _on_plate(layout.region("back", "label"), plate), "title",
              "title", gold, "label")
    if sub:
        text_line(c, sub.upper(), _on_plate(layout.region("back", "sublabel"), plate), "small",
                  "label", mix(gold, c.colour("white"), 0.35), "sublabel")
    return c.img


def _numeral_size(layout: Layout, card: str, numeral: str, ring: Box) -> int:
    """The size of a back's numeral: as tall as suits the disc, smaller where it is too
    wide for the ring, never smaller than the layout's titles may print; past that, an
    overflow error, as a box's text has."""
    x0, y0, x1, y1 = ring
    largest = round((y1 - y0) * 0.42)
    smallest = min(largest, layout.sizes("title")[1])

    def attempt(size: int) -> int | None:
        return size if length(layout, "number", size, numeral) <= x1 - x0 else None

    return fit((largest, smallest), attempt, card, "numeral")


def _on_plate(region: Box, plate: Box) -> Box:
    """A label's region narrowed to the straight part of the plate drawn under it, so its
    letters never run past the plate's rounded ends onto the lattice."""
    x0, y0, x1, y1 = region
    px0, _, px1, _ = plate
    end = (y1 - y0) * 0.25
    return (max(x0, px0 + end), y0, min(x1, px1 - end), y1)


def _lattice(c: Canvas, colour: RGB, pitch: float, width: float) -> None:
    """Diagonal lines both ways over the whole image, centred on the card."""
    if not c.painted:
        return  # lines and nothing else: a measured face has nothing here to lay out
    w, h = c.layout.size
    cx, cy = w / 2, h / 2
    n = int((w + h) / pitch) + 2
    line = max(1, round(width))
    for i in range(-n, n + 1):
        off = i * pitch
        c.draw.line((cx + off - h, cy - h, cx + off + h, cy + h), fill=colour, width=line)
        c.draw.line((cx + off + h, cy - h, cx + off - h, cy + h), fill=colour, width=line)


def _plate(c: Canvas, box: Box, colour: RGB) -> Box:
    """A dark plate under a label, so the lattice does not run through its letters; the
    plate's box."""
    x0, y0, x1, y1 = box
    inset = (x1 - x0) * 0.12
    plate = (x0 + inset, y0, x1 - inset, y1)
    c.draw.rounded_rectangle(plate, radius=min(y1 - y0, c.layout.px(9.0)) * 0.5, fill=colour)
    return plate


def render_face(layout: Layout, card: str, face: Face) -> Image.Image:
    """Draw one face; ``card`` names it in overflow errors."""
    spec = layout.faces.get(face.design)
    if spec is None:
        raise ProphecyError(f"{card}: the layout {layout.name} declares no face '{face.design}'",
                            hint=f"add '{face.design}' under the layout's faces:")
    draw = deck_back if spec.style == "deck-back" else fronts.draw_face
    return stamp(layout, card, face, draw(layout, card, face, spec))


def measure_face(layout: Layout, card: str, face: Face) -> None:
    """Lay one face out as ``render_face`` draws it, painting nothing: the same error when
    its text does not fit (the same code runs, on unpainted canvases)."""
    with measuring():
        render_face(layout, card, face)
