"""Ruling 20 end to end: a line read only once rewritten is a note in `check` (exit 0), an
Information diagnostic with a quick fix in the editor, and `fmt` writes its canonical text
with every other byte of the file kept. A pack's own words (``vocabulary: words``) are read
the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.tools import main

LINE = "When you play this, draw two cards."
CANONICAL = "Draw 2 Arcana"


def _written(root: Path, line: str) -> Path:
    path = root / "arcana" / "blood-magic.yaml"
    text = path.read_text(encoding="utf-8")
    old = "      - Draw 1 Arcana  # a comment that fmt keeps"
    assert old in text
    path.write_text(text.replace(old, f"      - {line}  # a comment that fmt keeps"),
                    encoding="utf-8")
    return path


def test_check_notes_a_line_read_as_its_canonical_text_and_passes(make_content, capsys):
    root = make_content()
    _written(root, LINE)
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    out = capsys.readouterr().out
    assert f"arcana/blood-magic.yaml:9:9: note: reads as '{CANONICAL}'" in out
    assert "0 problems" in out


def test_fmt_writes_the_canonical_text_and_nothing_else(make_content, capsys):
    root = make_content()
    path = _written(root, LINE)
    before = path.read_text(encoding="utf-8")
    assert main(["fmt", "--content", str(root)]) == 0
    after = path.read_text(encoding="utf-8")
    assert after == before.replace(LINE, CANONICAL)
    capsys.readouterr()
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    assert "note:" not in capsys.readouterr().out  # read as written now


def test_the_editor_shows_reads_as_with_a_quick_fix(make_content):
    from prophecy.tools.editor.analysis import analyse_folder

    root = make_content()
    path = _written(root, LINE)
    result = analyse_folder(root, {}, {}, lint=False)
    found = [p for p in result.problems.get(path.resolve(), [])
             if p.message.startswith("reads as")]
    assert len(found) == 1
    assert found[0].severity == "information"
    assert found[0].message == f"reads as '{CANONICAL}'"
    assert found[0].fixes[0].new == CANONICAL


def test_a_pack_adds_its_own_words(make_content, capsys):
    root = make_content()
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace(
        "  deed_targets: [any, each, highest-points, lowest-points, most-cards, fewest-cards]\n",
        "  deed_targets: [any, each, highest-points, lowest-points, most-cards, fewest-cards]\n"
        "  words:\n    - {written: hoard, means: Stash}\n", 1), encoding="utf-8")
    _written(root, "Hoard a card from your hand")
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    assert "note: reads as 'Stash a card from your hand'" in capsys.readouterr().out



@pytest.mark.parametrize(("written", "canonical"), [
    ("Have 2 or more stashed cards", "If you have 2 or more stashed cards"),
    ("Necromancy Level 3", "If your Necromancy is Level 3 or higher"),
])
def test_a_verse_condition_without_its_if_is_read_in_its_field_and_fmt_writes_it(
        make_content, capsys, written, canonical):
    """A Verse's condition field holds a condition: a line without its 'If', or a bare
    Level, has one meaning there (rulings 19 and 20), so check notes it and passes, and fmt
    writes the canonical line."""
    root = make_content()
    path = root / "verses.yaml"
    text = path.read_text(encoding="utf-8")
    old = "condition: If you have completed 1 or more Dark Deeds"
    assert old in text
    path.write_text(text.replace(old, f"condition: {written}"), encoding="utf-8")
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    assert f"verses.yaml:6:16: note: reads as '{canonical}'" in capsys.readouterr().out
    assert main(["fmt", "--content", str(root)]) == 0
    assert f"condition: {canonical}\n" in path.read_text(encoding="utf-8")


def test_a_verse_reward_said_with_who_gets_it_reads_as_the_reward(make_content, capsys):
    """A Verse's reward goes to whoever meets its condition, so saying so before it leaves
    the reward alone; check notes it, the card plays the reward."""
    root = make_content()
    path = root / "verses.yaml"
    text = path.read_text(encoding="utf-8")
    old = "      - Add 1 to any Dark Deed\n"
    assert old in text
    path.write_text(text.replace(old, "      - Whoever meets this Verse adds 1 to any Dark "
                                      "Deed\n", 1), encoding="utf-8")
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    assert "verses.yaml:8:9: note: reads as 'Add 1 to any Dark Deed'" in \
        capsys.readouterr().out
