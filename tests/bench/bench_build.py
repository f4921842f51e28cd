"""Benchmark of `prophecy build` (a script, not a test): each figure printed beside its floor.

In one run, in turns (build, floor, each without the Tabletop Simulator
export, and again), it times in CPU seconds (this process and its worker
processes, which a busy machine disturbs less than wall time):

- a cold full build of the bundled content into an empty folder;
- the matched floor: the same output files made the most direct way with
  bare Pillow. Each card image (as many as the build draws, at its size) is
  a frame and eight lines of text, encoded by the same PNG encoder at the same
  level, with its Tabletop Simulator cell made the same way, in as many worker
  processes; the TTS sheets (the same grids, the same count) are pasted from
  those cells in memory and encoded as the build encodes them; the PDF sheets
  (the same pages, both papers) are written by the same PDF writer from the
  floor's images;
- the same build with the TTS export left out (nothing planned, no cells, no
  bands, no TTS files; the images drawn in the same groups, so the workers'
  round trips are the same), so the export's share of the build is the
  difference; and the floor likewise;
- and the export's steps timed inside the processes that run them: the cells
  cut into their bands as the cards are drawn, the bands deflated, and the
  sheets joined and written.

In the same turns, a build after a one-card edit: the flavour text of one Arcana
card changed in a copy of the content, so its image is drawn again and its sheet
made again around it (the other cards kept).

Then a no-op rebuild and ``--only`` one card, in this process and in a new one.

    python tests/bench/bench_build.py [--jobs N] [--repeat R]

Targets: build at most 1.15 x the floor, the TTS export at most 15 % of the
build, no-op under 0.3 s, --only under 0.5 s.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from prophecy.render.layout import Layout  # noqa: E402
from prophecy.render.layoutfile import load_layout  # noqa: E402
from prophecy.tools import main  # noqa: E402


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


# ------------------------------------------------------------------ the floor
@dataclass(frozen=True)
class Outputs:
    """What a full build of the bundled content writes, as the floor needs to know it."""

    images: list[str]  # every card image's file
    pages: dict[str, list[Any]]  # sheets-<paper>.pdf -> its pages
    tts: list[tuple[str, int, int, list[str]]]  # (file, columns, rows, the image of each cell)


def planned(content: Path, layout: Layout) -> Outputs:
    """The build's own plan of the bundled content: its images, PDF pages and TTS sheets."""
    from prophecy.compiler.faces import card_faces
    from prophecy.compiler.model.loader import load_content
    from prophecy.render import build, outputs, sheets, tts

    loaded = load_content(content)
    cards = tuple(card_faces(card, loaded) for card in loaded.cards)
    plan = build.plan(cards, layout)
    pairs = outputs.physical(cards, plan)
    pages = {f"sheets-{paper}.pdf": sheets.pages(sheets.spec_for(layout, paper), pairs)
             for paper in ("a4", "letter")}
    decks: dict[str, list[tts.TtsCard]] = {}
    for c in cards:
        decks.setdefault(c.kind, []).append(
            tts.TtsCard(c.name, c.copies, Path(plan.fronts[c.id]), Path(plan.backs[c.id])))
    wanted = []
    for deck, items in decks.items():
        unique = tts.unique_backs(items)
        for sheet in tts.sheets(layout, deck, items):
            hidden = str(sheet.cards[0].back)
            wanted.append((sheet.face_name, sheet.columns, sheet.rows,
                           [str(c.front) for c in sheet.cards] + [hidden]))
            if unique:
                wanted.append((sheet.back_name(True), sheet.columns, sheet.rows,
                               [str(c.back) for c in sheet.cards] + [hidden]))
            elif sheet.number == 1:
                wanted.append((sheet.back_name(False), 1, 1, [hidden]))
    return Outputs(sorted(plan.jobs), pages, wanted)


_FLOOR: dict[str, Any] = {}


def _floor_image(path: str) -> tuple[str, bytes]:
    """A bare card image written as the build writes one; its TTS cell, raw, back."""
    from PIL import Image, ImageDraw, ImageFont

    from prophecy.render.png import encode
    from prophecy.render.tts import make_cell

    layout, folder = _FLOOR["layout"], _FLOOR["folder"]
    size, (encoder, level) = layout.size, layout.png
    img = Image.new("RGB", size, (40, 30, 60))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((45, 45, size[0] - 45, size[1] - 45), radius=30, fill=(243, 234, 214),
                        outline=(200, 160, 75), width=6)
    font = ImageFont.truetype(str(layout.font_path("body")), 42)
    for i in range(8):
        d.text((90, 120 + i * 110), f"{path}: add one card to any Dark Deed", font=font,
               fill=(36, 26, 18))
    target = Path(folder) / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(encode(img, level, layout.dpi, encoder))
    return path, make_cell(layout, img).tobytes() if _FLOOR["tts"] else b""


