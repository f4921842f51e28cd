"""The Tabletop Simulator sheets, a band (row of cells) at a time: each band's rows against
Pillow pasting the same cells into an RGB image, whatever the cells' sources and however
bands of different widths follow one another in the memory a process keeps for them; the
bands deflated apart and joined into one stream; and the build's tasks, which deflate a
band where its cells are drawn."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from prophecy.compiler.faces import Face
from prophecy.render import build as images
from prophecy.render import png, tts
from prophecy.render.layoutfile import load_layout

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def layout():
    return load_layout(ROOT / "content")


def _image(n: int, size: tuple[int, int]) -> Image.Image:
    """A cell of its own: a colour per cell and a stripe, so no two cells or rows match."""
    w, h = size
    img = Image.new("RGB", size, (40 * n % 256, 255 - 17 * n % 256, 90 + n))
    img.paste((n, 2 * n % 256, 200), (n % w, 0, n % w + 3, h))
    img.paste((255, n, 0), (0, (7 * n) % h, w, (7 * n) % h + 2))
    return img


def _rows(layout, sources: list[tts.Source]) -> bytes:
    """A band as the build deflates it, unpacked: its framed rows (its length and Adler-32
    as the segment says)."""
    segment = tts.band_segment(layout, sources, 1, "isal")
    rows = zlib.decompressobj(-15).decompress(segment.data)
    assert (segment.length, segment.adler) == (len(rows), zlib.adler32(rows))
    return rows


def _expected(layout, cells: list[Image.Image | None]) -> bytes:
    cw, ch = tts.cell_size(layout)
    whole = Image.new("RGB", (len(cells) * cw, ch), (0, 0, 0))
    for col, cell in enumerate(cells):
        if cell is not None:
            whole.paste(cell, (col * cw, 0))
    return bytes(png.framed_rows(whole))


# Wide, narrow, then wide again with blanks: the memory the narrow band left holds other
# rows at other places, and the second wide band's blank cells held pixels before.
SEQUENCE = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [10, None], [None, 3, None, 11, 2, None, None],
            [4, 4, 4], [None] * 10, [9]]


def test_each_band_is_the_rows_pillow_pastes_in_any_order(layout):
    """Bands of different widths one after another in the buffer a process keeps: the
    narrow band leaves the wide one's rows beyond it, and blank cells held pixels."""
    size = tts.cell_size(layout)
    cells = [_image(i, size) for i in range(12)]
    with tts.band_memory():
        for band in SEQUENCE:
            found = _rows(layout, [None if i is None else cells[i] for i in band])
            assert found == _expected(
                layout, [None if i is None else cells[i] for i in band]), band
        kept = tts._BUFFER[0]
        _rows(layout, cells[:2])
        assert tts._BUFFER[0] is kept  # a narrower band reuses the buffer
    assert tts._BUFFER == []  # and it is let go after the block


def test_outside_a_block_each_band_has_an_image_of_its_own(layout):
    size = tts.cell_size(layout)
    cells = [_image(i, size) for i in range(3)]
    first = _rows(layout, cells)
    second = _rows(layout, cells[::-1])
    assert first == _expected(layout, cells)
    assert second == _expected(layout, cells[::-1])


def test_cells_kept_in_an_earlier_band_or_read_from_an_image_file_are_placed_alike(
        layout, tmp_path):
    """A cell comes from a band an earlier build deflated (any column of it, however wide),
    or is made again from its card's image file: the band is the same."""
    size = tts.cell_size(layout)
    cells = [_image(i, size) for i in range(6)]
    old = tts.band_segment(layout, cells[:4], 1, "isal")
    other = tts.band_segment(layout, [None, cells[4]], 1, "isal")
    card = Image.new("RGB", layout.size, (12, 200, 30))
    card.paste((250, 0, 90), (300, 400, 500, 700))
    card.save(tmp_path / "card.png")
    made = tts.make_cell(layout, card)
    gone = tmp_path / "gone.png"  # never read: the kept bands unpack
    sources: list[tts.Source] = [tts.Kept(old.data, 4, 2, gone), cells[5], None,
                                 tts.Kept(other.data, 2, 1, gone), tmp_path / "card.png",
                                 tts.Kept(old.data, 4, 0, gone)]
    found = _rows(layout, sources)
    assert found == _expected(layout, [cells[2], cells[5], None, cells[4], made,
                                              cells[0]])


