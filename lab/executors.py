"""Where games run: a list of tasks in, their results out, in the order of the tasks.

A task is a batch of games: a module-level function that plays them and its
arguments after the card book, such as a chunk of a simulation
(``(simulate.play_chunk, seed, start, stop, players, bots)``) or a batch of a
design's balance pairs (``(balance.play_batch, design, plan, start, stop)``).
A task names its function, so this module imports neither of those (the
function travels by reference, also to a Dask worker). Every game is seeded by its
index alone, so a task gives the same result wherever it runs, and the
results are added in task order: any executor gives the same totals.

- ``Serial``: in this process.
- ``ForkPool``: worker processes forked from this one (the default for
  ``--jobs N``); they inherit the card book, nothing is pickled but results.
- ``DaskPool``: a Dask cluster (``pip install 'dark-prophecies[cluster]'``),
  either a scheduler at ``tcp://HOST:PORT`` or a local cluster of ``jobs``
  worker processes. The content folder's files are sent once to every
  worker, which builds its own card book; tasks are batches, so the
  scheduler's overhead per task is small against the games in it.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from prophecy.compiler.model import trust
from prophecy.compiler.model.files import regular_files
from prophecy.compiler.model.loader import load_content
from prophecy.compiler.model.workers import ignore_interrupts, interrupts_held
from prophecy.compiler.model.yamlsafe import MAX_FILE_BYTES
from prophecy.dsl.errors import UsageError
from prophecy.engine.cards import Book, book_of
from prophecy.engine.plugin import game_class

Task = tuple[Any, ...]


class Executor(Protocol):
    def map(self, tasks: Sequence[Task]) -> list[Any]:
        """The result of each task, in the order of the tasks."""
        ...

    def close(self) -> None: ...


def run_task(book: Book, task: Task) -> Any:
    """Play one task's games: ``task[0](book, *task[1:])``."""
    if not task or not callable(task[0]):
        raise ValueError(f"a task starts with the function that plays it, not {task[:1]!r}")
    return task[0](book, *task[1:])


class Serial:
    """Every task in this process."""

    def __init__(self, book: Book) -> None:
        self.book = book

    def map(self, tasks: Sequence[Task]) -> list[Any]:
        return [run_task(self.book, t) for t in tasks]

    def close(self) -> None:
        pass


_FORKED: Book | None = None


def _forked(task: Task) -> Any:
    assert _FORKED is not None
    return run_task(_FORKED, task)


class ForkPool:
    """Worker processes forked from this one; they inherit the book."""

    def __init__(self, book: Book, jobs: int) -> None:
        global _FORKED
        _FORKED = book  # set before the fork, read in the children
        self.book = book
        with interrupts_held():  # Ctrl-C is the parent's: a worker never prints a traceback
            self.pool = multiprocessing.get_context("fork").Pool(jobs,
                                                                 initializer=ignore_interrupts)

    def map(self, tasks: Sequence[Task]) -> list[Any]:
        return list(self.pool.imap(_forked, tasks))

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


def executor_for(book: Book, jobs: int, kind: str = "process", scheduler: str | None = None,
                 content: Path | None = None) -> Executor:
    """The executor a command's options ask for (``--jobs``, ``--executor``, ``--scheduler``)."""
    if kind == "dask" or scheduler:
        if content is None:
            raise ValueError("a Dask executor needs the content folder to send to its workers")
        return DaskPool(content, jobs, scheduler)
    forkable = "fork" in multiprocessing.get_all_start_methods()
    if jobs <= 1 or not forkable:  # no fork here: the same totals, in one process
        return Serial(book)
    return ForkPool(book, jobs)


# -- Dask ----------------------------------------------------------------------


#: What a worker needs to build the card book: the YAML and CSV cards, game.yaml, and an
#: engine the game names as a file of its folder.
SHIPPED = (".yaml", ".yml", ".csv", ".py")


def content_files(root: Path) -> dict[str, bytes]:
    """The files of a content folder a worker needs (``SHIPPED``), by their path inside it
    (sorted, for a stable digest).

    Only regular files of at most the loader's size are read: a pipe, a device or
    a huge file that is no content file is left where it is (the loader refuses
    those it reads).
    """
    out = {}
    for path in regular_files(root, "*"):
        if path.suffix.lower() in SHIPPED and "__pycache__" not in path.parts \
                and path.stat().st_size <= MAX_FILE_BYTES:
            out[str(path.relative_to(root))] = path.read_bytes()
    return dict(sorted(out.items()))


def digest(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for name, data in sorted(files.items()):
        h.update(name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()[:16]


_WORKER_BOOKS: dict[str, Book] = {}


def book_from_files(files: dict[str, bytes]) -> Book:
    """The card book of a content folder sent as files (built once per worker process)."""
    key = digest(files)
    found = _WORKER_BOOKS.get(key)
    if found is None:
        # The files live on disk only while the book is made: the book holds all it needs,
        # and a worker that ran many runs leaves no copy of any content folder behind.
        with tempfile.TemporaryDirectory(prefix=f"prophecy-{key}-") as folder:
            root = Path(folder)
            for name, data in files.items():
                path = root / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
            book = book_of(load_content(root))
            # the class that plays, made while an engine file of the game is here; the
            # client that sent it checked the user's trust in it (a worker runs what its
            # client sends, whatever it is)
            with trust.granting():
                game_class(book)
            found = _WORKER_BOOKS[key] = book
    return found


def _remote(files: dict[str, bytes], task: Task) -> Any:
    return run_task(book_from_files(files), task)


class DaskPool:
    """Tasks on a Dask cluster: at ``scheduler``, or a local one of ``jobs`` processes."""

    def __init__(self, content: Path, jobs: int, scheduler: str | None = None) -> None:
        try:
            from distributed import Client, LocalCluster  # type: ignore[import-untyped,unused-ignore]
        except ImportError:
            raise UsageError(
                "the Dask executor needs the 'distributed' package", where="--executor dask",
                hint="pip install 'dark-prophecies[cluster]'") from None
        self.cluster: Any = None
        if scheduler:
            self.client = Client(scheduler)  # type: ignore[no-untyped-call]
        else:
            # the scheduler's web server on a free port: a second cluster on the machine
            # (or anything on 8787) must not stop this one from starting
            self.cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                dashboard_address="127.0.0.1:0")
            self.client = Client(self.cluster)  # type: ignore[no-untyped-call]
        self.files = self.client.scatter(  # type: ignore[no-untyped-call]
            content_files(content), broadcast=True)

    def map(self, tasks: Sequence[Task]) -> list[Any]:
        futures = [self.client.submit(_remote, self.files, t, pure=False) for t in tasks]
        return list(self.client.gather(futures))  # type: ignore[no-untyped-call]

    def close(self) -> None:
        self.client.close()  # type: ignore[no-untyped-call]
        if self.cluster is not None:
            self.cluster.close()
