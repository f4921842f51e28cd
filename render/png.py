"""A fast PNG encoder for card images: an RGB image in, PNG bytes out.

Pillow's encoder tries every PNG row filter on every row, which costs more
than the compression itself. Card faces are flat colour, so rows without a
filter compress as well (often better) and skip that work: the rows are laid
out with Pillow's C routines and deflated in one stream. The deflating is
ISA-L's (``isal``, zlib-compatible output) by default: measured on a card
face it is about 15 times faster than zlib at level 3 for files about 10 %
bigger, and the build spends most of its time here. The file is a plain
8-bit RGB, non-interlaced PNG, so ``render.pdf`` can embed its data as is,
and it says what it is: 300 dpi (``pHYs``), so a viewer or a print shop
reads the card at its real size, and sRGB (``sRGB``, with the ``gAMA`` and
``cHRM`` that the PNG specification asks to go with it).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
METRES_PER_INCH = 0.0254

class Deflater(Protocol):
    """A zlib-format compressor, as ``zlib.compressobj`` makes one."""

    def compress(self, data: bytes | bytearray | memoryview, /) -> bytes: ...

    def flush(self, mode: int = ..., /) -> bytes: ...


#: Deflate libraries by name, each making a zlib-format compressor at a level.
ENCODERS: dict[str, Callable[[int], Deflater]] = {"zlib": zlib.compressobj}
#: The quickest inflater at hand (ISA-L's unpacks a TTS cell in half zlib's time).
_INFLATER: Callable[[], Any] = zlib.decompressobj
try:
    from isal import isal_zlib

    ENCODERS["isal"] = isal_zlib.compressobj
    _INFLATER = isal_zlib.decompressobj
except ImportError:  # pragma: no cover - isal is a dependency; only an odd platform lacks it
    pass

#: sRGB's white point and primaries as cHRM stores them (times 100000).
_SRGB_CHRM = (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)


def _chunk(kind: bytes, data: bytes | bytearray) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)))


#: How much of the image Pillow's raw encoder lays out at a time: small enough to stay in
#: the processor's cache on its way to the buffer.
_CHUNK = 1 << 16


def laid_out(img: Image.Image, rawmode: str, stride: int, at: int = 0) -> bytearray:
    """The image's rows as Pillow's raw encoder lays them out in C (``rawmode``, each row
    ``stride`` bytes, the bytes past the row zero), ``at`` bytes into a zeroed buffer.

    The encoder's output goes a few rows at a time straight into the buffer, so
    the image is laid out once: ``tobytes()`` would join its pieces into a copy.
    """
    img.load()
    w, h = img.size
    out = bytearray(at + stride * h)
    view = memoryview(out)
    encoder = Image._getencoder(img.mode, "raw", (rawmode, stride))
    status = 0
    try:
        encoder.setimage(img.im, (0, 0, w, h))
        while not status:  # 0: more rows to come, 1: the last one laid out, < 0: an error
            _, status, rows = encoder.encode(stride * max(1, _CHUNK // stride))
            view[at : at + len(rows)] = rows
            at += len(rows)
    finally:
        encoder.cleanup()
    if status < 0 or at != len(out):
        raise RuntimeError(f"Pillow's raw encoder failed ({status}) laying out an image's rows")
    return out


def framed_rows(img: Image.Image) -> memoryview:
    """The image's rows, each led by filter byte 0 (none): PNG's raw image data.

    Laid out once, straight into the buffer that is deflated: each row one
    byte in, and the zero the raw encoder leaves after it is the next row's
    filter byte (the buffer's last byte, after the last row, is left out). The
    pieces joined into a copy and the first filter byte put in front of that
    cost twice the compression on a Tabletop Simulator sheet.
    """
    return memoryview(laid_out(img, "RGB", 3 * img.width + 1, at=1))[:-1]


def deflated(framed: bytes | bytearray | memoryview, level: int, encoder: str = "isal") -> bytes:
    """The IDAT data: framed rows deflated at ``level`` in one call (ISA-L's output depends
    on how its input is split, and a call per row costs more than the compression)."""
    deflate = ENCODERS[encoder](level)
    return deflate.compress(framed) + deflate.flush()


def compressed_rows(img: Image.Image, level: int, encoder: str = "isal") -> bytes:
    """The IDAT data of an RGB image."""
    return deflated(framed_rows(img), level, encoder)


def colour_chunks(dpi: float) -> bytes:
    """pHYs (pixels per metre at ``dpi``), sRGB (perceptual), gAMA and cHRM for sRGB."""
    per_metre = round(dpi / METRES_PER_INCH)
    return (_chunk(b"sRGB", b"\x00") + _chunk(b"gAMA", struct.pack(">I", 45455))
            + _chunk(b"cHRM", struct.pack(">8I", *_SRGB_CHRM))
            + _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))


def encode(img: Image.Image, level: int = 2, dpi: float = 300.0, encoder: str = "isal") -> bytes:
    """PNG bytes of an RGB image, deflated by ``encoder`` at ``level``, tagged ``dpi`` and sRGB."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    return encode_rows(framed_rows(img), img.size, level, dpi, encoder)


def encode_rows(framed: bytes | bytearray | memoryview, size: tuple[int, int], level: int = 2,
                dpi: float = 300.0, encoder: str = "isal") -> bytes:
    """PNG bytes of an RGB image of ``size`` given as its framed rows (see ``framed_rows``)."""
    w, h = size
    if len(framed) != (3 * w + 1) * h:
        raise ValueError(f"{len(framed)} bytes are not the framed rows of a {w} x {h} image")
    return encode_deflated(deflated(framed, level, encoder), size, dpi)


def encode_deflated(data: bytes, size: tuple[int, int], dpi: float = 300.0) -> bytes:
    """PNG bytes of an RGB image of ``size`` given as its IDAT data (``deflated``)."""
    w, h = size
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), colour_chunks(dpi),
                     _chunk(b"IDAT", data), _chunk(b"IEND", b"")))


def inflated_rows(data: bytes | bytearray | memoryview, stride: int, rows: int = 32
                  ) -> Iterator[bytes]:
    """IDAT data (``deflated``) unpacked again, ``rows`` rows of ``stride`` bytes at a time
    (the last block may hold fewer). Small blocks reuse the memory the last ones freed,
    where the whole image unpacked at once would take new memory every time."""
    inflate = _INFLATER()
    left: bytes | bytearray | memoryview = data
    while block := inflate.decompress(left, stride * rows):
        left = inflate.unconsumed_tail
        yield block
    if not inflate.eof:
        raise ValueError("the deflated rows end too soon")
