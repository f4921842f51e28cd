"""Benchmark of `prophecy build` (a script, not a test): prints timings and the floor ratio.

In one run it times
- a bare-Pillow floor: as many images as the build draws, each a frame and a
  few lines of text, encoded as PNG with the same encoder and level as the
  build's (the layout's ``png`` settings), with the same number of worker
  processes;
- a cold full build of the bundled content into an empty folder;
- a no-op rebuild (nothing changed) and `--only` one card.

    python tests/bench/bench_build.py [--jobs N] [--repeat R]

Build and floor alternate, R times each (3 by default); the figures are
medians, and the ratio is given in CPU time (this process and its workers),
which a busy machine disturbs less than wall time.

Targets: build at most 1.25 x the floor, no-op under 0.3 s, --only under 0.5 s.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from prophecy.compiler.cli import main  # noqa: E402
from prophecy.render.layoutfile import load_layout  # noqa: E402


def _floor_one(args: tuple[int, str, str, tuple[int, int], tuple[str, int]]) -> None:
    from PIL import Image, ImageDraw, ImageFont

    from prophecy.render.png import encode

    n, folder, font_path, size, (encoder, level) = args
    img = Image.new("RGB", size, (40, 30, 60))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((45, 45, size[0] - 45, size[1] - 45), radius=30, fill=(243, 234, 214),
                        outline=(200, 160, 75), width=6)
    font = ImageFont.truetype(font_path, 42)
    for i in range(8):
        d.text((90, 120 + i * 110), f"Card {n}: add one card to any Dark Deed", font=font,
               fill=(36, 26, 18))
    (Path(folder) / f"{n}.png").write_bytes(encode(img, level, encoder=encoder))


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def floor(count: int, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds of the bare-Pillow floor."""
    layout = load_layout(ROOT / "content")
    font = str(layout.font_path("body"))
    with tempfile.TemporaryDirectory() as folder:
        work = [(n, folder, font, layout.size, layout.png) for n in range(count)]
        start, used = time.perf_counter(), cpu()
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            pool.map(_floor_one, work, chunksize=1)
        return time.perf_counter() - start, cpu() - used


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


def fresh_python() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def fresh(argv: list[str]) -> float:
    """Wall time of the command in a new Python process, as a person runs it."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "prophecy.compiler.cli", *argv], check=True,
                   stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    content = str(ROOT / "content")
    builds, floors = [], []
    for _ in range(args.repeat):  # interleaved: build, floor, build, floor, ...
        with tempfile.TemporaryDirectory() as out:
            base = ["build", "--content", content, "--out", out, "--jobs", str(args.jobs)]
            builds.append(timed(base))
            images = len(list(Path(out, "cards").glob("*.png"))) + len(
                list(Path(out, "backs").glob("*.png")))
            noop = timed(base)[0]
            noop_fresh = fresh(base)
            only = timed([*base, "--only", "Restless Skeleton"])[0]
            only_fresh = fresh([*base, "--only", "Restless Skeleton"])
        floors.append(floor(images, args.jobs))
    with tempfile.TemporaryDirectory() as out:
        cold_fresh = fresh(["build", "--content", content, "--out", out, "--jobs",
                            str(args.jobs)])
    wall, used = (statistics.median(b[i] for b in builds) for i in (0, 1))
    bare_wall, bare_used = (statistics.median(f[i] for f in floors) for i in (0, 1))
    encoder, level = load_layout(ROOT / "content").png
    print(f"images: {images}, workers: {args.jobs}, PNG encoder: {encoder} level {level},"
          f" medians of {args.repeat} interleaved runs")
    print(f"cold full build:   {wall:6.2f} s wall {used:6.2f} s CPU"
          f"   in a new process: {cold_fresh:.2f} s")
    print(f"bare-Pillow floor: {bare_wall:6.2f} s wall {bare_used:6.2f} s CPU")
    print(f"ratio: {used / bare_used:.2f} x CPU, {wall / bare_wall:.2f} x wall (target <= 1.25)")
    print(f"no-op rebuild: {noop:6.3f} s   (target < 0.3)   in a new process: {noop_fresh:.3f} s")
    print(f"--only one card: {only:6.3f} s   (target < 0.5)"
          f"   in a new process: {only_fresh:.3f} s")
    print(f"(a new Python process alone: {fresh_python():.3f} s)")


if __name__ == "__main__":
    main_bench()
