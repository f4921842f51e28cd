"""PDF sheets, read back with a real PDF reader (pypdf): paper, cards, backs, bleed, crop marks.

Each page's boxes come from pypdf's page objects and its drawing from
pypdf's parse of the content stream (clip rectangles, image matrices, line
segments), so these tests check the file a printer gets, not the geometry
objects that made it. One test rasterises a page with PDFium to see the
printed bleed as pixels.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from prophecy.dsl.errors import UsageError
from prophecy.render import png
from prophecy.render.pdf import pdf_bytes as write_pdf
from prophecy.render.pdf import read_png
from prophecy.render.sheets import pages, pt, spec_for

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
CARD = (180.0, 252.0)  # poker trim in points
MM5 = pt(5.0)


@dataclass
class Drawn:
    """One image drawn on a page: its resource name, clip rectangle and matrix."""

    name: str
    clip: tuple[float, float, float, float]  # x0, y0, x1, y1
    matrix: tuple[float, ...]

    @property
    def rotation(self) -> int:
        a, b, c, d, _, _ = self.matrix
        return {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}[(_sign(a), _sign(b))]

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """Where the image's unit square lands: x0, y0, x1, y1."""
        a, b, c, d, e, f = self.matrix
        xs = [e, e + a, e + c, e + a + c]
        ys = [f, f + b, f + d, f + b + d]
        return (min(xs), min(ys), max(xs), max(ys))


def _sign(v: float) -> int:
    return (v > 0.001) - (v < -0.001)


@dataclass
class PageData:
    media: list[float]
    trim: list[float]
    bleed: list[float]
    drawn: list[Drawn] = field(default_factory=list)
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)
    width: float = 0.0
    xobjects: dict[str, object] = field(default_factory=dict)


def read_pages(data: bytes) -> list[PageData]:
    """Each page's boxes, the images it draws (name, clip, matrix) and its line segments."""
    reader = PdfReader(io.BytesIO(data))
    out = []
    for page in reader.pages:
        result = PageData([float(v) for v in page.mediabox], [float(v) for v in page.trimbox],
                          [float(v) for v in page.bleedbox])
        result.xobjects = {k[1:]: v.get_object() for k, v in
                           page["/Resources"]["/XObject"].items()}
        clip, matrix, start = None, None, None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            values = [float(v) for v in operands if isinstance(v, (int, float))]
            if op == b"re":
                x, y, w, h = values
                clip = (x, y, x + w, y + h)
            elif op == b"cm":
                matrix = tuple(values)
            elif op == b"Do":
                result.drawn.append(Drawn(str(operands[0])[1:], clip, matrix))
            elif op == b"w":
                result.width = values[0]
            elif op == b"m":
                start = values
            elif op == b"l":
                result.lines.append((*start, *values))
        out.append(result)
    return out


@pytest.fixture(scope="module")
def images(tmp_path_factory, layout) -> dict[str, Path]:
    """Card images f0..f9 (fronts) and b0..b9 (backs), each a different flat colour."""
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
    data = write_pdf(pages(spec, cards), images, "Test")
    return spec, read_pages(data), data


def _keys(images, page: PageData) -> dict[str, str]:
    """Resource name → image key, matching each image stream with its PNG's data."""
    by_data = {read_png(path).idat: key for key, path in images.items()}
    return {name: by_data[obj._data] for name, obj in page.xobjects.items()}


def _trim(d: Drawn, spec) -> tuple[float, float, float, float]:
    """The trimmed card inside an image's rect (the image carries the card's own bleed)."""
    x0, y0, x1, y1 = d.rect
    b = spec.bleed
    return (x0 + b, y0 + b, x1 - b, y1 - b)


def _slot(spec, rect) -> tuple[int, int]:
    ox, oy = spec.origin
    w, h = spec.card
    return (round((spec.page[1] - oy - rect[3]) / h), round((rect[0] - ox) / w))


@pytest.mark.parametrize(("paper", "size", "grid"),
                         [("a4", A4, (3, 3)), ("letter", LETTER, (2, 4))])
