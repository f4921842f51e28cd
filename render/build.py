"""The build: face models and a layout in, every output file out (atomically, incrementally).

``plan`` decides each image's file and cache key (renderer version, layout,
fonts and the face model); ``build`` renders the images whose key changed in
worker processes, each into a temporary file beside its target, and only
when every image succeeded moves them into place. Then it writes the PDF
sheets, the Tabletop Simulator files and ``cards.json``, each skipped when
its inputs are unchanged. A failure leaves the previous output untouched.
"""

from __future__ import annotations

import multiprocessing
import os
import stat
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from prophecy.compiler.faces import CardFaces, Face
from prophecy.compiler.model.files import TEMP_SUFFIX, sweep_temporaries
from prophecy.compiler.model.workers import (
    ignore_interrupts,
    interrupts_held,
    keep_freed_memory,
)
from prophecy.dsl.errors import ProphecyError
from prophecy.render import png, tts
from prophecy.render.backs import render_face
from prophecy.render.facekey import face_key
from prophecy.render.layout import Layout

STATE = ".build/state.json"


@dataclass(frozen=True)
class Job:
    """One image to draw: its file (relative to the output folder), face and cache key."""

    path: str
    card: str
    face: Face
    key: str
    where: str = ""
    line: int = 1
    column: int = 1


@dataclass
class Plan:
    """Every image of the build, and each card's front and back files."""

    jobs: dict[str, Job] = field(default_factory=dict)
    fronts: dict[str, str] = field(default_factory=dict)
    backs: dict[str, str] = field(default_factory=dict)


def _slug(card_id: str) -> str:
    return card_id.replace("/", "-")


def back_name(card: CardFaces) -> str:
    """A back the layout shares (its face's 'deck:', one image a value) is drawn once for every
    card showing it; any other back is the card's own."""
    back = card.back
    if back.shared:
        return f"backs/{_slug(back.shared)}.png"
    return f"backs/{_slug(card.id)}.png"


def plan(cards: tuple[CardFaces, ...], layout: Layout) -> Plan:
    out = Plan()
    for card in cards:
        front = f"cards/{_slug(card.id)}.png"
        back = back_name(card)
        out.fronts[card.id], out.backs[card.id] = front, back
        place = (card.where, card.line, card.column)
        out.jobs[front] = Job(front, card.id, card.front, face_key(layout, card.front), *place)
        out.jobs.setdefault(
            back, Job(back, card.id, card.back, face_key(layout, card.back), *place))
    return out


# ------------------------------------------------------------------ workers
_LAYOUT: Layout | None = None
_OUT: Path | None = None


def _init(layout: Layout, out: Path) -> None:
    global _LAYOUT, _OUT
    _LAYOUT, _OUT = layout, out


def _worker_init(layout: Layout, out: Path) -> None:
    """A drawing worker's start: interrupts are the parent's, then what to draw with; the
    bands it makes share one image to paste into while it lives, and go to its spool."""
    ignore_interrupts()
    keep_freed_memory()
    _init(layout, out)
    tts.hold_memory()
    _SPOOL.append(None)


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


class Failure(NamedTuple):
    """Why an image could not be drawn, placed at its card (it crosses from a worker)."""

    message: str
    where: str
    line: int
    column: int
    hint: str


class Drawn(NamedTuple):
    """One image drawn by a worker: its file, its (target, temporary file) pairs to move
    into place, and what stopped it."""

    path: str
    moves: list[tuple[str, str]]
    failure: Failure | None = None


class Drawing(NamedTuple):
    """A band's cell that is the cell of an image its task draws (by the image's file)."""

    path: str


class Band(NamedTuple):
    """A band of a Tabletop Simulator sheet to deflate (see ``tts.band_segment``): the sheet's
    file, the band's row of cells in it (from 0 at the top), and each cell's source: an
    image its task draws (``Drawing``), or a ``tts.Source`` of the cells not drawn."""

    file: str
    row: int
    sources: tuple[Drawing | tts.Source, ...]


