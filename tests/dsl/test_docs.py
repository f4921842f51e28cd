"""Every example line in docs/dsl.md parses, and each is already canonical."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
BLOCKS = re.findall(r"```prophecy\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
EXAMPLES = [line for block in BLOCKS for line in block.splitlines() if line.strip()]
DESIGN_EXAMPLES = [
    "Grimoire Level 2: Add 1 to highest-points Dark Deed",
    "Necromancy Level 4: Draw 1 Arcana",
    "Top Discard Creature: Stash a card from your hand",
    "Reveal Blood Magic: Stash a card from your hand",
    "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana",
    "Add 1 to any Dark Deed",
    "Draw 2 Arcana, then Discard 1 to the center",
    "If you have completed 2 or more Dark Deeds",
    "If your Demonology is Level 3 or higher",
    "Most stashed cards",
    "Most completed Necromancy Dark Deeds",
]


def test_the_reference_has_examples():
    assert len(EXAMPLES) >= 60


@pytest.mark.parametrize("line", EXAMPLES)
def test_reference_example_is_canonical(line, vocab):
    assert to_text(parse(line, vocab)) == line


@pytest.mark.parametrize("line", DESIGN_EXAMPLES)
def test_design_example_round_trips(line, vocab):
    node = parse(line, vocab)
    assert to_text(node) == line
    assert parse(to_text(node), vocab) == node


MISTAKES = re.findall(
    r"^\| `([^`]+)` \| ([^|(]+?)\s*(?:\(|\|)",
    DOC.read_text(encoding="utf-8").split("## When a line is wrong")[1],
    re.M,
)


def test_mistakes_table_is_there():
    assert len(MISTAKES) >= 9


@pytest.mark.parametrize(("line", "message"), MISTAKES)
def test_mistakes_table_shows_the_real_message(line, message, vocab):
    from prophecy.dsl.errors import DslError

    line = line.replace("...", "Draw 1 Arcana")
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    assert caught.value.message == message
