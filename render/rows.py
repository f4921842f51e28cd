"""Rows of bytes copied between buffers, each read and written through a stride.

A Tabletop Simulator band (``render.tts.BandRows``) is laid out as PNG's
framed rows in one buffer; ``copied`` puts a cell's rows into their place in
it (a card's cell just made by Pillow, a cell kept from an earlier band, or a
blank), and refuses rows that lie outside either buffer.
"""

from __future__ import annotations

Buffer = bytes | bytearray | memoryview


def _inside(size: int, at: int, stride: int, rows: int, length: int) -> bool:
    if min(at, stride, rows, length) < 0:
        return False
    return at <= size if rows == 0 or length == 0 else at + (rows - 1) * stride + length <= size


def copied(src: Buffer, src_stride: int, src_at: int, dst: bytearray | memoryview,
           dst_stride: int, dst_at: int, length: int, rows: int) -> None:
    """Rows of ``length`` bytes copied from ``src`` into ``dst``, a slice at a time (each
    buffer's rows ``stride`` bytes apart from ``at``; a source stride of 0 copies one row
    again)."""
    if not (_inside(len(src), src_at, src_stride, rows, length)
            and _inside(len(dst), dst_at, dst_stride, rows, length)):
        raise ValueError("the rows lie outside their buffers")
    source, target = memoryview(src), memoryview(dst)
    for row in range(rows):
        read, write = src_at + row * src_stride, dst_at + row * dst_stride
        target[write : write + length] = source[read : read + length]
