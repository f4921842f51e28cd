"""What a run worked out once and may need again: a key in, the result kept for it out.

A table is a mapping from a key (text naming every input of the result) to
a result of plain, picklable values. Within one process every table lives in
memory, so a 100-times content folder parses each distinct effect line once.
A command that runs again and again on the same folder (``prophecy check``
and ``prophecy build``, which share one file) also keeps the tables in a file
of the cache folder with ``kept(path)``: the file is read when a table is
first needed (a build with nothing to do reads nothing), and written at the
end with the entries that run
used and, up to a bound, those it did not, the least recently used dropped
first (so what the folder no longer holds goes in time). Every key a table is
read with holds the whole of what the result depends on, and a file written
by other code (its ``salt``, the language's, compiler's and engine's source
files by size and time) is not read, so a kept result is always the one
working it out again would give. The file is only a cache: one that cannot
be read, or whose checksum does not match what it holds, is ignored; one that
cannot be written costs only time.

The tables:

- ``clean``: a digest of a schema and of the data checked against it, for
  data that broke nothing (the schema's findings are not worked out again);
- ``line``: an effect line's text and the vocabulary, for a line that parsed:
  its node (pickled, so each card gets its own) and its canonical wording;
- ``layout``: a layout file's name and text, for a layout whose checks found
  nothing: its data (pickled, so each reader gets its own), so it is neither
  composed nor checked again;
- ``layout name``: game.yaml's text, for the layout it names;
- ``fit``: a card's data and what all its faces share, for its two face keys
  and the pictures they show (``tools/fit.py``);
- ``words``: a vocabulary name, for its problems as a name the rules language
  can read;
- ``template``: a face's Jinja template text (with Jinja's and Python's
  versions), for its compiled code;
- ``file``: a content file's name in the game, text and schema, for its nodes and data
  when it composed and met its schema without a problem (pickled, so each load gets its
  own), so an unchanged file is neither composed nor checked again; kept only while a
  file of the tables is (``keeping``), and the file keeps few besides those last used.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import write_atomic

#: Changed when what a table keeps changes shape: a file of another version is not read.
VERSION = 1
#: Entries a file keeps per table besides those the last run used (the most recent first).
KEEP = 4096
#: Tables whose entries are large keep fewer of those the last run did not use.
KEEP_FEWER = {"file": 32}
#: Entries held in memory per table, past which the table starts again (a long-lived
#: language server is bounded).
LIMIT = 200_000

_tables: dict[str, dict[str, Any]] = {}
_used: dict[str, set[str]] | None = None  # the keys read or written, while a file is kept
_pending: Path | None = None  # the file kept, until a table is first read or written
_read_from: dict[str, dict[str, Any]] = {}  # the tables as that file held them


def _load() -> None:
    """The kept file's tables, read when a table is first needed (a run that needs none,
    as a build with nothing to do, reads nothing)."""
    global _pending, _read_from
    if _pending is not None:
        path, _pending = _pending, None
        _read_from = _read(path)
        for name, entries in _read_from.items():
            _tables.setdefault(name, {}).update(entries)


def get(table: str, key: str) -> Any:
    """The result kept for ``key``, or None."""
    if _pending is not None:
        _load()
    found = _tables.get(table, {}).get(key)
    if found is not None and _used is not None:
        _used.setdefault(table, set()).add(key)
    return found


def put(table: str, key: str, value: Any) -> None:
    """Keep ``value`` (not None) for ``key``."""
    if _pending is not None:
        _load()
    entries = _tables.setdefault(table, {})
    if len(entries) >= LIMIT:
        entries.clear()
    entries[key] = value
    if _used is not None:
        _used.setdefault(table, set()).add(key)


def keeping() -> bool:
    """Whether the tables are kept in a file for the next run (``kept``): a table of large
    entries is worth filling only then, not in a long-lived process that never reads it."""
    return _used is not None


def forget() -> None:
    """Let go of every result held in memory (what a file keeps is untouched)."""
    _tables.clear()


@contextlib.contextmanager
def kept(path: Path) -> Iterator[None]:
    """The tables read from ``path`` within the block (when one is first needed), and what
    the block used written back to it after (when that differs from what was read)."""
    global _used, _pending, _read_from
    _pending, _read_from, _used = path, {}, {}
    try:
        yield
    finally:
        used, _used = _used, None
        unread, _pending = _pending is not None, None
        before, _read_from = _read_from, {}
        if not unread:  # when no table was needed, there is nothing to write back
            _keep(path, before, used)


def _keep(path: Path, before: dict[str, dict[str, Any]], used: dict[str, set[str]]) -> None:
    """Write back to ``path`` what it held (``before``) with what a run used (``used``)."""
    after = {name: _recent(entries, used.get(name, set()), _tables.get(name, {}),
                           KEEP_FEWER.get(name, KEEP))
             for name, entries in before.items()}
    for name, keys in used.items():
        if name not in after:
            after[name] = _recent({}, keys, _tables.get(name, {}), KEEP_FEWER.get(name, KEEP))
    if after != before:
        _write(path, after)


def _recent(before: dict[str, Any], used: set[str], now: dict[str, Any],
            keep: int = KEEP) -> dict[str, Any]:
    """A table as the file keeps it: the entries this run used, last (the most recent), after
    those it did not (a check with nothing changed reads no scenario file, and the next one
    after an edit will), the oldest dropped past ``keep`` entries (``KEEP``, or fewer for a
    table of large entries)."""
    out = {k: v for k, v in before.items() if k not in used}
    out.update((k, now[k]) for k in used if k in now)
    for key in list(out)[:max(0, len(out) - max(keep, len(used)))]:
        del out[key]
    return out


#: A memo file starts with this, then the SHA-256 of the rest: a file cut short or damaged
#: on disk is never unpickled.
MAGIC = b"prophecy memo\n"


def _read(path: Path) -> dict[str, dict[str, Any]]:
    try:
        blob = path.read_bytes()
        body = blob[len(MAGIC) + 32:]
        if blob[:len(MAGIC)] != MAGIC or blob[len(MAGIC):len(MAGIC) + 32] != hashlib.sha256(
                body).digest():
            return {}
        data = pickle.loads(body)
    except Exception:  # noqa: BLE001 - a damaged or foreign cache file is only a cache
        return {}
    if not (isinstance(data, dict) and data.get("version") == VERSION
            and data.get("salt") == salt() and isinstance(data.get("tables"), dict)):
        return {}
    tables = data["tables"]
    return {name: entries for name, entries in tables.items()
            if isinstance(name, str) and isinstance(entries, dict)}


def _write(path: Path, tables: dict[str, dict[str, Any]]) -> None:
    body = pickle.dumps({"version": VERSION, "salt": salt(), "tables": tables},
                        protocol=pickle.HIGHEST_PROTOCOL)
    with contextlib.suppress(OSError):
        write_atomic(path, MAGIC + hashlib.sha256(body).digest() + body, durable=False)


_SALT: list[str] = []
#: The files besides its modules that the code reads from its own folders.
_DATA = ("*.lark", "*.txt")


def salt() -> str:
    """The language's, compiler's, engine's and renderer's source files by path, size and
    modification time (as make names them), and the files they read beside them (the
    grammar, the word lists): a kept result is made by this code."""
    if not _SALT:
        top = Path(__file__).resolve().parents[2]  # the folder of dsl/, compiler/, ...
        h = hashlib.sha256()
        files = 0
        for package in ("dsl", "compiler", "engine", "render"):
            for file in sorted((top / package).rglob("*.py")) + sorted(
                    p for glob in _DATA for p in (top / package).glob(glob)):
                try:
                    st = file.stat()
                except OSError:
                    continue
                files += 1
                h.update(f"{file}\0{st.st_size}\0{st.st_mtime_ns}\0".encode(
                    "utf-8", "surrogateescape"))
        # code that cannot be found cannot be vouched for: nothing kept is read
        _SALT.append(h.hexdigest() if files else os.urandom(16).hex())
    return _SALT[0]


def digest(*parts: str) -> str:
    """A short, fixed-length key of some texts."""
    return hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogateescape"),
                           digest_size=20).hexdigest()
