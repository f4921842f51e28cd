"""What the live gallery watches: every file a card is made from, and nothing of a cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import package_dir
from prophecy.tools.gallery.state import Gallery
from prophecy.tools.gallery.web import is_source

ROOT = Path("/game")


@pytest.mark.parametrize(("path", "watched"), [
    ("arcana/necromancy.yaml", True),
    ("arcana.csv", True),
    ("cards.tsv", True),
    ("layouts/faces.yaml", True),
    ("templates/reference.txt.j2", True),
    ("images/skull.PNG", True),
    (".build/check/state.json", False),
    ("arcana/.necromancy.yaml.swp", False),
    (".git/index", False),
    ("notes.md", False),
    ("__pycache__/engine.cpython-311.pyc", False),
])
def test_a_saved_file_is_watched_when_cards_are_made_from_it(path, watched):
    assert is_source(ROOT / path, ROOT) is watched


def test_a_bad_value_saved_in_a_csv_is_reported_by_the_next_refresh(tmp_path):
    """The spreadsheet game: a copies value of 'two' saved in its CSV becomes a problem
    placed on that card, and goes away when the value is mended."""
    game = tmp_path / "game"
    shutil.copytree(package_dir("prophecy.examples") / "fate-deduction", game)
    gallery = Gallery(game, tmp_path / "cache")
    assert not any(t.problems for t in gallery.refresh().tiles)
    csv = game / "arcana.csv"
    good = csv.read_text(encoding="utf-8")
    csv.write_text(good.replace("\nMidnight,1,", "\nMidnight,two,", 1), encoding="utf-8")
    assert is_source(csv, game)
    snapshot = gallery.refresh()
    broken = [t for t in snapshot.tiles if t.problems] + list(snapshot.problems)
    assert broken and "two" in str(broken[0])
    csv.write_text(good, encoding="utf-8")
    assert not any(t.problems for t in gallery.refresh().tiles)
