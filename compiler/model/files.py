"""Files: where the bundled data lives, and how a file is replaced without ever being half-written.

Everything the project ships beside its code (the bundled game, its schemas
and layouts, templates) is found through ``package_dir``, which asks Python's
import system where a package is. That one answer is right from a checkout
with an editable install and from an installed wheel alike, so no module
builds a path from ``__file__`` up to the checkout.

Every file the project writes goes through ``replacing``: the data goes to a
temporary file in the target's folder, is flushed to disk, and only then
renamed over the target. A reader sees the old file or the new one, never a
mix; a failure (an exception, Ctrl-C, a full disk) removes the temporary file
and leaves the old one as it was. Temporary files are named
``.<name>.<random>.tmp``, so ``sweep_temporaries`` can clear those a killed
process left behind.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

TEMP_SUFFIX = ".tmp"


def package_dir(package: str) -> Path:
    """The folder of an installed package of ours, e.g. ``prophecy.content``."""
    from importlib import resources  # deferred: start-up time (check, nothing changed)

    return Path(str(resources.files(package)))


def bundled_content() -> Path:
    """The game that ships with the project: ``content/`` in a checkout."""
    return package_dir("prophecy.content")


def schemas_dir() -> Path:
    """The JSON schemas of the content files and layouts."""
    return bundled_content() / "schemas"


@contextmanager
def replacing(path: Path, *, durable: bool = True) -> Iterator[IO[bytes]]:
    """A binary file to write that replaces ``path`` in one rename when the block ends cleanly.

    ``durable`` flushes the data to the disk before the rename, so a power cut
    cannot leave an empty file behind: wanted for the designer's own files,
    not for build outputs that the next build makes again.
    """
    import tempfile  # deferred: start-up time (check, nothing changed)

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
            out.flush()
            if durable:
                os.fsync(out.fileno())
        try:
            os.chmod(temp, path.stat().st_mode & 0o7777)  # a rewritten file keeps its mode
        except FileNotFoundError:
            os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except OSError as exc:  # a full disk names the file being written, not a temporary one
        Path(temp).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_atomic(
    path: Path, data: bytes | Sequence[bytes], *, unless_same: bool = False,
    durable: bool = True
) -> bool:
    """Replace ``path`` with ``data`` (bytes, or pieces written one after another, never
    joined into one copy); with ``unless_same``, skip a file that already holds it.

    Returns True when the file was written.
    """
    parts = [data] if isinstance(data, bytes) else data
    if unless_same:
        try:
            if path.stat().st_size == sum(map(len, parts)) and \
                    path.read_bytes() == b"".join(parts):
                return False
        except OSError:
            pass
    with replacing(path, durable=durable) as out:
        out.writelines(parts)
    return True


def resolved(path: Path) -> Path:
    """``path.resolve()``, or the absolute path where a loop of links stops the resolving.

    A loop (``a -> b -> a``) is something a folder may hold; what is read
    through it is then named by the reader, never met as an exception here.
    """
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError for a loop, 3.13 OSError
        return path.absolute()


def is_regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (a link is followed): never a pipe, a device,
    a socket, a folder, a broken link or a loop of links, which a read could hang on
    (a named pipe), never finish (``/dev/zero``) or fail on."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def regular_files(folder: Path, pattern: str = "*.yaml", *, below: bool = True) -> list[Path]:
    """The regular files in ``folder`` (and the folders below it) whose names match, sorted.

    Every walk of a folder the project reads goes through here, so that a
    named pipe, a device or a link to one that happens to match the pattern
    is passed over, not read: the loader names such a file when it is one of
    the content files (``yamlsafe.read_source``). Links to folders are not
    followed, so a loop of links ends the walk of that branch.
    """
    if not folder.is_dir():
        return []
    try:
        found = folder.rglob(pattern) if below else folder.glob(pattern)
        return sorted(p for p in found if is_regular(p))
    except OSError:  # the folder went away or cannot be listed midway
        return []


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in blocks (a large file is never held whole)."""
    import hashlib

    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def sweep_temporaries(folder: Path, of: str = "*") -> int:
    """Remove the temporary files a killed run left in ``folder`` (and below); returns how many.

    Only names this module makes are touched: ``.<name>.<random>.tmp``, where
    ``<name>`` matches ``of`` (``"*.yaml"`` for content files).
    """
    removed = 0
    if not folder.is_dir():
        return 0
    for temp in folder.rglob(f".{of}.*{TEMP_SUFFIX}"):
        if temp.is_file():
            temp.unlink(missing_ok=True)
            removed += 1
    return removed


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