class Task(NamedTuple):
    """What one worker does in one go: draw images, and deflate the bands made of them.

    A band is deflated where its cells are drawn, so no cell crosses between
    processes: the images of a band (and of any band sharing an image with it,
    such as the deck's back in the last cell of each of its sheets) are one task.
    """

    jobs: tuple[Job, ...]
    bands: tuple[Band, ...]


class Spooled(NamedTuple):
    """A band a worker deflated, left in the worker's spool file rather than sent back
    through the pool's pipe (which copies it four times, in pieces, between processes
    taking turns): the file, where the segment's data is in it, and its Adler-32 and
    length (see ``png.Segment``)."""

    path: str
    offset: int
    size: int
    adler: int
    length: int


class Done(NamedTuple):
    """A task's results: each image drawn, each band deflated, and what stopped a band."""

    drawn: list[Drawn]
    segments: list[tuple[str, int, png.Segment | Spooled]]
    failures: list[Failure]


#: A worker's spool file: none until its first band (see ``_spooled``); empty in a
#: process that is not a pool's worker, which keeps its bands in memory.
_SPOOL: list[Any] = []


def _spooled(segment: png.Segment) -> png.Segment | Spooled:
    """A band as a worker sends it back: written to the end of its spool file (in the
    output's ``.build``, named as a temporary file, so a killed build's is swept away)."""
    if not _SPOOL:
        return segment
    assert _OUT is not None
    if _SPOOL[0] is None:
        path = _OUT / ".build" / f".bands.{os.getpid()}{TEMP_SUFFIX}"
        _SPOOL[0] = (str(path), path.open("wb"))
    path, spool = _SPOOL[0]
    offset = spool.tell()
    spool.write(segment.data)
    spool.flush()
    return Spooled(path, offset, len(segment.data), segment.adler, segment.length)


def _unspooled(segments: dict[tuple[str, int], png.Segment | Spooled]) -> Segments:
    """The bands, each read back from its worker's spool file where it was left; the spool
    files are removed."""
    paths = sorted({s.path for s in segments.values() if isinstance(s, Spooled)})
    handles: dict[str, int] = {}
    try:
        out: Segments = {}
        for key, segment in segments.items():
            if isinstance(segment, Spooled):
                if segment.path not in handles:
                    handles[segment.path] = os.open(segment.path, os.O_RDONLY)
                data = os.pread(handles[segment.path], segment.size, segment.offset)
                if len(data) != segment.size:
                    raise OSError(f"a worker's spool file {segment.path} is cut short")
                segment = png.Segment(data, segment.adler, segment.length)
            out[key] = segment
        return out
    finally:
        for handle in handles.values():
            os.close(handle)
        for path in paths:
            Path(path).unlink(missing_ok=True)


#: The bands as the build returns them: (its sheet's file, its row) -> its deflated rows.
Segments = dict[tuple[str, int], png.Segment]


def _draw(job: Job) -> tuple[Drawn, png.Rows | None]:
    """Draw one image into a temporary file beside its target; the image drawn (as the
    framed rows its PNG was made from), if it was."""
    assert _LAYOUT is not None and _OUT is not None
    try:
        img = render_face(_LAYOUT, job.card, job.face)
    except ProphecyError as exc:
        return Drawn(job.path, [], Failure(exc.message, job.where or exc.where, job.line,
                                           job.column, exc.hint)), None
    target = _OUT / job.path
    tmp = temp_name(target)
    encoder, level = _LAYOUT.png
    rows = png.Rows.of(img)
    tmp.write_bytes(png.encode_rows(rows.data, img.size, level, _LAYOUT.dpi, encoder))
    return Drawn(job.path, [(str(target), str(tmp))]), rows


def _band(band: tts.BandRows) -> png.Segment:
    """A band of a TTS sheet, its cells placed, deflated on its own (see ``png.Segment``)."""
    return band.segment(TTS_LEVEL, band.layout.png[0])


