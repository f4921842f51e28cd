"""Fixtures of the scenario suite: each content folder loaded once for every `prophecy test`.

Most cases here run `prophecy test` on a small file against the bundled
content; loading and checking the content again for each of them would cost
more than the scenarios themselves, so the loader is memoised per folder for
this suite (no test here changes a content folder after loading it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.compiler.model import loader

_LOADED: dict[str, object] = {}
_ORIGINAL = loader.load_content


def _load_once(path: Path):
    key = str(Path(path).resolve())
    if key not in _LOADED:
        _LOADED[key] = _ORIGINAL(path)
    return _LOADED[key]


@pytest.fixture(autouse=True)
def _content_once(monkeypatch):
    monkeypatch.setattr(loader, "load_content", _load_once)
