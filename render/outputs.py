"""The files made from rendered images: PDF sheets, Tabletop Simulator sheets, cards.json.

Each output has a key made from its inputs (the images' keys, in order, and
its settings); when the key and the file are as the last build left them,
the output is not written again. Every write is atomic.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from prophecy.compiler.faces import CardFaces
from prophecy.compiler.model.files import replacing, resolved, write_atomic
from prophecy.compiler.model.workers import ignore_interrupts, interrupts_held
from prophecy.dsl.errors import ProphecyError
from prophecy.render import pdf, png, sheets, shops, tts
from prophecy.render.build import Band, Drawing, Plan, Segments, intact
from prophecy.render.layout import Layout
from prophecy.render.pdf import read_png


@dataclass(frozen=True)
class Options:
    """What the user chose: papers, duplex edge, back offset, TTS image URL base, shop preset."""

    papers: tuple[str, ...] = ("a4", "letter")
    duplex: str | None = None
    offset_mm: tuple[float, float] | None = None
    tts_url: str | None = None
    preset: str = "home"


def _key(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _fresh(state: dict[str, Any], name: str, key: str, out: Path, files: list[str]) -> bool:
    return state.get("outputs", {}).get(name) == key and all(intact(out, f, state) for f in files)


def physical(cards: tuple[CardFaces, ...], p: Plan) -> list[tuple[str, str]]:
    """(front, back) image paths for every physical card: copies expanded, content order."""
    return [(p.fronts[c.id], p.backs[c.id]) for c in cards for _ in range(c.copies)]


#: A file to write, in a worker process; it returns the line that says so.
Task = Callable[[], str]


def run_tasks(tasks: list[Task], workers: int) -> list[str]:
    """Run the writing tasks (largest first) in worker processes; their notes, in order."""
    if workers <= 1 or len(tasks) <= 1:
        return [task() for task in tasks]
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with interrupts_held():
        pool = ctx.Pool(min(workers, len(tasks)), initializer=ignore_interrupts)
    with pool:
        return pool.map(_run, tasks, chunksize=1)


def _run(task: Task) -> str:
    return task()


def _pdf_task(pages: list[pdf.Page], images: dict[str, Path], title: str, target: Path) -> str:
    with replacing(target, durable=False) as out:
        pdf.write_pdf(pages, images, title, out)
    return f"  wrote {target.name} ({len(pages)} pages)"


def write_sheets(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, out: Path,
                 opts: Options, state: dict[str, Any], title: str,
                 tasks: list[Task]) -> dict[str, str]:
    """The PDF sheets to write (added to ``tasks``); returns every sheet's key."""
    pairs = physical(cards, p)
    keys = [(p.jobs[f].key, p.jobs[b].key) for f, b in pairs]
    done: dict[str, str] = {}
    for paper in opts.papers:
        spec = sheets.spec_for(layout, paper, opts.duplex, opts.offset_mm)
        name = f"sheets-{paper}.pdf"
        key = _key(keys, spec)
        done[name] = key
        if _fresh(state, name, key, out, [name]):
            continue
        pages = sheets.pages(spec, pairs)
        images = {path: out / path for pair in pairs for path in pair}
        tasks.append(partial(_pdf_task, pages, images, title, out / name))
    return done


@dataclass
class TtsFile:
    """A Tabletop Simulator image to write: its grid, and each band's deflated rows (none
    for a band the workers deflate) with the image keys of its cells."""

    path: str
    columns: int
    rows: int
    bands: list[tuple[png.Segment | None, list[str | None]]]


@dataclass
class TtsWork:
    """The Tabletop Simulator export planned before the images are drawn: the bands the
    workers deflate, the files then written, every file's key and the saved object."""

    bands: list[Band] = field(default_factory=list)
    files: list[TtsFile] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)
    records: dict[str, Any] = field(default_factory=dict)
    saved: bytes = b""


