"""Card art: a picture file and a box in, the picture drawn in the box (to the bleed) out.

A box that reaches the trim's edge is grown to the bleed's edge on that side,
so art printed to the cut line shows no paper when the cut strays. ``cover``
fills the box and crops what spills over, centred; ``contain`` shows the
whole picture, centred, at the largest size that fits. The picture is read
once per process and file state, and resampled with Lanczos.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

from prophecy.render.layout import Box


@cache
def _read(path: str, mtime: int, size: int) -> Image.Image:
    with Image.open(path) as img:
        return img.convert("RGBA")


def picture_file(path: str) -> Image.Image:
    """The picture at ``path``, read once per file state."""
    stat = Path(path).stat()
    return _read(path, stat.st_mtime_ns, stat.st_size)


def to_bleed(layout: Any, box: Box) -> Box:
    """The box, grown to the image's edge on each side where it reaches the trim's edge."""
    x0, y0, x1, y1 = box
    b = layout.bleed_px
    w, h = layout.size
    eps = 0.5
    return (0.0 if x0 <= b + eps else x0, 0.0 if y0 <= b + eps else y0,
            float(w) if x1 >= w - b - eps else x1, float(h) if y1 >= h - b - eps else y1)


def paste_picture(c: Any, box: Box, path: str, fit: str) -> None:
    """Draw the picture of ``path`` in ``box`` (grown to the bleed), covered or contained."""
    if not (c.img.width and c.img.height):
        picture_file(path)  # measuring: the file must read, nothing is drawn
        return
    x0, y0, x1, y1 = to_bleed(c.layout, box)
    bw, bh = max(1, round(x1 - x0)), max(1, round(y1 - y0))
    art = picture_file(path)
    scale = (max if fit == "cover" else min)(bw / art.width, bh / art.height)
    size = (max(1, round(art.width * scale)), max(1, round(art.height * scale)))
    resized = art.resize(size, Image.Resampling.LANCZOS)
    if fit == "cover":
        left, top = (size[0] - bw) // 2, (size[1] - bh) // 2
        resized = resized.crop((left, top, left + bw, top + bh))
        c.img.paste(resized, (round(x0), round(y0)), resized)
    else:
        c.img.paste(resized, (round(x0 + (bw - size[0]) / 2), round(y0 + (bh - size[1]) / 2)),
                    resized)