def _floor_sheet(job: tuple[str, int, int, list[str]]) -> None:
    from PIL import Image

    from prophecy.render.png import encode
    from prophecy.render.tts import cell_size

    layout, folder, cells = _FLOOR["layout"], _FLOOR["folder"], _FLOOR["cells"]
    name, columns, rows, images = job
    cw, ch = cell_size(layout)
    sheet = Image.new("RGB", (columns * cw, rows * ch), (0, 0, 0))
    for i, image in enumerate(images):
        row, col = divmod(i if i < len(images) - 1 else columns * rows - 1, columns)
        sheet.paste(Image.frombytes("RGB", (cw, ch), cells[image]), (col * cw, row * ch))
    (Path(folder) / "tts").mkdir(exist_ok=True)
    (Path(folder) / "tts" / name).write_bytes(encode(sheet, 1, layout.cell_dpi, layout.png[0]))


def _floor_pdf(job: tuple[str, list[Any]]) -> None:
    from prophecy.render.pdf import write_pdf

    folder, outputs = _FLOOR["folder"], _FLOOR["outputs"]
    name, pages = job
    with open(Path(folder) / name, "wb") as out:
        write_pdf(pages, {p: Path(folder) / p for p in outputs.images}, "floor", out)


def _floor_write(job: tuple[str, Any]) -> None:
    kind, what = job
    (_floor_sheet if kind == "tts" else _floor_pdf)(what)


@contextlib.contextmanager
def _pool(jobs: int) -> Iterator[Any]:
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield pool


def floor(outputs: Outputs, layout: Layout, jobs: int, tts: bool = True) -> tuple[float, float]:
    """Wall and CPU seconds of the matched floor: the build's outputs made with bare Pillow
    (without the TTS files and cells, when not ``tts``)."""
    with tempfile.TemporaryDirectory() as folder:
        _FLOOR.update(layout=layout, folder=folder, outputs=outputs, tts=tts)
        start, used = time.perf_counter(), cpu()
        with _pool(jobs) as pool:
            _FLOOR["cells"] = dict(pool.imap_unordered(_floor_image, outputs.images))
        writes = [("tts", sheet) for sheet in outputs.tts if tts] + [
            ("pdf", page) for page in outputs.pages.items()]
        with _pool(jobs) as pool:  # forked now, so the workers have the cells
            pool.map(_floor_write, writes, chunksize=1)
        return time.perf_counter() - start, cpu() - used


