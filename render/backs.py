"""Card backs, and the one entry point for any face: a ``Face`` in, an RGB image out.

A deck back is the deck's symbol in a ringed disc on a dark field with its
name; the three Prophecy Verse backs differ in colour and numeral (I, II,
III). The Grimoire's back is its top level and Manifest ability, the round
tracker's back its last round.
"""

from __future__ import annotations

from PIL import Image

from prophecy.compiler.faces import Face
from prophecy.render import fronts, icons
from prophecy.render.boxes import draw_boxes
from prophecy.render.draw import Canvas, mix, text_line
from prophecy.render.layout import Layout
from prophecy.render.text import font as fonts_font


def deck_back(layout: Layout, card: str, face: Face) -> Image.Image:
    key = f"verse_{face.variant}" if face.deck == "verse" and face.variant else face.deck
    pal = layout.palette(None, key)
    c = Canvas.new(layout, card, pal.dark)
    gold = c.colour("gold")
    box = layout.trim_box(layout.data["card"]["safe_mm"] * 0.72)
    c.draw.rounded_rectangle(box, radius=layout.px(2.2), fill=mix(pal.dark, pal.main, 0.35),
                             outline=gold, width=round(layout.px(0.5)))
    inner = layout.trim_box(layout.data["card"]["safe_mm"] * 0.72 + 1.6)
    c.draw.rounded_rectangle(inner, radius=layout.px(1.6), outline=mix(gold, pal.dark, 0.4),
                             width=round(layout.px(0.25)))
    _corners(c, inner, gold)
    x0, y0, x1, y1 = layout.region("back", "symbol")
    c.draw.ellipse((x0, y0, x1, y1), fill=pal.main, outline=gold, width=round(layout.px(0.8)))
    ring = layout.px(2.0)
    c.draw.ellipse((x0 + ring, y0 + ring, x1 - ring, y1 - ring), outline=mix(gold, pal.main, 0.5),
                   width=round(layout.px(0.3)))
    pad = (x1 - x0) * 0.24
    if face.deck == "verse" and face.variant:
        c.draw.text(((x0 + x1) / 2, (y0 + y1) / 2), pal.label, fill=gold, anchor="mm",
                    font=fonts_font(layout, "number", round((y1 - y0) * 0.42)))
        label, sub = face.title, "Prophecy Verse"
    else:
        icons.paste(c.img, pal.symbol, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), gold)
        label, sub = pal.label, face.title
    text_line(c, label.upper(), layout.region("back", "label"), "title", "title", gold, "label")
    if sub:
        text_line(c, sub.upper(), layout.region("back", "sublabel"), "small", "label",
                  mix(gold, pal.dark, 0.25), "sublabel")
    return c.img


def _corners(c: Canvas, box, colour) -> None:
    """Small diamonds in the corners of the back's inner rule."""
    x0, y0, x1, y1 = box
    r = c.layout.px(1.6)
    for cx, cy in ((x0 + r * 2, y0 + r * 2), (x1 - r * 2, y0 + r * 2),
                   (x0 + r * 2, y1 - r * 2), (x1 - r * 2, y1 - r * 2)):
        c.draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour)


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
