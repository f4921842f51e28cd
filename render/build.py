"""The build: face models and a layout in, every output file out (atomically, incrementally).

``plan`` decides each image's file and cache key (renderer version, layout,
fonts and the face model); ``build`` renders the images whose key changed in
worker processes, each into a temporary file beside its target, and only
when every image succeeded moves them into place. Then it writes the PDF
sheets, the Tabletop Simulator files and ``cards.json``, each skipped when
its inputs are unchanged. A failure leaves the previous output untouched.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import stat
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image

from prophecy.compiler.faces import CardFaces, Face
from prophecy.compiler.model.files import sweep_temporaries
from prophecy.compiler.model.workers import ignore_interrupts, interrupts_held
from prophecy.dsl.errors import ProphecyError
from prophecy.render import png
from prophecy.render.layout import Layout


def _code_digest() -> str:
    """A digest of the drawing code: a change to any of it redraws every image."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


RENDER_VERSION = _code_digest()
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


def face_key(layout: Layout, face: Face) -> str:
    return hashlib.sha256(f"{RENDER_VERSION}|{layout.digest}|{face!r}".encode()).hexdigest()


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
    """A drawing worker's start: interrupts are the parent's, then what to draw with."""
    ignore_interrupts()
    _init(layout, out)


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def cell_path(path: str) -> str:
    """Where the small copy of an image for Tabletop Simulator sheets is kept."""
    return f".build/cells/{path}"


class Failure(NamedTuple):
    """Why an image could not be drawn, placed at its card (it crosses from a worker)."""

    message: str
    where: str
    line: int
    column: int
    hint: str


class Drawn(NamedTuple):
    """One image drawn by a worker: its file, its (target, temporary file) pairs to move
    into place, what stopped it, and its TTS cell (a ``Cell``)."""

    path: str
    moves: list[tuple[str, str]]
    failure: Failure | None = None
    cell: bytes | None = None


def _render(job: Job) -> Drawn:
    """Draw one image and its TTS cell into temporary files."""
    from prophecy.render.backs import render_face

    assert _LAYOUT is not None and _OUT is not None
    try:
        img = render_face(_LAYOUT, job.card, job.face)
    except ProphecyError as exc:
        return Drawn(job.path, [], Failure(exc.message, job.where or exc.where, job.line,
                                           job.column, exc.hint))
    target = _OUT / job.path
    tmp = temp_name(target)
    encoder, level = _LAYOUT.png
    tmp.write_bytes(png.encode(img, level, _LAYOUT.dpi, encoder))
    moves = [(str(target), str(tmp))]
    return Drawn(job.path, moves, cell=_cell(_LAYOUT, img, _OUT / cell_path(job.path), moves))


def _cell(layout: Layout, img: Image.Image, path: Path, moves: list[tuple[str, str]]
          ) -> bytes:
    """The image's TTS cell (a ``Cell``), also written as a PNG to a temporary file for
    ``path``, where the next build finds the cells of the images it does not draw."""
    from prophecy.render import tts

    small = tts.make_cell(layout, img)
    data = png.compressed_rows(small, CELL_LEVEL, layout.png[0])
    tmp = temp_name(path)
    tmp.write_bytes(png.encode_deflated(data, small.size, layout.cell_dpi))
    moves.append((str(path), str(tmp)))
    return data


#: The deflate level of the TTS cells and sheets.
CELL_LEVEL = 1

#: The most memory a build gives the TTS cells it draws, kept so that the Tabletop
#: Simulator sheets are laid out from them rather than from the files just written:
#: about twenty thousand cells of the bundled layout. The sheets read the files of the rest.
CELL_MEMORY = 600 * 2**20


#: A TTS cell as the build keeps it: its rows as PNG frames them (``png.framed_rows``),
#: deflated as its cell file's IDAT holds them. Sent back by the worker that drew it
#: (about 30 kB for a cell of the bundled layout, 590 kB unpacked), it is unpacked where
#: the sheets are laid out, in memory used before: new memory costs more here than the
#: unpacking (its 70 MB of cells, unpacked where the workers made them and shared,
#: cost 17,000 first touches of a page).
Cell = bytes


def render_all(jobs: list[Job], layout: Layout, out: Path, workers: int,
               progress: Callable[[int, int, str], None]) -> dict[str, Cell]:
    """Render ``jobs``; all temporary files become real ones only if every job succeeded.

    Returns the cells drawn (``Cell``s by cell file), up to ``CELL_MEMORY``.
    """
    for folder in {(out / p).parent for j in jobs for p in (j.path, cell_path(j.path))}:
        folder.mkdir(parents=True, exist_ok=True)
    done: list[tuple[str, str]] = []
    errors: list[Failure] = []
    cells: dict[str, Cell] = {}
    room = CELL_MEMORY
    results = _results(jobs, layout, out, workers)
    try:
        for n, drawn in enumerate(results, 1):
            if drawn.failure:
                errors.append(drawn.failure)
            done.extend(drawn.moves)
            if drawn.cell is not None and len(drawn.cell) <= room:
                cells[str(out / cell_path(drawn.path))] = drawn.cell
                room -= len(drawn.cell)
            progress(n, len(jobs), drawn.path)
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
    for n, (target, tmp) in enumerate(done):
        try:
            os.replace(tmp, target)
        except OSError:  # a folder where the file goes, say: no temporary file stays
            for _, left in done[n:]:
                Path(left).unlink(missing_ok=True)
            raise
    return cells


def _results(jobs: list[Job], layout: Layout, out: Path, workers: int
             ) -> Generator[Drawn, None, None]:
    if workers <= 1 or len(jobs) <= 2:
        _init(layout, out)
        yield from map(_render, jobs)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # Biggest faces first so no worker is left with a slow one at the end.
    ordered = sorted(jobs, key=lambda j: -len(repr(j.face)))
    with interrupts_held():
        pool = ctx.Pool(workers, initializer=_worker_init, initargs=(layout, out))
    with pool:
        yield from pool.imap_unordered(_render, ordered, chunksize=1)


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
    """Delete the images (and their cells) of cards the last build had and this one has not."""
    for path in sorted(set(state.get("images", {})) - set(p.jobs)):
        for stale_file in (out / path, out / cell_path(path)):
            stale_file.unlink(missing_ok=True)


def progress_printer(enabled: bool, note: Callable[[str], None]) -> Callable[[int, int, str], None]:
    """A progress callback passing 'rendered N/M' lines to ``note`` (about ten per build)."""

    def show(n: int, total: int, path: str) -> None:
        if enabled and (n == total or n % max(1, total // 10) == 0):
            note(f"  rendered {n}/{total} images")

    return show