# ------------------------------------------------------------------ the build
def timed(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a build run in this process."""
    err = io.StringIO()
    start, used = time.perf_counter(), cpu()
    with contextlib.redirect_stderr(err):
        code = main(argv)
    elapsed = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"build failed:\n{err.getvalue()}")
    return elapsed, cpu() - used


#: A file the build's processes add the CPU seconds of each TTS step to, one line a call:
#: "cells" (a card's cell cut into its band as it is drawn), "bands" (a band deflated, where
#: its cells were drawn) and "sheets" (the sheets joined from their bands and written).
_STEPS = Path(tempfile.gettempdir()) / f"bench-build-steps-{os.getpid()}.txt"


def _step_cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def _timed_step(step: str, real: str, *args: Any) -> Any:
    """The build's own function ``real`` (one of ``step``'s, see ``_STEPS``), its CPU seconds
    added to ``_STEPS``."""
    start = _step_cpu()
    try:
        return _REAL[real](*args)
    finally:
        with _STEPS.open("a") as out:
            out.write(f"{step} {_step_cpu() - start}\n")


_REAL: dict[str, Any] = {}


@contextlib.contextmanager
def tts_steps_timed() -> Iterator[dict[str, float]]:
    """Within the block the build's TTS steps add up their CPU seconds, in whichever process
    runs them (forked workers inherit the stand-ins); the totals are in the dict after it."""
    from prophecy.render import build, outputs, tts

    _REAL.update(cut=tts.cut, band=build._band, write=outputs.write_tts)
    tts.cut = partial(_timed_step, "cells", "cut")  # type: ignore[assignment]
    build._band = partial(_timed_step, "bands", "band")  # type: ignore[assignment]
    outputs.write_tts = partial(_timed_step, "sheets", "write")  # type: ignore[assignment]
    _STEPS.unlink(missing_ok=True)
    totals: dict[str, float] = {}
    try:
        yield totals
    finally:
        tts.cut, build._band = _REAL["cut"], _REAL["band"]
        outputs.write_tts = _REAL["write"]
        for line in _STEPS.read_text().splitlines() if _STEPS.exists() else []:
            name, seconds = line.split()
            totals[name] = totals.get(name, 0.0) + float(seconds)
        _STEPS.unlink(missing_ok=True)


def task_groups(content: Path, layout: Layout) -> list[list[str]]:
    """The images of each task of a full build of ``content``, in the order they are
    handed out (a band's cards are drawn together; see ``build.tasks``)."""
    from prophecy.compiler.faces import card_faces
    from prophecy.compiler.model.loader import load_content
    from prophecy.render import build, outputs

    loaded = load_content(content)
    cards = tuple(card_faces(card, loaded) for card in loaded.cards)
    plan = build.plan(cards, layout)
    with tempfile.TemporaryDirectory() as out:
        work = outputs.plan_tts(cards, plan, layout, Path(out), outputs.Options(), {}, "",
                                set(plan.jobs))
    return [[job.path for job in task.jobs]
            for task in build.tasks(list(plan.jobs.values()), work.bands)]


@contextlib.contextmanager
def without_tts(groups: list[list[str]]) -> Iterator[None]:
    """The build with no Tabletop Simulator export: nothing planned, so no cells made and
    no bands deflated, and no TTS files written. The images are still drawn in the
    ``groups`` a full build draws them in, so the difference is the export's own work."""
    from prophecy.render import build, outputs

    def grouped(jobs: list[Any], bands: Any) -> list[Any]:
        by_path = {job.path: job for job in jobs}
        made = [build.Task(tuple(by_path[p] for p in group if p in by_path), ())
                for group in groups]
        return [task for task in made if task.jobs]

    saved = outputs.plan_tts, outputs.write_tts, build.tasks
    outputs.plan_tts = lambda *args, **kwargs: outputs.TtsWork()  # type: ignore[assignment]
    outputs.write_tts = lambda *args, **kwargs: {}  # type: ignore[assignment]
    build.tasks = grouped  # type: ignore[assignment]
    try:
        yield
    finally:
        outputs.plan_tts, outputs.write_tts, build.tasks = saved


def fresh(argv: list[str]) -> float:
    """Wall time of the command in a new Python process, as a person runs it."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "prophecy.tools", *argv], check=True,
                   stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


class Edits:
    """A copy of the content, built once, where each ``edited()`` changes one Arcana card's
    flavour text and builds again."""

    CARD = Path("arcana") / "necromancy.yaml"
    FLAVOUR = "and the grudges."

    def __init__(self, content: Path, folder: Path, jobs: int) -> None:
        import shutil

        self.content, self.out = folder / "content", folder / "out"
        shutil.copytree(content, self.content)
        self.text = (self.content / self.CARD).read_text()
        if self.FLAVOUR not in self.text:
            raise SystemExit(f"{self.CARD} no longer says '{self.FLAVOUR}': edit this bench")
        self.argv = ["build", "--content", str(self.content), "--out", str(self.out),
                     "--jobs", str(jobs)]
        self.count = 0
        timed(self.argv)

    def edited(self) -> tuple[float, float]:
        self.count += 1
        (self.content / self.CARD).write_text(
            self.text.replace(self.FLAVOUR, f"and the grudges ({self.count})."))
        return timed(self.argv)


def median(runs: list[tuple[float, float]], i: int) -> float:
    return statistics.median(r[i] for r in runs)


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    content = ROOT / "content"
    layout = load_layout(content)
    outputs = planned(content, layout)
    groups = task_groups(content, layout)
    builds, floors, bare, bare_floors, edits = [], [], [], [], []
    folder = tempfile.TemporaryDirectory()
    editing = Edits(content, Path(folder.name), args.jobs)
    steps: list[tuple[float, float, float, float]] = []  # (build CPU, cells, bands, sheets)
    for _ in range(args.repeat):  # in turns, so a busy moment hits each alike
        with tempfile.TemporaryDirectory() as out:
            base = ["build", "--content", str(content), "--out", out, "--jobs", str(args.jobs)]
            builds.append(timed(base))
            images = len(list(Path(out, "cards").glob("*.png"))) + len(
                list(Path(out, "backs").glob("*.png")))
            noop = timed(base)[0]
            only = timed([*base, "--only", "Restless Skeleton"])[0]
        floors.append(floor(outputs, layout, args.jobs))
        bare_floors.append(floor(outputs, layout, args.jobs, tts=False))
        with tempfile.TemporaryDirectory() as out, tts_steps_timed() as totals:
            steps_build = timed(["build", "--content", str(content), "--out", out, "--jobs",
                                 str(args.jobs)])
        steps.append((steps_build[1], *(totals.get(k, 0.0) for k in ("cells", "bands", "sheets"))))
        with tempfile.TemporaryDirectory() as out, without_tts(groups):
            bare.append(timed(["build", "--content", str(content), "--out", out, "--jobs",
                               str(args.jobs)]))
        edits.append(editing.edited())
    folder.cleanup()
    assert images == len(outputs.images), (images, len(outputs.images))
    with tempfile.TemporaryDirectory() as out:
        base = ["build", "--content", str(content), "--out", out, "--jobs", str(args.jobs)]
        cold_fresh = fresh(base)
        noop_fresh = fresh(base)
        only_fresh = fresh([*base, "--only", "Restless Skeleton"])
    build_cpu, floor_cpu, bare_cpu = (median(r, 1) for r in (builds, floors, bare))
    encoder, level = layout.png
    print(f"images: {images}, TTS sheets: {len(outputs.tts)}, PDF pages: "
          f"{sum(len(p) for p in outputs.pages.values())}, workers: {args.jobs}, "
          f"PNG encoder: {encoder} level {level}; medians of {args.repeat} runs in turns")
    print(f"cold full build:      {build_cpu:6.2f} s CPU {median(builds, 0):6.2f} s wall"
          f"   (in a new process: {cold_fresh:.2f} s wall)")
    print(f"matched floor:        {floor_cpu:6.2f} s CPU {median(floors, 0):6.2f} s wall")
    print(f"build without TTS:    {bare_cpu:6.2f} s CPU {median(bare, 0):6.2f} s wall")
    print(f"build / floor: {build_cpu / floor_cpu:.2f} x CPU (target <= 1.15), "
          f"{median(builds, 0) / median(floors, 0):.2f} x wall")
    # Each turn's own difference (a busy moment hits the two builds of a turn alike), then
    # the median of those: steadier than the difference of the two medians.
    tts_cpu = statistics.median(b[1] - n[1] for b, n in zip(builds, bare, strict=True))
    share = statistics.median((b[1] - n[1]) / b[1] for b, n in zip(builds, bare, strict=True))
    floor_tts = statistics.median(f[1] - n[1] for f, n in zip(floors, bare_floors, strict=True))
    floor_share = statistics.median(
        (f[1] - n[1]) / f[1] for f, n in zip(floors, bare_floors, strict=True))
    print(f"TTS export: {tts_cpu:.2f} s CPU, {share:.0%} of the build "
          f"(target <= 15%); in the floor: {floor_tts:.2f} s CPU, "
          f"{floor_share:.0%} of the floor (medians of each turn's difference)")
    cells_cpu, bands_cpu, sheets_cpu = (statistics.median(s[i] for s in steps) for i in (1, 2, 3))
    print(f"  of which, timed in the processes that do them: the cells cut into their bands as "
          f"the cards are drawn {cells_cpu:.2f} s ({cells_cpu / build_cpu:.0%}), the "
          f"bands deflated {bands_cpu:.2f} s ({bands_cpu / build_cpu:.0%}), the sheets "
          f"joined and written {sheets_cpu:.2f} s ({sheets_cpu / build_cpu:.0%}); the rest "
          "is spent outside those steps")
    print(f"after a one-card edit: {median(edits, 1):.3f} s CPU {median(edits, 0):6.3f} s wall")
    print(f"no-op rebuild:   {noop:6.3f} s (target < 0.3)   in a new process: "
          f"{noop_fresh:.3f} s")
    print(f"--only one card: {only:6.3f} s (target < 0.5)   in a new process: "
          f"{only_fresh:.3f} s")


if __name__ == "__main__":
    main_bench()