def _work(task: Task) -> Done:
    """Draw a task's images, each band's as the band is made: a card's cell is written into
    its band as soon as its image is drawn (and kept only while a later band of the task
    needs it), and the band is deflated when all its cells are in. The images of no band
    come last."""
    assert _LAYOUT is not None
    jobs = {job.path: job for job in task.jobs}
    uses = Counter(s.path for band in task.bands for s in band.sources
                   if isinstance(s, Drawing))
    cells: dict[str, tts.Cell] = {}
    drawn: list[Drawn] = []
    segments: list[tuple[str, int, png.Segment | Spooled]] = []
    failures: list[Failure] = []
    for band in task.bands:
        rows, whole = tts.BandRows(_LAYOUT, len(band.sources)), not any(
            d.failure for d in drawn)
        for col, source in enumerate(band.sources):
            if isinstance(source, Drawing):
                uses[source.path] -= 1
                made: png.Rows | tts.Cell | None = cells.pop(source.path, None)
                if made is None and source.path in jobs:
                    result, made = _draw(jobs.pop(source.path))
                    drawn.append(result)
                if made is None:
                    whole = False
                    continue
                if uses[source.path]:  # cut once, for this band and the later ones
                    made = cells[source.path] = _cell(_LAYOUT, made)
                source = made
            if whole:
                whole = _caught(failures, rows.place, col, source)
        if whole:
            _caught(failures, _deflated, band, rows, segments)
    drawn.extend(_draw(job)[0] for job in jobs.values())
    return Done(drawn, segments, failures)


def _cell(layout: Layout, made: png.Rows | tts.Cell) -> tts.Cell:
    """A drawn image's TTS cell, cut once for the bands that share it."""
    return made if isinstance(made, tts.Cell) else tts.made_cell(layout, made)


def _deflated(band: Band, rows: tts.BandRows,
              segments: list[tuple[str, int, png.Segment | Spooled]]) -> None:
    segments.append((band.file, band.row, _spooled(_band(rows))))


def _caught(failures: list[Failure], step: Callable[..., object], *args: Any) -> bool:
    """Run a step of making a band; whether it went through. An image file a cell is made
    from that cannot be read (``tts.cell``) is a failure named at that file."""
    try:
        step(*args)
    except ProphecyError as exc:
        failures.append(Failure(exc.message, exc.where, exc.line, exc.column, exc.hint))
        return False
    return True


#: The deflate level of the TTS sheets.
TTS_LEVEL = 1