def test_a_cell_of_the_wrong_size_is_refused(layout):
    cw, ch = tts.cell_size(layout)
    with pytest.raises(ValueError, match="not RGB"):
        _rows(layout, [_image(1, (cw, ch)), Image.new("RGB", (cw, ch - 1))])


@pytest.mark.parametrize("damage", ["too narrow", "cut short", "not deflate"])
def test_a_kept_band_that_does_not_unpack_gives_way_to_the_images(layout, tmp_path, damage):
    """A kept band not as recorded (read as another width, cut short, or not deflate data
    at all) is never placed: each of its cells is made again from its card's image."""
    size = tts.cell_size(layout)
    old = tts.band_segment(layout, [_image(1, size), _image(2, size)], 1, "isal")
    data, columns = {"too narrow": (old.data, 3), "cut short": (old.data[:-500], 2),
                     "not deflate": (b"\xff" * 400, 2)}[damage]
    card = Image.new("RGB", layout.size, (12, 200, 30))
    card.save(tmp_path / "card.png")
    found = _rows(layout, [tts.Kept(data, columns, 1, tmp_path / "card.png"),
                                   _image(3, size)])
    assert found == _expected(layout, [tts.make_cell(layout, card), _image(3, size)])


def test_an_unreadable_image_file_is_named_with_the_fix(layout, tmp_path):
    from prophecy.dsl.errors import ProphecyError

    broken = tmp_path / "card.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n not an image")
    with pytest.raises(ProphecyError) as caught:
        _rows(layout, [broken])
    assert caught.value.where == str(broken) and "build again" in caught.value.hint


def test_bands_deflated_apart_join_into_the_sheet_and_each_unpacks_alone(layout):
    size = tts.cell_size(layout)
    cells = [_image(i, size) for i in range(7)]
    bands = [cells[:3], [cells[3], None, cells[4]], [cells[5], cells[6], None]]
    rows = [_rows(layout, band) for band in bands]
    segments = [tts.band_segment(layout, band, 1, "isal") for band in bands]
    assert zlib.decompress(png.joined(segments)) == b"".join(rows)
    for segment, expected in zip(segments, rows, strict=True):
        assert segment.length == len(expected) and segment.adler == zlib.adler32(expected)
        alone = b"".join(png.inflated_rows(segment.data, 3 * 3 * size[0] + 1, raw=True))
        assert alone == expected
    # A sheet of joined bands is a PNG every decoder reads: the rows, as Pillow pastes them.
    data = png.encode_deflated(png.joined(segments), (3 * size[0], 3 * size[1]))
    whole = Image.new("RGB", (3 * size[0], 3 * size[1]))
    for r, band in enumerate(bands):
        for c, cell in enumerate(band):
            if cell is not None:
                whole.paste(cell, (c * size[0], r * size[1]))
    import io

    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.convert("RGB").tobytes() == whole.tobytes()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000), st.binary(max_size=3000), st.binary(max_size=300))
def test_adler32_of_joined_runs_is_zlibs(first, second, third):
    combined = png.adler_combined(png.adler_combined(zlib.adler32(first), zlib.adler32(second),
                                                     len(second)),
                                  zlib.adler32(third), len(third))
    assert combined == zlib.adler32(first + second + third)


def test_adler32_of_runs_longer_than_its_modulus():
    rng = random.Random(5)
    first, second = rng.randbytes(70_000), bytes([255]) * 200_000
    assert png.adler_combined(zlib.adler32(first), zlib.adler32(second), len(second)) == \
        zlib.adler32(first + second)


