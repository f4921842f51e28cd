"""Arguments several subcommands share, and where the content folder is."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prophecy.engine.cards import Book
    from prophecy.lab.executors import Executor

from prophecy.compiler.model import limits
from prophecy.compiler.model.files import bundled_content, resolved


def default_content(start: Path | None = None) -> Path:
    """The game folder the current folder belongs to, else the bundled content.

    From the current folder up to the root, the first folder that holds a ``game.yaml``
    is the game (so ``prophecy init mygame && cd mygame && prophecy check`` checks
    mygame, from any folder inside it), or the first that holds ``content/game.yaml``
    (a checkout of a project like this one). Git and pytest find their roots the same
    way."""
    here = Path.cwd() if start is None else start
    for folder in (here, *here.parents):
        if (folder / "game.yaml").is_file():
            return _shown(folder, here)
        if (folder / "content" / "game.yaml").is_file():
            return _shown(folder / "content", here)
    return bundled_content()


def _shown(folder: Path, here: Path) -> Path:
    """``folder`` relative to ``here`` where it is inside it (as a person would type it)."""
    try:
        return folder.relative_to(here) if folder != here else Path(".")
    except ValueError:
        return folder


def add_content(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--content",
        metavar="DIR",
        type=Path,
        default=None,
        help="the game's folder (default: the folder you are in, or the nearest one above "
             "it, that holds a game.yaml, or a content/ folder that does; else the "
             "bundled game)",
    )


def content_dir(args: argparse.Namespace) -> Path:
    return args.content if args.content is not None else default_content()


#: The largest value of each count option (``compiler/model/limits.py``). Past these a
#: run takes weeks, or forks the machine to a halt, long before it could finish: a usage
#: error names the limit.
MAX_GAMES = limits.GAMES
MAX_PAIRS = limits.PAIRS
MAX_SHARDS = limits.SHARDS
JOBS_PER_CORE = 4


def max_jobs() -> int:
    """The most worker processes ``--jobs`` asks for: a few per core, at least 8."""
    import os

    return max(8, JOBS_PER_CORE * (os.cpu_count() or 1))


def shard(text: str) -> tuple[int, int]:
    """``I/N``: the I-th of N shards (1 <= I <= N <= MAX_SHARDS)."""
    i, _, n = text.partition("/")
    if not (i.isdigit() and n.isdigit()) or not 1 <= int(i) <= int(n):
        raise argparse.ArgumentTypeError(
            f"expected I/N with 1 <= I <= N, as in 2/4, not {text!r}")
    if int(n) > MAX_SHARDS:
        raise argparse.ArgumentTypeError(
            f"a run splits into at most {MAX_SHARDS:,} shards, not {int(n):,}")
    return int(i), int(n)


def count(limit: int, what: str) -> Callable[[str], int]:
    """An argument type: a whole number from 1 to ``limit`` (``what`` says what it counts)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if value is None or value < 1:
            raise argparse.ArgumentTypeError(
                f"expected a whole number of 1 or more, not {text!r}")
        if value > limit:
            shown = f"{value:,}" if value < 10**18 else f"a number of {len(str(value))} digits"
            raise argparse.ArgumentTypeError(f"at most {limit:,} {what}, not {shown}")
        return value

    return parse


def jobs(text: str) -> int:
    """``--jobs N``: 1 to ``max_jobs()`` worker processes."""
    return count(max_jobs(), f"worker processes on this machine ({JOBS_PER_CORE} per core)")(
        text)


def _whole(text: str) -> int | None:
    try:
        return int(text.strip()) if len(text) <= 4000 else None  # int() refuses longer
    except ValueError:
        return None


def positive(text: str) -> int:
    value = _whole(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return value


def add_scale(parser: argparse.ArgumentParser) -> None:
    """--jobs, --shard, --executor and --scheduler: where and how much of a run to play."""
    parser.add_argument("--jobs", type=jobs, default=1,
                        help=f"worker processes (1; at most {max_jobs()} here)")
    parser.add_argument("--shard", type=shard, default=(1, 1), metavar="I/N",
                        help="play only the I-th of N parts of the run (merge them with "
                        "'prophecy merge'); the numbers are the same as the whole run's")
    parser.add_argument("--executor", choices=("process", "dask"), default="process",
                        help="process: forked worker processes (default); dask: a local Dask "
                        "cluster of --jobs workers (pip install 'dark-prophecies[cluster]')")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="run the games on the Dask cluster of this scheduler")


def executor(book: Book, args: argparse.Namespace) -> Executor:
    """The executor the options ask for (see lab/executors.py)."""
    from prophecy.lab.executors import executor_for  # deferred: start-up time (check)

    return executor_for(book, args.jobs, args.executor, args.scheduler,
                        resolved(content_dir(args)))
