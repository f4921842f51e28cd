"""Tabletop Simulator export: rendered cards in, deck sheets and a saved-object JSON out.

Each deck becomes one or more sheets of at most ``columns`` x ``rows`` cells
(10 x 7 at most, 4096 px a side at most), RGB, with the last cell holding the
hidden-card image (the deck's back). A deck whose cards share one back gets
one back image; a deck whose backs differ (Grimoires, Verses) gets a sheet of
backs in the same cells. Each image is deflated a band (a row of cells) at a
time, each band on its own (``band_segment``), so a band is made where its
cards are drawn and only a changed band is made again after an edit.
``saved_object`` is the JSON Tabletop Simulator loads from its Saved Objects
folder, one custom deck per deck.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image

from prophecy.dsl.errors import ProphecyError
from prophecy.render import png, rows
from prophecy.render.layout import Layout


@dataclass(frozen=True)
class TtsCard:
    """One distinct card of a deck: its name, copies and rendered images."""

    name: str
    copies: int
    front: Path
    back: Path

    def side(self, side: str) -> Path:
        """The image of a side: "front" or "back"."""
        return self.front if side == "front" else self.back


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

    def places(self, side: str) -> list[Path | None]:
        """The image in each cell of the sheet of faces (or backs), row by row; none where a
        cell is blank. The last cell is the deck's back, shown for hidden cards."""
        cells: list[Path | None] = [None] * (self.columns * self.rows)
        cells[: len(self.cards)] = [card.side(side) for card in self.cards]
        cells[-1] = self.hidden
        return cells

    @property
    def hidden(self) -> Path:
        return self.cards[0].back

    def files(self, unique: bool) -> list[SheetFile]:
        """The image files this sheet makes: its faces, and its backs (every card's, in the
        same cells, when they differ; else the deck's one back, from the first sheet)."""
        out = [SheetFile(self.face_name, "front", self.columns, self.rows,
                         tuple(self.places("front")))]
        if unique:
            out.append(SheetFile(self.back_name(True), "back", self.columns, self.rows,
                                 tuple(self.places("back"))))
        elif self.number == 1:
            out.append(SheetFile(self.back_name(False), "back", 1, 1, (self.hidden,)))
        return out


class SheetFile(NamedTuple):
    """One image file of the export: a grid of cells, each an image (or none: blank)."""

    name: str
    side: str
    columns: int
    rows: int
    places: tuple[Path | None, ...]

    def bands(self) -> list[tuple[Path | None, ...]]:
        """Its rows of cells, top to bottom: each deflated on its own (see ``band_segment``)."""
        return [self.places[r * self.columns : (r + 1) * self.columns]
                for r in range(self.rows)]


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
        # A whole-number reduction (Pillow's box averaging) is ten times faster than resizing;
        # only the cell's part of the image is reduced, in blocks aligned as the whole's.
        f = int(factor)
        left, top = round(x0 / f), round(y0 / f)
        return image.reduce(f, (left * f, top * f, (left + cw) * f, (top + ch) * f))
    return image.crop((round(x0), round(y0), round(x1), round(y1))).resize(
        (cw, ch), Image.Resampling.BILINEAR, reducing_gap=2.0)


def cell(layout: Layout, image: Path) -> Image.Image:
    """A card's cell made anew from its image, as drawn by an earlier build."""
    try:
        with Image.open(image) as im:
            return make_cell(layout, im.convert("RGB"))
    except (OSError, SyntaxError, ValueError) as exc:
        raise ProphecyError(f"this image, drawn by an earlier build, cannot be read ({exc})",
                            where=str(image), line=0,
                            hint="delete it and build again: the build draws it anew") from None


class Kept(NamedTuple):
    """A cell as an earlier build wrote it: column ``column`` of a band of ``columns`` cells,
    that band's rows deflated as a ``png.Segment``'s data; and its card's image, to make
    it from again should that band not unpack."""

    data: bytes
    columns: int
    column: int
    image: Path


class Cell(NamedTuple):
    """A cell made already, as its framed rows (see ``cut``)."""

    rows: png.Rows


#: Where a band's cell comes from: a card's image drawn by this build, as its framed rows
#: (``png.Rows``; its cell is cut from its image as it is placed), a cell made already
#: (``Cell``, or an RGB image), kept in an earlier build's sheet (``Kept``), an image
#: file to make it from again, or none (blank).
Source = png.Rows | Cell | Image.Image | Kept | Path | None


def cut(layout: Layout, card: png.Rows, into: bytearray | memoryview, stride: int,
        at: int) -> None:
    """Write a card image's cell (``make_cell``'s pixels, made by Pillow from the image the
    card's rows were laid out from) into rows ``stride`` bytes apart from ``at``."""
    cw, ch = cell_size(layout)
    made = make_cell(layout, card.image()).tobytes()
    rows.copied(made, 3 * cw, 0, into, stride, at, 3 * cw, ch)


