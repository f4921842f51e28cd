"""The Tabletop Simulator sheets' rows, laid out cell by cell, against Pillow pasting the
same cells into an RGB image: the same bytes, however sheets of different sizes follow
one another in the memory a process keeps for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

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


def _cards(count: int, unique: bool) -> list[tts.TtsCard]:
    """Cards whose cells are kept by these names (the images are never read)."""
    fronts = [Path(f"cells/front-{i}.png") for i in range(count)]
    backs = [Path(f"cells/back-{i if unique else 0}.png") for i in range(count)]
    return [tts.TtsCard(f"card {i}", 1, Path("missing.png"), Path("missing.png"), front, back)
            for i, (front, back) in enumerate(zip(fronts, backs, strict=True))]


def _expected(layout, sheet: tts.Sheet, side: str, images: dict[str, Image.Image]) -> bytes:
    cw, ch = tts.cell_size(layout)
    whole = Image.new("RGB", (sheet.columns * cw, sheet.rows * ch), (0, 0, 0))
    for i, card in enumerate(sheet.cards):
        row, col = divmod(i, sheet.columns)
        whole.paste(images[str(card.side(side)[1])], (col * cw, row * ch))
    row, col = divmod(sheet.columns * sheet.rows - 1, sheet.columns)
    whole.paste(images[str(sheet.cards[0].back_cell)], (col * cw, row * ch))
    return bytes(png.framed_rows(whole))


# Big, small, then big again with fewer cards: the memory the small sheet left holds other
# rows at other places, and the second big sheet's blank cells held pixels before.
SEQUENCE = [(9, False, "front"), (2, True, "back"), (3, False, "front"), (5, True, "front"),
            (1, False, "front")]


def test_each_sheet_is_the_rows_pillow_pastes_in_any_order(layout):
    size = tts.cell_size(layout)
    images = {}
    for i in range(12):
        images[f"cells/front-{i}.png"] = _image(i, size)
        images[f"cells/back-{i}.png"] = _image(100 + i, size)
    drawn = {path: png.compressed_rows(img, 1) for path, img in images.items()}
    with tts.sheet_memory():
        for count, unique, side in SEQUENCE:
            (sheet,) = tts.sheets(layout, "test", _cards(count, unique))
            rows = tts.sheet_rows(layout, sheet, side, drawn)
            assert bytes(rows) == _expected(layout, sheet, side, images), (count, side)
        kept = tts._MEMORY[0]
        (sheet,) = tts.sheets(layout, "test", _cards(4, False))
        tts.sheet_rows(layout, sheet, "front", drawn)
        assert tts._MEMORY[0] is kept  # a smaller sheet reuses the memory
    assert tts._MEMORY == []  # and it is let go after the block


def test_outside_a_block_each_sheet_has_memory_of_its_own(layout):
    size = tts.cell_size(layout)
    images = {f"cells/{s}-{i}.png": _image(i + (50 if s == "back" else 0), size)
              for i in range(3) for s in ("front", "back")}
    drawn = {path: png.compressed_rows(img, 1) for path, img in images.items()}
    (first,) = tts.sheets(layout, "test", _cards(3, True))
    rows = tts.sheet_rows(layout, first, "front", drawn)
    again = tts.sheet_rows(layout, first, "back", drawn)
    assert bytes(rows) == _expected(layout, first, "front", images)
    assert bytes(again) == _expected(layout, first, "back", images)


def test_a_cell_of_the_wrong_size_is_refused(layout):
    (sheet,) = tts.sheets(layout, "test", _cards(1, False))
    cw, ch = tts.cell_size(layout)
    small = png.compressed_rows(Image.new("RGB", (cw, ch - 1)), 1)
    with pytest.raises(ValueError, match="not those of"):
        tts.sheet_rows(layout, sheet, "front", {"cells/front-0.png": small,
                                                  "cells/back-0.png": small})
