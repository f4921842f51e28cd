"""The files made from rendered images: PDF sheets, Tabletop Simulator sheets, cards.json.

Each output has a key made from its inputs (the images' keys, in order, and
its settings); when the key and the file are as the last build left them,
the output is not written again. Every write is atomic.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from prophecy.compiler.faces import CardFaces
from prophecy.compiler.model.files import replacing, resolved, write_atomic
from prophecy.compiler.model.workers import ignore_interrupts, interrupts_held
from prophecy.render import pdf, png, sheets, tts
from prophecy.render.build import CELL_LEVEL, Cell, Plan, cell_path, intact
from prophecy.render.layout import Layout


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


#: The TTS cells the build has just drawn, by cell file (``build.Cell``s): the sheets
#: are laid out from these rather than from the files just written. Set around
#: ``run_tasks``, so the writing workers, forked then, share them; a worker that is not
#: forked (where the platform cannot fork) finds none and reads the files.
_DRAWN: dict[str, Cell] = {}


@contextmanager
def drawn_cells(cells: dict[str, Cell]) -> Iterator[None]:
    """Within this block, the TTS sheets are laid out from ``cells`` where they can be, each
    process laying its sheets out in one piece of memory (``tts.sheet_memory``)."""
    _DRAWN.update(cells)
    try:
        with tts.sheet_memory():
            yield
    finally:
        _DRAWN.clear()


def _tts_task(layout: Layout, sheet: tts.Sheet, side: str, unique: bool, target: Path) -> str:
    cw, ch = tts.cell_size(layout)
    if side == "back" and not unique:
        image, cell = sheet.cards[0].side("back")
        kept = tts.deflated_cell(layout, cell, _DRAWN)
        if kept is not None:  # the cell's own deflated rows: its PNG as they are
            data = png.encode_deflated(kept, (cw, ch), layout.cell_dpi)
        else:
            data = png.encode_rows(png.framed_rows(tts.cell(layout, image, cell)),
                                   (cw, ch), CELL_LEVEL, layout.cell_dpi, layout.png[0])
    else:
        data = png.encode_rows(tts.sheet_rows(layout, sheet, side, _DRAWN),
                               (sheet.columns * cw, sheet.rows * ch), CELL_LEVEL,
                               layout.cell_dpi, layout.png[0])
    write_atomic(target, data, unless_same=True, durable=False)
    return f"  wrote tts/{target.name}"


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


def write_tts(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, out: Path, opts: Options,
              state: dict[str, Any], title: str, tasks: list[Task],
              note: Callable[[str], None]) -> dict[str, str]:
    """Write the saved-object JSON; the sheets to draw go to ``tasks``. Returns their keys."""
    url = opts.tts_url or resolved(out / "tts").as_uri()
    decks: dict[str, list[tuple[CardFaces, tts.TtsCard]]] = {}
    for c in cards:
        front, back = p.fronts[c.id], p.backs[c.id]
        card = tts.TtsCard(c.name, c.copies, out / front, out / back,
                           out / cell_path(front), out / cell_path(back))
        decks.setdefault(c.kind, []).append((c, card))
    objects: list[dict[str, Any]] = []
    done: dict[str, str] = {}
    sized: list[tuple[int, Task]] = []
    for index, (deck, members) in enumerate(decks.items()):
        items = [m for _, m in members]
        unique = tts.unique_backs(items)
        deck_sheets = tts.sheets(layout, deck, items)
        for sheet in deck_sheets:
            _tts_sheet(sheet, unique, p, members, layout, out, state, done, sized)
        label = members[0][0].deck_label or deck
        objects.append(tts.deck_object(deck, label, deck_sheets, url, index + 1, unique))
    # Biggest first: the writers' memory for sheets grows once, and none is left with a
    # big sheet at the end.
    tasks.extend(task for _, task in sorted(sized, key=lambda t: -t[0]))
    data = json.dumps(tts.saved_object(title, objects), indent=2, sort_keys=True) + "\n"
    if write_atomic(out / "tts" / "saved-object.json", data.encode(), unless_same=True,
                    durable=False):
        note("  wrote tts/saved-object.json")
    return done


def _tts_sheet(sheet: tts.Sheet, unique: bool, p: Plan,
               members: list[tuple[CardFaces, tts.TtsCard]], layout: Layout, out: Path,
               state: dict[str, Any], done: dict[str, str],
               tasks: list[tuple[int, Task]]) -> None:
    """The sheet's files to write, if not as the last build left them, go to ``tasks``,
    each with its count of cells."""
    by_front = {m.front: c for c, m in members}
    fronts = [p.jobs[p.fronts[by_front[m.front].id]].key for m in sheet.cards]
    backs = [p.jobs[p.backs[by_front[m.front].id]].key for m in sheet.cards]
    wanted = [("front", sheet.face_name, fronts)]
    if unique or sheet.number == 1:
        wanted.append(("back", sheet.back_name(unique), backs))
    for side, name, keys in wanted:
        key = _key(keys, sheet.columns, sheet.rows, side, unique, layout.digest)
        rel = f"tts/{name}"
        done[rel] = key
        if _fresh(state, rel, key, out, [rel]):
            continue
        cells = 1 if side == "back" and not unique else sheet.columns * sheet.rows
        tasks.append((cells, partial(_tts_task, layout, sheet, side, unique, out / rel)))


def write_shop(cards: tuple[CardFaces, ...], p: Plan, layout: Layout, out: Path, opts: Options,
               state: dict[str, Any], title: str,
               workers: int) -> tuple[dict[str, str], list[str]]:
    """The files of a print shop's preset (not ``home``): their keys, and their notes."""
    from prophecy.render import shops

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
