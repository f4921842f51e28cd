"""A small PDF writer: pages of placed PNG images and vector lines in, PDF bytes out.

Card images go into the PDF losslessly and without re-encoding: a PNG's IDAT
data is already a zlib stream of rows with PNG filter bytes, which is exactly
what a ``/FlateDecode`` image with ``/Predictor 15`` holds. Each distinct image
is stored once however many cards show it. No dates, no random IDs: the same
pages give the same bytes.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, NamedTuple

from prophecy.dsl.errors import ProphecyError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

Rect = tuple[float, float, float, float]  # x, y, width, height in points, origin bottom-left


@dataclass(frozen=True)
class PngData:
    """What a PDF image needs from an RGB PNG: its size and its zlib data."""

    width: int
    height: int
    idat: bytes


def read_png(path: Path) -> PngData:
    """The size and concatenated IDAT data of an 8-bit RGB, non-interlaced PNG.

    Every chunk must be whole, with its CRC right, up to IEND: the data goes
    into the PDF as it is, so a file cut short or damaged would make a page
    a viewer cannot show.
    """
    data = path.read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise ProphecyError("not a PNG file", where=str(path), line=0,
                            hint="delete it and build again: the build draws it anew")
    pos, idat, header, ended = len(PNG_SIGNATURE), [], None, False
    while pos < len(data) and not ended:
        if pos + 12 > len(data):
            break
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        crc = data[pos + 8 + length : pos + 12 + length]
        if len(crc) < 4 or zlib.crc32(body, zlib.crc32(kind)) != struct.unpack(">I", crc)[0]:
            break
        if kind == b"IHDR" and length == 13:
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        ended = kind == b"IEND"
        pos += 12 + length
    if not ended:
        raise ProphecyError("this image is damaged: it is cut short, or a part of it is not as "
                            "written", where=str(path), line=0,
                            hint="delete it and build again: the build draws it anew")
    if header is None or header[2:5] != (8, 2, 0) or header[6] != 0:
        raise ProphecyError("card images must be 8-bit RGB PNGs without interlacing",
                            where=str(path), line=0,
                            hint="delete it and build again: the build draws it anew")
    return PngData(header[0], header[1], b"".join(idat))


class Placement(NamedTuple):
    """An image drawn into ``rect``, turned ``rotate`` degrees anticlockwise, clipped."""

    image: str
    rect: Rect
    clip: Rect
    rotate: int = 0


@dataclass
class Page:
    """One page: its size, trim and bleed boxes, the images placed on it and line segments."""

    width: float
    height: float
    trim: Rect
    placements: list[Placement] = field(default_factory=list)
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)
    line_width: float = 0.5
    bleed: Rect | None = None


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def _content(page: Page, names: dict[str, str]) -> bytes:
    out = []
    if page.lines:
        out.append(f"q 0 0 0 RG {_num(page.line_width)} w 0 J")
        for x0, y0, x1, y1 in page.lines:
            out.append(f"{_num(x0)} {_num(y0)} m {_num(x1)} {_num(y1)} l S")
        out.append("Q")
    for image, rect, (cx, cy, cw, ch), rotate in page.placements:
        matrix = " ".join(_num(v) for v in image_matrix(rect, rotate))
        out.append(f"q {_num(cx)} {_num(cy)} {_num(cw)} {_num(ch)} re W n "
                   f"{matrix} cm /{names[image]} Do Q")
    return ("\n".join(out) + "\n").encode("ascii")


def image_matrix(rect: Rect, rotate: int) -> tuple[float, ...]:
    """The ``cm`` matrix that draws an image's unit square upright-turned into ``rect``.

    ``rotate`` (0, 90, 180, 270 degrees anticlockwise) turns the image inside
    the axis-aligned ``rect``; at 90 and 270 the rect is as wide as the image
    is tall.
    """
    x, y, w, h = rect
    return {
        0: (w, 0, 0, h, x, y),
        90: (0, h, -w, 0, x + w, y),
        180: (-w, 0, 0, -h, x + w, y + h),
        270: (0, -h, w, 0, x, y + h),
    }[rotate % 360]


class PdfWriter:
    """Writes numbered objects to a binary stream as they come, then the cross-reference table.

    Objects may be written in any order (a number is reserved first when
    another object must refer to it); nothing but the offsets is kept, so a
    document of any size is written in constant memory.
    """

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.count = 0
        self.offsets: dict[int, int] = {}
        self.at = 0
        self._raw(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    def _raw(self, data: bytes) -> None:
        self.out.write(data)
        self.at += len(data)

    def reserve(self) -> int:
        self.count += 1
        return self.count

    def put(self, number: int, body: bytes) -> int:
        self.offsets[number] = self.at
        self._raw(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
        return number

    def add(self, body: bytes) -> int:
        return self.put(self.reserve(), body)

    def stream(self, header: str, data: bytes) -> int:
        return self.add(f"<< {header} /Length {len(data)} >>\nstream\n".encode() + data
                        + b"\nendstream")

    def finish(self, root: int, info: int | None = None) -> None:
        xref = self.at
        lines = [f"xref\n0 {self.count + 1}\n0000000000 65535 f \n"]
        lines += [f"{self.offsets[n]:010d} 00000 n \n" for n in range(1, self.count + 1)]
        extra = f" /Info {info} 0 R" if info else ""
        lines.append(f"trailer\n<< /Size {self.count + 1} /Root {root} 0 R{extra} >>\n"
                     f"startxref\n{xref}\n%%EOF\n")
        self._raw("".join(lines).encode())


def write_pdf(pages: list[Page], images: dict[str, Path], title: str, out: IO[bytes]) -> None:
    """Write the PDF of ``pages`` to ``out``; ``images`` maps each image key to its PNG file.

    Each image is read, written and let go before the next, so memory does not
    grow with the number of cards; each page's resources are looked up, never
    rebuilt, so time grows linearly with the number of pages.
    """
    pdf = PdfWriter(out)
    catalog, tree = pdf.reserve(), pdf.reserve()
    refs: dict[str, int] = {}  # image key -> object number
    names: dict[str, str] = {}  # image key -> its resource name
    kids = []
    for page in pages:
        for key, *_ in page.placements:
            if key not in refs:
                refs[key] = _image(pdf, read_png(images[key]))
                names[key] = f"Im{len(refs)}"
        used = sorted({p.image for p in page.placements}, key=lambda k: refs[k])
        xobjects = " ".join(f"/{names[k]} {refs[k]} 0 R" for k in used)
        content = pdf.stream("/Filter /FlateDecode", zlib.compress(_content(page, names), 9))
        boxes = f"/TrimBox {_box(page.trim)}"
        if page.bleed is not None:
            boxes += f" /BleedBox {_box(page.bleed)}"
        kids.append(pdf.add(
            f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {_num(page.width)} "
            f"{_num(page.height)}] {boxes} "
            f"/Resources << /XObject << {xobjects} >> >> /Contents {content} 0 R >>".encode()
        ))
    pdf.put(tree, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                  f"/Count {len(kids)} >>".encode())
    pdf.put(catalog, f"<< /Type /Catalog /Pages {tree} 0 R >>".encode())
    info = pdf.add(f"<< /Title ({_escape(title)}) /Producer (prophecy build) >>".encode())
    pdf.finish(catalog, info)


def _box(rect: Rect) -> str:
    x, y, w, h = rect
    return f"[{_num(x)} {_num(y)} {_num(x + w)} {_num(y + h)}]"


def pdf_bytes(pages: list[Page], images: dict[str, Path], title: str) -> bytes:
    """The PDF of ``pages`` as bytes (for small documents and tests)."""
    buffer = io.BytesIO()
    write_pdf(pages, images, title, buffer)
    return buffer.getvalue()


def _image(pdf: PdfWriter, png: PngData) -> int:
    header = (
        f"/Type /XObject /Subtype /Image /Width {png.width} /Height {png.height} "
        "/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode "
        f"/DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 "
        f"/Columns {png.width} >>"
    )
    return pdf.stream(header, png.idat)


def _escape(text: str) -> str:
    safe = text.encode("latin-1", "replace").decode("latin-1")
    return safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
