"""Rows of RGB pixels moved between buffers: a cell halved into its band, or copied.

A Tabletop Simulator band (``render.tts.BandRows``) is laid out as PNG's
framed rows in one buffer. ``halved`` writes a card's cell into it straight
from the framed rows the card's own PNG was made from, each pixel the rounded
mean of a 2 x 2 block, as Pillow's ``Image.reduce(2)`` rounds; ``copied``
moves rows of bytes (a cell kept from an earlier band, or a blank). Both read
and write through strides and offsets, and refuse rows that lie outside their
buffers.

The compiled module ``_rows`` does the work when it was built (the package's
C extension, ``render/_rows.c``); else the same functions in Python here do,
more slowly. The tests compare the two on real cards and random pixels.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

Buffer = bytes | bytearray | memoryview


def _inside(size: int, at: int, stride: int, rows: int, length: int) -> bool:
    if min(at, stride, rows, length) < 0:
        return False
    return at <= size if rows == 0 or length == 0 else at + (rows - 1) * stride + length <= size


def _halved(src: Buffer, src_stride: int, src_at: int, dst: bytearray | memoryview,
            dst_stride: int, dst_at: int, width: int, height: int) -> None:
    """``halved`` in Python: Pillow halves the block, read as an image from ``src``."""
    if (min(width, height) < 0 or not _inside(len(src), src_at, src_stride, 2 * height, 6 * width)
            or not _inside(len(dst), dst_at, dst_stride, height, 3 * width)):
        raise ValueError("the rows lie outside their buffers")
    if not width or not height:
        return
    view = memoryview(src)
    block = b"".join(view[src_at + r * src_stride :][: 6 * width] for r in range(2 * height))
    made = Image.frombytes("RGB", (2 * width, 2 * height), block).reduce(2)
    _copied(made.tobytes(), 3 * width, 0, dst, dst_stride, dst_at, 3 * width, height)


def _copied(src: Buffer, src_stride: int, src_at: int, dst: bytearray | memoryview,
            dst_stride: int, dst_at: int, length: int, rows: int) -> None:
    """``copied`` in Python: a slice at a time."""
    if not (_inside(len(src), src_at, src_stride, rows, length)
            and _inside(len(dst), dst_at, dst_stride, rows, length)):
        raise ValueError("the rows lie outside their buffers")
    source, target = memoryview(src), memoryview(dst)
    for row in range(rows):
        start = dst_at + row * dst_stride
        target[start : start + length] = source[src_at + row * src_stride :][:length]


#: ``halved(src, src_stride, src_at, dst, dst_stride, dst_at, width, height)``: a width x
#: height block of RGB pixels written into ``dst``, each the rounded mean of a 2 x 2 block
#: of ``src``'s (each buffer's rows ``stride`` bytes apart from ``at``).
halved: Callable[[Buffer, int, int, bytearray | memoryview, int, int, int, int], None] = _halved
#: ``copied(src, src_stride, src_at, dst, dst_stride, dst_at, length, rows)``: rows of
#: ``length`` bytes copied from ``src`` into ``dst``.
copied: Callable[[Buffer, int, int, bytearray | memoryview, int, int, int, int], None] = _copied
#: Whether the compiled module does the work.
COMPILED = False
try:
    from prophecy.render import _rows

    halved, copied, COMPILED = _rows.halved, _rows.copied, True
except ImportError:  # pragma: no cover - built with the package wherever a C compiler is
    pass
