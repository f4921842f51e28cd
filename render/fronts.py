"""Card faces as the layout declares them: a ``Face`` in, an RGB card image (bleed included) out.

The layout's ``faces:`` (``compiler/facespec.py``) gives each face its palette
and boxes; each box is drawn by the function of its style in ``STYLES``, in the
region the layout gives it, with what the face model says it shows. Nothing
here knows a kind of card: a new kind is a face in the layout. Deck backs
(the deck-back style) are in ``render.backs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from prophecy.compiler.faces import Edge, Face
from prophecy.compiler.facespec import BoxSpec, FaceSpec
from prophecy.dsl.errors import ProphecyError
from prophecy.render import icons
from prophecy.render.boxes import draw_boxes
from prophecy.render.draw import (
    MIN_TEXT_PT,
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


def draw_face(layout: Layout, card: str, face: Face, spec: FaceSpec) -> Image.Image:
    """A face of boxes: the palette's dark ground and frame, then each box by its style."""
    pal = layout.palette(face.grimoire, face.deck)
    c = Canvas.new(layout, card, pal.dark)
    frame(c, pal, colour(c, pal, spec.option("panel")))
    for box in spec.boxes:
        STYLES[box.style](c, box, face, pal)
    return c.img


def region(c: Canvas, box: BoxSpec) -> Box:
    """A box's region in pixels (one half of it, when the box says so)."""
    x0, y0, x1, y1 = c.layout.box(box.region)
    half = box.option("half")
    if half is None:
        return x0, y0, x1, y1
    w = (x1 - x0) / 2
    return (x0, y0, x0 + w, y1) if half == "left" else (x0 + w, y0, x1, y1)


def colour(c: Canvas, pal: Palette, name: str | None) -> RGB | None:
    """A box's colour: a palette role (main, dark, light), a colour of the layout, or
    'mix(a, b, t)' of two of them; None when the box names none."""
    if name is None:
        return None
    name = name.strip()
    if name.startswith("mix(") and name.endswith(")"):
        a, b, t = (part.strip() for part in name[4:-1].split(","))
        first, second = colour(c, pal, a), colour(c, pal, b)
        assert first is not None and second is not None
        return mix(first, second, float(t))
    roles = {"main": pal.main, "dark": pal.dark, "light": pal.light}
    return roles[name] if name in roles else c.colour(name)


def _text(face: Face, box: BoxSpec) -> str:
    value = str(face.value(box.name))
    return value.upper() if box.option("upper", False) else value


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


def stack(c: Canvas, box: Box, value: str, pal: Palette, caption: str) -> None:
    """A number on a fanned stack of cards, its caption under it (a Dark Deed's cards needed)."""
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
    c.draw.text((cx, y1 - (y1 - y0) * 0.02), caption.upper(),
                font=font(c.layout, "label", round((y1 - y0) * 0.12)), fill=pal.main, anchor="md")


def banner(c: Canvas, box: Box, pal: Palette, icon: str, label: str) -> None:
    """A band in the palette's colour across the top, to the bleed, an icon at each end."""
    x0, y0, x1, y1 = box
    b = c.layout.bleed_px
    band = (x0 - b, y0 - b, x1 + b, y1)
    c.draw.rectangle(band, fill=pal.main)
    c.draw.line((band[0], y1, band[2], y1), fill=c.colour("gold"), width=round(c.layout.px(0.5)))
    h = y1 - y0
    for cx in (x0 + h * 0.9, x1 - h * 0.9):
        icons.paste(c.img, icon, (cx - h * 0.32, y0 + h * 0.34, cx + h * 0.32, y1 - h * 0.1),
                    c.colour("white"))
    text_line(c, label, (x0 + h * 1.5, y0 + h * 0.3, x1 - h * 1.5, y1 - h * 0.05), "title",
              "title", c.colour("white"), "banner")


def mark(c: Canvas, box: Box, pal: Palette, value: str, icon: str, caption: str,
         name: str) -> None:
    """An icon with a number on it, its caption to its left ('{}' in it is the number)."""
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    icons.paste(c.img, icon, (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2),
                pal.main)
    c.draw.text((cx, cy), value, font=font(c.layout, "number", round(side * 0.42)),
                fill=readable(pal.main, c.colour("paper")), anchor="mm")
    words_box = (x0 - c.layout.px(30), y0, x0 - c.layout.px(1), y1)
    text_line(c, caption.replace("{}", value).upper(), words_box, "small", "label", pal.main,
              name, align="right")


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