def test_pages_have_the_exact_paper_size_trim_and_bleed_boxes(layout, images, paper, size,
                                                              grid):
    spec, result, _ = _pdf(layout, images, paper)
    per_page = grid[0] * grid[1]
    assert len(result) == 2 * -(-10 // per_page)
    w, h = (CARD[1], CARD[0]) if paper == "letter" else CARD  # Letter's cards lie on their side
    for page in result:
        assert page.media == pytest.approx([0, 0, *size], abs=0.001)
        x0, y0, x1, y1 = page.trim
        assert (x1 - x0, y1 - y0) == pytest.approx((grid[0] * w, grid[1] * h), abs=0.01)
        assert page.bleed == pytest.approx([x0 - pt(2), y0 - pt(2), x1 + pt(2), y1 + pt(2)],
                                           abs=0.01)


def test_fronts_are_butted_on_shared_cut_lines_and_centred(layout, images):
    spec, result, _ = _pdf(layout, images)
    trims = [_trim(d, spec) for d in result[0].drawn]
    xs = sorted({round(t[0], 3) for t in trims})
    ys = sorted({round(t[1], 3) for t in trims})
    assert xs == pytest.approx([(A4[0] - 540) / 2 + i * 180 for i in range(3)], abs=0.01)
    assert ys == pytest.approx([(A4[1] - 756) / 2 + i * 252 for i in range(3)], abs=0.01)
    assert len(result[2].drawn) == 1  # the tenth card alone on the second page


def test_outer_cards_print_their_bleed_past_the_block_and_inner_edges_meet(layout, images):
    spec, result, _ = _pdf(layout, images)
    for page in result[:2]:
        x0, y0, x1, y1 = page.trim
        for d in page.drawn:
            tx0, ty0, tx1, ty1 = _trim(d, spec)
            want = [tx0 - pt(2) if abs(tx0 - x0) < 0.01 else tx0,
                    ty0 - pt(2) if abs(ty0 - y0) < 0.01 else ty0,
                    tx1 + pt(2) if abs(tx1 - x1) < 0.01 else tx1,
                    ty1 + pt(2) if abs(ty1 - y1) < 0.01 else ty1]
            assert list(d.clip) == pytest.approx(want, abs=0.01)
            ix0, iy0, ix1, iy1 = d.rect  # the image itself reaches past the clip: bleed is real
            assert ix0 <= d.clip[0] and iy0 <= d.clip[1] and ix1 >= d.clip[2] and iy1 >= d.clip[3]


def test_a_lone_card_prints_bleed_on_every_side_with_no_neighbour(layout, images):
    spec, result, _ = _pdf(layout, images)
    [lone] = result[2].drawn
    tx0, ty0, tx1, ty1 = _trim(lone, spec)
    assert list(lone.clip) == pytest.approx([tx0 - pt(2), ty0 - pt(2), tx1 + pt(2), ty1 + pt(2)],
                                            abs=0.01)


def test_the_printed_bleed_is_ink_past_the_outer_cut_lines(layout, images):
    """Rasterised: 1.5 mm outside the block the front page shows card colour, not paper."""
    pdfium = pytest.importorskip("pypdfium2")
    _, result, data = _pdf(layout, images)
    doc = pdfium.PdfDocument(data)
    scale = 2.0
    bitmap = doc[0].render(scale=scale).to_pil().convert("RGB")
    x0, y0, x1, y1 = result[0].trim
    H = A4[1]
    inside, outside = pt(1.5), pt(3.0)
    for x, y in (((x0 + x1) / 2, y1 + inside), ((x0 + x1) / 2, y0 - inside),
                 (x0 - inside, (y0 + y1) / 2), (x1 + inside, (y0 + y1) / 2)):
        assert bitmap.getpixel((round(x * scale), round((H - y) * scale))) != (255, 255, 255)
    for x, y in (((x0 + x1) / 2, y1 + outside), (x0 - outside, (y0 + y1) / 2)):
        assert bitmap.getpixel((round(x * scale), round((H - y) * scale))) == (255, 255, 255)


def test_backs_are_mirrored_for_long_edge_duplex(layout, images):
    spec, result, _ = _pdf(layout, images)
    keys = _keys(images, result[1])
    assert len(result[1].drawn) == 9
    for d in result[1].drawn:
        i = int(keys[d.name][1:])
        assert keys[d.name].startswith("b")
        assert _slot(spec, _trim(d, spec)) == (i // 3, 2 - i % 3)
        assert d.rotation == 0


def test_short_edge_backs_are_flipped_top_to_bottom_and_turned_half_a_turn(layout, images):
    spec, result, _ = _pdf(layout, images, duplex="short")
    keys = _keys(images, result[1])
    for d in result[1].drawn:
        i = int(keys[d.name][1:])
        assert _slot(spec, _trim(d, spec)) == (2 - i // 3, i % 3)
        assert d.rotation == 180
    assert {d.rotation for d in result[0].drawn} == {0}


@pytest.mark.parametrize(("duplex", "front", "back"), [("long", 90, 270), ("short", 90, 90)])
def test_sideways_cards_have_backs_turned_to_read_upright(layout, images, duplex, front, back):
    """Letter: fronts turned a quarter; turned over left to right, the back reads upright."""
    spec, result, _ = _pdf(layout, images, "letter", duplex=duplex)
    assert {d.rotation for d in result[0].drawn} == {front}
    assert {d.rotation for d in result[1].drawn} == {back}


@pytest.mark.parametrize(("duplex", "moved"), [("long", (-1.0, 0.5)), ("short", (1.0, -0.5))])
def test_back_offset_is_as_seen_from_the_front(layout, images, duplex, moved):
    """1 mm right and 0.5 mm down seen from the front is, on the back page (right, down),
    left and down for long-edge duplex, right and up for short-edge."""
    _, plain, _ = _pdf(layout, images, duplex=duplex)
    _, shifted, _ = _pdf(layout, images, duplex=duplex, offset_mm=(1.0, 0.5))
    assert [d.rect for d in shifted[0].drawn] == [d.rect for d in plain[0].drawn]
    for a, b in zip(plain[1].drawn, shifted[1].drawn, strict=True):
        # PDF y grows upwards: down on the page is a smaller y.
        assert (b.rect[0] - a.rect[0], b.rect[1] - a.rect[1]) == pytest.approx(
            (pt(moved[0]), -pt(moved[1])), abs=0.001)


@pytest.mark.parametrize(("paper", "offset", "limit"), [
    ("a4", (30.0, 0.0), "X must lie within ±4.75 mm"),
    ("a4", (0.0, -11.0), "Y must lie within ±10.15 mm"),
    ("letter", (0.0, -8.0), "Y must lie within ±7.70 mm"),
])
def test_a_back_offset_beyond_the_printable_area_is_a_usage_error(layout, paper, offset, limit):
    with pytest.raises(UsageError) as caught:
        spec_for(layout, paper, offset_mm=offset)
    assert limit in caught.value.message
    assert caught.value.where == "prophecy build --back-offset"


def _cut_lines(spec, page: PageData) -> tuple[list[float], list[float]]:
    """The x of every vertical and y of every horizontal cut line of the cards on a page."""
    trims = [_trim(d, spec) for d in page.drawn]
    return (sorted({round(v, 3) for t in trims for v in (t[0], t[2])}),
            sorted({round(v, 3) for t in trims for v in (t[1], t[3])}))


def _on(a: float, b: float) -> bool:
    return abs(a - b) < 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (3.0, -4.5)])
def test_crop_marks_lie_inside_the_printable_area_and_off_every_card(layout, images, paper,
                                                                    offset):
    spec, result, _ = _pdf(layout, images, paper, offset_mm=offset)
    for number, page in enumerate(result):
        W, H = page.media[2:]
        assert page.width >= 0.25
        for ax, ay, bx, by in page.lines:
            assert ax == bx or ay == by  # each mark continues a cut line
            for x, y in ((ax, ay), (bx, by)):
                assert MM5 - 0.01 <= x <= W - MM5 + 0.01 and MM5 - 0.01 <= y <= H - MM5 + 0.01
            for d in page.drawn:  # neither over a card nor over its printed bleed
                cx0, cy0, cx1, cy1 = d.clip
                assert max(ax, bx) <= cx0 or min(ax, bx) >= cx1 or \
                    max(ay, by) <= cy0 or min(ay, by) >= cy1
        if number % 2 == 0:  # on the fronts, every cut line has a mark at both ends
            columns, rows = _cut_lines(spec, page)
            x0, y0, x1, y1 = page.trim
            for x in columns:
                ends = [(ay, by) for ax, ay, bx, by in page.lines if _on(ax, x) and _on(bx, x)]
                assert any(min(e) > y1 for e in ends) and any(max(e) < y0 for e in ends), x
            for y in rows:
                ends = [(ax, bx) for ax, ay, bx, by in page.lines if _on(ay, y) and _on(by, y)]
                assert any(min(e) > x1 for e in ends) and any(max(e) < x0 for e in ends), y
            for ax, ay, bx, by in page.lines:
                assert abs(bx - ax) + abs(by - ay) >= pt(2.0) - 0.01


def test_a_grid_without_room_for_marks_is_refused_naming_the_paper(layout):
    import dataclasses

    from prophecy.dsl.errors import ProphecyError
    from prophecy.render.layout import Layout

    data = {**layout.data, "sheets": {**layout.data["sheets"], "papers": {
        "letter": {"size": [215.9, 279.4], "columns": 3, "rows": 3}}}}
    tall = dataclasses.replace(layout, data=data)
    assert isinstance(tall, Layout)
    with pytest.raises(ProphecyError) as caught:
        spec_for(tall, "letter")
    assert "3 x 3 cards leave no room on letter paper for crop marks" in caught.value.message
    assert "sideways: true" in caught.value.hint


def test_images_are_embedded_losslessly_without_re_encoding(layout, tmp_path):
    card = Image.new("RGB", layout.size, (240, 230, 210))
    card.paste((120, 10, 30), (100, 100, 400, 300))
    path = tmp_path / "card.png"
    card.save(path, "PNG", compress_level=9)  # Pillow's own filters: any valid PNG works
    spec = spec_for(layout, "a4")
    data = write_pdf(pages(spec, [("c", "c")]), {"c": path}, "Test")
    assert b"DCTDecode" not in data
    assert read_png(path).idat in data
    [page] = read_pages(data)[:1]
    [image] = page.xobjects.values()
    assert image["/DecodeParms"]["/Predictor"] == 15 and image["/Width"] == 825
    assert PdfReader(io.BytesIO(data)).pages[0].images[0].image.tobytes() == card.tobytes()


def test_same_cards_give_the_same_bytes_and_no_dates(layout, images):
    spec = spec_for(layout, "letter")
    cards = [(f"f{i}", f"b{i}") for i in range(10)]
    one = write_pdf(pages(spec, cards), images, "Test")
    two = write_pdf(pages(spec, cards), images, "Test")
    assert one == two
    assert b"CreationDate" not in one and b"ModDate" not in one


def test_every_image_the_reader_decodes_is_one_card_drawn_pixel_for_pixel(layout, images):
    spec = spec_for(layout, "letter")
    cards = [(f"f{i}", f"b{i}") for i in range(10)]
    reader = PdfReader(io.BytesIO(write_pdf(pages(spec, cards), images, "Test")))
    decoded = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                size = (int(obj["/Width"]), int(obj["/Height"]))
                decoded[ref.idnum] = Image.frombytes("RGB", size, obj.get_data()).tobytes()
    drawn = {}
    for key, path in images.items():
        with Image.open(path) as source:
            drawn[source.convert("RGB").tobytes()] = key
    assert len(decoded) == 20  # every front and back once
    assert sorted(drawn[pixels] for pixels in decoded.values()) == sorted(images)


def test_the_document_names_its_title_and_no_dates(layout, images):
    spec = spec_for(layout, "a4")
    data = write_pdf(pages(spec, [("f0", "b0")]), images, "Dark Prophecies")
    info = PdfReader(io.BytesIO(data)).metadata
    assert info.title == "Dark Prophecies"
    assert info.creation_date is None and info.modification_date is None
