"""A small PDF writer: pages of placed PNG images and vector lines in, PDF bytes out.

Card images go into the PDF losslessly and without re-encoding: a PNG's IDAT
data is already a zlib stream of rows with PNG filter bytes, which is exactly
what a ``/FlateDecode`` image with ``/Predictor 15`` holds. Each distinct image
is stored once however many cards show it. No dates, no random IDs: the same
pages give the same bytes.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

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
    """The size and concatenated IDAT data of an 8-bit RGB, non-interlaced PNG."""
    data = path.read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise ProphecyError(f"not a PNG file: {path}", where=str(path))
    pos, idat, header = len(PNG_SIGNATURE), [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or header[2:5] != (8, 2, 0) or header[6] != 0:
        raise ProphecyError(
            f"{path}: card images must be 8-bit RGB PNGs without interlacing", where=str(path)
        )
    return PngData(header[0], header[1], b"".join(idat))


@dataclass
class Page:
    """One page: its size, trim box, the images placed on it (clipped) and line segments."""

    width: float
    height: float
    trim: Rect
    placements: list[tuple[str, Rect, Rect]] = field(default_factory=list)  # image, where, clip
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)
    line_width: float = 0.5


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
    for image, (x, y, w, h), (cx, cy, cw, ch) in page.placements:
        out.append(
            f"q {_num(cx)} {_num(cy)} {_num(cw)} {_num(ch)} re W n "
            f"{_num(w)} 0 0 {_num(h)} {_num(x)} {_num(y)} cm /{names[image]} Do Q"
        )
    return ("\n".join(out) + "\n").encode("ascii")


class PdfWriter:
    """Collects numbered objects and writes them with a cross-reference table."""

    def __init__(self) -> None:
        self.objects: list[bytes | None] = []

    def reserve(self) -> int:
        self.objects.append(None)
        return len(self.objects)

    def put(self, number: int, body: bytes) -> int:
        self.objects[number - 1] = body
        return number

    def add(self, body: bytes) -> int:
        return self.put(self.reserve(), body)

    def stream(self, header: str, data: bytes) -> int:
        return self.add(f"<< {header} /Length {len(data)} >>\nstream\n".encode() + data
                        + b"\nendstream")

    def tobytes(self, root: int, info: int | None = None) -> bytes:
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.objects, 1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode() + (body or b"null") + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(self.objects) + 1}\n0000000000 65535 f \n".encode()
        for offset in offsets:
            out += f"{offset:010d} 00000 n \n".encode()
        extra = f" /Info {info} 0 R" if info else ""
        out += (f"trailer\n<< /Size {len(self.objects) + 1} /Root {root} 0 R{extra} >>\n"
                f"startxref\n{xref}\n%%EOF\n").encode()
        return bytes(out)


def write_pdf(pages: list[Page], images: dict[str, Path], title: str) -> bytes:
    """The PDF of ``pages``; ``images`` maps each image key used in them to its PNG file."""
    pdf = PdfWriter()
    catalog, tree = pdf.reserve(), pdf.reserve()
    names: dict[str, str] = {}
    refs: dict[str, int] = {}
    for page in pages:
        for key, _, _ in page.placements:
            if key not in refs:
                png = read_png(images[key])
                header = (
                    f"/Type /XObject /Subtype /Image /Width {png.width} /Height {png.height} "
                    "/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode "
                    f"/DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 "
                    f"/Columns {png.width} >>"
                )
                refs[key] = pdf.stream(header, png.idat)
                names[key] = f"Im{len(refs)}"
    kids = []
    for page in pages:
        used = sorted({names[k] for k, _, _ in page.placements}, key=lambda n: int(n[2:]))
        by_name = {names[k]: refs[k] for k in refs}
        xobjects = " ".join(f"/{n} {by_name[n]} 0 R" for n in used)
        data = zlib.compress(_content(page, names), 9)
        content = pdf.stream("/Filter /FlateDecode", data)
        x, y, w, h = page.trim
        kids.append(pdf.add(
            f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {_num(page.width)} "
            f"{_num(page.height)}] /TrimBox [{_num(x)} {_num(y)} {_num(x + w)} {_num(y + h)}] "
            f"/Resources << /XObject << {xobjects} >> >> /Contents {content} 0 R >>".encode()
        ))
    pdf.put(tree, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                  f"/Count {len(kids)} >>".encode())
    pdf.put(catalog, f"<< /Type /Catalog /Pages {tree} 0 R >>".encode())
    info = pdf.add(f"<< /Title ({_escape(title)}) /Producer (prophecy build) >>".encode())
    return pdf.tobytes(catalog, info)


def _escape(text: str) -> str:
    safe = text.encode("latin-1", "replace").decode("latin-1")
    return safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
