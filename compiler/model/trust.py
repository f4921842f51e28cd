"""Trusted engine files: a pack's ``engine.py`` in, whether this user lets it run out.

A pack's engine file is Python, and running it runs whatever its author wrote,
with the rights of the person who runs it. Only the commands that play a game
(``simulate``, ``balance``, ``test``, ``replay``) ever run it, and only once
its user has trusted it: ``prophecy trust DIR`` records the file's real path
and a SHA-256 digest of its bytes, as ``direnv allow`` does. A file changed
since is refused until it is trusted again. ``--trust`` lets one run of a
command go ahead without recording anything (CI, scripts); the worker
processes a run forks inherit it.

The record is the user's, never the pack's: ``trusted.json`` in
``$PROPHECY_CONFIG`` when set, else ``$XDG_CONFIG_HOME/prophecy``, else
``~/.config/prophecy``. Engines installed as packages (the
``prophecy.engines`` entry points, the bundled engine among them) are
installed code, trusted as such, and never pass through here.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import resolved, write_atomic
from prophecy.dsl.errors import UsageError

#: What the record looks like; a record of another version is read as empty.
VERSION = 1

#: Whether this process (and the workers it forks) runs engine files untrusted: ``--trust``.
_granted = False


def config_dir() -> Path:
    """The folder of the user's settings for the project."""
    if os.environ.get("PROPHECY_CONFIG"):
        return Path(os.environ["PROPHECY_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "prophecy"


def record_path() -> Path:
    return config_dir() / "trusted.json"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def records() -> dict[str, str]:
    """Each trusted engine file's real path -> the digest of its bytes when trusted."""
    try:
        data: Any = json.loads(record_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) and data.get("version") == VERSION else {}
    return {str(k): str(v) for k, v in (files or {}).items() if isinstance(v, str)}


def _write(files: dict[str, str]) -> None:
    text = json.dumps({"version": VERSION, "files": dict(sorted(files.items()))}, indent=1)
    try:
        write_atomic(record_path(), (text + "\n").encode())
    except OSError as exc:
        raise UsageError(f"cannot write {record_path()}: {exc.strerror or exc}",
                         where="prophecy trust",
                         hint="set PROPHECY_CONFIG to a folder you can write") from None


def trust(path: Path) -> str:
    """Record the engine file's bytes as trusted; its digest."""
    real = resolved(path)
    found = digest(real.read_bytes())
    files = records()
    files[str(real)] = found
    _write(files)
    return found


def forget(path: Path) -> bool:
    """Take the engine file off the record; whether it was on it."""
    files = records()
    gone = files.pop(str(resolved(path)), None)
    if gone is not None:
        _write(files)
    return gone is not None


def grant(on: bool = True) -> None:
    """``--trust``: this run (and the workers it forks) runs engine files as if trusted; each
    command that plays sets it afresh, so one run's ``--trust`` never outlives it."""
    global _granted
    _granted = on


def granted() -> bool:
    return _granted


@contextmanager
def granting() -> Iterator[None]:
    """Engine files run as if trusted inside the block: for a cluster's worker, which runs
    what its client sends (the client, which holds the user's trust, checked the file)."""
    global _granted
    before, _granted = _granted, True
    try:
        yield
    finally:
        _granted = before


@dataclass(frozen=True)
class Standing:
    """Where an engine file stands with this user: trusted, changed since, or never trusted."""

    path: Path
    state: str  # "trusted", "changed", "untrusted"

    @property
    def trusted(self) -> bool:
        return self.state == "trusted"


def standing(path: Path, data: bytes | None = None) -> Standing:
    """Whether the engine file (its bytes ``data`` when already read) is trusted as it is."""
    real = resolved(path)
    if data is None:
        try:
            data = real.read_bytes()
        except OSError:
            return Standing(real, "untrusted")
    known = records().get(str(real))
    if known is None:
        return Standing(real, "untrusted")
    return Standing(real, "trusted" if known == digest(data) else "changed")


def refusal(path: Path, folder: Path, state: str) -> UsageError:
    """The one line that names an engine file not run, and how to let it run."""
    why = "it has changed since it was trusted" if state == "changed" else "it is not trusted"
    return UsageError(f"not run: {why}; read it, then 'prophecy trust {shown(folder)}' "
                      "(or pass --trust to run it this once)", where=shown(path))


def shown(path: Path) -> str:
    """A path as a person typed it: relative to the working folder when under it."""
    try:
        return os.path.relpath(path) if resolved(path).is_relative_to(Path.cwd()) else str(path)
    except ValueError:
        return str(path)
