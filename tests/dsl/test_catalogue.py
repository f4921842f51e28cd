"""Every example of the common-mistakes catalogue gets its catalogued message."""

from __future__ import annotations

import re

import pytest

from prophecy.dsl.diagnose import CATALOGUE
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse

EXAMPLES = [(case, example) for case in CATALOGUE for example in case.examples]


@pytest.mark.parametrize(
    ("case", "example"), EXAMPLES, ids=[f"{c.label}:{e}" for c, e in EXAMPLES]
)
def test_catalogued_mistake_gets_its_message(case, example, vocab):
    with pytest.raises(DslError) as caught:
        parse(example, vocab)
    assert caught.value.message == case.message
    if case.label in JOINS:  # the hint is the line itself, joined right
        assert caught.value.hint.startswith("write '")
    elif case.label in MENDED:  # the designer's own line mended, when it then parses
        hint = caught.value.hint
        assert hint == case.hint or hint.startswith("write '")
        for quoted in lines_in(hint):
            parse(quoted, vocab)
    else:
        assert caught.value.hint == case.hint
    assert 1 <= caught.value.column <= len(example) + 1


JOINS = ("join-actions", "join-requirements")
MENDED = ("level-needs-grimoire",)


def lines_in(hint: str) -> list[str]:
    """The lines a hint quotes ('Grimoire Level 2: ...'), not words to add ('or more')."""
    return [q for q in re.findall(r"'([A-Z][^']*?)'(?=[ ,.;)]|$)", hint) if q.count(" ") >= 2]
QUOTED = re.compile(r"'([^']*)'")


@pytest.mark.parametrize("case", CATALOGUE, ids=[c.label for c in CATALOGUE])
def test_every_case_says_what_to_write_and_it_parses(case, vocab):
    assert case.fix in case.hint, "the hint must quote the line to write"
    parse(case.fix, vocab)
    for quoted in lines_in(case.hint):
        parse(quoted, vocab)


@pytest.mark.parametrize(("text", "fixed"), [
    ("Draw 1 Arcana and Discard 1", "Draw 1 Arcana, then Discard 1"),
    ("Level up Necromancy and Level up Demonology",
     "Level up Necromancy, then Level up Demonology"),
    ("Draw 1 Arcana; Discard 1", "Draw 1 Arcana, then Discard 1"),
    ("Draw 2 Arcana, Discard 1 to the center", "Draw 2 Arcana, then Discard 1 to the center"),
    ("Necromancy Level 4 and Top Discard Creature: Draw 1 Arcana",
     "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana"),
    ("Grimoire Level 2 & Reveal Spell: Draw 1 Arcana",
     "Grimoire Level 2 + Reveal Spell: Draw 1 Arcana"),
])
def test_a_wrong_join_is_answered_with_the_line_joined_right(text, fixed, vocab):
    with pytest.raises(DslError) as caught:
        parse(text, vocab)
    assert caught.value.hint == f"write '{fixed}'"
    parse(fixed, vocab)


def test_labels_are_unique():
    labels = [case.label for case in CATALOGUE]
    assert len(labels) == len(set(labels))


@pytest.mark.parametrize(("text", "mended"), [
    ("Level 3: Add 1 to any Dark Deed", "Grimoire Level 3: Add 1 to any Dark Deed"),
    ("level two: discard 1", "Grimoire Level 2: Discard 1"),
    ("Level 2 + Top Discard Creature: Draw 1 Arcana",
     "Grimoire Level 2 + Top Discard Creature: Draw 1 Arcana"),
])
def test_a_level_without_its_grimoire_is_answered_with_the_line_mended(text, mended, vocab):
    with pytest.raises(DslError) as caught:
        parse(text, vocab)
    assert caught.value.message == "a level requirement names its grimoire"
    assert caught.value.hint.startswith(f"write '{mended}' for the card's own grimoire")
    for quoted in lines_in(caught.value.hint):
        parse(quoted, vocab)


def test_a_join_is_named_only_when_the_joined_line_parses_past_the_next_word(vocab):
    """A no-break space after 'Discard' stops the line joined right there: no join is named."""
    text = "Draw 1 Arcana and Discard\u00a01"
    with pytest.raises(DslError):
        parse("Draw 1 Arcana, then Discard\u00a01", vocab)  # the join alone does not mend it
    with pytest.raises(DslError) as caught:
        parse(text, vocab)
    assert (caught.value.message, caught.value.column, caught.value.hint) == (
        "unexpected 'and'", 15,
        "expected ', then', '.', 'card', 'cards', 'once', 'one', 'or' or 'twice'")