def made_cell(layout: Layout, source: png.Rows | Image.Image) -> Cell:
    """A cell to place in more than one band: cut from a card's image once, or an RGB
    image of a cell's size."""
    cw, ch = cell_size(layout)
    if isinstance(source, Image.Image):
        if source.size != (cw, ch) or source.mode != "RGB":
            raise ValueError(f"a cell is {source.mode} {source.size[0]} x {source.size[1]}, "
                             f"not RGB {cw} x {ch}")
        return Cell(png.Rows.of(source))
    data = bytearray((3 * cw + 1) * ch)
    cut(layout, source, data, 3 * cw + 1, 1)
    return Cell(png.Rows(data, cw, ch))


def band_segment(layout: Layout, sources: Sequence[Source], level: int, encoder: str
                 ) -> png.Segment:
    """A band of a sheet (one row of its cells, a cell a source), deflated on its own (see
    ``png.Segment`` and ``BandRows``)."""
    band = BandRows(layout, len(sources))
    for col, source in enumerate(sources):
        band.place(col, source)
    return band.segment(level, encoder)


class BandRows:
    """A band of a sheet being made, as PNG's framed rows in one buffer (the one this
    process keeps for its bands, see ``band_memory``), deflated from there (``segment``).

    Each cell is written into its place as soon as it is at hand: a card's cell is
    cut by Pillow from the image just drawn (``cut``) and its rows copied into place,
    with no paste, and the band's rows are never laid out again. The cells an earlier build
    kept are copied from their old band when the band is deflated, a kept band at a
    time, each unpacked once.
    """

    def __init__(self, layout: Layout, columns: int) -> None:
        self.layout, self.size = layout, cell_size(layout)
        cw, ch = self.size
        self.stride = 3 * cw * columns + 1
        # As big as the layout's widest band at once, so it is made once for every band.
        t = layout.data["tts"]
        widest = 3 * cw * max(columns, min(t["columns"], t["max_px"] // cw)) + 1
        self.data = memoryview(_buffer(widest * ch))[: self.stride * ch]
        self.data[:: self.stride] = bytes(ch)  # each row's filter byte: none
        self.kept: dict[tuple[bytes, int], list[tuple[Kept, int]]] = {}

    def _at(self, col: int) -> int:
        return 1 + 3 * self.size[0] * col

    def place(self, col: int, source: Source) -> None:
        """Put a cell in column ``col``."""
        (cw, ch), at = self.size, self._at(col)
        if isinstance(source, Kept):
            self.kept.setdefault((source.data, source.columns), []).append((source, col))
        elif isinstance(source, png.Rows):
            cut(self.layout, source, self.data, self.stride, at)
        elif source is None:
            rows.copied(bytes(3 * cw), 0, 0, self.data, self.stride, at, 3 * cw, ch)
        else:
            if isinstance(source, Path):
                source = cell(self.layout, source)
            made = made_cell(self.layout, source) if isinstance(source, Image.Image) \
                else source
            rows.copied(made.rows.data, made.rows.stride, 1, self.data, self.stride, at,
                        3 * cw, ch)

    def segment(self, level: int, encoder: str) -> png.Segment:
        """The band, with the cells kept by an earlier build put in, deflated."""
        cw, ch = self.size
        for (data, columns), moves in self.kept.items():
            stride = 3 * cw * columns + 1
            try:
                old = _kept_band(data, stride, ch)
            except ValueError:  # not as recorded: each cell made again from its image
                for source, col in moves:
                    self.place(col, source.image)
                continue
            for source, col in moves:
                rows.copied(old, stride, 1 + 3 * cw * source.column, self.data, self.stride,
                            self._at(col), 3 * cw, ch)
        self.kept = {}
        return png.rows_segment(self.data, level, encoder)


def _kept_band(data: bytes, stride: int, height: int) -> bytes:
    """A band an earlier build deflated (a ``png.Segment``'s data): its framed rows."""
    found = b"".join(png.inflated_rows(data, stride, raw=True))
    if len(found) != stride * height:
        raise ValueError("a kept band's rows are not those of its cells")
    return found


def _buffer(size: int) -> bytearray:
    """A buffer at least ``size`` bytes long to lay a band out in: kept while
    ``band_memory`` holds (made again if too small), else new."""
    if not _HELD:
        return bytearray(size)
    if not _BUFFER or len(_BUFFER[0]) < size:
        _BUFFER[:] = [bytearray(size)]
    return _BUFFER[0]


#: The buffer this process lays bands out in (``band_memory`` holds it for a while).
_BUFFER: list[bytearray] = []
_HELD: list[bool] = []


def hold_memory() -> None:
    """From now on, the bands made in this process (a worker's) share one buffer, as
    within ``band_memory``, until the process ends."""
    _HELD.append(True)


@contextmanager
def band_memory() -> Iterator[None]:
    """Within this block, the bands made in this process share one buffer to lay their
    rows out in (touching fresh memory costs more than writing to memory used before)."""
    _HELD.append(True)
    try:
        yield
    finally:
        _HELD.pop()
        if not _HELD:
            _BUFFER.clear()


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
