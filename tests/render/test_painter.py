"""The pen of a drawn face keeps each line of text's rendering: the same pixels as Pillow's own."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from prophecy.render import draw
from prophecy.render.text import font


@pytest.fixture
def fonts(layout):
    return [font(layout, role, size) for role, size in
            (("body", 40), ("title", 57), ("label", 23), ("number", 90))]


def test_text_drawn_from_kept_renderings_is_pillows_text(fonts):
    """Every anchor the faces use, at whole and fractional places, twice (the second kept)."""
    places = [(100, 100), (100.5, 99.25), (333.3, 41.7), (812.9, 1000.01)]
    ours, pillows = (Image.new("RGB", (825, 1125), (243, 234, 214)) for _ in range(2))
    pen, reference = draw.Painter(ours), ImageDraw.Draw(pillows)
    draw._rendered.cache_clear()
    for _ in range(2):
        for f in fonts:
            for anchor in ("ls", "mm", "lm", "rm", "md", None):
                for i, xy in enumerate(places):
                    colour = (36, 26, 18) if i % 2 else (200, 160, 75)
                    for d in (pen, reference):
                        d.text(xy, "Add 1 to any Dark Deed", font=f, fill=colour, anchor=anchor)
    assert draw._rendered.cache_info().hits > 0
    assert ours.tobytes() == pillows.tobytes()


def test_text_the_pen_does_not_keep_is_drawn_by_pillow(fonts):
    """Two lines, a stroke: Pillow's own drawing, untouched."""
    ours, pillows = (Image.new("RGB", (400, 300), (0, 0, 0)) for _ in range(2))
    for d in (draw.Painter(ours), ImageDraw.Draw(pillows)):
        d.text((10.5, 20.5), "two\nlines", font=fonts[0], fill=(255, 255, 255))
        d.text((10, 150), "stroked", font=fonts[0], fill=(255, 0, 0), stroke_width=2)
    assert ours.tobytes() == pillows.tobytes()
