"""Syntax errors explained: a Lark exception and its line in, a DslError out.

The order of the checks is the order of how sure we are:

1. a character the language never uses;
2. a word for an intent the language does not have ('steal', 'return'...),
   answered with the nearest line it does have (``dsl/intents.txt``);
3. a catalogued mistake, matched on the parser's state (as Lark's
   ``match_examples``), for the joins that may also be misspellings;
4. a misspelt word: a keyword or name is suggested only when it looks like
   the word *and* putting it in place lets the line parse further, so the
   suggestion is always a word of the kind that fits there;
5. the rest of the catalogue, then a plain "expected ..." message.

Every message names a column and carries a hint; every catalogued hint
quotes a line that parses (a test holds it).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from prophecy.dsl import ast
from prophecy.dsl.errors import SIMILAR, DslError, one_of, suggest
from prophecy.dsl.grammar import NUMBER_WORDS, fast_parser, lark_parser
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary

#: The whole parser, names resolved (``dsl.parser.parse``), handed in by its caller.
Reparse = Callable[[str, Vocabulary], ast.Line]


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
            "Draw 3 Dark Deeds,",
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
        "say which cards of the discard pile to take",
        "write 'Take the top card of your discard pile' or 'Take the top 2 cards of your "
        "discard pile'",
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
        "to pay a cost first, join the actions in order, as in 'Discard 1, then Draw 2 Arcana'",
        "Discard 1, then Draw 2 Arcana",
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
        "each-who",
        "say who: 'Each opponent' or 'Each player'",
        "write 'Each opponent discards 1' or 'Each player draws 1 Arcana'",
        "Each opponent discards 1",
        ("Each discards 1", "Each draws 1 Arcana", "Every draws 1 Arcana"),
    ),
)

_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_NEGATIVE = re.compile(r"-\s*[0-9]")

#: How a terminal is named in a message.
_SHOWN = {
    "INT": "a number",
    "NUMBER_WORD": "a number",
    "WORD": "a name",
    "_COLON": "':'",
    "_COMMA": "','",
    "_PLUS": "'+'",
    "_DOT": "'.'",
    "_THEN": "', then'",
    "OR_MORE": "'or more'",
    "OR_LESS": "'or fewer'",
    "$END": "the end of the line",
}

_STARTS_HINT = (
    "a line starts with a requirement (Grimoire Level 2, Top Discard ..., Reveal ..., "
    "If ...) or an action ("
    + ", ".join(dict.fromkeys([*(verb.words for verb in ast.VERBS.values()),
                               "Choose one", "Each opponent"]))
    + ")"
)


def diagnose(exc: UnexpectedInput, text: str, vocab: Vocabulary, reparse: Reparse
             ) -> DslError:
    """The most helpful DslError for a Lark syntax error in ``text``; ``reparse`` is the
    whole parser (names resolved), to try a mended line with."""
    column = _column(exc, text)
    if isinstance(exc, UnexpectedCharacters):
        return _join(text, column) or _bad_character(text, column)
    intent = _intent(text, column, vocab)
    if intent is not None:
        return intent
    if text[column - 1 : column] == "," and not text[column:].strip():
        return _from_case(_case("trailing-comma"), column, text, 1)
    joined = _misspelt_then(text, column) or _join(text, column)
    if joined is not None:
        return joined
    case = _catalogued(exc)
    if case is not None and case.label in ("join-actions", "join-requirements"):
        case = None  # decided by _join, which tries the join in place
    misspelt = _misspelt(text, column, vocab)
    if misspelt is not None:
        return misspelt
    if case is not None:
        return _from_case(case, column, text, _length(exc), vocab, reparse)
    return _expected(exc, text, column)


# --------------------------------------------------------------- the catalogue
def _case(label: str) -> Case:
    return next(c for c in CATALOGUE if c.label == label)


def _from_case(case: Case, column: int, text: str, length: int,
               vocab: Vocabulary | None = None, reparse: Reparse | None = None) -> DslError:
    repair = _REPAIRS.get(case.label)
    hint = (repair(text, column, vocab, reparse)
            if repair is not None and vocab is not None and reparse is not None else None)
    return DslError(case.message, column=column, hint=hint or case.hint, source=text,
                    length=length)


def _parses(text: str) -> bool:
    """Whether a line is good syntax (names are not looked up)."""
    try:
        lark_parser().parse(text)
    except UnexpectedInput:
        return False
    return True


def _grimoire_before_level(text: str, column: int, vocab: Vocabulary, parse: Reparse
                           ) -> str | None:
    """'Level 3: Add 1 ...' -> the hint with the designer's own line mended, if it parses."""
    found = [m for m in re.finditer(r"\blevel\b", text, re.IGNORECASE) if m.start() < column]
    if not found:
        return None
    at = found[-1].start()
    mended = f"{text[:at]}Grimoire {text[at:].strip()}".strip()
    if not _parses(mended):  # checked first: parse() on a broken line would diagnose again
        return None
    try:
        canonical = to_text(parse(mended, vocab))
    except DslError:
        return None
    named = canonical.replace("Grimoire Level", f"{vocab.grimoires[0]} Level", 1) \
        if vocab.grimoires else canonical
    return (f"write '{canonical}' for the card's own grimoire, or name one, as in "
            f"'{named}'")


