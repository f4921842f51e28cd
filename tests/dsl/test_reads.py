"""Ruling 20: a line with one meaning is read, a line with none or two is refused plainly.

``tests/fixtures/dsl/reads_as.txt`` holds ``written ; canonical`` pairs: each written line
parses to exactly its canonical line (and a line the grammar refused as written says so in
its note). ``tests/fixtures/dsl/refusals.txt`` holds ``written ; message ; hint`` fragments:
each line is refused with them, and every line its hint quotes reads as itself. Adding a
case is adding a line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse, read, strict_parse
from prophecy.dsl.printer import to_text
from prophecy.dsl.reads import bundled_words, normalise, table
from prophecy.dsl.vocabulary import Vocabulary

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "dsl"


def _rows(name: str, parts: int) -> list[tuple[str, ...]]:
    rows = []
    for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            row = tuple(p.strip() for p in line.split(" ; "))
            assert len(row) == parts, line
            rows.append(row)
    return rows


READS = _rows("reads_as.txt", 2)
REFUSALS = _rows("refusals.txt", 3)
#: The lines a hint offers: quoted after 'write', 'as in' or 'nearest is' (and each further
#: "or '...'"), starting with a capital.
OFFERED = re.compile(r"(?:write|as in|nearest is) ('[^']*'(?: or '[^']*')*)")
QUOTED = re.compile(r"'([A-Z][^']*)'")


@pytest.mark.parametrize(("written", "canonical"), READS, ids=[r[0][:50] for r in READS])
def test_a_line_with_one_meaning_reads_as_its_canonical_line(written, canonical, vocab):
    node, note = read(written, vocab)
    assert to_text(node) == canonical
    assert strict_parse(canonical, vocab) == node  # the canonical line means the same
    if note:
        assert note == f"reads as '{canonical}'"


@pytest.mark.parametrize(("written", "message", "hint"), REFUSALS,
                         ids=[r[0][:50] for r in REFUSALS])
def test_a_line_without_one_meaning_is_refused_with_its_words_named(written, message, hint,
                                                                     vocab):
    with pytest.raises(DslError) as caught:
        parse(written, vocab)
    error = caught.value
    assert message in error.message
    assert hint in error.hint
    assert error.source == written
    offered = [q for found in OFFERED.findall(error.hint) for q in QUOTED.findall(found)]
    for quoted in offered:  # every line a hint offers means what it says
        assert to_text(strict_parse(quoted, vocab)) == quoted


def test_a_refusal_points_at_the_words_at_fault(vocab):
    with pytest.raises(DslError) as caught:
        parse("Draw a few cards.", vocab)
    assert (caught.value.column, caught.value.length) == (6, len("a few"))


def test_an_error_after_a_preamble_is_placed_in_the_line_as_written(vocab):
    """'When you play this,' is read; the word after it that is not is named where it was
    written, not with the list of how lines start at column 1."""
    line = "When you play this, draw 2 Arcana and frobnicate"
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    assert caught.value.column > len("When you play this, ")
    assert caught.value.source == line


def test_a_canonical_line_has_no_note(vocab):
    node, note = read("Draw 2 Arcana", vocab)
    assert (to_text(node), note) == ("Draw 2 Arcana", "")


def test_a_bare_level_is_that_level_or_higher_and_exactly_is_written_out(vocab):
    """Ruling 19."""
    bare = parse("If your Necromancy is Level 3", vocab)
    exact = parse("If your Necromancy is exactly Level 3", vocab)
    assert isinstance(bare, ast.Compare) and isinstance(exact, ast.Compare)
    assert (bare.op, bare.value) == ("at_least", 3)
    assert (exact.op, exact.value) == ("exactly", 3)
    assert to_text(exact) == "If your Necromancy is exactly Level 3"


def test_two_meanings_are_refused_naming_both(vocab):
    """A pack word reads as its line; a line two readings of which parse to two meanings is
    refused, naming both (here two shapes of 'If X, Y' made to mean two things), and a
    line whose readings all mean one thing is read ('If X, A, B': 'If X: A, then B')."""
    from prophecy.dsl.parser import explain, strict_parse
    from prophecy.dsl.reads import Parsers, mend

    words = (("boost", "Add 1 to any Dark Deed", ""),)
    pack = Vocabulary(vocab.grimoires, vocab.card_types, vocab.deed_targets, words)
    node, _ = read("Boost", pack)
    assert to_text(node) == "Add 1 to any Dark Deed"
    line = "If you have 2 or more stashed cards, Draw 1 Arcana, Discard 1"
    assert to_text(parse(line, vocab)) == ("If you have 2 or more stashed cards: Draw 1 Arcana, "
                                           "then Discard 1")

    def two(text, vocab):  # the reading without 'If' taken for another line
        return strict_parse("Draw 2 Arcana" if not text.startswith("If") else text, vocab)

    text = "If you have 2 or more stashed cards, Draw 1 Arcana"
    with pytest.raises(DslError) as caught:
        mend(text, vocab, DslError("refused"), Parsers(two, explain, strict_parse, parse))
    assert caught.value.message == "this line can be read two ways"
    assert "'If you have 2 or more stashed cards: Draw 1 Arcana'" in caught.value.hint
    assert "'Draw 2 Arcana'" in caught.value.hint


def test_a_pack_adds_its_own_words_before_the_bundled_ones(vocab):
    words = (("hoard", "Stash", ""),)
    pack = Vocabulary(vocab.grimoires, vocab.card_types, vocab.deed_targets, words)
    assert to_text(parse("Hoard a card from your hand", pack)) == "Stash a card from your hand"
    with pytest.raises(DslError):
        parse("Hoard a card from your hand", vocab)
    assert table(pack)[0] == words[0]


#: One example per entry of the bundled words table: written with the everyday words, and
#: with the language's. Each entry must map to one form: both lines mean the same.
WORD_EXAMPLES = {
    "show": ("Show a Creature: Draw 1 Arcana", "Reveal Creature: Draw 1 Arcana"),
    "give up": ("Give up a card to Draw 1 Arcana", "Discard 1 to Draw 1 Arcana"),
    "pick up": ("Pick up 2 cards", "Draw 2 Arcana"),
    "throw away ... into the middle pile": ("Throw away two cards into the middle pile",
                                            "Discard 2 to the center"),
    "lose ... off": ("Lose one card off one of your Dark Deeds", "Remove 1 from any Dark Deed"),
    "drop ... down a level": ("Drop one of your Grimoires down a level",
                              "Level down any Grimoire"),
    "raise ... up a level": ("Raise your Necromancy up a level", "Level up Necromancy"),
    "everyone else": ("Everyone else discards 1", "Each opponent discards 1"),
    "pick one": ("Pick one: Draw 1 Arcana or Gain 1 point",
                 "Choose one: Draw 1 Arcana or Gain 1 point"),
}


@pytest.mark.parametrize("written", sorted(WORD_EXAMPLES))
def test_each_everyday_word_maps_to_one_form(written, vocab):
    everyday, language = WORD_EXAMPLES[written]
    assert any(w[0] == written for w in bundled_words())
    assert parse(everyday, vocab) == strict_parse(language, vocab)


def test_every_word_of_the_table_is_words_of_the_language(vocab):
    """What an entry maps to is made of the grammar's keywords and names (and '...'), so
    no entry can bring in a word the grammar does not know."""
    from prophecy.dsl.keywords import keywords

    known = set(keywords()) | {n.lower() for n in (*vocab.deed_targets,)}
    for written, means, _ in bundled_words():
        for word in re.findall(r"[A-Za-z][A-Za-z'\-]*", means):
            assert word.lower() in known or word.lower() in ("opponent's",), (written, word)


def test_the_normaliser_keeps_every_place(vocab):
    line = normalise("When you play this, show a Spell: draw 2.", vocab)
    assert line.text == "Reveal a Spell: draw 2"
    assert line.column(1) == len("When you play this, ") + 1  # 'Reveal' is where 'show' was


def test_the_docs_list_every_entry_of_the_words_table():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "dsl.md").read_text(encoding="utf-8")
    section = doc.split("## What the language reads")[1].split("\n## ")[0]
    for written, _means, _before in bundled_words():
        assert f"`{written}`" in section, written


@pytest.mark.parametrize(("line", "op"), [
    ("If you have 0 cards in hand: Draw 3 Arcana", "exactly"),  # none: '0 or more' always holds
    ("If you have 2 cards in hand: Draw 3 Arcana", "at_least"),  # ruling 19: 2 or more
    ("If you have 0 or more cards in hand: Draw 3 Arcana", "at_least"),
])
def test_a_bare_zero_count_means_none(line, op, vocab):
    node = parse(line, vocab)
    assert node.requirements[0].op == op


@pytest.mark.parametrize(("line", "op"), [
    ("If your Necromancy is Level 0: Draw 1 Arcana", "exactly"),  # not yet levelled
    ("If your Necromancy is Level 2: Draw 1 Arcana", "at_least"),  # ruling 19
    ("If your Necromancy is Level 0 or higher: Draw 1 Arcana", "at_least"),
])
def test_a_bare_level_zero_in_a_condition_means_not_yet_levelled(line, op, vocab):
    assert parse(line, vocab).requirements[0].op == op


def test_an_action_after_what_others_do_is_the_owners_only_when_it_says_so(vocab):
    """'Each opponent draws 1 Arcana, then Discard 1': the owner discards (the canonical
    line, its verb not in the third person); '..., then discards 1': each opponent does,
    and the line reads so, never as the owner's discard."""
    owner = parse("Each opponent draws 1 Arcana, then Discard 1", vocab)
    assert isinstance(owner.actions[1], ast.Discard)
    theirs = parse("Each opponent draws 1 Arcana, then discards 1", vocab)
    assert isinstance(theirs.actions[1], ast.Each)
    assert isinstance(theirs.actions[1].action, ast.Discard)
    with pytest.raises(DslError) as caught:  # a chosen opponent does one action
        parse("Choose an opponent: they draw 1 Arcana, then discards 2", vocab)
    assert "reads as what the chosen opponent does" in caught.value.message


def test_a_title_is_never_offered_a_verse_condition(vocab):
    """A Title's line the language cannot read is told what a Title is, not handed a Verse's
    'If you have ...' (which a Title field cannot hold)."""
    from prophecy.dsl.fields import in_field

    for line in ("Title: A Grimoire at level 5.", "A Grimoire at level 5"):
        with pytest.raises(DslError) as caught:
            parse(line, vocab)
        error = in_field("title", caught.value, vocab)
        assert "If you have" not in error.hint, line
        assert error.message.startswith("a Title condition is the most or the fewest"), line
        assert to_text(strict_parse("Highest Necromancy Level", vocab)) == \
            "Highest Necromancy Level"