@pytest.mark.parametrize("encoder", sorted(png.ENCODERS))
def test_either_encoder_makes_bands_that_join(layout, encoder):
    """The bands of a sheet, deflated by ISA-L or by zlib (a layout's ``encoder: zlib``),
    join into the stream of the whole sheet's rows."""
    size = tts.cell_size(layout)
    bands = [[_image(1, size), None], [_image(2, size), _image(3, size)]]
    joined = png.joined(tts.band_segment(layout, band, 1, encoder) for band in bands)
    assert zlib.decompress(joined) == b"".join(_expected(layout, band) for band in bands)


# ------------------------------------------------------------------ tasks
def _job(path: str, weight: int = 1) -> images.Job:
    return images.Job(path, "card", Face("front", "arcana", shown=(("text", "x" * weight),)), "key")


def test_a_band_is_one_task_with_the_images_it_is_made_of_and_bands_sharing_one():
    jobs = [_job(p) for p in ("a", "b", "c", "back", "d", "lone")]
    d = images.Drawing
    bands = [images.Band("tts/x-1.png", 0, (d("a"), d("b"), None)),
             images.Band("tts/x-1.png", 1, (d("c"), None, d("back"))),
             images.Band("tts/x-back.png", 0, (d("back"),)),
             images.Band("tts/y-1.png", 0, (d("d"), Path("kept.png"), None))]
    work = images.tasks(jobs, bands)
    assert sorted(sorted(j.path for j in t.jobs) for t in work) == [
        ["a", "b"], ["back", "c"], ["d"], ["lone"]]
    for task in work:  # every band's drawn cells are drawn in its own task
        drawn = {j.path for j in task.jobs}
        assert all(s.path in drawn for b in task.bands for s in b.sources
                   if isinstance(s, images.Drawing))
    together = next(t for t in work if any(j.path == "back" for j in t.jobs))
    assert {(b.file, b.row) for b in together.bands} == {("tts/x-1.png", 1),
                                                          ("tts/x-back.png", 0)}
    assert sum(len(t.bands) for t in work) == 4 and sum(len(t.jobs) for t in work) == 6


def test_the_costliest_task_comes_first_and_a_band_no_task_draws_is_refused():
    work = images.tasks([_job("small", 1), _job("big", 5000)], [])
    assert [t.jobs[0].path for t in work] == ["big", "small"]
    with pytest.raises(ValueError, match="no task draws"):
        images.tasks([], [images.Band("tts/x-1.png", 0, (images.Drawing("gone"),))])


# ------------------------------------------------------------------ the state's records
def test_the_state_keeps_only_whole_records_of_files_inside_tts(tmp_path):
    """A record of a TTS image is kept from the state file only if it has the shape the
    build writes and names a file straight inside ``tts/``: a damaged or hostile state
    never makes a build read a file elsewhere."""
    import json

    from prophecy.render.pipeline import read_state

    good = {"columns": 2, "bands": [[10, 5, ["k1", None]]]}
    elsewhere = tmp_path / "secret.png"
    elsewhere.write_bytes(b"not the build's")
    state = {"tts": {
        "tts/arcana-1.png": good, "tts/dark deed-1.png": good,
        "tts/../escape.png": good, str(elsewhere): good, "tts/a/b.png": good,
        "tts/.hidden.png": good, "tts/short.png": {"columns": 3, "bands": [[10, 5, ["k"]]]},
        "tts/negative.png": {"columns": 1, "bands": [[-1, 5, ["k"]]]},
        "tts/adler.png": {"columns": 1, "bands": [[1, 2**32, ["k"]]]},
        "tts/none.png": {"columns": 1, "bands": []},
        "tts/extra.png": {**good, "more": 1},
    }}
    (tmp_path / ".build").mkdir()
    (tmp_path / ".build" / "state.json").write_text(json.dumps(state))
    assert sorted(read_state(tmp_path)["tts"]) == ["tts/arcana-1.png", "tts/dark deed-1.png"]
