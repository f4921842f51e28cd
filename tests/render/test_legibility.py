"""Every piece of text on every face is big enough and dark (or light) enough to read in print.

The faces of the bundled content are drawn with the bundled layout while
every text drawing call is watched: its size in points at print size, its
colour, and the background it lands on (the commonest colour under the
text's box, read before the text is drawn). Each must be at least 6 pt, with
a contrast of at least 4.5:1 (WCAG 2 for normal text; 3:1 for large text, 18 pt
or 14 pt bold). Changing a colour or a size in the layout, or a drawing
routine, is held by this test.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PIL import ImageDraw

from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.loader import load_content
from prophecy.render.backs import render_face
from prophecy.render.draw import Painter

from .conftest import ROOT

MIN_PT = 6.0
MIN_CONTRAST = 4.5
MIN_CONTRAST_LARGE = 3.0
BOLD_ROLES = ("Bold", "Black", "Semibold")


@dataclass(frozen=True)
class Seen:
    card: str
    text: str
    points: float
    bold: bool
    fill: tuple[int, int, int]
    ground: tuple[int, int, int]

    @property
    def contrast(self) -> float:
        return contrast(self.fill, self.ground)

    @property
    def large(self) -> bool:
        return self.points >= 18 or (self.bold and self.points >= 14)


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = (_linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _ground(draw: ImageDraw.ImageDraw, box) -> tuple[int, int, int]:
    image = draw._image  # the image being drawn on, before the text lands
    x0, y0, x1, y1 = (round(v) for v in box)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(image.width, max(x1, x0 + 1)), min(image.height, max(y1, y0 + 1))
    region = image.crop((x0, y0, x1, y1)).convert("RGB")
    colours = region.getcolors(region.width * region.height)
    return max(colours)[1]


@pytest.fixture(scope="module")
def seen(layout) -> list[Seen]:
    """Every text drawn on every face (front and back) of the bundled content."""
    content = load_content(ROOT / "content")
    found: list[Seen] = []
    original = Painter.text  # the pen of every canvas that is drawn
    card = [""]

    def watch(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        if text.strip():
            box = self.textbbox(xy, text, font=font, anchor=anchor)
            style = font.getname()[1] if font is not None else ""
            found.append(Seen(card[0], text, font.size * 72 / layout.dpi,
                              any(b in style for b in BOLD_ROLES),
                              tuple(fill[:3]), _ground(self, box)))
        return original(self, xy, text, *args, fill=fill, font=font, anchor=anchor, **kwargs)

    Painter.text = watch  # type: ignore[method-assign]
    try:
        done = set()
        for faces in all_faces(content):
            for side in (faces.front, faces.back):
                if repr(side) not in done:
                    done.add(repr(side))
                    card[0] = f"{faces.id} {side.design}"
                    render_face(layout, faces.id, side)
    finally:
        Painter.text = original  # type: ignore[method-assign]
    return found


def test_every_kind_of_text_was_seen(seen):
    texts = {s.text for s in seen}
    assert {"ARCANA", "REVEAL", "TOP DISCARD", "CARDS NEEDED", "POINTS"} <= texts
    assert len(seen) > 500


def test_no_text_is_smaller_than_6_pt(seen):
    small = sorted({(round(s.points, 2), s.text, s.card) for s in seen if s.points < MIN_PT - 1e-6})
    assert not small, "text under 6 pt:\n" + "\n".join(map(str, small))


def test_every_text_stands_out_from_its_background(seen):
    faint = sorted({(round(s.contrast, 2), s.text, s.card, s.fill, s.ground) for s in seen
                    if s.contrast < (MIN_CONTRAST_LARGE if s.large else MIN_CONTRAST)})
    assert not faint, "text with too little contrast:\n" + "\n".join(map(str, faint))


def test_the_measure_finds_small_and_faint_text(layout):
    """The contrast formula agrees with WCAG's own examples."""
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
