"""A pack that prints its own nouns ('Discipline', 'Mastery', 'Prophecy' for the language's
'Grimoire' and 'Dark Deed') is told about its names in those nouns; the hint that shows a
line to write keeps the language's words, which is what the line is written in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.loader import analyse
from prophecy.tools import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(("pack", "line", "message"), [
    ("draft-mastery", "Necromncy Level 2: Draw 1 Arcana", "unknown Mastery 'Necromncy'"),
    ("draft-mastery", "Reveal Necromncy: Draw 1 Arcana",
     "unknown card type or Mastery 'Necromncy'"),
    ("draft-mastery", "Add 1 to bogus Dark Deed", "unknown Prophecy target 'bogus'"),
    ("draft-disciplines", "Necromncy Level 2: Draw 1 Arcana",
     "unknown Discipline 'Necromncy'"),
    # a pack that keeps the language's nouns is told in them
    ("../content", "Add 1 to bogus Dark Deed", "unknown Dark Deed target 'bogus'"),
    ("../content", "Necromncy Level 2: Draw 1 Arcana", "unknown grimoire 'Necromncy'"),
])
def test_parse_names_the_packs_noun(capsys, pack, line, message):
    assert main(["parse", "--content", str(EXAMPLES / pack), line]) == 1
    err = capsys.readouterr().err
    assert f": {message}\n" in err


def test_a_name_that_is_near_none_lists_them_in_the_packs_noun(capsys):
    assert main(["parse", "--content", str(EXAMPLES / "draft-mastery"),
                 "Add 1 to bogus Dark Deed"]) == 1
    assert "or a Mastery's name" in capsys.readouterr().err


def test_check_names_the_packs_noun_at_the_card(tmp_path):
    root = tmp_path / "disciplines"
    shutil.copytree(EXAMPLES / "draft-disciplines", root,
                    ignore=shutil.ignore_patterns("__pycache__"))
    cards = root / "cards" / "blood-magic.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace('"Grimoire Level 2: Gain 1 point"',
                                  '"Demonolgy Level 2: Gain 1 point"', 1), encoding="utf-8")
    errors = [e for e in analyse(root).errors if e.where.endswith("blood-magic.yaml")]
    assert [(e.line, e.message, e.hint) for e in errors] == [
        (11, "unknown Discipline 'Demonolgy'", "did you mean 'Demonology'?")]


def test_a_message_of_the_grammar_names_the_packs_noun(capsys):
    """What a line lacks is said in the pack's nouns too (a Mastery's name, not a
    grimoire's); the line to write keeps the language's words."""
    assert main(["parse", "--content", str(EXAMPLES / "draft-mastery"),
                 "Grimoire Level 1 or lower: Draw 1 Arcana"]) == 1
    err = capsys.readouterr().err
    assert "needs the Mastery's name" in err and "grimoire's name" not in err
