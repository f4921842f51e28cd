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
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, Protocol, cast

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
METRES_PER_INCH = 0.0254

class Deflater(Protocol):
    """A zlib-format compressor, as ``zlib.compressobj`` makes one."""

    def compress(self, data: bytes | bytearray | memoryview, /) -> bytes: ...

    def flush(self, mode: int = ..., /) -> bytes: ...


#: Deflate libraries by name, each making a compressor at a level (zlib's format; raw
#: deflate given a method and ``-15`` window bits, as ``zlib.compressobj`` takes them).
ENCODERS: dict[str, Callable[..., Deflater]] = {"zlib": zlib.compressobj}
#: The quickest inflater at hand (ISA-L's unpacks a TTS cell in half zlib's time).
_INFLATER: Callable[..., Any] = zlib.decompressobj
#: What the inflater raises for data that is not deflate's.
_INFLATE_ERRORS: tuple[type[Exception], ...] = (zlib.error,)
#: The quickest Adler-32 at hand (ISA-L's is three times zlib's).
_ADLER32: Callable[..., int] = zlib.adler32
#: The quickest CRC-32 at hand (ISA-L's is nine times zlib's).
_CRC32: Callable[..., int] = zlib.crc32
try:
    from isal import isal_zlib

    ENCODERS["isal"] = isal_zlib.compressobj
    _INFLATER = isal_zlib.decompressobj
    # (its stubs call the class an instance)
    _INFLATE_ERRORS = (zlib.error, cast(type[Exception], isal_zlib.error))
    _ADLER32 = isal_zlib.adler32
    _CRC32 = isal_zlib.crc32
except ImportError:  # pragma: no cover - isal is a dependency; only an odd platform lacks it
    pass

#: sRGB's white point and primaries as cHRM stores them (times 100000).
_SRGB_CHRM = (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)


def _chunk(kind: bytes, data: bytes | bytearray) -> bytes:
    crc = _CRC32(data, _CRC32(kind))
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


class Rows(NamedTuple):
    """An RGB image as PNG's framed rows (``framed_rows``): each row ``stride`` bytes, a
    filter byte and then the row's pixels; and the image they were laid out from, when
    they were (``of``), so Pillow works from it rather than from the rows read again."""

    data: bytes | bytearray | memoryview
    width: int
    height: int
    source: Image.Image | None = None

    @classmethod
    def of(cls, img: Image.Image) -> Rows:
        """An image's framed rows (made RGB first, if it is not)."""
        if img.mode != "RGB":
            img = img.convert("RGB")
        return cls(framed_rows(img), *img.size, img)

    @property
    def stride(self) -> int:
        return 3 * self.width + 1

    def at(self, x: int, y: int) -> int:
        """Where pixel (x, y) starts in ``data``."""
        return y * self.stride + 1 + 3 * x

    def image(self) -> Image.Image:
        """The rows as a Pillow image (the one they were laid out from, if kept)."""
        if self.source is not None:
            return self.source
        # Past the first filter byte, and a byte added at the end: each row's pixels start
        # a row's length apart, and the last row is whole.
        pixels = bytes(memoryview(self.data)[1:]) + b"\0"
        return Image.frombytes("RGB", (self.width, self.height), pixels, "raw", "RGB",
                               self.stride)


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
    rows = Rows.of(img)
    return encode_rows(rows.data, img.size, level, dpi, encoder)


def encode_rows(framed: bytes | bytearray | memoryview, size: tuple[int, int], level: int = 2,
                dpi: float = 300.0, encoder: str = "isal") -> bytes:
    """PNG bytes of an RGB image of ``size`` given as its framed rows (see ``framed_rows``)."""
    w, h = size
    if len(framed) != (3 * w + 1) * h:
        raise ValueError(f"{len(framed)} bytes are not the framed rows of a {w} x {h} image")
    return encode_deflated(deflated(framed, level, encoder), size, dpi)


def encode_deflated(data: bytes, size: tuple[int, int], dpi: float = 300.0) -> bytes:
    """PNG bytes of an RGB image of ``size`` given as its IDAT data (``deflated``)."""
    return b"".join(encoded_parts([data], size, dpi))


