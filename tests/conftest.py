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