def plan_tts(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, out: Path, opts: Options,
             state: dict[str, Any], title: str, drawn: set[str]) -> TtsWork:
    """The TTS files to write, for images ``drawn`` by this build (and the rest as the last
    build left them).

    A file is written again only if its key changed or it is not as the last
    build left it; within it, only the bands (rows of cells) whose cells
    changed are deflated again, each from the cells drawn now, else from the
    band of an earlier sheet that holds the same cell, else from the image
    file. The other bands are copied as the last build deflated them.
    """
    url = opts.tts_url or resolved(out / "tts").as_uri()
    decks: dict[str, list[tuple[CardFaces, tts.TtsCard]]] = {}
    for c in cards:
        card = tts.TtsCard(c.name, c.copies, Path(p.fronts[c.id]), Path(p.backs[c.id]))
        decks.setdefault(c.kind, []).append((c, card))
    work = TtsWork()
    objects: list[dict[str, Any]] = []
    old = _OldSheets(out, state, layout)
    for index, (deck, members) in enumerate(decks.items()):
        items = [m for _, m in members]
        unique = tts.unique_backs(items)
        deck_sheets = tts.sheets(layout, deck, items)
        for sheet in deck_sheets:
            for file in sheet.files(unique):
                _plan_file(file, unique, p, layout, out, state, drawn, old, work)
        label = members[0][0].deck_label or deck
        objects.append(tts.deck_object(deck, label, deck_sheets, url, index + 1, unique))
    data = json.dumps(tts.saved_object(title, objects), indent=2, sort_keys=True)
    work.saved = (data + "\n").encode()
    return work


def _plan_file(file: tts.SheetFile, unique: bool, p: Plan, layout: Layout, out: Path,
               state: dict[str, Any], drawn: set[str], old: _OldSheets, work: TtsWork) -> None:
    rel = f"tts/{file.name}"
    keys = [None if place is None else p.jobs[str(place)].key for place in file.places]
    key = _key(keys, file.columns, file.rows, file.side, unique, layout.digest)
    work.keys[rel] = key
    if _fresh(state, rel, key, out, [rel]) and rel in old.records:
        work.records[rel] = old.records[rel]
        return
    bands: list[tuple[png.Segment | None, list[str | None]]] = []
    for index, places in enumerate(file.bands()):
        cells = keys[index * file.columns : (index + 1) * file.columns]
        kept = old.band(rel, file.columns, index, cells)
        bands.append((kept, cells))
        if kept is None:
            sources = tuple(_source(place, cell, out, drawn, old)
                            for place, cell in zip(places, cells, strict=True))
            work.bands.append(Band(rel, index, sources))
    work.files.append(TtsFile(rel, file.columns, file.rows, bands))


def _source(place: Path | None, key: str | None, out: Path, drawn: set[str],
            old: _OldSheets) -> Drawing | tts.Source:
    """Where a band's cell comes from: none (blank), the image drawn now, a band of an
    earlier sheet holding the same cell, else the image's file."""
    if place is None or key is None:
        return None
    if str(place) in drawn:
        return Drawing(str(place))
    return old.cell(key, out / place) or out / place


class _OldSheets:
    """The bands of the TTS files the last build wrote, as its state recorded them (each
    file's columns, and each band's deflated length, Adler-32 and cells' keys), read
    from those files when first asked for. A file cut short, changed, or not as
    recorded gives nothing: its bands are made again."""

    def __init__(self, out: Path, state: dict[str, Any], layout: Layout) -> None:
        self.out, self.state, self.layout = out, state, layout
        self.records: dict[str, Any] = state.get("tts", {})
        self._read: dict[str, list[png.Segment] | None] = {}
        self._cells: dict[str, list[tuple[str, int, int]]] | None = None

    def band(self, rel: str, columns: int, index: int, cells: list[str | None]
             ) -> png.Segment | None:
        """Band ``index`` of ``rel`` as the last build deflated it, if it held ``cells``."""
        record = self.records.get(rel)
        if (record is None or record["columns"] != columns or index >= len(record["bands"])
                or record["bands"][index][2] != cells):
            return None
        segments = self._segments(rel)
        return None if segments is None else segments[index]

    def cell(self, key: str, image: Path) -> tts.Kept | None:
        """A cell of image key ``key`` (its image, ``image``) in a band of the last build's
        files, if a file that can be read holds it."""
        if self._cells is None:
            self._cells = {}
            for rel, record in sorted(self.records.items()):
                for index, (_, _, cells) in enumerate(record["bands"]):
                    for column, cell in enumerate(cells):
                        if cell is not None:
                            self._cells.setdefault(cell, []).append((rel, index, column))
        for rel, index, column in self._cells.get(key, []):
            segments = self._segments(rel)
            if segments is not None:
                return tts.Kept(segments[index].data, self.records[rel]["columns"], column,
                                image)
        return None

    def _segments(self, rel: str) -> list[png.Segment] | None:
        if rel not in self._read:
            self._read[rel] = self._load(rel)
        return self._read[rel]

    def _load(self, rel: str) -> list[png.Segment] | None:
        record = self.records[rel]
        cw, ch = tts.cell_size(self.layout)
        columns, bands = record["columns"], record["bands"]
        if not intact(self.out, rel, self.state):
            return None
        try:
            data = read_png(self.out / rel)
        except (OSError, ProphecyError):
            return None
        if (data.width, data.height) != (columns * cw, len(bands) * ch):
            return None
        length = (3 * cw * columns + 1) * ch
        at, segments = 2, []
        for size, adler, _ in bands:
            segments.append(png.Segment(data.idat[at : at + size], adler, length))
            at += size
        # Whole, and as recorded: the Adler-32s recorded make the one the stream ends with.
        return segments if at + 6 == len(data.idat) and png.joined(segments) == data.idat \
            else None


