"""A card's Tabletop Simulator cell cut into its band (render/tts.py ``cut``), and rows
copied between buffers (render/rows.py): against Pillow and hand-made sums, on random
pixels and geometry, on real cards, and on rows that lie outside their buffers."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from prophecy.render import png, rows, tts
from prophecy.render.layoutfile import load_layout

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def layout():
    return load_layout(ROOT / "content")


def _noise(size: tuple[int, int], seed: int) -> Image.Image:
    r = random.Random(seed)
    return Image.frombytes("RGB", size, r.randbytes(3 * size[0] * size[1]))


def _cell_at(band: bytes | bytearray, stride: int, at: int, size: tuple[int, int]) -> bytes:
    cw, ch = size
    return b"".join(band[at + r * stride : at + r * stride + 3 * cw] for r in range(ch))


def _corner(layout) -> tuple[int, int]:
    """Where the cell's first 2 x 2 block starts in the card image: the trim box's corner,
    on the even pixel (the blocks aligned as the whole image's)."""
    x0, y0, x1, _ = layout.trim_box()
    assert (x1 - x0) / tts.cell_size(layout)[0] == 2  # the bundled layout's cell: halved
    return 2 * round(x0 / 2), 2 * round(y0 / 2)


def test_each_cell_pixel_rounds_its_blocks_sum_half_up(layout):
    """Every sum a 2 x 2 block can have, 0 to 1020, put in the card's trim area: the cut
    cell's pixel is (sum + 2) >> 2 in each channel (the mean, a half rounded up)."""
    img = _noise(layout.size, 1)
    cw, ch = tts.cell_size(layout)
    cx, cy = _corner(layout)
    sums = list(range(1021))
    for k, total in enumerate(sums):
        x, y = cx + 2 * (k % cw), cy + 2 * (k // cw)
        parts = [total // 4 + (i < total % 4) for i in range(4)]  # each at most 255
        for (dx, dy), part in zip([(0, 0), (1, 0), (0, 1), (1, 1)], parts, strict=True):
            img.putpixel((x + dx, y + dy), (part, part, part))
    stride = 3 * cw + 1
    band = bytearray(stride * ch)
    tts.cut(layout, png.Rows.of(img), band, stride, 1)
    cell = _cell_at(band, stride, 1, (cw, ch))
    assert list(cell[: 3 * len(sums)]) == [(s + 2) >> 2 for s in sums for _ in range(3)]


@settings(max_examples=15, deadline=None)
@given(columns=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_a_cut_cell_is_the_trimmed_card_halved_and_nothing_else_is_written(layout, columns,
                                                                          seed):
    """Cut into any column of a band: the cell is the card's trim area, each pixel the
    rounded mean of its 2 x 2 block; the filter bytes and the other cells are left."""
    img = _noise(layout.size, seed)
    cw, ch = tts.cell_size(layout)
    column = seed % columns
    stride = 3 * cw * columns + 1
    band = bytearray(b"\xaa" * (stride * ch))
    want_band = bytearray(band)
    tts.cut(layout, png.Rows.of(img), band, stride, 1 + 3 * cw * column)
    cx, cy = _corner(layout)
    want = img.crop((cx, cy, cx + 2 * cw, cy + 2 * ch)).reduce(2).tobytes()
    for r in range(ch):
        at = r * stride + 1 + 3 * cw * column
        want_band[at : at + 3 * cw] = want[r * 3 * cw : (r + 1) * 3 * cw]
    assert band == want_band
    # one pixel by hand, so the reduction itself is pinned: (sum + 2) >> 2
    i, j = seed % cw, seed % ch
    block = [img.getpixel((cx + 2 * i + dx, cy + 2 * j + dy)) for dx in (0, 1) for dy in (0, 1)]
    at = j * stride + 1 + 3 * cw * column + 3 * i
    assert tuple(band[at : at + 3]) == tuple((sum(p[c] for p in block) + 2) >> 2
                                             for c in range(3))


@settings(max_examples=60, deadline=None)
@given(length=st.integers(0, 50), count=st.integers(0, 12), src_stride=st.integers(0, 60),
       dst_stride=st.integers(50, 70), src_at=st.integers(0, 9), dst_at=st.integers(0, 9),
       seed=st.integers(0, 10_000))
def test_copied_moves_each_row_and_nothing_else(length, count, src_stride, dst_stride,
                                                 src_at, dst_at, seed):
    """Rows copied from one stride to another (a stride of 0 copies one row again: a
    blank cell's), and the bytes between them left as they were."""
    src = random.Random(seed).randbytes(src_at + src_stride * count + length + 1)
    dst = bytearray(b"\x55" * (dst_at + dst_stride * count + 4))
    want = bytearray(dst)
    for r in range(count):
        want[dst_at + r * dst_stride : dst_at + r * dst_stride + length] = \
            src[src_at + r * src_stride : src_at + r * src_stride + length]
    rows.copied(src, src_stride, src_at, dst, dst_stride, dst_at, length, count)
    assert dst == want


CALLS = [  # (args past the buffers): each reads or writes past a buffer's end
    (10, 0, 10, 0, 61, 1),  # a row longer than the target
    (10, 0, 10, 0, 5, 11),
    (10, 96, 10, 0, 5, 1),
    (10, 0, 10, -1, 5, 1),
    (-10, 50, 10, 0, 5, 2),
    (2**62, 0, 10, 0, 5, 2**62),
]


@pytest.mark.parametrize("args", CALLS)
def test_rows_outside_their_buffers_are_refused(args):
    src, dst = bytes(range(100)), bytearray(60)
    with pytest.raises(ValueError, match="outside their buffers"):
        rows.copied(src, args[0], args[1], dst, *args[2:])
    assert dst == bytearray(60)  # nothing written


def test_a_read_only_target_is_refused():
    with pytest.raises(TypeError):
        rows.copied(bytes(100), 10, 0, b"\0" * 60, 10, 0, 1, 1)  # type: ignore[arg-type]


def test_a_bundled_card_and_its_back_are_cut_as_pillow_makes_their_cells(layout, tmp_path):
    """A built card's cell, cut from its image as drawn or from its rows alone (decoded
    again), is make_cell's image. (The readback tests compare every cell of a full
    build's sheets with make_cell's.)"""
    from prophecy.tools import main

    assert main(["build", "--content", str(ROOT / "content"), "--out", str(tmp_path),
                 "--only", "Restless Skeleton"]) == 0
    cw, ch = tts.cell_size(layout)
    cards = sorted(tmp_path.rglob("*.png"))
    assert cards
    for path in cards:
        with Image.open(path) as im:
            img = im.convert("RGB")
        want = bytes(png.framed_rows(tts.make_cell(layout, img)))
        for card in (png.Rows.of(img), png.Rows(png.framed_rows(img), *img.size)):
            got = bytearray(len(want))
            tts.cut(layout, card, got, 3 * cw + 1, 1)
            assert got == want, path.name


def test_a_cell_at_another_scale_is_made_by_pillow(layout):
    """A layout whose cells are not the trimmed card halved gets make_cell's pixels too."""
    data = {**layout.data, "tts": {**layout.data["tts"], "cell_width": 250}}
    third = dataclasses.replace(layout, data=data)
    img = _noise(third.size, 5)
    cw, ch = tts.cell_size(third)
    got = tts.made_cell(third, png.Rows(png.framed_rows(img), *img.size))
    assert got.rows.image().tobytes() == tts.make_cell(third, img).tobytes()
    assert (got.rows.width, got.rows.height) == (cw, ch)