#: Catalogued mistakes whose hint can mend the designer's own line (label -> mender).
_REPAIRS = {"level-needs-grimoire": _grimoire_before_level}


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
    return lark_parser().parse(text)


_JOINER = re.compile(r"[ \t]*(,|;|&|\band\b|)[ \t]*", re.IGNORECASE)  # '' : none at all


def _join(text: str, column: int) -> DslError | None:
    """Two actions (or requirements) joined by ',', ';', '&' or 'and' at the error.

    Decided by trying the right join in place: ', then' between actions, '+'
    between requirements. The one that lets the line parse past the next
    word names the mistake.
    """
    found = _JOINER.match(text, column - 1)
    if found is None or column > len(text):
        return None
    before, after = text[: found.start()].rstrip(), text[found.end():]
    if re.match(r"keep\b", after, re.IGNORECASE):
        return DslError("only drawn Dark Deeds are kept", column=column, source=text,
                        hint="to keep one of two Arcana, write 'Draw 2 Arcana, then Discard 1'")
    for joint, label in ((", then ", "join-actions"), (" + ", "join-requirements")):
        fixed = before + joint + after
        if _parses_past(fixed, _next_word_end(fixed, len(before) + len(joint))):
            return DslError(_case(label).message, column=found.start(1) + 1, source=text,
                            length=max(1, len(found.group(1))), hint=f"write '{fixed.strip()}'")
    return None


def _next_word_end(text: str, start: int) -> int:
    """Where the word (or number) starting at or after ``start`` ends."""
    found = re.compile(r"\s*\S+").match(text, start)
    return found.end() if found else len(text)


# ----------------------------------------------------------------- keywords
@cache
def keywords() -> dict[str, str]:
    """Every keyword of the grammar, lowercase, to its terminal name.

    A string terminal of letters is a keyword; so are the number words and
    'then', which the grammar matches with patterns.
    """
    words = {}
    for t in fast_parser().terminals:  # the grammar's terminals (either parser has them)
        if t.pattern.type == "str" and t.pattern.value.isalpha():
            words[t.pattern.value.lower()] = t.name
    words.update(dict.fromkeys(NUMBER_WORDS, "NUMBER_WORD"))
    words["one"] = "_ONE"
    words["then"] = "_THEN"
    words.update(dict.fromkeys(("higher", "greater", "above"), "OR_MORE"))
    words.update(dict.fromkeys(("lower", "below"), "OR_LESS"))
    return words


def _unknown_words(text: str, vocab: Vocabulary) -> list[re.Match[str]]:
    """The words of ``text`` that are neither keywords nor part of a name, in order.

    Found by the grammar's own lexer, so a word inside a longer token ('higher'
    in 'or higher') is not mistaken for an unknown one.
    """
    names = vocab.grimoires + vocab.card_types + vocab.deed_targets
    known = {word.lower() for name in names for word in name.split()}
    out = []
    try:
        for token in lark_parser().lex(text):
            if token.type == "WORD" and token.value.lower() not in known:
                match = _WORD.match(text, token.start_pos or 0)
                if match is not None:
                    out.append(match)
    except UnexpectedCharacters:  # the words before a character the language never uses
        pass
    return out


# ------------------------------------------------------------------- intents
@dataclass(frozen=True)
class Intent:
    """A word for something the rules language cannot say, and the nearest line it can."""

    word: str
    nearest: str
    why: str


@cache
def intents() -> dict[str, Intent]:
    """The intents table of ``dsl/intents.txt``, by word."""
    out = {}
    for raw in (Path(__file__).with_name("intents.txt")).read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            word, nearest, why = (part.strip() for part in raw.split(" ; "))
            out[word] = Intent(word, nearest, why)
    return out


