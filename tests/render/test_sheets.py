"""PDF sheets: page sizes, card positions, mirrored backs, crop marks, lossless images.

The PDF is read back with a real PDF reader (pypdf): its pages and boxes, the
operations of each page's content stream, and its images decoded to pixels,
so these tests check the file a printer gets, not only the geometry objects
that made it, and do not mirror the writer's own way of writing it.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from prophecy.render import png
from prophecy.render.pdf import pdf_bytes as write_pdf
from prophecy.render.pdf import read_png
from prophecy.render.sheets import pages, pt, spec_for

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
CARD = (180.0, 252.0)


def read_pages(data: bytes) -> list[dict]:
    """Each page's boxes, placed images (name, clip rect), line segments and line width."""
    reader = PdfReader(BytesIO(data))
    return [_page(reader, page) for page in reader.pages]


def _page(reader: PdfReader, page) -> dict:
    placed, lines, width = [], [], 0.0
    rect: list[float] = []
    start: list[float] = []
    end: list[float] = []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        values = [float(v) for v in operands if isinstance(v, int | float)]
        if op == b"re":
            rect = values
        elif op == b"Do":
            placed.append((rect, str(operands[0]).lstrip("/")))
        elif op == b"m":
            start = values
        elif op == b"l":
            end = values
        elif op == b"S":
            lines.append(start + end)
        elif op == b"w":
            width = values[0]
    xobjects = page["/Resources"].get("/XObject", {})
    return {"media": [float(v) for v in page.mediabox], "trim": [float(v) for v in page.trimbox],
            "placed": placed, "lines": lines, "width": width,
            "xobjects": {str(k).lstrip("/"): v.idnum for k, v in xobjects.items()}}


def decoded_images(data: bytes) -> dict[int, Image.Image]:
    """Every image of the PDF, by object number, decoded to pixels by the reader."""
    reader = PdfReader(BytesIO(data))
    out = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                size = (int(obj["/Width"]), int(obj["/Height"]))
                out[ref.idnum] = Image.frombytes("RGB", size, obj.get_data())
    return out


@pytest.fixture(scope="module")
def images(tmp_path_factory, layout) -> dict[str, Path]:
    """Flat-colour card images: f0..f9 fronts and b0..b9 backs, each a different colour."""
    folder = tmp_path_factory.mktemp("images")
    out = {}
    for side in "fb":
        for i in range(10):
            colour = (20 * i, 200 if side == "f" else 40, 255 - 20 * i)
            path = folder / f"{side}{i}.png"
            path.write_bytes(png.encode(Image.new("RGB", layout.size, colour), 1))
            out[f"{side}{i}"] = path
    return out


def _pdf(layout, images, paper="a4", count=10, **options):
    spec = spec_for(layout, paper, **options)
    cards = [(f"f{i}", f"b{i}") for i in range(count)]
    return spec, read_pages(write_pdf(pages(spec, cards), images, "Test"))


def _slots(spec, page) -> dict[tuple[int, int], str]:
    """(row, column) → image object number, from the clip rectangles."""
    ox, oy = spec.origin
    out = {}
    for (x, y, w, h), name in page["placed"]:
        assert (w, h) == pytest.approx(CARD, abs=0.01)
        col = round((x - ox) / w)
        row = round((spec.page[1] - oy - (y + h)) / h)
        out[(row, col)] = page["xobjects"][name]
    return out


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_pages_have_the_exact_paper_size_and_a_trim_box(layout, images, paper, size):
    spec, result = _pdf(layout, images, paper)
    assert len(result) == 4  # 10 cards: two pages of fronts, each followed by its backs
    for page in result:
        assert page["media"] == pytest.approx([0, 0, *size], abs=0.001)
        x0, y0, x1, y1 = page["trim"]
        assert (x1 - x0, y1 - y0) == pytest.approx((3 * CARD[0], 3 * CARD[1]), abs=0.01)


def test_fronts_are_butted_on_shared_cut_lines_and_centred(layout, images):
    spec, result = _pdf(layout, images)
    rects = sorted(tuple(r) for r, _ in result[0]["placed"])
    xs = sorted({round(r[0], 3) for r in rects})
    ys = sorted({round(r[1], 3) for r in rects})
    assert xs == pytest.approx([(A4[0] - 540) / 2 + i * 180 for i in range(3)], abs=0.01)
    assert ys == pytest.approx([(A4[1] - 756) / 2 + i * 252 for i in range(3)], abs=0.01)
    assert len(result[2]["placed"]) == 1  # the tenth card alone on the second page


