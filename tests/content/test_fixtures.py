"""The content fixtures follow the bundled game: they state what they change, never its kinds.

Each game.yaml under ``fixtures/`` holds its vocabulary, rules, counts or the defect it is
about; its kinds are the bundled game's, put under it as a test copies the folder. A field
the bundled game gains therefore reaches every fixture, and no fixture breaks for it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.loader import load_content, read_pack

from ..conftest import CONTENT, with_bundled_kinds
from .conftest import DEFECTS, FIXTURES, MINIMAL, overlay

LINT = FIXTURES.parent.parent / "lint" / "fixtures"
GAMES = sorted([*FIXTURES.rglob("game.yaml"), *LINT.rglob("game.yaml")])
DEFECT_GAMES = [g.parent for g in GAMES if g.parent.parent == DEFECTS]
ARTIST = "      artist: {type: text, max: 60, title: Artist}\n"


def _declares_kinds(game: Path) -> bool:
    return any(line.startswith("kinds:") for line in game.read_text(encoding="utf-8").splitlines())


def test_no_fixture_game_yaml_carries_kinds_of_its_own():
    assert len(GAMES) >= 15  # the content fixtures and the lint packs
    assert [str(g) for g in GAMES if _declares_kinds(g)] == []


@pytest.mark.parametrize("name", ["clean", "defects"])
def test_a_field_added_to_the_bundled_game_reaches_each_lint_pack(tmp_path, name):
    bundled = _bundled_with_artist(tmp_path / "bundled")
    root = tmp_path / name
    shutil.copytree(LINT / name / "content", root)
    with_bundled_kinds(root, bundled)
    arcana = read_pack(root).kind("arcana")
    assert arcana is not None and arcana.field("artist") is not None
    assert read_pack(root).kinds != read_pack(CONTENT).kinds


def test_the_minimal_fixture_has_exactly_the_bundled_kinds(minimal_content):
    assert read_pack(minimal_content).kinds == read_pack(CONTENT).kinds


def _bundled_with_artist(folder: Path) -> Path:
    """A copy of the bundled game.yaml whose Arcana cards gain an ``artist`` field."""
    text = (CONTENT / "game.yaml").read_text(encoding="utf-8")
    anchor = "    fields:\n      grimoire:"
    assert text.count(anchor) >= 1
    folder.mkdir()
    game = folder / "game.yaml"
    game.write_text(text.replace(anchor, "    fields:\n" + ARTIST + "      grimoire:", 1),
                    encoding="utf-8")
    return game


def test_a_field_added_to_the_bundled_game_reaches_the_minimal_fixture(tmp_path):
    bundled = _bundled_with_artist(tmp_path / "bundled")
    root = tmp_path / "content"
    shutil.copytree(MINIMAL, root)
    with_bundled_kinds(root, bundled)
    arcana = read_pack(root).kind("arcana")
    assert arcana is not None and arcana.field("artist") is not None
    cards = root / "arcana" / "blood-magic.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("    copies: 2\n", "    copies: 2\n    artist: Ada Ember\n"),
                     encoding="utf-8")
    content = load_content(root)  # the fixture's cards may now say it; the others need not
    assert {c.name: c.fields.get("artist") for c in content.of_kind("arcana")
            if c.fields.get("artist")} == {"Crimson Pact": "Ada Ember"}


@pytest.mark.parametrize("case", DEFECT_GAMES, ids=[c.name for c in DEFECT_GAMES])
def test_a_field_added_to_the_bundled_game_reaches_each_defect_game(tmp_path, case):
    bundled = _bundled_with_artist(tmp_path / "bundled")
    root = tmp_path / "content"
    shutil.copytree(MINIMAL, root)
    overlay(root, case)
    with_bundled_kinds(root, bundled)
    arcana = read_pack(root).kind("arcana")
    assert arcana is not None and arcana.field("artist") is not None
