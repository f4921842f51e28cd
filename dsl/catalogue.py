"""The catalogue of common mistakes: a repair or a parser state in, the mistake it is out.

Each ``Case`` is one message with its hint, a fix that parses, and example
lines that make it. A case is fired by what a line means, not by its shape:
``case_of`` reads the first edit of the cheapest repair (``dsl/repair.py``)
and names the mistake it mends (a number put in: 'a number is missing'; a
',' made ', then': 'actions are joined with ...'). Where no repair is found
(a choice with one option, a requirement with no action), ``catalogued``
matches the parser's state against the examples', as Lark's
``match_examples`` does. Every example gets its case's message, and every
hint quotes a line that parses (tests/dsl/test_catalogue.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from prophecy.dsl.grammar import lark_parser
from prophecy.dsl.repair import Edit, Tok
from prophecy.dsl.vocabulary import Vocabulary


@dataclass(frozen=True)
class Case:
    """One common mistake: what to say, how to fix it (a line that parses), lines that make it."""

    label: str
    message: str
    hint: str
    fix: str
    examples: tuple[str, ...]


CATALOGUE: tuple[Case, ...] = (
    Case(
        "missing-colon",
        "missing ':' after the requirements",
        "put ':' between what is required and what happens, as in "
        "'Grimoire Level 2: Draw 1 Arcana'",
        "Grimoire Level 2: Draw 1 Arcana",
        (
            "Grimoire Level 2 Draw 1 Arcana",
            "Grimoire Level 2 Add 1 to any Dark Deed",
            "Grimoire Level 2 Stash a card from your hand",
            "Grimoire Level 2 Level up any Grimoire",
            "Necromancy Level 4 Draw 1 Arcana",
            "Top Discard Creature Draw 1 Arcana",
            "Top Discard Creature Add 1 to any Dark Deed",
            "Reveal Blood Magic Stash a card from your hand",
            "Reveal Blood Magic Draw 1 Arcana",
            "If your Necromancy is Level 2 or higher Draw 1 Arcana",
            "If you have 2 or more stashed cards Draw 1 Arcana",
            "If you have completed 2 or more Dark Deeds Draw 1 Arcana",
        ),
    ),
    Case(
        "join-requirements",
        "requirements are joined with '+'",
        "write 'Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana'",
        "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana",
        (
            "Necromancy Level 4 and Top Discard Creature: Draw 1 Arcana",
            "Grimoire Level 2, Top Discard Creature: Draw 1 Arcana",
            "Grimoire Level 2 & Top Discard Creature: Draw 1 Arcana",
        ),
    ),
    Case(
        "join-actions",
        "actions are joined with ', then'",
        "write 'Draw 2 Arcana, then Discard 1 to the center'",
        "Draw 2 Arcana, then Discard 1 to the center",
        (
            "Draw 1 Arcana and Discard 1",
            "Draw 2 Arcana, Discard 1 to the center",
            "Draw 1 Arcana Discard 1",
            "Add 1 to any Dark Deed and Draw 1 Arcana",
            "Add 1 to any Dark Deed, Draw 1 Arcana",
            "Stash a card from your hand and Draw 1 Arcana",
            "Stash a card from your hand, Draw 1 Arcana",
        ),
    ),
    Case(
        "trailing-comma",
        "the line ends with a comma",
        "remove the trailing ',' or follow it with 'then' and another action, as in "
        "'Draw 1 Arcana, then Discard 1'",
        "Draw 1 Arcana, then Discard 1",
        (
            "Draw 1 Arcana,",
            "Add 1 to any Dark Deed,",
            "Discard 1 to the center,",
            "Discard 1,",
            "Stash a card from your hand,",
            "Level up any Grimoire,",
            "Draw 3 Dark Deeds, keep 1,",
        ),
    ),
    Case(
        "missing-number",
        "a number is missing here",
        "write how many, as in 'Add 1 to any Dark Deed' or 'Grimoire Level 2: Draw 1 Arcana'",
        "Add 1 to any Dark Deed",
        (
            "Add to any Dark Deed",
            "Remove from any Dark Deed",
            "Draw Arcana",
            "Draw Dark Deeds, keep 1",
            "Draw 3 Dark Deeds, keep",
            "Grimoire Level: Draw 1 Arcana",
            "Necromancy Level: Draw 1 Arcana",
            "Discard to the center",
            "If you have completed Dark Deeds",
            "If you have stashed cards",
            "If your Necromancy is Level or higher",
            "Gain points",
        ),
    ),
    Case(
        "missing-deed",
        "say which Dark Deed",
        "end the target with 'Dark Deed', as in 'Add 1 to any Dark Deed'",
        "Add 1 to any Dark Deed",
        ("Add 1 to any", "Add 1 to highest-points", "Add 1 to", "Remove 1 from any"),
    ),
    Case(
        "missing-selector",
        "say which Dark Deed",
        "put any, each, highest-points, lowest-points, most-cards or fewest-cards before "
        "'Dark Deed', as in 'Add 1 to any Dark Deed'",
        "Add 1 to any Dark Deed",
        ("Add 1 to Dark Deed", "Remove 1 from Dark Deed", "Add 2 to the Dark Deed",
         "Add 1 to your Dark Deed"),
    ),
    Case(
        "or-what",
        "'or' at the end says neither more nor fewer",
        "write 'or more' (or 'or higher') for at least, 'or fewer' (or 'or lower') for at "
        "most, as in 'If your Necromancy is Level 2 or higher'",
        "If your Necromancy is Level 2 or higher",
        ("If your Necromancy is Level 2 or", "If you have 3 or", "Grimoire Level 2 or",
         "If you have completed 2 or"),
    ),
    Case(
        "take-which",
        "a card of your discard pile can be its top card or any card you choose",
        "write 'Take the top card of your discard pile' or 'Return a card from your "
        "discard pile to your hand', whichever you mean",
        "Take the top card of your discard pile",
        ("Take 1 card from your discard pile", "Take a card from your discard pile",
         "Take 2 cards of your discard pile"),
    ),
    Case(
        "missing-source",
        "say where the stashed card comes from",
        "write 'Stash a card from your hand', 'Stash the top card of your discard pile' "
        "or 'Stash the top card of the Arcana deck'",
        "Stash a card from your hand",
        ("Stash a card", "Stash 2 cards", "Stash a Creature card", "Stash a card from"),
    ),
    Case(
        "missing-action",
        "nothing happens after the ':'",
        "write an action after the ':', as in 'Grimoire Level 2: Draw 1 Arcana'",
        "Grimoire Level 2: Draw 1 Arcana",
        ("Grimoire Level 2:", "Top Discard Creature:", "Necromancy Level 2 + Reveal Spell:"),
    ),
    Case(
        "missing-requirement",
        "a requirement is missing",
        "write a requirement before the ':' and after each '+', as in "
        "'Grimoire Level 2: Draw 1 Arcana', or drop the ':' for an effect without one",
        "Grimoire Level 2: Draw 1 Arcana",
        (
            ": Draw 1 Arcana",
            "Grimoire Level 2 + + Top Discard Creature: Draw 1 Arcana",
            "+ Grimoire Level 2: Draw 1 Arcana",
        ),
    ),
    Case(
        "action-as-cost",
        "an action cannot be a requirement",
        "a price is paid first and joined to what it buys with 'to', as in "
        "'Discard 1 to Draw 2 Arcana'",
        "Discard 1 to Draw 2 Arcana",
        (
            "Discard 1: Draw 2 Arcana",
            "Draw 1 Arcana: Discard 1",
            "Stash a card from your hand: Draw 1 Arcana",
            "Discard a Creature card: Draw 2 Arcana",
        ),
    ),
    Case(
        "two-colons",
        "only one ':' per line",
        "put every requirement before the one ':' and join them with '+', as in "
        "'Grimoire Level 2 + Top Discard Creature: Draw 1 Arcana'",
        "Grimoire Level 2 + Top Discard Creature: Draw 1 Arcana",
        (
            "Grimoire Level 2: Top Discard Creature: Draw 1 Arcana",
            "Grimoire Level 2:: Draw 1 Arcana",
        ),
    ),
    Case(
        "level-up-what",
        "say which grimoire to level up",
        "write 'Level up this Grimoire', 'Level up any Grimoire' or a grimoire's name, as in "
        "'Level up Necromancy'",
        "Level up any Grimoire",
        ("Level up", "Level up Grimoire"),
    ),
    Case(
        "level-down-what",
        "say which grimoire to level down",
        "write 'Level down any Grimoire', 'Level down your highest Grimoire' or a grimoire's "
        "name, as in 'Level down Necromancy'",
        "Level down any Grimoire",
        ("Level down", "Level down Grimoire"),
    ),
    Case(
        "level-needs-grimoire",
        "a level requirement names its grimoire",
        "write 'Grimoire Level 3: Draw 1 Arcana' for the card's own grimoire, or name one, as "
        "in 'Necromancy Level 3: Draw 1 Arcana'",
        "Grimoire Level 3: Draw 1 Arcana",
        ("Level 3: Draw 1 Arcana", "Level 2 + Top Discard Creature: Draw 1 Arcana",
         "Level 2 Draw 1 Arcana", "Level two: Discard 1"),
    ),
    Case(
        "gain-what",
        "only points are gained",
        "write 'Gain 1 point'; for a level write 'Level up any Grimoire', for a card "
        "'Draw 1 Arcana'",
        "Gain 1 point",
        ("Gain 1 level", "Gain a card", "Gain 2 Arcana", "Gain 1 Dark Deed", "Gain a Level"),
    ),
    Case(
        "choice-needs-two",
        "a choice needs two or more options joined with 'or'",
        "write 'Choose one: Draw 1 Arcana or Discard 1'",
        "Choose one: Draw 1 Arcana or Discard 1",
        ("Choose one: Draw 1 Arcana", "Either Draw 1 Arcana", "Choose one: Discard 1, then "
         "Draw 2 Arcana"),
    ),
    Case(
        "look-where",
        "say which cards of the Arcana deck to look at",
        "write 'Look at the top 3 cards of the Arcana deck, take 1, put the rest back in any "
        "order'",
        "Look at the top 3 cards of the Arcana deck, take 1, put the rest back in any order",
        ("Look at 3 cards", "Look at the Arcana deck", "Look at 3 Arcana"),
    ),
    Case(
        "compare-two",
        "a count is compared with a number, not with another count or another player",
        "the rules language has no comparing one player with another or one count with "
        "another; a condition reads your own count against a number ('If you have 3 or more "
        "stashed cards')",
        "If you have 3 or more stashed cards",
        ("If you have fewer Dark Deeds than every other player: Draw 1 Arcana",
         "If your Blood Magic is higher than your Demonology: Draw 1 Arcana",
         "Each opponent with more stashed cards than you discards 1",
         "If you have more completed Dark Deeds than stashed cards"),
    ),
    Case(
        "grimoire-count",
        "a count of Grimoires at a Level is a condition: 'If you have N or more Grimoires at "
        "Level M or higher'",
        "write 'If you have 1 or more Grimoires at Level 3 or higher', or 'If your Necromancy "
        "is Level 3 or higher' for one Grimoire",
        "If you have 1 or more Grimoires at Level 3 or higher",
        ("Any Grimoire at level 3 or higher", "All three Grimoires at level 1 or higher",
         "No Grimoire above level 1"),
    ),
    Case(
        "keep-arcana",
        "only drawn Dark Deeds are kept",
        "to keep one of two Arcana, write 'Draw 2 Arcana, then Discard 1'",
        "Draw 2 Arcana, then Discard 1",
        ("Draw 2 Arcana, keep 1", "Draw 3 Arcana and keep 2"),
    ),
    Case(
        "each-who",
        "say who: 'Each opponent' or 'Each player'",
        "write 'Each opponent discards 1' or 'Each player draws 1 Arcana'",
        "Each opponent discards 1",
        ("Each discards 1", "Each draws 1 Arcana", "Every draws 1 Arcana"),
    ),
)


def case(label: str) -> Case:
    """The case of a label."""
    return next(c for c in CATALOGUE if c.label == label)


# ------------------------------------------------------------- by meaning
_TARGET_WORDS = {"ANY", "EACH", "A", "AN", "MATCHING", "ALL", "WORD", "HIGHEST", "LOWEST",
                 "MOST", "FEWEST"}
_JOIN_WORDS = {"_COMMA", "_AND", "_DOT", "_SEMICOLON", "BAD", "_COLON"}


def _before(toks: list[Tok], edit: Edit, *types: str) -> bool:
    """Whether the token before the edit is one of ``types``."""
    return edit.at > 0 and toks[edit.at - 1].type in types


def _next_to(toks: list[Tok], at: int, kind: str) -> bool:
    """Whether a token of ``kind`` stands right before or after the one at ``at``."""
    return any(0 <= i < len(toks) and toks[i].type == kind for i in (at - 1, at + 1))


def _inserted(edit: Edit, *terminals: str) -> bool:
    return edit.kind == "insert" and edit.new[:1] != () and edit.new[0] in terminals


def _made(edit: Edit, *terminals: str) -> bool:
    return edit.kind in ("insert", "replace") and edit.new[:1] != () and edit.new[0] in terminals


#: Label → whether an edit (of a repair of the line ``toks``) mends that mistake.
MEANINGS: dict[str, Callable[[Edit, list[Tok]], bool]] = {
    "missing-number": lambda e, t: _inserted(e, "INT", "NUMBER_WORD"),
    "missing-colon": lambda e, t: _inserted(e, "_COLON"),
    "action-as-cost": lambda e, t: e.kind == "replace" and e.new[0] == "_PAY_TO"
    and e.old is not None and e.old.type == "_COLON",
    "join-actions": lambda e, t: _made(e, "_THEN") and (e.old is None or e.kind == "insert"
                                                        or e.old.type in _JOIN_WORDS),
    "two-colons": lambda e, t: e.kind in ("drop", "replace") and e.old is not None
    and e.old.type == "_COLON" and sum(x.type == "_COLON" for x in t) > 1,
    "choice-needs-two": lambda e, t: _made(e, "_OR") and e.old is not None
    and any(x.type in ("_CHOOSE", "_EITHER") for x in t[: e.at]),
    "join-requirements": lambda e, t: _made(e, "_PLUS") and e.at > 0,
    "trailing-comma": lambda e, t: e.kind == "drop" and e.old is not None
    and e.old.type == "_COMMA" and e.at == len(t) - 1,
    "missing-requirement": lambda e, t: e.kind == "drop" and e.old is not None
    and e.old.type in ("_COLON", "_PLUS") and (e.at == 0 or _next_to(t, e.at, "_PLUS")),
    "missing-deed": lambda e, t: e.kind == "insert" and "_DARK" in e.new
    and not (e.at < len(t) and t[e.at].type == "_DARK")
    and _before(t, e, "_TO", "_FROM", "ANY", "EACH", "A", "AN", "MATCHING", "ALL", "WORD"),
    "missing-selector": lambda e, t: e.kind == "insert" and e.new[:1] != ()
    and e.new[0] in _TARGET_WORDS and e.at < len(t) and t[e.at].type == "_DARK",
    "or-what": lambda e, t: _made(e, "OR_MORE", "OR_LESS") and e.old is not None
    and e.old.type == "_OR",
    "take-which": lambda e, t: _inserted(e, "_THE") and _before(t, e, "_TAKE", "_TAKES"),
    "look-where": lambda e, t: _inserted(e, "_THE", "_TOP", "INT")
    and any(x.type in ("_LOOK", "_LOOKS") for x in t[: e.at]),
    "missing-source": lambda e, t: (_inserted(e, "_FROM") or _inserted(e, "_YOUR", "_HAND", "_THE")
                                    and _before(t, e, "_FROM"))
    and any(x.type in ("_STASH", "_STASHES") for x in t[: e.at]),
    "level-up-what": lambda e, t: _inserted(e, "ANY", "_THIS") and _before(t, e, "_UP"),
    "level-down-what": lambda e, t: _inserted(e, "ANY", "_THIS") and _before(t, e, "_DOWN"),
    "level-needs-grimoire": lambda e, t: _inserted(e, "_GRIMOIRE") and e.at < len(t)
    and t[e.at].type == "_LEVEL" and (e.at == 0 or _before(t, e, "_PLUS", "_OR")),
    "each-who": lambda e, t: _inserted(e, "_OPPONENT", "_PLAYER", "_OPPONENTS", "_PLAYERS")
    and _before(t, e, "EACH", "_EVERY", "ALL"),
}


def _own_or_named(repaired: str, vocab: Vocabulary) -> str:
    named = repaired.replace("Grimoire Level", f"{vocab.grimoires[0]} Level", 1) \
        if vocab.grimoires else repaired
    return f"write '{repaired}' for the card's own grimoire, or name one, as in '{named}'"


#: Cases whose hint says more than the repaired line: label → hint from it.
HINTS: dict[str, Callable[[str, Vocabulary], str]] = {
    "level-needs-grimoire": _own_or_named,
    # two meanings: the repaired line is one of them, so the hint names both
    "take-which": lambda repaired, vocab: case("take-which").hint,
}


def case_of(edit: Edit, toks: list[Tok]) -> Case | None:
    """The catalogued mistake a repair's edit mends, or None."""
    for label, mends in MEANINGS.items():
        if mends(edit, toks):
            return case(label)
    return None


