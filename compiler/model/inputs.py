"""What a run read, and whether any of it has changed since: so a command whose output
depends only on what it read can say again what it said, without working anything out.

``recording()`` watches one run of this process and notes what it reads, by wrapping for
as long as the run lasts the calls every reading goes through:

- every file opened for reading (``open``, which ``Path.read_text``, ``read_bytes`` and
  ``open`` call, and ``os.open``);
- every folder listed (``os.scandir`` and ``os.listdir``: ``glob``, ``Path.glob``,
  ``rglob`` and ``iterdir`` list through them), so a file added to or removed from a
  folder the run looked in is a change;
- every path whose state was asked (``os.stat`` and ``os.lstat``: ``Path.is_file``,
  ``exists`` and ``resolve`` go through them), so a file looked for and not found is an
  input too, and creating it is a change;
- and, when it ends, the code: the file of every module the process has imported then
  (outside Python's own library, which ``sys.version`` names), and every file beside a
  module of this project (the grammar, the word lists, the bundled game), which the
  code may read by other ways than these.

(Python's audit hooks would see every open, but one cannot be removed once added, and
it is called for every audited event of the process, ``id()`` included: a tenth of a
second of every check.)

``Recording.states()`` turns that into each input's state: a file's size and modification
time (and for a small file that was read, a digest of its bytes), a folder's names, a path
that was missing, a link's target. ``unchanged(states)`` says whether every input is as
it was, reading as little as it can: a file whose size and time are the same is taken as
it was (as make, mypy and ruff do), one whose time changed but not its size is compared
by its digest, a folder whose time is the same holds the same names.

A run is only kept when what it read stood still: an input whose time is not
``SETTLED`` ns older than the run's start (written while the run read it, or just
before, inside the clock's granularity) leaves nothing kept, so its next run works
everything out again. Paths under ``ignore`` (the cache folder, which holds only what
can be worked out again) and the system's own (``/proc``, ``/dev``, ``/sys``) are not
inputs.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

#: A state: (kind, path, ...) with kind "f" a file (size, mtime_ns, digest or ""),
#: "d" a folder, "l" a folder listed (mtime_ns, names), "m" missing, "k" a link
#: (target, "" when the path is no link), "o" another kind of file (its type bits).
State = tuple[Any, ...]

#: Files read up to this size are kept by a digest of their bytes as well.
DIGESTED = 1 << 20
#: An input written less than this long before the run started leaves nothing kept: file
#: times come from a clock that ticks every few milliseconds, and a file written twice
#: inside one tick keeps its time.
SETTLED = 1_000_000_000
_SYSTEM = ("/proc/", "/dev/", "/sys/")
_CODE = (".py", ".pyc", ".so", ".pyd", ".pth")
#: Python's own library: ``sys.version`` names it.
_STDLIB = os.path.join(os.path.dirname(os.__file__), "")
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Recording:
    """What one run read (see the module's docstring)."""

    def __init__(self, ignore: Iterable[str]) -> None:
        self.started = time.time_ns()
        self.ignore = tuple(os.path.join(os.path.abspath(p), "") for p in ignore)
        self.opened: set[str] = set()
        self.listed: set[str] = set()
        self.stated: set[str] = set()
        self.linked: set[str] = set()
        self.code: set[str] = set()

    def _path(self, path: Any) -> str | None:
        if isinstance(path, int) or path is None:
            return None  # a file descriptor: opened by path before, or not a file of ours
        try:
            found = os.path.abspath(os.fsdecode(path))
        except (TypeError, ValueError):
            return None
        if found.startswith(_SYSTEM) or os.path.join(found, "").startswith(self.ignore) \
                or found.startswith(_STDLIB):
            return None
        return found

    def states(self) -> list[State] | None:
        """Each input's state now; None when one was written too lately to be trusted."""
        code = {p for p in map(self._path, self.code) if p is not None}
        out: list[State] = []
        newest = 0
        read = {p for p in self.opened if not p.endswith(_CODE)}
        for path in sorted(self.linked):
            out.append(("k", path, _link(path)))
        for path in sorted(self.listed):
            found = _folder(path)
            newest = max(newest, found[2] if found[0] == "l" else 0)
            out.append(found)
        for path in sorted(read | self.stated | code):
            found = _state(path, path in read)
            newest = max(newest, found[3] if found[0] == "f" else 0)
            out.append(found)
        if newest > self.started - SETTLED:
            return None
        return out


@contextmanager
def recording(ignore: Iterable[str] = ()) -> Iterator[Recording]:
    """Note what the block reads (paths under ``ignore`` are not inputs)."""
    import builtins
    import io

    rec = Recording(ignore)
    real: dict[str, Any] = {"open": builtins.open, "os.open": os.open, "scandir": os.scandir,
            "listdir": os.listdir, "stat": os.stat, "lstat": os.lstat}

    def note(into: set[str], path: Any) -> None:
        found = rec._path(path)
        if found is not None:
            into.add(found)

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if not any(c in mode for c in "wax+"):
            note(rec.opened, file)
        return real["open"](file, mode, *args, **kwargs)

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
        if not flags & _WRITING and kwargs.get("dir_fd") is None:
            note(rec.opened, path)
        return real["os.open"](path, flags, *args, **kwargs)

    def scandir(path: Any = ".") -> Any:
        note(rec.listed, path)
        return real["scandir"](path)

    def listdir(path: Any = ".") -> Any:
        note(rec.listed, path)
        return real["listdir"](path)

    def stat_(path: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and kwargs.get("dir_fd") is None:
            note(rec.stated if kwargs.get("follow_symlinks", True) else rec.linked, path)
        return real["stat"](path, *args, **kwargs)

    def lstat_(path: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and kwargs.get("dir_fd") is None:
            note(rec.linked, path)
        return real["lstat"](path, *args, **kwargs)

    wrapped = [(builtins, "open", open_), (io, "open", open_), (os, "open", os_open),
               (os, "scandir", scandir), (os, "listdir", listdir), (os, "stat", stat_),
               (os, "lstat", lstat_)]
    before = [(module, name, getattr(module, name)) for module, name, _ in wrapped]
    for module, name, wrapper in wrapped:
        setattr(module, name, wrapper)
    try:
        yield rec
    finally:
        for module, name, was in before:
            setattr(module, name, was)
        rec.code = _code()


def _code() -> set[str]:
    """The files of the modules imported, and every file in the folder of one of ours."""
    found: set[str] = set()
    folders: set[str] = set()
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            found.add(file)
            if name == "prophecy" or name.startswith("prophecy."):
                folders.add(os.path.dirname(file))
        elif name.startswith("prophecy."):  # a folder of data only, imported as a package
            folders.update(str(p) for p in getattr(module, "__path__", ()))
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                found.update(e.path for e in entries if e.is_file())
        except OSError:
            continue
    return found


def unchanged(states: list[State]) -> bool:
    """Whether every input is as ``states`` (``Recording.states``) found it."""
    return changed(states) is None


def changed(states: list[State]) -> str | None:
    """The first input that is not as ``states`` found it (its path), or None."""
    for state in states:
        if not _holds(state):
            return str(state[1])
    return None


def unsettled(path: str) -> bool:
    """Whether ``path`` was written too lately for a run reading it now to be kept."""
    try:
        return os.stat(path).st_mtime_ns > time.time_ns() - SETTLED
    except OSError:
        return False


def _holds(state: State) -> bool:
    kind, path = state[0], state[1]
    if kind == "k":
        return bool(_link(path) == state[2])
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return bool(kind == "m")
    except OSError:
        return False
    if kind == "f":
        if not stat.S_ISREG(st.st_mode) or st.st_size != state[2]:
            return False
        return bool(st.st_mtime_ns == state[3] or state[4] and _digest(path) == state[4])
    if kind == "d":
        return stat.S_ISDIR(st.st_mode)
    if kind == "l":
        return stat.S_ISDIR(st.st_mode) and (st.st_mtime_ns == state[2]
                                             or _names(path) == state[3])
    if kind == "o":
        return bool(stat.S_IFMT(st.st_mode) == state[2])
    return False


def _stat(path: str) -> os.stat_result | State:
    """The path's stat, or its state when it has none: missing, or not to be read."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return ("m", path)
    except OSError:
        return ("o", path, -1)


def _state(path: str, read: bool) -> State:
    st = _stat(path)
    if not isinstance(st, os.stat_result):  # a stat_result is a tuple too
        return st
    if stat.S_ISDIR(st.st_mode):
        return ("d", path)
    if not stat.S_ISREG(st.st_mode):
        return ("o", path, stat.S_IFMT(st.st_mode))
    digest = _digest(path) if read and st.st_size <= DIGESTED else ""
    return ("f", path, st.st_size, st.st_mtime_ns, digest)


def _folder(path: str) -> State:
    st = _stat(path)
    if not isinstance(st, os.stat_result):  # a stat_result is a tuple too
        return st
    if not stat.S_ISDIR(st.st_mode):
        return ("o", path, stat.S_IFMT(st.st_mode))
    return ("l", path, st.st_mtime_ns, _names(path))


def _names(path: str) -> tuple[str, ...]:
    try:
        return tuple(sorted(os.listdir(path)))
    except OSError:
        return ("\0unlistable",)


def _link(path: str) -> str | None:
    """Where a link points; '' for a path that is no link, None for none at all."""
    try:
        return os.readlink(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError:
        return ""


def _digest(path: str) -> str:
    import hashlib

    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "blake2b").hexdigest()
    except OSError:
        return "\0unreadable"