def edges(c: Canvas, box: Box, labels: Sequence[Edge], pal: Palette) -> None:
    """Bands on the top, left, bottom and right edges: the card turns clockwise to the next."""
    W, H = c.layout.size
    top = box[1]
    for i, e in enumerate(labels):
        band = edge_band(c, box, e.label, e.value, pal).rotate(90 * i, expand=True)
        bw, bh = band.size
        where = [((W - bw) / 2, top), (top, (H - bh) / 2), ((W - bw) / 2, H - top - bh),
                 (W - top - bw, (H - bh) / 2)][i]
        c.img.paste(band, (round(where[0]), round(where[1])), band)


def summary(c: Canvas, box: Box, lines: Sequence[str], pal: Palette, name: str) -> None:
    """The reference card's rules summary: '# ' lines as headings, '- ' lines as bullets."""
    tokens: list[Token] = []
    for line in lines:
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
    x0, y0, x1, y1 = box
    block = fit_block(c.layout, tokens, (x1 - x0, y1 - y0), "body", c.card, name)
    draw_block(c.draw, c.layout, block, x0, y0 + (y1 - y0 - block.height) / 2, c.colour("ink"))


def disc(c: Canvas, box: Box, pal: Palette) -> None:
    """The palette's symbol in gold on a disc of its colour (a Grimoire's medallion)."""
    x0, y0, x1, y1 = box
    c.draw.ellipse((x0, y0, x1, y1), fill=pal.main, outline=c.colour("gold"),
                   width=round(c.layout.px(0.6)))
    pad = (x1 - x0) * 0.2
    icons.paste(c.img, pal.symbol, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), c.colour("gold"))


def badge(c: Canvas, box: Box, text: str, fill: RGB, name: str) -> None:
    """A small rounded label: the text in white on a pill of the colour."""
    x0, y0, x1, y1 = box
    c.draw.rounded_rectangle(box, radius=(y1 - y0) / 2, fill=fill, outline=c.colour("gold"),
                             width=max(1, round(c.layout.px(0.25))))
    h = y1 - y0
    text_line(c, text, (x0 + h * 0.35, y0, x1 - h * 0.35, y1), "small", "label",
              c.colour("white"), name)


def track(c: Canvas, box: Box, spots: range, pal: Palette, fill: RGB, caption: str,
          name: str) -> None:
    """Numbered spots a token moves along, in a row (a column, counting up, when the box is
    taller than wide); the last, where the game ends, in gold. The caption goes under a
    row, '{}' in it the last number."""
    x0, y0, x1, y1 = box
    wide = x1 - x0 >= y1 - y0
    words = 0.55 if caption and wide else 0.0  # the caption's band, in spots' heights
    along, across = (x1 - x0, y1 - y0) if wide else (y1 - y0, x1 - x0)
    step = along / len(spots)
    side = min(step * 0.86, across / (1 + words))
    if words:  # the spots and the caption under them, centred in the box together
        y0 += (y1 - y0 - side * (1 + words)) / 2
        words_box: Box = (x0, y0 + side * 1.1, x1, y0 + side * (1 + words))
        y1 = y0 + side
    if round(side * 0.5) < c.layout.pt(MIN_TEXT_PT):
        raise ProphecyError(
            f"{c.card}: the {len(spots)} spots of the track box '{name}' do not fit it: "
            f"each would be {side / c.layout.px(1):.1f} mm across, too small for a "
            f"{MIN_TEXT_PT:g} pt number", where=c.card,
            hint="give the box more room in the layout, or the track fewer spots")
    gold, ink = c.colour("gold"), c.colour("ink")
    for i, number in enumerate(spots):
        middle = (i + 0.5) * step
        cx, cy = (x0 + middle, (y0 + y1) / 2) if wide else ((x0 + x1) / 2, y1 - middle)
        last = number == spots[-1]
        ground = gold if last else fill
        c.draw.ellipse((cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2),
                       fill=ground, outline=gold, width=max(2, round(side * 0.07)))
        c.draw.text((cx, cy), str(number), font=font(c.layout, "number", round(side * 0.5)),
                    fill=readable(ink if last else c.colour("white"), ground), anchor="mm")
    if words:
        text_line(c, caption.replace("{}", str(spots[-1])).upper(), words_box, "small",
                  "label", gold, name)