def test_backs_are_mirrored_for_long_edge_duplex(layout, images):
    spec, result = _pdf(layout, images)
    names = _names(images, spec)
    assert len(_slots(spec, result[1])) == 9
    for (row, col), obj in _slots(spec, result[1]).items():
        card = names[obj]
        i = int(card[1:])
        assert card.startswith("b")
        assert (row, col) == (i // 3, 2 - i % 3)


def test_backs_are_flipped_top_to_bottom_for_short_edge_duplex(layout, images):
    spec, result = _pdf(layout, images, duplex="short")
    names = _names(images, spec)
    for (row, col), obj in _slots(spec, result[1]).items():
        i = int(names[obj][1:])
        assert (row, col) == (2 - i // 3, i % 3)


def test_back_offset_moves_only_the_backs(layout, images):
    _, plain = _pdf(layout, images)
    _, moved = _pdf(layout, images, offset_mm=(1.0, 0.5))
    dx, dy = pt(1.0), pt(0.5)
    assert moved[0]["placed"] == plain[0]["placed"]
    for (a, _), (b, _) in zip(plain[1]["placed"], moved[1]["placed"], strict=True):
        assert (b[0] - a[0], b[1] - a[1]) == pytest.approx((dx, -dy), abs=0.001)


def _names(images, spec) -> dict[int, str]:
    """Image object number -> image key, matching each decoded image with its PNG's pixels."""
    cards = [(f"f{i}", f"b{i}") for i in range(10)]
    data = write_pdf(pages(spec, cards), images, "Test")
    by_pixels = {}
    for key, path in images.items():
        with Image.open(path) as source:
            by_pixels[source.convert("RGB").tobytes()] = key
    return {number: by_pixels[image.tobytes()] for number, image in decoded_images(data).items()}


def test_crop_marks_lie_in_the_margins_never_over_a_card(layout, images):
    for paper in ("a4", "letter"):
        _, result = _pdf(layout, images, paper)
        for page in result:
            assert page["width"] >= 0.25
            assert len(page["lines"]) == 4 * 4  # 4 cut lines each way, a mark at both ends
            W, H = page["media"][2:]
            x0, y0, x1, y1 = page["trim"]
            for ax, ay, bx, by in page["lines"]:
                for x, y in ((ax, ay), (bx, by)):
                    assert 0 < x < W and 0 < y < H
                    assert not (x0 < x < x1 and y0 < y < y1)
                # each mark continues a cut line: vertical on a column edge, horizontal on a row
                if ax == bx:
                    assert any(abs(ax - (x0 + i * 180)) < 0.01 for i in range(4))
                else:
                    assert any(abs(ay - (y0 + i * 252)) < 0.01 for i in range(4))


def test_images_are_embedded_losslessly_without_re_encoding(layout, tmp_path):
    card = Image.new("RGB", layout.size, (240, 230, 210))
    card.paste((120, 10, 30), (100, 100, 400, 300))
    path = tmp_path / "card.png"
    card.save(path, "PNG", compress_level=9)  # Pillow's own filters: any valid PNG works
    spec = spec_for(layout, "a4")
    data = write_pdf(pages(spec, [("c", "c")]), {"c": path}, "Test")
    reader = PdfReader(BytesIO(data))
    (ref,) = reader.pages[0]["/Resources"]["/XObject"].values()
    image = ref.get_object()
    assert image["/Filter"] == "/FlateDecode" and image["/ColorSpace"] == "/DeviceRGB"
    assert dict(image["/DecodeParms"]) == {"/Predictor": 15, "/Colors": 3,
                                          "/BitsPerComponent": 8, "/Columns": 825}
    assert image.get_data() == card.tobytes()  # the reader decodes the very pixels drawn
    assert read_png(path).idat in data  # the PNG's compressed data, not encoded again


def test_every_image_decodes_to_its_card(layout, images):
    spec = spec_for(layout, "letter")
    cards = [(f"f{i}", f"b{i}") for i in range(10)]
    decoded = decoded_images(write_pdf(pages(spec, cards), images, "Test"))
    assert len(decoded) == 20
    for number, key in _names(images, spec).items():
        with Image.open(images[key]) as source:
            assert decoded[number].tobytes() == source.convert("RGB").tobytes()


def test_the_document_names_its_title_and_no_dates(layout, images):
    spec = spec_for(layout, "a4")
    data = write_pdf(pages(spec, [("f0", "b0")]), images, "Dark Prophecies")
    info = PdfReader(BytesIO(data)).metadata
    assert info.title == "Dark Prophecies"
    assert info.creation_date is None and info.modification_date is None


def test_same_cards_give_the_same_bytes_and_no_dates(layout, images):
    spec = spec_for(layout, "letter")
    cards = [(f"f{i}", f"b{i}") for i in range(10)]
    one = write_pdf(pages(spec, cards), images, "Test")
    two = write_pdf(pages(spec, cards), images, "Test")
    assert one == two
    assert b"CreationDate" not in one and b"ModDate" not in one
