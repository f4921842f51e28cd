"""Benchmark: `prophecy check` as a designer meets it, each figure beside its floor.

Run: python tests/bench/bench_check.py [--runs N] [--runs-100x M]

Every run is a new process of the installed ``prophecy check`` (``python -m
prophecy.tools`` when it is not on PATH) on a copy of the bundled
content, timed in CPU seconds (the process and its children); the figures
are medians of runs made in turns, so a busy moment hits each alike:

- after a one-card edit: each run first rewrites the flavor text of one
  Arcana card (a new text each time, so nothing about it is cached), once
  for a card no scenario file names and once for the card the most scenario
  files name (each of those files is checked again);
- the first check, with an empty cache folder (every face laid out, every
  scenario checked);
- the floor of both: the check with nothing changed since the last one, which
  finds every file it read last time as it was (their sizes and times, the
  folders' names and the code's files) and says again what it said, loading
  nothing (``compiler/model/inputs.py``);
- the same first check and floor on content 100 times the bundled set
  (``make_content.py``), with fewer runs;
- and a bare ``python -c pass``.

Targets: after a one-card edit at most 0.3 s; the first check at most 0.5 s,
and at most 10 s on the 100x content.

``--instructions`` counts machine instructions instead (valgrind's callgrind,
which a busy machine does not move): ``python -c pass``, the check with
nothing changed, after a one-card flavour edit and the first check of a fresh
copy, each also as its excess over ``python -c pass`` counted in the same run
(what the command itself costs); ``--compare DIR`` counts the same with the code of
another checkout
laid out as ``DIR/prophecy/`` (``git archive REV`` unpacked there, with an
empty ``__init__.py``), each figure beside this one's.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_content import make  # noqa: E402

from prophecy.compiler.model.files import bundled_content  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def cpu_of(command: list[str], cache: Path) -> float:
    """CPU seconds of one run of a command with ``cache`` as its cache folder; it must exit 0."""
    # as a user's install runs: with the modules' bytecode written once and read after
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PROPHECY_CACHE"] = str(cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def named_in(content: Path) -> dict[str, int]:
    """Each Arcana card's name: in how many scenario files it appears."""
    texts = [p.read_text(encoding="utf-8").lower() for p in (content / "scenarios").glob("*.yaml")]
    names = [m.group(1) for p in (content / "arcana").glob("*.yaml")
             for m in re.finditer(r"^  - name: (.+)$", p.read_text(encoding="utf-8"), re.M)]
    return {name: sum(name.lower() in t for t in texts) for name in names}


def editor(content: Path, card: str) -> Callable[[], None]:
    """A function that gives ``card`` a new flavor text each time it is called."""
    path = next(p for p in (content / "arcana").glob("*.yaml")
                if f"  - name: {card}\n" in p.read_text(encoding="utf-8"))
    count = [0]

    def edit() -> None:
        text = path.read_text(encoding="utf-8")
        start = text.index(f"  - name: {card}\n")
        flavor = text.index("    flavor: ", start)
        end = text.index("\n", flavor)
        count[0] += 1
        path.write_text(f'{text[:flavor]}    flavor: "Edited, time {count[0]}."{text[end:]}',
                        encoding="utf-8")

    return edit


def instructions(command: list[str], cache: Path, path: str = "") -> int:
    """Instructions valgrind counts for one run of a command (bytecode caches written)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PROPHECY_CACHE=str(cache), PYTHONHASHSEED="0", PYTHONPATH=path)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], cwd=ROOT, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if not found:
        sys.exit(f"valgrind failed:\n{done.stderr[-1500:]}")
    return int(found.group(1))


def count_instructions(work: Path, path: str) -> dict[str, int]:
    """The four counts for the code on ``path`` ('' this checkout's), each on its own copy."""
    content = work / f"content-{len(list(work.iterdir()))}"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    check = [sys.executable, "-m", "prophecy.tools", "check", "--content", str(content)]
    cache = work / f"cache-{content.name}"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PROPHECY_CACHE=str(work / "warm-up"), PYTHONPATH=path)
    subprocess.run(check, cwd=ROOT, capture_output=True, env=env)  # bytecode written
    lone = next(name for name, n in named_in(content).items() if n == 0)
    out = {"python -c pass": instructions([sys.executable, "-c", "pass"], cache, path),
           "first check of a fresh copy": instructions(check, cache, path),
           "nothing changed": instructions(check, cache, path)}
    editor(content, lone)()
    out[f"after a one-card flavour edit ({lone})"] = instructions(check, cache, path)
    return out


def main_instructions(compare: str | None) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        mine = count_instructions(Path(tmp), "")
        theirs = count_instructions(Path(tmp), compare) if compare else {}
    print("instructions (callgrind), G = 10^9:")
    floor = mine["python -c pass"]
    for name, n in mine.items():
        other = theirs.get(name)
        beside = f"; {compare}: {other / 1e9:.2f} G ({other / n:.2f}x as many)" if other else ""
        above = f" ({(n - floor) / 1e9:.2f} G above the floor)" if n != floor else ""
        print(f"  {name}: {n / 1e9:.2f} G{above}{beside}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--runs-100x", type=int, default=3)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with valgrind instead of timing")
    parser.add_argument("--compare", metavar="DIR",
                        help="with --instructions: count another checkout's code too")
    args = parser.parse_args()
    if args.instructions:
        main_instructions(args.compare)
        return
    entry = shutil.which("prophecy")
    driver = [entry] if entry else [sys.executable, "-m", "prophecy.tools"]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        content = work / "content"
        shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
        check = [*driver, "check", "--content", str(content)]
        counts = named_in(content)
        lone = next(name for name, n in counts.items() if n == 0)
        most = max(counts, key=lambda name: counts[name])
        files = len(list((content / "scenarios").glob("*.yaml")))
        warm = work / "cache"
        cpu_of(check, warm)  # the cache as the designer's last check left it
        edits = {lone: editor(content, lone), most: editor(content, most)}
        rows: dict[str, list[float]] = {}

        def run(name: str, command: list[str], cache: Path, before: Callable[[], None] = lambda:
                None) -> None:
            before()
            rows.setdefault(name, []).append(cpu_of(command, cache))

        for n in range(args.runs):
            run("floor: nothing changed", check, warm)
            run(f"after a one-card edit: {lone} (named in 0 of {files} scenario files)", check,
                warm, edits[lone])
            run(f"after a one-card edit: {most} (named in {counts[most]} of {files} "
                "scenario files)", check, warm, edits[most])
            run("first check, empty cache", check, work / f"empty-{n}")
            run("python -c pass", [sys.executable, "-c", "pass"], warm)
        big = make(100, work / "content-100")
        check100 = [*driver, "check", "--content", str(big)]
        cpu_of(check100, work / "cache-100")
        for n in range(args.runs_100x):
            run("100x floor: nothing changed", check100, work / "cache-100")
            run("100x first check, empty cache", check100, work / f"empty-100-{n}")
        summary = subprocess.run(check, cwd=ROOT, capture_output=True, text=True).stdout
    print(summary.strip())
    print(f"CPU seconds, medians of {args.runs} runs in turns ({args.runs_100x} at 100x):")
    for name, cpus in rows.items():
        print(f"  {name}: {statistics.median(cpus):.3f} s"
              f" (runs {min(cpus):.3f} to {max(cpus):.3f})")
    print("targets: after a one-card edit <= 0.3 s; first check <= 0.5 s, at 100x <= 10 s")


if __name__ == "__main__":
    main()
