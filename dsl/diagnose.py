"""Syntax errors explained: a Lark exception and its line in, a DslError out.

The order of the checks is the order of how sure we are: a character the
language never uses, then a catalogue of common mistakes matched on the
parser's state (Lark's ``match_examples``), then a misspelt keyword, then a
plain "expected ..." message. Every message names a column and carries a hint.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from prophecy.dsl.errors import DslError, one_of, suggest
from prophecy.dsl.vocabulary import Vocabulary


@dataclass(frozen=True)
class Case:
    """One common mistake: what to say, how to fix it, and lines that make it."""

    label: str
    message: str
    hint: str
    examples: tuple[str, ...]


CATALOGUE: tuple[Case, ...] = (
    Case(
        "missing-colon",
        "missing ':' after the requirements",
        "put ':' between what is required and what happens, "
        "as in 'Grimoire Level 2: Draw 1 Arcana'",
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
        "write 'Necromancy Level 4 + Top Discard Creature: ...'",
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
        "remove the trailing ',' or follow it with 'then' and another action",
        (
            "Draw 1 Arcana,",
            "Add 1 to any Dark Deed,",
            "Discard 1 to the center,",
            "Discard 1,",
            "Stash a card from your hand,",
            "Level up any Grimoire,",
            "Draw 3 Dark Deeds, keep 1,",
            "Draw 3 Dark Deeds,",
        ),
    ),
    Case(
        "missing-number",
        "a number is missing here",
        "write how many, as in 'Draw 1 Arcana', 'Add 1 to any Dark Deed' or 'Grimoire Level 2'",
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
        ),
    ),
    Case(
        "missing-deed",
        "say which Dark Deed",
        "end the target with 'Dark Deed', as in 'Add 1 to any Dark Deed'",
        ("Add 1 to any", "Add 1 to highest-points", "Add 1 to", "Remove 1 from any"),
    ),
    Case(
        "take-which",
        "say which cards of the discard pile to take",
        "write 'Take the top card of your discard pile' or 'Take the top 2 cards of your "
        "discard pile'",
        ("Take 1 card from your discard pile", "Take a card from your discard pile",
         "Take 2 cards of your discard pile"),
    ),
    Case(
        "missing-keep",
        "say how many of the drawn Dark Deeds to keep",
        "write 'Draw 3 Dark Deeds, keep 1'",
        ("Draw 3 Dark Deeds keep 1", "Draw 3 Dark Deeds keep"),
    ),
    Case(
        "missing-source",
        "say where the stashed card comes from",
        "add 'from your hand', or write 'Stash the top card of your discard pile' "
        "or 'Stash the top card of the Arcana deck'",
        ("Stash a card", "Stash 2 cards", "Stash a Creature card", "Stash a card from"),
    ),
    Case(
        "missing-action",
        "nothing happens after the ':'",
        "write an action after the ':', as in 'Grimoire Level 2: Draw 1 Arcana'",
        ("Grimoire Level 2:", "Top Discard Creature:", "Necromancy Level 2 + Reveal Spell:"),
    ),
    Case(
        "missing-requirement",
        "a requirement is missing",
        "write a requirement such as 'Grimoire Level 2' before the ':' and after each '+', "
        "or drop the ':' for an effect without requirements",
        (
            ": Draw 1 Arcana",
            "Grimoire Level 2 + : Draw 1 Arcana",
            "+ Grimoire Level 2: Draw 1 Arcana",
        ),
    ),
    Case(
        "two-colons",
        "only one ':' per line",
        "put every requirement before the one ':' and join them with '+'",
        (
            "Grimoire Level 2: Top Discard Creature: Draw 1 Arcana",
            "Grimoire Level 2:: Draw 1 Arcana",
            "Draw 1 Arcana: Discard 1",
        ),
    ),
    Case(
        "level-up-what",
        "say which grimoire to level up",
        "write 'Level up this Grimoire', 'Level up any Grimoire' or a grimoire's name",
        ("Level up", "Level up a Grimoire", "Level down", "Level up Grimoire"),
    ),
)

#: The join mistakes apply only when the unexpected token could start the next part.
_JOINS = {
    "join-actions": {"ADD", "REMOVE", "STASH", "DRAW", "LEVEL", "DISCARD", "REVEAL", "TAKE"},
    "join-requirements": {"TOP", "REVEAL", "IF", "GRIMOIRE", "THIS"},
}
_JOIN_WORDS = {"and", ",", "&"}


def _joins(exc: UnexpectedInput, label: str) -> bool:
    token = getattr(exc, "token", None)
    if token is None:
        return False
    return token.type in _JOINS[label] or token.value.lower() in _JOIN_WORDS


_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_NEGATIVE = re.compile(r"-\s*[0-9]")

#: How a terminal is named in a message.
_SHOWN = {
    "INT": "a number",
    "WORD": "a name",
    "COLON": "':'",
    "COMMA": "','",
    "PLUS": "'+'",
    "THEN": "', then'",
    "$END": "the end of the line",
}


def diagnose(exc: UnexpectedInput, text: str, vocab: Vocabulary) -> DslError:
    """The most helpful DslError for a Lark syntax error in ``text``."""
    column = _column(exc, text)
    if isinstance(exc, UnexpectedCharacters):
        return _bad_character(text, column)
    if text[column - 1 : column] == "," and not text[column:].strip():
        return _from_case(_case("trailing-comma"), column, text, 1)
    case = _catalogued(exc)
    if case is not None and case.label in _JOINS:
        if _joins(exc, case.label):
            return _misspelt_then(text, column) or _from_case(case, column, text, _length(exc))
        case = None
    misspelt = _misspelt(text, column, vocab)
    if misspelt is not None:
        return misspelt
    if case is not None:
        return _from_case(case, column, text, _length(exc))
    return _expected(exc, text, column)


def _misspelt_then(text: str, column: int) -> DslError | None:
    """'Draw 1 Arcana, thn Discard 1': the word after the join is a misspelt 'then'."""
    gap = re.compile(r"[\s,]*").match(text, column - 1)
    word = _WORD.match(text, gap.end() if gap else column - 1)
    if word is None or word.group().lower() in keywords():
        return None
    if not difflib.get_close_matches(word.group().lower(), ["then"], n=1, cutoff=0.75):
        return None
    return _unknown_word(word, "did you mean 'then'?", text)


def _case(label: str) -> Case:
    return next(c for c in CATALOGUE if c.label == label)


def _from_case(case: Case, column: int, text: str, length: int) -> DslError:
    return DslError(case.message, column=column, hint=case.hint, source=text, length=length)


def _column(exc: UnexpectedInput, text: str) -> int:
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedEOF) or (token is not None and token.type == "$END"):
        return len(text.rstrip()) + 1
    return exc.column if exc.column and exc.column > 0 else 1


def _length(exc: UnexpectedInput) -> int:
    token = getattr(exc, "token", None)
    if isinstance(token, Token) and token.type != "$END" and token.value:
        return len(token.value)
    return 1


def _bad_character(text: str, column: int) -> DslError:
    if _NEGATIVE.match(text, column - 1):
        return DslError(
            "a count cannot be negative",
            column=column,
            hint="write a whole number from 0 up; to take cards away use "
            "'Remove 1 from any Dark Deed' or 'Discard 1'",
            source=text,
        )
    char = text[column - 1]
    if char == "&":
        label = "join-requirements" if ":" in text[column:] else "join-actions"
        return _from_case(_case(label), column, text, 1)
    if "\udc80" <= char <= "\udcff":  # a byte that was not UTF-8, kept by surrogateescape
        shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        return DslError(
            f"a byte that is not UTF-8 (0x{ord(char) - 0xDC00:02X})",
            column=column,
            hint="save the text as UTF-8",
            source=shown,
        )
    return DslError(
        f"unexpected character {char!r}",
        column=column,
        hint="effects use words, whole numbers, ':', ',' and '+' only",
        source=text,
    )


def _catalogued(exc: UnexpectedInput) -> Case | None:
    """The catalogued mistake whose examples fail in the same parser state.

    Like Lark's ``match_examples``, but keyed on the LALR state on top of the
    stack (not the whole stack depth), so one example covers a mistake made
    after any number of requirements or actions; an example failing on the
    same token wins over one failing on another token.
    """
    if not isinstance(exc, (UnexpectedToken, UnexpectedEOF)):
        return None
    key = _state_key(exc)
    candidate = None
    for case, example_keys in _example_keys():
        for example_key, token in example_keys:
            if example_key != key:
                continue
            if token == getattr(exc, "token", None):
                return case
            candidate = candidate or case
    return candidate


def _state_key(exc: UnexpectedInput) -> object:
    state = getattr(exc, "state", None)
    return (getattr(state, "position", state), frozenset(getattr(exc, "accepts", ()) or ()))


@cache
def _example_keys() -> tuple[tuple[Case, tuple[tuple[object, object], ...]], ...]:
    """Each case with the (state, token) where each of its examples fails."""
    out = []
    for case in CATALOGUE:
        keys = []
        for example in case.examples:
            try:
                _parse(example)
            except UnexpectedInput as exc:
                keys.append((_state_key(exc), getattr(exc, "token", None)))
            else:  # pragma: no cover - a catalogue example must be broken
                raise AssertionError(f"catalogue example parses: {example!r}")
        out.append((case, tuple(keys)))
    return tuple(out)


def _parse(text: str) -> object:
    from prophecy.dsl.parser import lark_parser

    return lark_parser().parse(text)


@cache
def keywords() -> dict[str, str]:
    """Every keyword of the grammar, lowercase, to its terminal name.

    A string terminal of letters is a keyword; so is a pattern terminal that
    matches its own name and not any word (``THEN``, which also takes the
    comma before it), unlike the catch-all ``WORD``.
    """
    from prophecy.dsl.parser import lark_parser

    words = {}
    for t in lark_parser().terminals:
        if t.pattern.type == "str" and t.pattern.value.isalpha():
            words[t.pattern.value.lower()] = t.name
        elif t.pattern.type == "re":
            pattern = re.compile(t.pattern.to_regexp())
            if pattern.fullmatch(t.name.lower()) and not pattern.fullmatch("qzxv"):
                words[t.name.lower()] = t.name
    return words


def _known_words(vocab: Vocabulary) -> set[str]:
    names = vocab.grimoires + vocab.card_types + vocab.deed_targets
    return {word.lower() for name in names for word in name.split()} | {"matching"}


def _misspelt(text: str, column: int, vocab: Vocabulary) -> DslError | None:
    """An unknown word at or before the error: a misspelt keyword or name.

    A word close to a keyword wins (the hint names the keyword); otherwise the
    first unknown word before the error is reported, with a name suggestion
    when one is close.
    """
    known = _known_words(vocab) | set(keywords())
    unknown = [
        m for m in _WORD.finditer(text)
        if m.start() < column and m.group().lower() not in known
    ]
    for match in unknown:
        word = match.group()
        close = difflib.get_close_matches(word.lower(), list(keywords()), n=1, cutoff=0.75)
        if close and close[0][0] == word[0].lower():
            shown = close[0].capitalize() if word[0].isupper() else close[0]
            return _unknown_word(match, f"did you mean '{shown}'?", text)
    before = [m for m in unknown if m.end() < column]
    if not before:
        return None
    names = vocab.grimoires + vocab.card_types + vocab.deed_targets
    hint = suggest(before[0].group(), names) or (
        "a line starts with a requirement (Grimoire Level 2, Top Discard ..., Reveal ..., "
        "If ...) or an action (Add, Remove, Stash, Draw, Level up, Level down, Discard, "
        "Reveal Arcana, Take)"
    )
    return _unknown_word(before[0], hint, text)


def _unknown_word(match: re.Match[str], hint: str, text: str) -> DslError:
    word = match.group()
    return DslError(
        f"unknown word '{word}'",
        column=match.start() + 1,
        length=len(word),
        hint=hint,
        source=text,
    )


def _expected(exc: UnexpectedInput, text: str, column: int) -> DslError:
    token = getattr(exc, "token", None)
    if token is None or token.type == "$END":
        message = "the line ends too soon"
    else:
        message = f"unexpected '{token.value}'"
    expected = sorted(_shown(name) for name in getattr(exc, "expected", ()) or ())
    hint = ""
    if expected:
        shown = expected[:8]
        hint = "expected " + (", ".join(shown[:-1]) + " or " if len(shown) > 1 else "") + shown[-1]
    return DslError(message, column=column, hint=hint, source=text, length=_length(exc))


def _shown(terminal: str) -> str:
    if terminal in _SHOWN:
        return _SHOWN[terminal]
    word = next((w for w, name in keywords().items() if name == terminal), terminal.lower())
    return f"'{word}'"


def unknown_target(token: Token, vocab: Vocabulary) -> DslError:
    """An unknown word where a Dark Deed target (any, each, highest-points...) goes."""
    word = token.value
    hint = suggest(word, vocab.deed_targets + vocab.grimoires)
    if not hint:
        hint = f"use one of {one_of(vocab.deed_targets)}, or a grimoire's name"
    return DslError(
        f"unknown Dark Deed target '{word}'",
        column=token.column or 1,
        length=len(word),
        hint=hint,
    )