def write_tts(work: TtsWork, segments: Segments, layout: Layout, out: Path,
              note: Callable[[str], None]) -> dict[str, Any]:
    """Write the planned TTS files, with the bands the workers deflated (``segments``), and
    the saved object. Returns the state's record of every file."""
    cw, ch = tts.cell_size(layout)
    records = dict(work.records)
    for file in work.files:
        bands = [(seg if seg is not None else segments[(file.path, i)], cells)
                 for i, (seg, cells) in enumerate(file.bands)]
        parts = png.encoded_parts(png.joined_parts(seg for seg, _ in bands),
                                  (file.columns * cw, file.rows * ch), layout.cell_dpi)
        write_atomic(out / file.path, parts, unless_same=True, durable=False)
        note(f"  wrote {file.path}")
        records[file.path] = {"columns": file.columns,
                              "bands": [[len(seg.data), seg.adler, cells] for seg, cells in bands]}
    if write_atomic(out / "tts" / "saved-object.json", work.saved, unless_same=True,
                    durable=False):
        note("  wrote tts/saved-object.json")
    return records


def write_shop(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, out: Path, opts: Options,
               state: dict[str, Any], title: str,
               workers: int) -> tuple[dict[str, str], list[str]]:
    """The files of a print shop's preset (not ``home``): their keys, and their notes."""
    listed = [shops.ShopCard(c.name, c.copies, p.fronts[c.id], p.backs[c.id]) for c in cards]
    keys = [(p.jobs[c.front].key, p.jobs[c.back].key, c.copies) for c in listed]
    spec = layout.data["shops"][opts.preset]
    if opts.preset == "dtc":
        name = "dtc-cards.pdf"
        key = _key(keys, spec, layout.digest)
        if _fresh(state, name, key, out, [name]):
            return {name: key}, []
        count = shops.dtc_pdf(listed, out, layout, title, out / name, workers)
        return {name: key}, [f"  wrote {name} ({count} pages, CMYK)"]
    files = shops.png_folder(opts.preset, listed, out, layout)
    key = _key(keys, spec, layout.digest)
    return {f: key for f in files}, [f"  wrote {opts.preset}/ ({len(files) - 1} images and"
                                     " cards.csv)"]


def cards_json(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, game: str) -> bytes:
    """Per card: name, kind, copies, canonical effects, image paths and a content hash."""
    entries = []
    for c in cards:
        entries.append({
            "id": c.id, "name": c.name, "kind": c.kind, "copies": c.copies,
            "effects": list(c.effects), "front": p.fronts[c.id], "back": p.backs[c.id],
            "hash": hashlib.sha256(repr((c.front, c.back, c.effects)).encode()).hexdigest(),
        })
    doc = {"game": game, "layout": layout.name, "size_px": list(layout.size),
           "dpi": layout.dpi, "cards": entries}
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()
