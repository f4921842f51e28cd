"""The version stamp: a drawn card face and the content's version in, the version printed small out.

When the layout's ``stamp`` setting is on, every front carries the
content's ``version:`` (from game.yaml, never the clock) in a small box of
the layout, so printed cards of different runs can be told apart. The text
is drawn in the layout's small label font, shrunk to fit its box.
"""

from __future__ import annotations

from PIL import Image

from prophecy.compiler.faces import Face
from prophecy.render.draw import Canvas, mix, text_line
from prophecy.render.layout import Layout


def stamp(layout: Layout, card: str, face: Face, img: Image.Image) -> Image.Image:
    """``img`` with the face's version stamp drawn, if the layout shows stamps."""
    spec = layout.data.get("stamp") or {}
    if not face.stamp or not spec.get("show", False):
        return img

    c = Canvas.over(img, layout, card)
    ink = mix(layout.colour("ink"), layout.colour("paper"), 0.35)
    text_line(c, f"v{face.stamp}" if face.stamp[:1].isdigit() else face.stamp,
              layout.box(spec["region"]), "small", "label", ink, "version stamp",
              align=spec.get("align", "right"))
    return img
