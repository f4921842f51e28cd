"""Card backs, and the one entry point for any face: a ``Face`` in, an RGB image out.

A deck back is the deck's symbol in a ringed disc on a lattice that runs to
the bleed's edge, with its name; the three Prophecy Verse backs differ in colour and numeral (I, II,
III). The Grimoire's back is its top level and Manifest ability, the round
tracker's back its last round.
"""

from __future__ import annotations

from PIL import Image

from prophecy.compiler.faces import Face
from prophecy.render import fronts, icons
from prophecy.render.boxes import draw_boxes
from prophecy.render.draw import Canvas, measuring, mix, readable, text_line
from prophecy.render.layout import RGB, Box, Layout
from prophecy.render.text import font as fonts_font


def deck_back(layout: Layout, card: str, face: Face) -> Image.Image:
    """A deck's back: a lattice over the whole card, bleed included, and a medallion.

    Nothing follows the cut line: a border or rule near it would show any
    misregistration of a duplex print (and tell cards on different sheets
    apart); the lattice looks the same wherever the cut falls.
    """
    key = f"verse_{face.variant}" if face.deck == "verse" and face.variant else face.deck
    pal = layout.palette(None, key)
    c = Canvas.new(layout, card, mix(pal.dark, pal.main, 0.3))
    gold = c.colour("gold")
    _lattice(c, mix(pal.dark, pal.main, 0.62), layout.px(5.0), layout.px(0.35))
    x0, y0, x1, y1 = layout.region("back", "symbol")
    disc = mix(pal.dark, pal.main, 0.3)  # dark enough for the gold symbol and numeral
    c.draw.ellipse((x0, y0, x1, y1), fill=disc, outline=gold, width=round(layout.px(0.8)))
    ring = layout.px(2.0)
    c.draw.ellipse((x0 + ring, y0 + ring, x1 - ring, y1 - ring), outline=mix(gold, disc, 0.5),
                   width=round(layout.px(0.3)))
    pad = (x1 - x0) * 0.24
    if face.deck == "verse" and face.variant:
        c.draw.text(((x0 + x1) / 2, (y0 + y1) / 2), pal.label, fill=readable(gold, disc),
                    anchor="mm",
                    font=fonts_font(layout, "number", round((y1 - y0) * 0.42)))
        label, sub = face.title, "Prophecy Verse"
    else:
        icons.paste(c.img, pal.symbol, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), gold)
        label, sub = pal.label, face.title
    lx0, ly0, lx1, ly1 = layout.region("back", "label")
    bottom = layout.region("back", "sublabel")[3] if sub else ly1
    _plate(c, (lx0, ly0, lx1, bottom), pal.dark)
    text_line(c, label.upper(), layout.region("back", "label"), "title", "title", gold, "label")
    if sub:
        text_line(c, sub.upper(), layout.region("back", "sublabel"), "small", "label",
                  mix(gold, c.colour("white"), 0.35), "sublabel")
    return c.img


def _lattice(c: Canvas, colour: RGB, pitch: float, width: float) -> None:
    """Diagonal lines both ways over the whole image, centred on the card."""
    w, h = c.layout.size
    cx, cy = w / 2, h / 2
    n = int((w + h) / pitch) + 2
    line = max(1, round(width))
    for i in range(-n, n + 1):
        off = i * pitch
        c.draw.line((cx + off - h, cy - h, cx + off + h, cy + h), fill=colour, width=line)
        c.draw.line((cx + off + h, cy - h, cx + off - h, cy + h), fill=colour, width=line)


def _plate(c: Canvas, box: Box, colour: RGB) -> None:
    """A dark plate under a label, so the lattice does not run through its letters."""
    x0, y0, x1, y1 = box
    inset = (x1 - x0) * 0.12
    c.draw.rounded_rectangle((x0 + inset, y0, x1 - inset, y1),
                             radius=min(y1 - y0, c.layout.px(9.0)) * 0.5, fill=colour)


def grimoire_back(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = fronts._start(layout, card, face)
    fronts.edges(c, "grimoire_back", face.edges, pal)
    fronts.prose(c, face.title, layout.region("grimoire_back", "name"), "name", "title", pal.main,
                 "title")
    text_line(c, f"MANIFEST  ·  {face.subtitle.upper()}",
              layout.region("grimoire_back", "manifest_name"), "small", "label", pal.main,
              "manifest name")
    draw_boxes(c, face.boxes, layout.region("grimoire_back", "body"), pal, "manifest",
               fill=pal.light)
    if face.flavor:
        fronts.prose(c, face.flavor, layout.region("grimoire_back", "flavor"), "flavor", "small")
    return c.img


def tracker_back(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = fronts._start(layout, card, face)
    fronts.edges(c, "tracker", face.edges, pal)
    text_line(c, face.title, layout.region("tracker", "name"), "title", "title", pal.main, "name")
    icons.paste(c.img, "hourglass", layout.region("tracker", "symbol"), pal.main)
    text_line(c, face.subtitle.upper(), layout.region("tracker", "kind"), "small", "label",
              pal.main, "kind")
    return c.img


DESIGNS = {
    **fronts.DESIGNS,
    "back": deck_back,
    "grimoire_back": grimoire_back,
    "tracker_back": tracker_back,
}


def render_face(layout: Layout, card: str, face: Face) -> Image.Image:
    """Draw one face; ``card`` names it in overflow errors."""
    from prophecy.render.stamp import stamp

    return stamp(layout, card, face, DESIGNS[face.design](layout, card, face))


def measure_face(layout: Layout, card: str, face: Face) -> None:
    """Lay one face out as ``render_face`` draws it, painting nothing: the same error when
    its text does not fit (the same code runs, on unpainted canvases)."""
    with measuring():
        render_face(layout, card, face)
