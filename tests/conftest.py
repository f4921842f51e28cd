"""Fixtures shared by every suite: the bundled content folder and its vocabulary."""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.dsl.vocabulary import Vocabulary

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@pytest.fixture(scope="session")
def content_dir() -> Path:
    """The bundled content folder (read only: copy it to tmp_path before changing it)."""
    return CONTENT


@pytest.fixture(scope="session")
def vocab() -> Vocabulary:
    """The vocabulary of the bundled game.yaml."""
    return read_vocabulary(CONTENT)


@pytest.fixture(autouse=True, scope="session")
def _cache_in_tmp(tmp_path_factory: pytest.TempPathFactory):
    """The cache folder of every command run by the tests is a temporary one."""
    import os

    old = os.environ.get("PROPHECY_CACHE")
    os.environ["PROPHECY_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("PROPHECY_CACHE", None)
    else:
        os.environ["PROPHECY_CACHE"] = old


def _id_safe(text: str) -> str:
    """A test id of printable ASCII: any other character (and '\\') as <hex>."""
    return "".join(c if " " <= c <= "~" and c != "\\" else f"<{ord(c):x}>" for c in text)


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Parameters that are text with line breaks, control or non-ASCII characters get ids
    of printable ASCII. Pytest would escape them in a way it cannot read back, so such
    a test could not be run by its id (``pytest 'file::test[id]'``, as mutmut does)."""
    if isinstance(val, str) and val != _id_safe(val):
        return _id_safe(val)
    return None