# ------------------------------------------------------------- by what it says
#: Cases a line's words name whatever the parser's state: comparing two counts ('fewer ...
#: than every other player'), counting Grimoires ('any Grimoire at level 3').
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\barcana\b[^,:]*(?:,|\band\b)\s*(?:and\s+)?keep\b", re.IGNORECASE),
     "keep-arcana"),
    (re.compile(r"\bthan\s+(?!\d|one\b|two\b|three\b|four\b|five\b|six\b|seven\b|eight\b"
                r"|nine\b|ten\b)", re.IGNORECASE), "compare-two"),
    (re.compile(r"\b(?:any|all|no|a|each|every|\d+|one|two|three|four|five)\s+(?:\w+\s+)?"
                r"grimoires?\b(?:\s+\w+){0,3}?\s+(?:at|above|below)\s+level", re.IGNORECASE),
     "grimoire-count"),
)


def said(text: str) -> Case | None:
    """The case a line's words name (a comparison of two counts, a count of Grimoires)."""
    for pattern, label in PATTERNS:
        if pattern.search(text):
            return case(label)
    return None


# ------------------------------------------------------------- by state
def catalogued(exc: UnexpectedInput) -> Case | None:
    """The catalogued mistake whose examples fail in the same parser state.

    Like Lark's ``match_examples``, but keyed on the LALR state on top of the
    stack (not the whole stack depth), so one example covers a mistake made
    after any number of requirements or actions, and on the kind of token met
    there (a line that starts with an unknown verb is not a missing requirement).
    """
    if not isinstance(exc, (UnexpectedToken, UnexpectedEOF)):
        return None
    key, kind = _state_key(exc), getattr(getattr(exc, "token", None), "type", None)
    for found, example_keys in _example_keys():
        for example_key, token in example_keys:
            if example_key == key and getattr(token, "type", None) == kind:
                return found
    return None


def _state_key(exc: UnexpectedInput) -> object:
    state = getattr(exc, "state", None)
    return (getattr(state, "position", state), frozenset(getattr(exc, "accepts", ()) or ()))


@cache
def _example_keys() -> tuple[tuple[Case, tuple[tuple[object, object], ...]], ...]:
    """Each case with the (state, token) where each of its examples fails."""
    out = []
    for found in CATALOGUE:
        keys = []
        for example in found.examples:
            try:
                lark_parser().parse(example)
            except UnexpectedInput as exc:
                keys.append((_state_key(exc), getattr(exc, "token", None)))
            else:  # pragma: no cover - a catalogue example must be broken
                raise AssertionError(f"catalogue example parses: {example!r}")
        out.append((found, tuple(keys)))
    return tuple(out)
