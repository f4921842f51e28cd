"""Tabletop Simulator export: rendered cards in, deck sheets and a saved-object JSON out.

Each deck becomes one or more sheets of at most ``columns`` x ``rows`` cells
(10 x 7 at most, 4096 px a side at most), RGB, with the last cell holding the
hidden-card image (the deck's back). A deck whose cards share one back gets
one back image; a deck whose backs differ (Grimoires, Verses) gets a sheet of
backs in the same cells. ``saved_object`` is the JSON Tabletop Simulator
loads from its Saved Objects folder, one custom deck per deck.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from prophecy.dsl.errors import ProphecyError
from prophecy.render import png
from prophecy.render.layout import Layout


@dataclass(frozen=True)
class TtsCard:
    """One distinct card of a deck: its name, copies, rendered images and, where the build
    keeps them, the files of those images' cells."""

    name: str
    copies: int
    front: Path
    back: Path
    front_cell: Path | None = None
    back_cell: Path | None = None

    def side(self, side: str) -> tuple[Path, Path | None]:
        """The image of a side ("front" or "back") and its cell's file."""
        return (self.front, self.front_cell) if side == "front" else (self.back, self.back_cell)


@dataclass(frozen=True)
class Sheet:
    """A sheet's grid and which cards it holds."""

    deck: str
    number: int
    columns: int
    rows: int
    cards: tuple[TtsCard, ...]

    @property
    def face_name(self) -> str:
        return f"{self.deck}-{self.number}.png"

    def back_name(self, unique: bool) -> str:
        return f"{self.deck}-{self.number}-backs.png" if unique else f"{self.deck}-back.png"


def cell_size(layout: Layout) -> tuple[int, int]:
    t = layout.data["tts"]
    w, h = layout.trim_mm
    return t["cell_width"], round(t["cell_width"] * h / w)