def tasks(jobs: list[Job], bands: Iterable[Band]) -> list[Task]:
    """The jobs and bands as tasks: each band with the images it is made of (and any band
    sharing one of them), each other image alone; the costliest first, so no worker is
    left with a slow one at the end."""
    bands = list(bands)
    parent = list(range(len(bands)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, band in enumerate(bands):
        for source in band.sources:
            if isinstance(source, Drawing):
                parent[root(i)] = root(first.setdefault(source.path, i))
    groups: dict[object, tuple[list[Job], list[Band]]] = {}
    for i, band in enumerate(bands):
        groups.setdefault(root(i), ([], []))[1].append(band)
    for job in jobs:
        group = root(first[job.path]) if job.path in first else job.path
        groups.setdefault(group, ([], []))[0].append(job)
    for i, band in enumerate(bands):
        drawn = {j.path for j in groups[root(i)][0]}
        missing = [s.path for s in band.sources if isinstance(s, Drawing) and s.path not in drawn]
        if missing:
            raise ValueError(f"band {band.row} of {band.file} is made of {missing[0]}, "
                             "which no task draws")
    made = [Task(tuple(js), tuple(bs)) for js, bs in groups.values()]
    return sorted(made, key=lambda t: -(sum(len(repr(j.face)) for j in t.jobs)
                                        + 1000 * len(t.bands)))


def render_all(jobs: list[Job], layout: Layout, out: Path, workers: int,
               progress: Callable[[int, int, str], None], bands: Iterable[Band] = ()
               ) -> Segments:
    """Render ``jobs`` and deflate ``bands``; all temporary files become real ones only if
    every job succeeded. Returns the bands, deflated."""
    bands = list(bands)
    for folder in {(out / j.path).parent for j in jobs} | ({out / ".build"} if bands else set()):
        folder.mkdir(parents=True, exist_ok=True)
    done: list[tuple[str, str]] = []
    errors: list[Failure] = []
    segments: dict[tuple[str, int], png.Segment | Spooled] = {}
    results = _results(tasks(jobs, bands), layout, out, workers)
    n = 0
    try:
        for result in results:
            for drawn in result.drawn:
                n += 1
                if drawn.failure:
                    errors.append(drawn.failure)
                done.extend(drawn.moves)
                progress(n, len(jobs), drawn.path)
            errors.extend(result.failures)
            segments.update(((file, index), seg) for file, index, seg in result.segments)
        if errors:
            first = sorted(errors, key=lambda e: (e.where, e.line, e.message))[0]
            raise ProphecyError(first.message, where=first.where, line=first.line,
                                column=first.column, hint=first.hint)
    except BaseException:
        # Stop the workers first (closing the generator ends its pool), so none is left
        # writing; then no temporary file of this build may stay, finished or not.
        results.close()
        for _, tmp in done:
            Path(tmp).unlink(missing_ok=True)
        sweep_temporaries(out)
        raise
    try:
        gathered = _unspooled(segments)
    except OSError:
        for _, tmp in done:
            Path(tmp).unlink(missing_ok=True)
        raise
    for n, (target, tmp) in enumerate(done):
        try:
            os.replace(tmp, target)
        except OSError:  # a folder where the file goes, say: no temporary file stays
            for _, left in done[n:]:
                Path(left).unlink(missing_ok=True)
            raise
    return gathered


def _results(work: list[Task], layout: Layout, out: Path, workers: int
             ) -> Generator[Done, None, None]:
    if workers <= 1 or len(work) <= 2:
        _init(layout, out)
        with tts.band_memory():
            yield from map(_work, work)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with interrupts_held():
        pool = ctx.Pool(workers, initializer=_worker_init, initargs=(layout, out))
    with pool:
        yield from pool.imap_unordered(_work, work, chunksize=1)


# ------------------------------------------------------------ state, writes
def stale(jobs: dict[str, Job], state: dict[str, Any], out: Path,
          force: set[str]) -> list[Job]:
    """The jobs whose key changed since the last build, whose file is gone or changed, or
    forced."""
    images = state.get("images", {})
    return [j for p, j in sorted(jobs.items())
            if p in force or images.get(p) != j.key or not intact(out, p, state)]


def _size(path: Path) -> int | None:
    """The size of the file at ``path``; none when there is no file there."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_size if stat.S_ISREG(found.st_mode) else None


def intact(out: Path, path: str, state: dict[str, Any]) -> bool:
    """``path`` (in ``out``) is a file of the size the last build recorded for it (see
    ``sizes``): one cut short, or saved over by another program, is made again."""
    size = _size(out / path)
    return size is not None and state.get("sizes", {}).get(path, size) == size


def sizes(out: Path, paths: Iterable[str]) -> dict[str, int]:
    """The size of each of ``paths`` (in ``out``) that is a file, for the state to record."""
    found = {path: _size(out / path) for path in paths}
    return {path: size for path, size in sorted(found.items()) if size is not None}


def remove_stale(out: Path, state: dict[str, Any], p: Plan) -> None:
    """Delete the images of cards the last build had and this one has not."""
    for path in sorted(set(state.get("images", {})) - set(p.jobs)):
        (out / path).unlink(missing_ok=True)


def progress_printer(enabled: bool, note: Callable[[str], None]) -> Callable[[int, int, str], None]:
    """A progress callback passing 'rendered N/M' lines to ``note`` (about ten per build)."""

    def show(n: int, total: int, path: str) -> None:
        if enabled and (n == total or n % max(1, total // 10) == 0):
            note(f"  rendered {n}/{total} images")

    return show
