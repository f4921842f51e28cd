"""A pack that prints its own nouns ('Discipline', 'Mastery', 'Prophecy' for the language's
'Grimoire' and 'Dark Deed') is told about its names in those nouns, by parse, check, its
scenarios and lint, and about its kinds of card by their labels; the hint that shows a
line to write keeps the language's words, which is what the line is written in."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from prophecy.compiler.lint import Finding, lint
from prophecy.compiler.model.loader import analyse, load_content
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


def test_check_names_a_cards_grimoire_and_the_levels_in_the_packs_noun(tmp_path):
    """A card's misspelt grimoire field and levels more than its card can show are told in the
    pack's noun, as its effect lines are."""
    root = tmp_path / "mastery"
    shutil.copytree(EXAMPLES / "draft-mastery", root, ignore=shutil.ignore_patterns("__pycache__"))
    for file, old, new in (("masteries.yaml", "grimoire: Blood Magic", "grimoire: Blood Magik"),
                           ("game.yaml", "  max_level: 4 ", "  max_level: 6 ")):
        text = (root / file).read_text(encoding="utf-8")
        assert old in text
        (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    found = {(Path(e.where).name, e.message) for e in analyse(root).errors}
    assert ("masteries.yaml", "unknown Mastery 'Blood Magik'") in found
    assert ("game.yaml", "levels 0 to 6 are more than a Mastery card shows: each level below "
            "the top on an edge of its front (4 edges), the top on its back") in found


def test_a_message_of_the_grammar_names_the_packs_noun(capsys):
    """What a line lacks is said in the pack's nouns too (a Mastery's name, not a
    grimoire's); the line to write keeps the language's words."""
    assert main(["parse", "--content", str(EXAMPLES / "draft-mastery"),
                 "Grimoire Level 1 or lower: Draw 1 Arcana"]) == 1
    err = capsys.readouterr().err
    assert "needs the Mastery's name" in err and "grimoire's name" not in err


# ------------------------------------------------------------ scenarios and lint
CONTENT = EXAMPLES.parent / "content"


@dataclass(frozen=True)
class Pack:
    """A pack, how it says things, and where a copy of it is given two lint defects."""

    root: Path
    noun: str  # its word for a grimoire
    nouns: str  # and for several
    deed: str  # one of its Dark Deeds, and how it calls one and a card of its deck
    deed_is: str
    card_is: str
    cards: str  # the file of a Necromancy card with a 'Grimoire Level 2' line
    grimoires: str  # the file of its grimoire cards, four copies of each


PACKS = {
    "draft-mastery": Pack(EXAMPLES / "draft-mastery", "Mastery", "Masteries", "The Cut Thread",
                          "a Prophecy", "a Card", "cards/necromancy.yaml", "masteries.yaml"),
    "draft-disciplines": Pack(EXAMPLES / "draft-disciplines", "Discipline", "Disciplines",
                              "Taint the Well", "a Dark Deed", "a Card", "cards/necromancy.yaml",
                              "disciplines.yaml"),
    "bundled": Pack(CONTENT, "grimoire", "grimoires", "The First Cut", "a Dark Deed",
                    "an Arcana card", "arcana/necromancy.yaml", "grimoires.yaml"),
}
SCENARIOS = """\
# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: misspelt-grimoire
    rule: "names"
    says: A grimoire's name misspelt.
    given:
      player 1: {{grimoires: {{Necromncy: 1}}}}
    when:
      - end game
    then:
      game over: true
  - id: a-deed-in-hand
    rule: "names"
    says: A Dark Deed where a card of the deck belongs.
    given:
      player 1: {{hand: [{deed}]}}
    when:
      - end game
    then:
      game over: true
  - id: a-line-misspelt
    rule: "names"
    says: An effect line run alone names a grimoire misspelt, in the pack's noun.
    when:
      - effect: "Necromncy Level 2: Draw 1 Arcana"
    error: "unknown {noun} 'Necromncy'"
"""


def _verdicts(capsys, pack: Path, file: Path) -> dict[str, tuple[str, str, str]]:
    """Each scenario's (status, message, hint) as ``prophecy test --json`` reports it."""
    main(["test", "--trust", "--json", "--content", str(pack), str(file)])
    found = json.loads(capsys.readouterr().out)["scenarios"]
    return {s["id"]: (s["status"], s.get("message"), s.get("fix")) for s in found}


@pytest.mark.parametrize("name", sorted(PACKS))
def test_a_scenario_names_the_packs_noun_and_kinds(tmp_path, capsys, name):
    """A scenario's names are checked in the pack's words: its noun for a grimoire, its
    labels for the kinds of card; the bundled game keeps 'grimoire' and 'an Arcana card'."""
    pack = PACKS[name]
    file = tmp_path / "scenarios" / "names.yaml"
    file.parent.mkdir()
    file.write_text(SCENARIOS.format(deed=pack.deed, noun=pack.noun), encoding="utf-8")
    verdicts = _verdicts(capsys, pack.root, file)
    assert verdicts["misspelt-grimoire"] == (
        "error", f"unknown {pack.noun} 'Necromncy'", "did you mean 'Necromancy'?")
    assert verdicts["a-deed-in-hand"] == (
        "error", f"'{pack.deed}' is {pack.deed_is}, not {pack.card_is}",
        f"name {pack.card_is} here")
    assert verdicts["a-line-misspelt"][0] == "pass"  # the error it expects, word for word


def _copy(tmp_path: Path, pack: Pack, *edits: tuple[str, str, str]) -> Path:
    """A copy of the pack with each (file, old, new) edit made once."""
    root = tmp_path / pack.root.name
    shutil.copytree(pack.root, root, ignore=shutil.ignore_patterns("__pycache__"))
    for file, old, new in edits:
        text = (root / file).read_text(encoding="utf-8")
        assert old in text
        (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def _one_copy_fewer(pack: Pack) -> tuple[str, str, str]:
    """The edit that leaves the pack's first grimoire card (Blood Magic's) one copy short of
    the most players, four."""
    return pack.grimoires, "copies: 4", "copies: 3"


def _lint_copy(tmp_path: Path, pack: Pack) -> list[Finding]:
    """Lint of a copy of the pack with two defects: a Necromancy card that names its own
    grimoire, and a grimoire card with one copy fewer than the most players."""
    root = _copy(tmp_path, pack, (pack.cards, '"Grimoire Level 2:', '"Necromancy Level 2:'),
                 _one_copy_fewer(pack))
    return lint(load_content(root), root)


@pytest.mark.parametrize("name", sorted(PACKS))
def test_lint_names_the_packs_noun(tmp_path, name):
    """Lint's findings say the pack's noun for a grimoire; the line to write instead keeps
    the language's 'Grimoire Level 2', which is what lines are written in."""
    pack = PACKS[name]
    found = {f.code: f for f in _lint_copy(tmp_path, pack) if f.code in ("PL301", "PL505")}
    own, few = found["PL301"], found["PL505"]
    assert own.message == f"'Necromancy Level 2' names this card's own {pack.noun}"
    assert own.hint == "write 'Grimoire Level 2'"
    assert few.message == f"3 Blood Magic {pack.noun.capitalize()} cards, 4 players need 4"
    assert few.hint == f"each player takes one of each {pack.noun}"


@pytest.mark.parametrize("name", sorted(PACKS))
def test_a_component_count_is_said_in_the_packs_words(tmp_path, name):
    """A count off by one names the kind by its label and a grimoire by the pack's noun (the
    bundled game's 'Grimoire cards', 'grimoires'), placed at the component list's line (not
    at the kind's own entry under kinds:, which the Mastery draft writes first)."""
    pack = PACKS[name]
    root = _copy(tmp_path, pack, _one_copy_fewer(pack))
    found = {f.code: f for f in lint(load_content(root), root) if f.code in ("PL501", "PL502")}
    count, spread = found["PL501"], found["PL502"]
    cards = f"{pack.noun.capitalize()} cards"
    assert (count.message, count.hint) == (
        f"11 {cards}, the component list says 12", f"add or remove {cards}, or fix the list")
    assert (spread.message, spread.hint) == (
        f"3 Blood Magic {cards}, the component list says 4 each",
        f"move cards between {pack.nouns}, or fix the list")
    listed = (root / "game.yaml").read_text(encoding="utf-8").splitlines().index(
        "  grimoire: {count: 12, per_grimoire: 4}") + 1
    assert (count.place.file, count.place.line) == ("game.yaml", listed)


@pytest.mark.parametrize(("name", "count", "message"), [
    ("draft-mastery", 43, "43 cards in the Deck, the component list says 44"),
    ("draft-disciplines", 45, "45 cards in the Main Deck, the component list says 46"),
    ("bundled", 72, "72 Arcana cards, the component list says 73"),
])
def test_a_deck_count_is_said_by_the_kinds_label(tmp_path, name, count, message):
    """A kind whose label is just 'Card' is told by its plural, the deck it makes."""
    pack = PACKS[name]
    root = _copy(tmp_path, pack, ("game.yaml", f"  arcana: {{count: {count}",
                                  f"  arcana: {{count: {count + 1}"))
    found = [f.message for f in lint(load_content(root), root, only=["PL501"])]
    assert found == [message]


@pytest.mark.parametrize("name", sorted(PACKS))
def test_a_table_the_cards_cannot_deal_names_the_packs_noun(tmp_path, capsys, name):
    """check plays the pack's scenarios: one laid out for four players, with a grimoire card
    one copy short, is refused in the pack's words ('4 Blood Magic Mastery cards', 'give
    that Mastery'), the bundled game's as ever ('Grimoire cards', 'give that Grimoire')."""
    pack = PACKS[name]
    root = _copy(tmp_path, pack, _one_copy_fewer(pack))
    assert main(["check", "--no-fit", "--content", str(root)]) == 1
    out = capsys.readouterr().out
    word = pack.noun.capitalize()
    assert f": 4 players need 4 Blood Magic {word} cards; the content has 3\n" in out
    assert f"hint: give that {word} 'copies: 4' or play with fewer players" in out


ACTIONS = """\
# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: not-on-offer
    rule: "actions"
    says: An action this game does not offer is refused in the pack's words.
    when:
      - {move}
    error: "the action '{words}' is not on offer in this game"
"""


@pytest.mark.parametrize(("name", "edit", "move", "words"), [
    ("draft-mastery", None, "level up: Necromancy", "level up a Mastery"),
    ("draft-disciplines", None, "draw arcana", "draw a card"),
    ("bundled", ("game.yaml", "    draw arcana: 2\n", ""), "draw arcana", "draw an Arcana card"),
])
def test_an_action_not_on_offer_is_said_in_the_packs_words(tmp_path, capsys, name, edit, move,
                                                         words):
    """The engine's refusals say the pack's nouns and labels (the Disciplines draft calls a
    card of its deck a Card; the bundled game an Arcana card)."""
    pack = PACKS[name]
    root = _copy(tmp_path / "pack", pack, *([edit] if edit else []))
    file = tmp_path / "scenarios" / "actions.yaml"
    file.parent.mkdir()
    file.write_text(ACTIONS.format(move=move, words=words), encoding="utf-8")
    assert _verdicts(capsys, root, file)["not-on-offer"] == ("pass", "", "")


def test_a_question_is_asked_in_the_packs_noun(tmp_path, capsys):
    """The engine's questions are said in the pack's nouns too: the Mastery draft's players
    keep a Prophecy, not a Dark Deed."""
    file = tmp_path / "scenarios" / "keep.yaml"
    file.parent.mkdir()
    file.write_text(SCENARIOS.split("  - id:")[0] + """\
  - id: keep-what-is-not-drawn
    rule: "Prophecize"
    says: The Prophecy kept is one of the two drawn.
    when:
      - draw deeds: {keep: Nothing Drawn}
    error: "'Nothing Drawn' is not a choice for player 1 (which Prophecy to keep)"
""", encoding="utf-8")
    verdicts = _verdicts(capsys, PACKS["draft-mastery"].root, file)
    assert verdicts["keep-what-is-not-drawn"][0] == "pass"