def picture(c: Canvas, box: Box, path: str, fit: str) -> None:
    """A picture file in the box, covering it (cropped to fill) or contained in it; a box
    that reaches the trim's edge reaches the bleed's too, so the art prints to the cut."""
    from prophecy.render.art import paste_picture  # deferred: start-up time (check)

    paste_picture(c, box, path, fit)


# ------------------------------------------------------------------ the styles
def _title(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    title_bar(c, region(c, box), _text(face, box), pal, pal.symbol)


def _line(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        text_line(c, text, region(c, box), box.option("size", "body"),
                  box.option("font", "label"), colour(c, pal, box.option("colour")) or
                  c.colour("ink"), box.name, box.option("align", "center"))


def _prose(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        prose(c, text, region(c, box), box.name, box.option("size", "prose"),
              colour(c, pal, box.option("colour")), box.option("font", "prose"))


def _rules(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    draw_boxes(c, face.value(box.name, ()), region(c, box), pal, box.name,
               fill=pal.light if box.option("fill") == "light" else None,
               top=bool(box.option("top", False)))


def _medallion(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        medallion(c, region(c, box), text, face.value(f"{box.name}.caption"),
                  c.colour("gold"), c.colour("ink"))


def _stack(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        stack(c, region(c, box), text, pal, face.value(f"{box.name}.caption"))


def _icon(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    name = face.value(f"{box.name}.icon") or _text(face, box) or "symbol"
    icons.paste(c.img, pal.symbol if name == "symbol" else name, region(c, box),
                colour(c, pal, box.option("colour")) or pal.main)


def _disc(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    disc(c, region(c, box), pal)


def _edges(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    edges(c, region(c, box), face.value(box.name, ()), pal)


def _banner(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    banner(c, region(c, box), pal, face.value(f"{box.name}.icon") or "symbol",
           _text(face, box).upper())


def _mark(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        mark(c, region(c, box), pal, text, face.value(f"{box.name}.icon") or "redraw",
             face.value(f"{box.name}.caption"), box.name)


def _summary(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    summary(c, region(c, box), face.value(box.name, ()), pal, box.name)


def _badge(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box)
    if text:
        badge(c, region(c, box), text, colour(c, pal, box.option("colour")) or pal.main,
              box.name)


def _fields(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    """A card's fields as lines of text, and its rules lines under them as effect boxes."""
    texts, rules = face.value(box.name, ((), ()))
    x0, y0, x1, y1 = region(c, box)
    split = y0 + (y1 - y0) * (0.4 if texts and rules else 1.0 if texts else 0.0)
    if texts:
        prose(c, tuple(texts), (x0, y0, x1, split), box.name, "body", None, "body")
    if rules:
        draw_boxes(c, rules, (x0, split + c.layout.px(1.0) * bool(texts), x1, y1), pal,
                   box.name)


def _track(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    text = _text(face, box).strip()
    if not text:
        return
    first = int(box.option("start", 0))
    if not text.lstrip("-").isdigit() or int(text) <= first:
        raise ProphecyError(
            f"{c.card}: the '{box.name}' track shows '{text}', but a track needs a whole "
            f"number above its start ({first}): its last spot", where=c.card,
            hint="show a field that holds the track's last number, as show: \"{{ track }}\"")
    track(c, region(c, box), range(first, int(text) + 1),
          pal, colour(c, pal, box.option("colour")) or pal.main,
          face.value(f"{box.name}.caption"), box.name)


def _image(c: Canvas, box: BoxSpec, face: Face, pal: Palette) -> None:
    shown = face.value(box.name)
    if shown:
        picture(c, region(c, box), shown.path, box.option("fit", "cover"))


#: Style -> how a box of it is drawn; a style of facespec.STYLES missing here is a test
#: failure, never a face that cannot be drawn.
STYLES: dict[str, Callable[[Canvas, BoxSpec, Face, Palette], None]] = {
    "title": _title, "line": _line, "prose": _prose, "rules": _rules, "medallion": _medallion,
    "stack": _stack, "icon": _icon, "disc": _disc, "edges": _edges, "banner": _banner,
    "mark": _mark, "summary": _summary, "badge": _badge, "image": _image, "fields": _fields,
    "track": _track,
}
