"""The lint fixture packs as the tests read them: each copied once a session with the bundled
game's kinds put at the end of its game.yaml (it states only its vocabulary, rules, counts
and the defects it plants), so a field the bundled game gains reaches them and moves none
of their places."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ..conftest import with_bundled_kinds

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def lint_packs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A read-only folder holding ``defects/`` and ``clean/``, each a pack folder (its
    ``content/``, and the defects' ``docs/`` and ``expected.txt``)."""
    root = tmp_path_factory.mktemp("lint")
    for name in ("defects", "clean"):
        shutil.copytree(FIXTURES / name, root / name)
        with_bundled_kinds(root / name / "content")
    return root


@pytest.fixture(scope="session")
def DEFECTS(lint_packs: Path) -> Path:  # noqa: N802 - named as the folder it stands for
    return lint_packs / "defects"


@pytest.fixture(scope="session")
def CLEAN(lint_packs: Path) -> Path:  # noqa: N802
    return lint_packs / "clean"
