"""Print-shop exports: the rendered cards in, the files each shop asks for out.

``--preset`` picks one (``home`` is the print-and-play sheets, written by
``render.outputs``):

- ``tgc`` (The Game Crafter): every distinct card's front and every back as
  its own PNG at trim plus 1/8 in bleed (825 x 1125 px at 300 dpi), sRGB,
  and ``cards.csv`` saying which back goes with which front and how many
  copies to order;
- ``mpc`` (MakePlayingCards): the same at the size its poker template asks
  (822 x 1122 px: a 36 px bleed), cut from our images (not resampled);
- ``dtc`` (DriveThruCards): one PDF, one card side a page at trim plus bleed,
  each card's front then its back, every copy, in CMYK from a profile shipped
  in a package, with total ink at most the shop's limit (``render.cmyk``).

Each shop's figures are settings under ``shops:`` in the layout;
``docs/build.md`` gives them with where they come from.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from PIL import Image

from prophecy.compiler.model.files import replacing, write_atomic
from prophecy.compiler.model.workers import ignore_interrupts, interrupts_held
from prophecy.render import cmyk, png
from prophecy.render.cmyk import profile_name, to_cmyk
from prophecy.render.layout import POINTS_PER_INCH, Layout
from prophecy.render.pdf import PdfWriter, _escape, _num

PRESETS = ("home", "tgc", "mpc", "dtc")


@dataclass(frozen=True)
class ShopCard:
    """One distinct card: its name, copies, and its front and back image files."""

    name: str
    copies: int
    front: str
    back: str


# ------------------------------------------------------------- PNG folders
def _file(folder: str, image: str) -> str:
    return f"{folder}/{image}"


def png_folder(shop: str, cards: list[ShopCard], out: Path, layout: Layout) -> list[str]:
    """Every front and back as the shop's PNG, and ``cards.csv``; the files written."""
    size = tuple(layout.data["shops"][shop]["size_px"])
    written = []
    for image in sorted({c.front for c in cards} | {c.back for c in cards}):
        data = _shop_png(out / image, size, layout)
        write_atomic(out / _file(shop, image), data, unless_same=True, durable=False)
        written.append(_file(shop, image))
    table = io.StringIO()
    rows = csv.writer(table, lineterminator="\n")
    rows.writerow(["name", "copies", "front", "back"])
    for c in cards:
        rows.writerow([c.name, c.copies, c.front, c.back])
    write_atomic(out / shop / "cards.csv", table.getvalue().encode(), unless_same=True,
                 durable=False)
    return [*written, f"{shop}/cards.csv"]


def _shop_png(path: Path, size: tuple[int, ...], layout: Layout) -> bytes:
    """Our card image at the shop's size: cut evenly from the bleed, never resampled."""
    with Image.open(path) as img:
        if img.size == size:
            return path.read_bytes()
        w, h = img.size
        left, top = (w - size[0]) // 2, (h - size[1]) // 2
        cut = img.convert("RGB").crop((left, top, left + size[0], top + size[1]))
    encoder, level = layout.png
    return png.encode(cut, level, layout.dpi, encoder)


# ------------------------------------------------------------------- dtc
def dtc_pdf(cards: list[ShopCard], out: Path, layout: Layout, title: str, target: Path,
            workers: int) -> int:
    """The DriveThruCards PDF: each card's front and back pages, every copy; its page count."""
    profile = cmyk.cmyk_profile()  # loaded before the workers fork, so each has it
    images = sorted({c.front for c in cards} | {c.back for c in cards})
    order = [image for c in cards for _ in range(c.copies) for image in (c.front, c.back)]
    max_ink = float(layout.data["shops"]["dtc"]["max_ink"])
    jobs = [(str(out / image), max_ink) for image in images]
    with replacing(target, durable=False) as stream:
        write_cmyk_pdf(stream, images, _converted(jobs, workers), order, layout, title, profile)
    return len(order)


def _converted(jobs: list[tuple[str, float]], workers: int) -> Iterator[tuple[int, int, bytes]]:
    """(width, height, deflated CMYK bytes) of each image, in order, from worker processes."""
    if workers <= 1 or len(jobs) <= 2:
        yield from map(_convert, jobs)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with interrupts_held():
        pool = ctx.Pool(workers, initializer=ignore_interrupts)
    with pool:
        yield from pool.imap(_convert, jobs, chunksize=1)


def _convert(job: tuple[str, float]) -> tuple[int, int, bytes]:
    path, max_ink = job
    with Image.open(path) as img:
        converted = to_cmyk(img, max_ink)
    deflate = png.ENCODERS.get("isal", zlib.compressobj)(2)
    return (*converted.size, deflate.compress(converted.tobytes()) + deflate.flush())


def write_cmyk_pdf(out: IO[bytes], images: list[str], data: Iterable[tuple[int, int, bytes]],
                   order: list[str], layout: Layout, title: str, profile: bytes) -> None:
    """A PDF of one image a page, each page trim plus bleed, with the CMYK profile as its
    output intent (what the CMYK numbers mean) and a TrimBox at the cut."""
    pdf = PdfWriter(out)
    catalog, tree = pdf.reserve(), pdf.reserve()
    refs: dict[str, int] = {}
    for image, (w, h, deflated) in zip(images, data, strict=True):
        refs[image] = pdf.stream(
            f"/Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceCMYK "
            "/BitsPerComponent 8 /Filter /FlateDecode", deflated)
    page_w, page_h = (v * POINTS_PER_INCH / layout.dpi for v in layout.size)
    bleed = layout.bleed_px * POINTS_PER_INCH / layout.dpi
    trim = f"[{_num(bleed)} {_num(bleed)} {_num(page_w - bleed)} {_num(page_h - bleed)}]"
    media = f"[0 0 {_num(page_w)} {_num(page_h)}]"
    draw = f"q {_num(page_w)} 0 0 {_num(page_h)} 0 0 cm /Im Do Q\n".encode()
    content = pdf.stream("", draw)
    kids = [pdf.add(
        f"<< /Type /Page /Parent {tree} 0 R /MediaBox {media} /BleedBox {media} "
        f"/TrimBox {trim} /Resources << /XObject << /Im {refs[image]} 0 R >> >> "
        f"/Contents {content} 0 R >>".encode()) for image in order]
    pdf.put(tree, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                  f"/Count {len(kids)} >>".encode())
    icc = pdf.stream("/N 4 /Filter /FlateDecode", zlib.compress(profile, 9))
    name = _escape(profile_name(profile))
    pdf.put(catalog, (
        f"<< /Type /Catalog /Pages {tree} 0 R /OutputIntents [<< /Type /OutputIntent "
        f"/S /GTS_PDFX /OutputConditionIdentifier ({name}) /Info ({name}) "
        f"/DestOutputProfile {icc} 0 R >>] >>").encode())
    info = pdf.add(f"<< /Title ({_escape(title)}) /Producer (prophecy build) >>".encode())
    pdf.finish(catalog, info)

