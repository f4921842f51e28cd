"""The cache folder: where the gallery and the fit check keep what they can make again.

``$PROPHECY_CACHE`` when set, else ``$XDG_CACHE_HOME/prophecy``, else
``~/.cache/prophecy``. Everything in it can be deleted at any time; nothing
the project writes for itself goes anywhere else (outputs go where the
person asks). Each content folder gets its own subfolder, named by a digest
of its absolute path.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import resolved, write_atomic


def cache_root() -> Path:
    if os.environ.get("PROPHECY_CACHE"):
        return Path(os.environ["PROPHECY_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "prophecy"


def content_cache(content: Path, part: str) -> Path:
    """The cache folder of one content folder for one user of it ('serve', 'fit')."""
    digest = hashlib.sha256(str(resolved(content)).encode()).hexdigest()[:16]
    return cache_root() / part / f"{resolved(content).name}-{digest}"


def read_json(path: Path) -> dict[str, Any]:
    """A cache file's data; nothing when it is missing or damaged (it is only a cache)."""
    import json  # deferred: start-up time (check, nothing changed)

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Keep ``data`` in a cache file; a cache that cannot be written is only slower."""
    import json  # deferred: start-up time (check, nothing changed)

    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(data, sort_keys=True).encode(), durable=False)
