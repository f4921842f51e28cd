"""Rows moved between buffers (render/rows.py): the compiled functions against the same
functions in Python and against Pillow, on random pixels and geometry, on real cards,
and on rows that lie outside their buffers."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from prophecy.render import png, rows, tts
from prophecy.render.layoutfile import load_layout

ROOT = Path(__file__).resolve().parents[2]

IMPLEMENTATIONS = {"python": (rows._halved, rows._copied)}
if rows.COMPILED:
    from prophecy.render import _rows

    IMPLEMENTATIONS["compiled"] = (_rows.halved, _rows.copied)


def test_the_compiled_module_is_built_here():
    """The package's C extension is built wherever a compiler is, as in CI: were it not,
    every test here would test the Python functions only, and the build would be slow."""
    if not rows.COMPILED and not os.environ.get("CI"):
        pytest.skip("the C extension was not built here (no C compiler?): the functions "
                    "in Python do the work")
    assert rows.COMPILED
    assert rows.halved is _rows.halved and rows.copied is _rows.copied


def _noise(size: tuple[int, int], seed: int) -> Image.Image:
    r = random.Random(seed)
    return Image.frombytes("RGB", size, r.randbytes(3 * size[0] * size[1]))


@pytest.mark.parametrize("kind", sorted(IMPLEMENTATIONS))
@settings(max_examples=60, deadline=None)
@given(w=st.integers(1, 40), h=st.integers(1, 30), x=st.integers(0, 7), y=st.integers(0, 7),
       seed=st.integers(0, 10_000))
def test_halved_is_pillows_reduction_by_two(kind, w, h, x, y, seed):
    """Each pixel the rounded mean of its 2 x 2 block, as Image.reduce(2) rounds it (a
    block's sum ending in 2 rounds up), from any place in the framed rows, into any place
    of a wider buffer; the bytes around the block are left as they were."""
    halved, _ = IMPLEMENTATIONS[kind]
    img = _noise((2 * w + 2 * x + 3, 2 * h + 2 * y + 1), seed)
    src = png.Rows(png.framed_rows(img), *img.size)
    want = img.reduce(2, (2 * x, 2 * y, 2 * x + 2 * w, 2 * y + 2 * h)).tobytes()
    stride, at = 3 * w + 5, 7
    dst = bytearray(b"\xaa" * (at + stride * h + 3))
    halved(src.data, src.stride, src.at(2 * x, 2 * y), dst, stride, at, w, h)
    got = b"".join(dst[at + r * stride : at + r * stride + 3 * w] for r in range(h))
    assert got == want
    for r in range(h):  # nothing written between the rows, before or after
        assert set(dst[at + r * stride + 3 * w : at + (r + 1) * stride]) == {0xAA}
    assert set(dst[:at]) == {0xAA}


def test_halved_rounds_half_up_on_every_sum():
    """Every sum a 2 x 2 block can have, 0 to 1020: (sum + 2) >> 2."""
    sums = list(range(1021))
    # Each sum split over its block's four pixels (each at most 255), in every channel.
    parts = [[s // 4 + (i < s % 4) for i in range(4)] for s in sums]
    row_a = b"".join(bytes([p[0]] * 3 + [p[1]] * 3) for p in parts)
    row_b = b"".join(bytes([p[2]] * 3 + [p[3]] * 3) for p in parts)
    for halved, _ in IMPLEMENTATIONS.values():
        dst = bytearray(3 * len(sums))
        halved(row_a + row_b, len(row_a), 0, dst, len(dst), 0, len(sums), 1)
        assert list(dst) == [(s + 2) >> 2 for s in sums for _ in range(3)]


@pytest.mark.parametrize("kind", sorted(IMPLEMENTATIONS))
@settings(max_examples=60, deadline=None)
@given(length=st.integers(0, 50), count=st.integers(0, 12), src_stride=st.integers(0, 60),
       dst_stride=st.integers(50, 70), src_at=st.integers(0, 9), dst_at=st.integers(0, 9),
       seed=st.integers(0, 10_000))
def test_copied_moves_each_row_and_nothing_else(kind, length, count, src_stride, dst_stride,
                                                 src_at, dst_at, seed):
    """Rows copied from one stride to another (a stride of 0 copies one row again: a
    blank cell's), and the bytes between them left as they were."""
    _, copied = IMPLEMENTATIONS[kind]
    src = random.Random(seed).randbytes(src_at + src_stride * count + length + 1)
    dst = bytearray(b"\x55" * (dst_at + dst_stride * count + 4))
    want = bytearray(dst)
    for r in range(count):
        want[dst_at + r * dst_stride : dst_at + r * dst_stride + length] = \
            src[src_at + r * src_stride : src_at + r * src_stride + length]
    copied(src, src_stride, src_at, dst, dst_stride, dst_at, length, count)
    assert dst == want


CALLS = [  # (what, args past the buffers): each reads or writes past a buffer's end
    ("halved", (20, 0, 8, 0, 4, 3)),  # 3 rows want 6 rows of 20 bytes: 120 > 100
    ("halved", (10, 0, 8, 0, 4, 5)),  # the tenth row of 24 bytes ends at 114
    ("halved", (10, 95, 8, 0, 1, 1)),  # two rows from 95 run past 100
    ("halved", (10, 0, 8, 0, -1, 1)),
    ("halved", (10, -1, 8, 0, 1, 1)),
    ("halved", (10, 0, 8, 0, 2**60, 1)),
    ("halved", (2**62, 0, 8, 0, 1, 2**61)),
    ("halved", (10, 0, -8, 0, 1, 2)),
    ("copied", (10, 0, 10, 0, 61, 1)),  # a row longer than the target
    ("copied", (10, 0, 10, 0, 5, 11)),
    ("copied", (10, 96, 10, 0, 5, 1)),
    ("copied", (10, 0, 10, -1, 5, 1)),
    ("copied", (-10, 50, 10, 0, 5, 2)),
    ("copied", (2**62, 0, 10, 0, 5, 2**62)),
]


@pytest.mark.parametrize("kind", sorted(IMPLEMENTATIONS))
@pytest.mark.parametrize(("what", "args"), CALLS)
def test_rows_outside_their_buffers_are_refused(kind, what, args):
    halved, copied = IMPLEMENTATIONS[kind]
    src, dst = bytes(range(100)), bytearray(60)
    with pytest.raises(ValueError, match="outside their buffers"):
        (halved if what == "halved" else copied)(src, args[0], args[1], dst, *args[2:])
    assert dst == bytearray(60)  # nothing written


def test_a_read_only_target_is_refused():
    for halved, copied in IMPLEMENTATIONS.values():
        with pytest.raises(TypeError):
            halved(bytes(100), 10, 0, b"\0" * 60, 10, 0, 1, 1)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            copied(bytes(100), 10, 0, b"\0" * 60, 10, 0, 1, 1)  # type: ignore[arg-type]


def test_a_bundled_card_and_its_back_are_cut_as_pillow_makes_their_cells(tmp_path):
    """The layout's cell is the trimmed card halved: cut straight from the card's framed
    rows, by each implementation, it is make_cell's image (Pillow's reduction). (The
    readback tests compare every cell of a full build's sheets with make_cell's.)"""
    from prophecy.tools import main

    layout = load_layout(ROOT / "content")
    assert tts._halving(layout) is not None
    assert main(["build", "--content", str(ROOT / "content"), "--out", str(tmp_path),
                 "--only", "Restless Skeleton"]) == 0
    cw, ch = tts.cell_size(layout)
    cards = sorted(tmp_path.rglob("*.png"))
    assert cards
    for path in cards:
        with Image.open(path) as im:
            img = im.convert("RGB")
        want = bytes(png.framed_rows(tts.make_cell(layout, img)))
        card = png.Rows(png.framed_rows(img), *img.size)
        for halved, _ in IMPLEMENTATIONS.values():
            got = bytearray(len(want))
            start = tts._halving(layout)
            assert start is not None
            halved(card.data, card.stride, card.at(*start), got, 3 * cw + 1, 1, cw, ch)
            assert got == want, path.name


def test_a_cell_at_another_scale_is_made_by_pillow(tmp_path):
    """A layout whose cells are not the trimmed card halved gets make_cell's pixels too."""
    import dataclasses

    layout = load_layout(ROOT / "content")
    data = {**layout.data, "tts": {**layout.data["tts"], "cell_width": 250}}
    third = dataclasses.replace(layout, data=data)
    assert tts._halving(third) is None
    img = _noise(third.size, 5)
    cw, ch = tts.cell_size(third)
    got = tts.made_cell(third, png.Rows(png.framed_rows(img), *img.size))
    assert got.rows.image().tobytes() == tts.make_cell(third, img).tobytes()
    assert (got.rows.width, got.rows.height) == (cw, ch)


def test_a_build_without_the_compiled_module_makes_the_same_sheets(small_content, tmp_path,
                                                                   monkeypatch):
    """Where the C extension could not be built, the functions in Python make the same
    Tabletop Simulator sheets, pixel for pixel, with two workers (forked with them)."""
    from prophecy.tools import main

    def sheets(out: Path) -> dict[str, bytes]:
        found = {}
        for path in sorted((out / "tts").glob("*.png")):
            with Image.open(path) as im:
                found[path.name] = im.convert("RGB").tobytes()
        return found

    argv = ["build", "--content", str(small_content), "--jobs", "2", "--tts-url",
            "https://example.org/tts"]
    assert main([*argv, "--out", str(tmp_path / "compiled")]) == 0
    monkeypatch.setattr(rows, "halved", rows._halved)
    monkeypatch.setattr(rows, "copied", rows._copied)
    assert main([*argv, "--out", str(tmp_path / "python")]) == 0
    compiled, python = sheets(tmp_path / "compiled"), sheets(tmp_path / "python")
    assert compiled and compiled == python


@pytest.mark.parametrize("src_stride", [0, 3, 6])
def test_rows_read_more_than_once_are_halved_alike(src_stride):
    """Source rows closer than a row's length (or the same row again, at stride 0) are
    read as they lie, by either implementation."""
    src = random.Random(src_stride).randbytes(200)
    results = set()
    for halved, _ in IMPLEMENTATIONS.values():
        dst = bytearray(40)
        halved(src, src_stride, 5, dst, 13, 1, 3, 3)
        results.add(bytes(dst))
    assert len(results) == 1
    if src_stride == 0:  # both rows of each block the same row: each pixel its pair's mean
        dst = bytearray(results.pop())
        assert dst[1] == (2 * src[5] + 2 * src[8] + 2) >> 2