def intent_of(word: str) -> Intent | None:
    """The intent a word names, with its inflections ('steals', 'returned', 'summoning')."""
    lower = word.lower()
    table = intents()
    for cut in ("", "s", "es", "d", "ed", "ing"):
        if cut and not lower.endswith(cut):
            continue
        stem = lower[: len(lower) - len(cut)] if cut else lower
        for form in (stem, stem + "e"):
            if form in table:
                return table[form]
    return None


def _intent(text: str, column: int, vocab: Vocabulary) -> DslError | None:
    """A word before the error that names an intent the language has no verb for."""
    for match in _unknown_words(text, vocab):
        if match.start() >= column:  # only words up to the one the parser stopped at
            break
        word = match.group()
        found = intent_of(word)
        if found is not None:
            return DslError(
                f"'{word}' is not in the rules language; the nearest is '{found.nearest}'",
                column=match.start() + 1, length=len(word), source=text,
                hint=found.why,
            )
    return None


# ------------------------------------------------------------- misspellings
def _misspelt_then(text: str, column: int) -> DslError | None:
    """'Draw 1 Arcana, thn Discard 1': the word after the join is a misspelt 'then'."""
    gap = re.compile(r"[\s,]*").match(text, column - 1)
    word = _WORD.match(text, gap.end() if gap else column - 1)
    if word is None or word.group().lower() in keywords():
        return None
    if not difflib.get_close_matches(word.group().lower(), ["then"], n=1, cutoff=SIMILAR):
        return None
    return _unknown_word(word, "did you mean 'then'?", text)


def _misspelt(text: str, column: int, vocab: Vocabulary) -> DslError | None:
    """An unknown word at or before the error, and the word it plausibly stands for.

    A keyword or name is suggested only when it looks like the word and the
    line, with it put in place, parses past the word: so a suggestion is
    always a word that fits where the unknown one stands.
    """
    unknown = [m for m in _unknown_words(text, vocab) if m.start() < column]
    choices = sorted({*keywords(), *(n for n in vocab.grimoires + vocab.card_types
                                     + vocab.deed_targets)})
    for match in unknown:
        fit = _fitting(text, match, choices)
        if fit is not None:
            shown = fit.capitalize() if match.group()[0].isupper() and fit.islower() else fit
            return _unknown_word(match, f"did you mean '{shown}'?", text)
    before = [m for m in unknown if m.end() < column]
    if not before:
        return None
    names = vocab.grimoires + vocab.card_types + vocab.deed_targets
    hint = suggest(before[0].group(), names) or _STARTS_HINT
    return _unknown_word(before[0], hint, text)


def _fitting(text: str, match: re.Match[str], choices: list[str]) -> str | None:
    """The most alike choice that, put in place of ``match``, lets the line parse past it."""
    ranked = difflib.get_close_matches(match.group().lower(), [c.lower() for c in choices],
                                       n=5, cutoff=SIMILAR)
    by_lower = {c.lower(): c for c in choices}
    for lower in ranked:
        choice = by_lower[lower]
        fixed = text[: match.start()] + choice + text[match.end():]
        if _parses_past(fixed, _next_word_end(fixed, match.start() + len(choice))):
            return choice
    return None


def _parses_past(text: str, end: int) -> bool:
    try:
        _parse(text)
    except UnexpectedInput as exc:
        where = getattr(exc, "pos_in_stream", None)
        return where is None or int(where) > end
    return True


def _unknown_word(match: re.Match[str], hint: str, text: str) -> DslError:
    word = match.group()
    return DslError(
        f"unknown word '{word}'",
        column=match.start() + 1,
        length=len(word),
        hint=hint,
        source=text,
    )


# ------------------------------------------------------------ the rest
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
            hint="write a whole number from 0 up; to take cards away write "
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
        hint="effects use words, whole numbers, ':', ',', '.' and '+' only",
        source=text,
    )


def _expected(exc: UnexpectedInput, text: str, column: int) -> DslError:
    token = getattr(exc, "token", None)
    if token is None or token.type == "$END":
        message = "the line ends too soon"
    else:
        message = f"unexpected '{token.value}'"
    expected = sorted({_shown(name) for name in getattr(exc, "expected", ()) or ()})
    hint = ""
    if expected:
        shown = expected[:8]
        hint = "expected " + (", ".join(shown[:-1]) + " or " if len(shown) > 1 else "") + shown[-1]
    return DslError(message, column=column, hint=hint or _STARTS_HINT, source=text,
                    length=_length(exc))


def _shown(terminal: str) -> str:
    if terminal in _SHOWN:
        return _SHOWN[terminal]
    word = next((w for w, name in keywords().items() if name == terminal),
                terminal.lower().lstrip("_"))
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
