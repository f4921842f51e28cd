"""Card fronts: a ``Face`` in, an RGB card image (bleed included) out, one function per kind.

``DESIGNS`` maps a face's ``design`` to its drawing function (backs are in
``render.backs`` and join the same table there). Every function draws into a
``Canvas`` built from the layout, using the regions the layout gives its kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from prophecy.compiler.faces import Edge, Face
from prophecy.render import icons
from prophecy.render.boxes import draw_boxes
from prophecy.render.draw import (
    Canvas,
    frame,
    medallion,
    mix,
    readable,
    text_line,
    title_bar,
)
from prophecy.render.layout import RGB, Box, Layout, Palette
from prophecy.render.text import Break, Token, Word, draw_block, fit_block, font, words


def _start(layout: Layout, card: str, face: Face) -> tuple[Canvas, Palette]:
    pal = layout.palette(face.grimoire, face.deck)
    c = Canvas.new(layout, card, pal.dark)
    frame(c, pal)
    return c, pal


def _region(c: Canvas, kind: str, name: str) -> Box:
    return c.layout.region(kind, name)


def _head(c: Canvas, face: Face, pal: Palette, kind: str) -> None:
    symbol = pal.symbol
    title_bar(c, _region(c, kind, "title"), face.title, pal, symbol)
    if face.subtitle:
        sub = face.subtitle.upper()
        if face.grimoire and kind == "arcana":
            sub = f"{face.grimoire.upper()}  ·  {sub}"
        text_line(c, sub, _region(c, kind, "types"), "small", "label", pal.main, "types")


def prose(c: Canvas, text: str | tuple[str, ...], box: Box, name: str, role: str = "prose",
          colour: RGB | None = None, font_role: str = "prose") -> None:
    """Centred wrapped prose (italic by default), shrunk to fit the box."""
    paragraphs = (text,) if isinstance(text, str) else text
    tokens: list[Token] = []
    for i, para in enumerate(paragraphs):
        if i:
            tokens.append(Break(0.3))
        tokens.extend(words(para, font_role))
    if not tokens:
        return
    x0, y0, x1, y1 = box
    block = fit_block(c.layout, tokens, (x1 - x0, y1 - y0), role, c.card, name)
    y = y0 + (y1 - y0 - block.height) / 2
    draw_block(c.draw, c.layout, block, x0, y, colour or c.colour("ink"), align="center",
               width=x1 - x0)


def arcana(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    _head(c, face, pal, "arcana")
    draw_boxes(c, face.boxes, _region(c, "arcana", "body"), pal)
    if face.flavor:
        prose(c, face.flavor, _region(c, "arcana", "flavor"), "flavor", "small",
              mix(c.colour("ink"), c.colour("paper"), 0.3))
    return c.img


def deed(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    _head(c, face, pal, "deed")
    x0, y0, x1, y1 = _region(c, "deed", "stats")
    w = (x1 - x0) / 2
    needed, points = dict(face.stats)["Cards needed"], dict(face.stats)["Points"]
    _needed(c, (x0, y0, x0 + w, y1), needed, pal)
    medallion(c, (x0 + w, y0, x1, y1), points, "points", c.colour("gold"), c.colour("ink"))
    text_line(c, "WHEN COMPLETE", _region(c, "deed", "label"), "small", "label", pal.main, "label")
    draw_boxes(c, face.boxes, _region(c, "deed", "body"), pal, top=True)
    if face.flavor:
        prose(c, face.flavor, _region(c, "deed", "flavor"), "flavor", "small")
    return c.img


def _needed(c: Canvas, box: Box, value: str, pal: Palette) -> None:
    """The cards-needed mark: a fanned stack of cards with the number on the top one."""
    x0, y0, x1, y1 = box
    h = (y1 - y0) * 0.78
    w = h * 0.7
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.42
    for i, dx in enumerate((-0.22, -0.11, 0.0)):
        off = dx * w
        rect = (cx - w / 2 + off, cy - h / 2 + off * 0.4, cx + w / 2 + off, cy + h / 2 + off * 0.4)
        fill = pal.main if i == 2 else mix(pal.main, c.colour("paper"), 0.5 - 0.2 * i)
        c.draw.rounded_rectangle(rect, radius=w * 0.12, fill=fill, outline=c.colour("gold"),
                                 width=max(2, round(w * 0.04)))
    c.draw.text((cx, cy), value, font=font(c.layout, "number", round(h * 0.5)),
                fill=c.colour("white"), anchor="mm")
    c.draw.text((cx, y1 - (y1 - y0) * 0.02), "CARDS NEEDED",
                font=font(c.layout, "label", round((y1 - y0) * 0.12)), fill=pal.main, anchor="md")


def verse(layout: Layout, card: str, face: Face) -> Image.Image:
    pal = layout.palette(None, f"verse_{face.variant}")
    c = Canvas.new(layout, card, pal.dark)
    frame(c, pal)
    _head(c, face, pal, "verse")
    prose(c, face.prose, _region(c, "verse", "prose"), "verse text")
    condition, *reward = face.boxes
    draw_boxes(c, (condition,), _region(c, "verse", "condition"), pal, "condition",
               fill=pal.light)
    text_line(c, "REWARD", _region(c, "verse", "label"), "small", "label", pal.main, "label")
    draw_boxes(c, tuple(reward), _region(c, "verse", "body"), pal, "reward", top=True)
    return c.img


def hireling(layout: Layout, card: str, face: Face) -> Image.Image:
    support = face.variant == "support"
    main = layout.colour("support" if support else "sabotage")
    dark = layout.colour("support_dark" if support else "sabotage_dark")
    base = layout.palette(None, "hireling")
    pal = Palette(main, dark, mix(main, layout.colour("paper"), 0.82), base.symbol)
    c = Canvas.new(layout, card, dark)
    frame(c, pal)
    _banner(c, face, pal, support)
    text_line(c, face.title, _region(c, "hireling", "title"), "title", "title", pal.main, "title")
    prose(c, face.prose, _region(c, "hireling", "reminder"), "reminder")
    draw_boxes(c, face.boxes, _region(c, "hireling", "body"), pal, fill=pal.light)
    if face.mark:
        _redraw_mark(c, _region(c, "hireling", "redraw"), pal, dict(face.stats)["Redraw round"])
    return c.img


def _banner(c: Canvas, face: Face, pal: Palette, support: bool) -> None:
    x0, y0, x1, y1 = _region(c, "hireling", "banner")
    b = c.layout.bleed_px
    band = (x0 - b, y0 - b, x1 + b, y1)
    c.draw.rectangle(band, fill=pal.main)
    c.draw.line((band[0], y1, band[2], y1), fill=c.colour("gold"), width=round(c.layout.px(0.5)))
    h = y1 - y0
    name = "level_up" if support else "dagger"
    for cx in (x0 + h * 0.9, x1 - h * 0.9):
        icons.paste(c.img, name, (cx - h * 0.32, y0 + h * 0.34, cx + h * 0.32, y1 - h * 0.1),
                    c.colour("white"))
    label = "SUPPORT" if support else "SABOTAGE"
    text_line(c, label, (x0 + h * 1.5, y0 + h * 0.3, x1 - h * 1.5, y1 - h * 0.05), "title",
              "title", c.colour("white"), "banner")


def _redraw_mark(c: Canvas, box: Box, pal: Palette, round_no: str) -> None:
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    icons.paste(c.img, "redraw", (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2),
                pal.main)
    c.draw.text((cx, cy), round_no, font=font(c.layout, "number", round(side * 0.42)),
                fill=readable(pal.main, c.colour("paper")), anchor="mm")
    caption = (x0 - c.layout.px(30), y0, x0 - c.layout.px(1), y1)
    text_line(c, f"REDRAW IN ROUND {round_no}", caption, "small", "label", pal.main, "redraw",
              align="right")


def title(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    _head(c, face, pal, "title")
    icons.paste(c.img, "crown", _region(c, "title", "crown"), c.colour("gold_dark"))
    text = face.boxes[0].steps[0].text if face.boxes else ""
    prose(c, text, _region(c, "title", "condition"), "condition", "title", pal.main, "title")
    points = dict(face.stats).get("Points", "")
    medallion(c, _region(c, "title", "points"), points, "points", c.colour("gold"),
              c.colour("ink"))
    return c.img


def reference(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    title_bar(c, _region(c, "reference", "title"), face.title, pal, pal.symbol)
    tokens: list[Token] = []
    for line in face.prose:
        if tokens:
            hang = 0.55 if line.startswith("- ") else 0.0
            tokens.append(Break(0.35 if line.startswith("# ") else 0.08, hang))
        if line.startswith("# "):
            tokens.extend(words(line[2:].upper(), "strong", pal.main))
        elif line.startswith("- "):
            tokens.append(Word("•", "strong", pal.main))
            tokens.extend(words(line[2:], "body"))
        else:
            tokens.extend(words(line, "prose"))
    x0, y0, x1, y1 = _region(c, "reference", "body")
    block = fit_block(layout, tokens, (x1 - x0, y1 - y0), "body", card, "rules summary")
    draw_block(c.draw, layout, block, x0, y0 + (y1 - y0 - block.height) / 2, c.colour("ink"))
    return c.img


def edge_band(c: Canvas, box: Box, label: str, value: str, pal: Palette) -> Image.Image:
    """A band for one edge (level and points, or a round), drawn upright on its own image."""
    x0, y0, x1, y1 = box
    w, h = round(x1 - x0), round(y1 - y0)
    sub = c.layer((w, h))
    sub.draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=h * 0.3, fill=pal.main,
                               outline=c.colour("gold"), width=max(2, round(h * 0.05)))
    if value:
        text_line(sub, label.upper(), (h * 0.3, 0, w * 0.62, h), "title", "title",
                  c.colour("white"), "edge", align="left")
        pill = (w * 0.64, h * 0.16, w - h * 0.2, h * 0.84)
        sub.draw.rounded_rectangle(pill, radius=(pill[3] - pill[1]) / 2, fill=c.colour("gold"))
        text_line(sub, value, (pill[0], pill[1], pill[2], pill[3]), "body", "strong",
                  c.colour("ink"), "points")
    else:
        text_line(sub, label.upper(), (h * 0.3, 0, w - h * 0.3, h), "title", "title",
                  c.colour("white"), "edge")
    return sub.img


def edges(c: Canvas, kind: str, labels: Sequence[Edge], pal: Palette) -> None:
    """Bands on the top, left, bottom and right edges: the card turns clockwise to the next."""
    box = _region(c, kind, "edge")
    W, H = c.layout.size
    top = box[1]
    for i, e in enumerate(labels):
        band = edge_band(c, box, e.label, e.value, pal).rotate(90 * i, expand=True)
        bw, bh = band.size
        where = [((W - bw) / 2, top), (top, (H - bh) / 2), ((W - bw) / 2, H - top - bh),
                 (W - top - bw, (H - bh) / 2)][i]
        c.img.paste(band, (round(where[0]), round(where[1])), band)


def grimoire(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    edges(c, "grimoire", face.edges, pal)
    prose(c, face.title, _region(c, "grimoire", "name"), "name", "title", pal.main, "title")
    x0, y0, x1, y1 = _region(c, "grimoire", "symbol")
    c.draw.ellipse((x0, y0, x1, y1), fill=pal.main, outline=c.colour("gold"),
                   width=round(layout.px(0.6)))
    pad = (x1 - x0) * 0.2
    icons.paste(c.img, pal.symbol, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), c.colour("gold"))
    text_line(c, face.subtitle.upper(), _region(c, "grimoire", "kind"), "small", "label",
              pal.main, "kind")
    return c.img


def tracker(layout: Layout, card: str, face: Face) -> Image.Image:
    c, pal = _start(layout, card, face)
    edges(c, "tracker", face.edges, pal)
    text_line(c, face.title, _region(c, "tracker", "name"), "title", "title", pal.main, "name")
    icons.paste(c.img, "hourglass", _region(c, "tracker", "symbol"), pal.main)
    text_line(c, face.subtitle.upper(), _region(c, "tracker", "kind"), "small", "label",
              pal.main, "kind")
    return c.img


DESIGNS = {
    "arcana": arcana, "deed": deed, "verse": verse, "hireling": hireling, "title": title,
    "reference": reference, "grimoire": grimoire, "tracker": tracker,
}