def grid(layout: Layout, count: int) -> tuple[int, int]:
    """Columns and rows for ``count`` cards plus the hidden cell (at least 2 x 2)."""
    t = layout.data["tts"]
    cw, ch = cell_size(layout)
    columns = min(t["columns"], t["max_px"] // cw)
    rows_max = min(t["rows"], t["max_px"] // ch)
    if columns < 2 or rows_max < 2:
        raise ProphecyError("the TTS cells are too big for a sheet",
                            where=f"layouts/{layout.name}.yaml", hint="lower tts.cell_width")
    cols = max(2, min(columns, count + 1))
    return cols, max(2, min(rows_max, math.ceil((count + 1) / cols)))


def sheets(layout: Layout, deck: str, cards: list[TtsCard]) -> list[Sheet]:
    """The deck split into sheets, each keeping its last cell for the hidden image."""
    t = layout.data["tts"]
    cw, ch = cell_size(layout)
    capacity = min(t["columns"], t["max_px"] // cw) * min(t["rows"], t["max_px"] // ch) - 1
    out = []
    for n, start in enumerate(range(0, len(cards), capacity), 1):
        chunk = tuple(cards[start : start + capacity])
        cols, rows = grid(layout, len(chunk))
        out.append(Sheet(deck, n, cols, rows, chunk))
    return out


def make_cell(layout: Layout, image: Image.Image) -> Image.Image:
    """A card image trimmed of its bleed and scaled to one cell."""
    x0, y0, x1, y1 = layout.trim_box()
    cw, ch = cell_size(layout)
    factor = (x1 - x0) / cw
    if factor == int(factor) and factor > 1:
        # A whole-number reduction (box averaging in C) is ten times faster than resizing;
        # only the cell's part of the image is reduced, in blocks aligned as the whole's.
        f = int(factor)
        left, top = round(x0 / f), round(y0 / f)
        return image.reduce(f, (left * f, top * f, (left + cw) * f, (top + ch) * f))
    return image.crop((round(x0), round(y0), round(x1), round(y1))).resize(
        (cw, ch), Image.Resampling.BILINEAR, reducing_gap=2.0)


def cell(layout: Layout, image: Path, kept: Path | None = None) -> Image.Image:
    """A card's cell: the small copy the build keeps (``kept``), else made anew from its
    image. The kept copy is a cache: one that cannot be read whole, or of another size,
    is made again."""
    if kept is not None:
        try:
            with Image.open(kept) as im:
                if im.size == cell_size(layout) and im.mode == "RGB":
                    im.load()
                    return im
        except Exception:  # noqa: BLE001 - a damaged cache file of any kind is made again
            pass
    try:
        with Image.open(image) as im:
            return make_cell(layout, im.convert("RGB"))
    except (OSError, SyntaxError, ValueError) as exc:
        raise ProphecyError(f"this image, drawn by an earlier build, cannot be read ({exc})",
                            where=str(image), line=0,
                            hint="delete it and build again: the build draws it anew") from None


def cell_rows(layout: Layout, image: Path, kept: Path | None, drawn: Mapping[str, bytes]
              ) -> Iterator[bytes | memoryview]:
    """A card's cell as PNG's framed rows (``png.framed_rows``), a few whole rows at a
    time: drawn by this build (in ``drawn`` deflated, by its cell file's name), else
    read from that file (``kept``), else made anew from the image."""
    found = deflated_cell(layout, kept, drawn)
    if found is None:
        yield png.framed_rows(cell(layout, image, kept))  # Pillow reads what else it can
    else:
        yield from png.inflated_rows(found, 3 * cell_size(layout)[0] + 1)


def deflated_cell(layout: Layout, kept: Path | None, drawn: Mapping[str, bytes]
                  ) -> bytes | None:
    """A cell's rows deflated as its PNG's IDAT holds them: drawn by this build (in
    ``drawn``, by its cell file's name), else its file ``kept`` as the build wrote it;
    None for any other file (see ``cell``)."""
    if kept is None:
        return None
    found = drawn.get(str(kept))
    return found if found is not None else _kept_rows(layout, kept)


def _kept_rows(layout: Layout, kept: Path) -> bytes | None:
    """A kept cell file's IDAT data, when the build wrote it so: whole (every chunk's CRC
    right), of the cell's size, and its rows unfiltered, as they are laid out in a sheet.
    Unpacking it costs a fifth of what Pillow's decoding costs; any other file is None."""
    from prophecy.render.pdf import read_png

    try:
        data = read_png(kept)
        cw, ch = cell_size(layout)
        if (data.width, data.height) != (cw, ch):
            return None
        rows = 0
        for block in png.inflated_rows(data.idat, 3 * cw + 1):
            if len(block) % (3 * cw + 1) or block[:: 3 * cw + 1].count(0) != len(block) // (
                    3 * cw + 1):
                return None
            rows += len(block) // (3 * cw + 1)
        return data.idat if rows == ch else None
    except (OSError, ProphecyError, ValueError, zlib.error):
        return None


def sheet_rows(layout: Layout, sheet: Sheet, side: str, drawn: Mapping[str, bytes]
               ) -> memoryview:
    """The faces (or backs) of a sheet as PNG's framed rows (see ``png.framed_rows``); the
    last cell is the deck's back, shown for hidden cards.

    Each cell's rows are copied from its framed rows (``cell_rows``) straight
    to their place in the sheet's, so no pixel is unpacked to Pillow's four bytes
    and packed back. The rows are laid out in memory this process keeps for
    them (see ``sheet_memory``), valid until the next sheet: touching fresh
    memory costs more than copying into it (a full sheet is tens of MB).
    """
    cw, ch = cell_size(layout)
    width = 3 * sheet.columns * cw + 1
    size = width * sheet.rows * ch
    rows = _memory(size)
    rows[0:size:width] = bytes(sheet.rows * ch)  # each row's filter byte: 0, none
    places: list[tuple[Path, Path | None] | None] = [None] * (sheet.columns * sheet.rows)
    for i, card in enumerate(sheet.cards):
        places[i] = card.side(side)
    places[-1] = sheet.cards[0].side("back")
    blank = bytes(3 * cw)
    for i, place in enumerate(places):
        _place(rows, width, None if place is None else cell_rows(layout, *place, drawn),
               divmod(i, sheet.columns), (cw, ch), blank)
    return rows[:size]


def _place(rows: memoryview, width: int, cell: Iterator[bytes | memoryview] | None,
           place: tuple[int, int], size: tuple[int, int], blank: bytes) -> None:
    """A cell's framed rows (or none: blank) at a (row, column) of a sheet's framed rows
    ``width`` bytes long."""
    (row, col), (cw, ch) = place, size
    line = 3 * cw
    at = width * ch * row + 1 + line * col
    if cell is None:
        for _ in range(ch):
            rows[at : at + line] = blank
            at += width
        return
    done = 0
    for block in cell:
        src = memoryview(block)
        count, rest = divmod(len(src), line + 1)
        if rest or done + count > ch:
            raise ValueError(f"a cell's rows are not those of {cw} x {ch} pixels")
        for start in range(1, count * (line + 1), line + 1):
            rows[at : at + line] = src[start : start + line]
            at += width
        done += count
    if done != ch:
        raise ValueError(f"a cell's rows are not those of {cw} x {ch} pixels")


#: The memory this process lays sheets out in (``sheet_memory`` holds it for a while).
_MEMORY: list[bytearray] = []


def _memory(size: int) -> memoryview:
    """At least ``size`` bytes to lay a sheet out in: the memory kept by ``sheet_memory``
    if it is big enough (grown if not), else new memory."""
    if not _HELD:
        return memoryview(bytearray(size))
    if not _MEMORY or len(_MEMORY[0]) < size:
        _MEMORY[:] = [bytearray(size)]
    return memoryview(_MEMORY[0])


_HELD: list[bool] = []


@contextmanager
def sheet_memory() -> Iterator[None]:
    """Within this block, the sheets laid out in this process (and in processes forked in
    it) share one piece of memory, grown to the biggest: a sheet's rows are good only
    until the next sheet is laid out."""
    _HELD.append(True)
    try:
        yield
    finally:
        _HELD.pop()
        if not _HELD:
            _MEMORY.clear()


def unique_backs(cards: list[TtsCard]) -> bool:
    return len({c.back for c in cards}) > 1


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def join_url(base: str, name: str) -> str:
    """``name`` inside the folder ``base`` names, whether or not ``base`` ends in '/'."""
    return f"{base.rstrip('/')}/{name}"


def deck_object(deck: str, label: str, sheets_: list[Sheet], url: str, index: int,
                unique: bool) -> dict[str, Any]:
    """One deck (or a single card) as a Tabletop Simulator object."""
    custom: dict[str, dict[str, Any]] = {}
    contained: list[dict[str, Any]] = []
    ids: list[int] = []
    for sheet in sheets_:
        key = index * 10 + sheet.number
        custom[str(key)] = {
            "FaceURL": join_url(url, sheet.face_name),
            "BackURL": join_url(url, sheet.back_name(unique)),
            "NumWidth": sheet.columns, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": unique, "Type": 0,
        }
        for i, card in enumerate(sheet.cards):
            for _ in range(card.copies):
                card_id = key * 100 + i
                ids.append(card_id)
                contained.append({"Name": "Card", "Nickname": card.name, "CardID": card_id,
                                  "Transform": _transform(index * 3.0),
                                  "CustomDeck": {str(key): custom[str(key)]}})
    if len(contained) == 1:
        return {**contained[0], "Nickname": contained[0]["Nickname"]}
    return {"Name": "DeckCustom", "Nickname": label, "Transform": _transform(index * 3.0),
            "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}


def saved_object(game: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The file Tabletop Simulator reads from its Saved Objects folder."""
    return {"SaveName": game, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [{"Name": "Bag", "Nickname": game, "Transform": _transform(0.0),
                              "ContainedObjects": objects}],
            "TabStates": {}, "VersionNumber": ""}