def encoded_parts(idat: list[bytes], size: tuple[int, int], dpi: float = 300.0) -> list[bytes]:
    """The PNG of an RGB image of ``size`` whose IDAT data is ``idat`` joined, as pieces to
    write one after another (the data is not copied into one piece)."""
    w, h = size
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    crc = _CRC32(b"IDAT")
    for part in idat:
        crc = _CRC32(part, crc)
    return [SIGNATURE, _chunk(b"IHDR", header), colour_chunks(dpi),
            struct.pack(">I", sum(map(len, idat))) + b"IDAT", *idat,
            struct.pack(">I", crc), _chunk(b"IEND", b"")]


def inflated_rows(data: bytes | bytearray | memoryview, stride: int, rows: int = 32,
                  raw: bool = False) -> Iterator[bytes]:
    """IDAT data (``deflated``; a ``Segment``'s data if ``raw``) unpacked again, ``rows``
    rows of ``stride`` bytes at a time (the last block may hold fewer). Small blocks reuse
    the memory the last ones freed, where the whole image unpacked at once would take new
    memory every time. Data that is not whole deflate data raises ValueError."""
    inflate = _INFLATER(-15) if raw else _INFLATER()
    left: bytes | bytearray | memoryview = data
    while True:
        try:
            block = inflate.decompress(left, stride * rows)
        except _INFLATE_ERRORS as exc:
            raise ValueError(f"the deflated rows are damaged ({exc})") from None
        if not block:
            break
        left = inflate.unconsumed_tail
        yield block
    if not raw and not inflate.eof:
        raise ValueError("the deflated rows end too soon")
    if raw and (inflate.eof or left):
        raise ValueError("a segment of deflated rows is not whole")


class Segment(NamedTuple):
    """A run of an image's framed rows deflated on its own: raw deflate data ending on a
    byte boundary, with the Adler-32 and length of the rows it holds.

    Segments deflated apart, in any order and in any process, join into one
    IDAT stream (``joined``), and each can be unpacked alone (``inflated_rows``
    with ``raw``): a Tabletop Simulator sheet is deflated a band of cells at a
    time where its cells are drawn, and an edit's rebuild deflates again only
    the bands it changes.
    """

    data: bytes
    adler: int
    length: int


#: How much of a band's rows go to the compressor at a time.
_SEGMENT_CHUNK = 1 << 18


def rows_segment(framed: bytes | bytearray | memoryview, level: int, encoder: str = "isal"
                 ) -> Segment:
    """Framed rows (see ``framed_rows``) deflated as a ``Segment``, a few rows at a time
    (ISA-L's output depends on how its input is split, so the split is fixed)."""
    view = memoryview(framed)
    deflate = ENCODERS[encoder](level, zlib.DEFLATED, -15)
    parts, adler = [], 1
    for at in range(0, len(view), _SEGMENT_CHUNK):
        piece = view[at : at + _SEGMENT_CHUNK]
        parts.append(deflate.compress(piece))
        adler = _ADLER32(piece, adler)
    parts.append(deflate.flush(zlib.Z_SYNC_FLUSH))
    return Segment(b"".join(parts), adler, len(view))


#: The zlib header of a joined stream: deflate with a 32 kB window, "fastest" (FLEVEL 0).
_ZLIB_HEADER = b"\x78\x01"
#: An empty final block of fixed codes, ending a joined stream.
_LAST_BLOCK = b"\x03\x00"
_ADLER_BASE = 65521


def adler_combined(first: int, second: int, length: int) -> int:
    """The Adler-32 of two runs of bytes from each's own (``length``: the second's), as
    zlib's ``adler32_combine`` works it out."""
    rem = length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - rem
            ) % _ADLER_BASE
    return (high << 16) | low


def joined(segments: Iterable[Segment]) -> bytes:
    """The IDAT data (zlib's format) of the rows of ``segments``, one after another."""
    return b"".join(joined_parts(segments))


def joined_parts(segments: Iterable[Segment]) -> list[bytes]:
    """``joined``'s data as pieces, each segment's data as it is (not copied)."""
    parts, adler = [_ZLIB_HEADER], 1
    for part in segments:
        parts.append(part.data)
        adler = adler_combined(adler, part.adler, part.length)
    return [*parts, _LAST_BLOCK, struct.pack(">I", adler)]
