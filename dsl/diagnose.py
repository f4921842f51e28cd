"""Syntax errors explained: a Lark exception and its line in, a DslError out.

The message says what the line means to say, and the hint how to write it:

1. a character the language never uses (a negative count, a byte not UTF-8);
2. the repairs of the line (``dsl/repair.py``): the cheapest edits that make it
   parse, names and all. The first edit of the best one says what is wrong: a
   catalogued mistake (``dsl/catalogue.py``: 'a number is missing here' when a
   number was put in), a misspelt word ('did you mean'), a word of an intent
   the language lacks mapped to one it has, or only 'unexpected ...'; the hint
   quotes the repaired line, canonical, and it parses;
3. a word for an intent the language does not have ('steal'), when no repair
   keeps it: the nearest line the language does have (``dsl/intents.py``);
4. the catalogue matched on the parser's state, for mistakes no small edit
   mends ('Choose one: Draw 1 Arcana'); then a plain "expected ...".

No hint ever quotes a line that does not parse (tests/dsl/test_first_draft_corpus.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from prophecy.dsl import ast
from prophecy.dsl.catalogue import CATALOGUE, HINTS, Case, case_of, catalogued, said
from prophecy.dsl.errors import DslError, one_of, suggest
from prophecy.dsl.grammar import language_words
from prophecy.dsl.intents import intent_error, intent_of, intents
from prophecy.dsl.keywords import keywords, shown, unknown_words
from prophecy.dsl.repair import Edit, Repair, label_at, repairs
from prophecy.dsl.vocabulary import Vocabulary

__all__ = ["CATALOGUE", "Case", "diagnose", "explain_repair", "intent_of", "intents",
           "keywords", "name_error", "unknown_target"]

#: The whole parser (names resolved), handed in by its caller: ``dsl.parser.parse``.
Reparse = Callable[[str, Vocabulary], ast.Line]

_NEGATIVE = re.compile(r"-\s*[0-9]")

_STARTS_HINT = (
    "a line starts with a requirement (Grimoire Level 2, Top Discard ..., Reveal ..., "
    "If ..., In round ...) or an action ("
    + ", ".join(dict.fromkeys([*(verb.words for verb in ast.VERBS.values()),
                               "Choose one", "Each opponent"]))
    + ")"
)


def diagnose(exc: UnexpectedInput, text: str, vocab: Vocabulary, reparse: Reparse
             ) -> DslError:
    """The most helpful DslError for a Lark syntax error in ``text``; ``reparse`` is the
    whole parser (names resolved), to try a repaired line with."""
    column = _column(exc, text)
    if isinstance(exc, UnexpectedCharacters):
        special = _special_character(text, column)
        if special is not None:
            return special
    found = repairs(text, vocab, reparse, prefixes=_CONDITION_STARTS)
    message = _from_repairs(found, text, vocab, column)
    if message is not None:
        return message
    labelled = _after_label(text, vocab, reparse)
    if labelled is not None:
        return labelled
    intent = intent_error(text, column, vocab) or intent_error(text, len(text) + 1, vocab)
    if intent is not None:
        return intent
    case = said(text)
    if case is not None:
        return DslError(case.message, column=column, hint=case.hint, source=text,
                        length=_length(exc))
    case = catalogued(exc)
    if case is not None:
        return DslError(case.message, column=column, hint=case.hint, source=text,
                        length=_length(exc))
    return _unknown_word(text, column, vocab) or _expected(exc, text, column)


def _unknown_word(text: str, column: int, vocab: Vocabulary) -> DslError | None:
    """A word before the error that is no keyword and no name ('Blah Blah: Draw 1 Arcana')."""
    for match in unknown_words(text, vocab):
        if match.end() >= column:
            break
        names = vocab.grimoires + vocab.card_types + vocab.deed_targets
        return DslError(f"unknown word '{match.group()}'", column=match.start() + 1,
                        length=len(match.group()), source=text,
                        hint=suggest(match.group(), names) or _STARTS_HINT)
    return None


#: What a line that is a condition without its 'If' may be missing (as a repair's words to
#: put before it, and what that costs: more than most edits, as a line is seldom one).
_CONDITION_STARTS = (("If you have", 1.2), ("If", 1.2))


def _after_label(text: str, vocab: Vocabulary, reparse: Reparse) -> DslError | None:
    """A line that opens with a rulebook label and is wrong after it too: the error of the
    rest of the line, placed in the line, with a word on the label."""
    found = label_at(text)
    if found is None:
        return None
    label, offset = found
    try:
        reparse(text[offset:], vocab)
    except DslError as error:
        return DslError(error.message, column=error.column + offset, length=error.length,
                        source=text, hint=f"{error.hint}; and '{label.title()}' is a card's "
                        "field, not part of a line: leave it out")
    return None


def name_error(error: DslError, text: str, vocab: Vocabulary) -> DslError:
    """An unknown name that is a word of the intents table ('uncompleted'): its message."""
    word = text[error.column - 1: error.column - 1 + error.length]
    if error.message.startswith("unknown ") and intent_of(word) is not None:
        found = intent_error(text, error.column + error.length, vocab)
        if found is not None:
            return found
    return error


def _from_repairs(found: list[Repair], text: str, vocab: Vocabulary, column: int
                  ) -> DslError | None:
    """The message a line's best repair gives, or None when it should not be offered (it
    throws away a word for an intent the language lacks, which has its own message)."""
    if not found:
        return None
    best = found[0]
    same = [r for r in found[1:2] if r.cost == best.cost]
    return explain_repair(best, text, vocab, same)


def explain_repair(best: Repair, text: str, vocab: Vocabulary, others: Sequence[Repair] = ()
                   ) -> DslError:
    """The error a repair names: its first edit's meaning, at that edit's place, with the
    repaired line (and the next best, when there is one) as the hint."""
    edit, toks = best.first, list(best.toks)
    column, length = _place(edit, text)
    write = f"write '{best.text}'" + "".join(f" or '{o.text}'" for o in others)
    if edit.kind == "intent" and edit.old is not None:
        found = intent_of(edit.old.value)
        why = f"; {found.why}" if found is not None else ""
        return DslError(f"'{edit.old.value}' is not in the rules language; the nearest is "
                        f"'{best.text}'", column=column, length=length, source=text,
                        hint=why.removeprefix("; ") or write)
    if edit.kind == "label":
        return DslError(f"'{edit.words.title()}' is a card's field, not part of a line",
                        column=1, length=max(1, column - 1), source=text,
                        hint=f"write only what it says, as in '{best.text}'")
    case = case_of(edit, toks)
    if case is not None:
        hint = HINTS[case.label](best.text, vocab) if case.label in HINTS else write
        return DslError(case.message, column=column, length=length, source=text, hint=hint)
    if edit.kind == "lookalike" and edit.old is not None \
            and edit.words.lower() in best.text.lower():  # not a word the repair then drops
        shown_as = _cased(edit.words, edit.old.value)
        also = "" if len(best.edits) == 1 else f"; {write}"
        return DslError(f"unknown word '{edit.old.value}'", column=column, length=length,
                        source=text, hint=f"did you mean '{shown_as}'?{also}")
    if edit.kind == "prefix":
        return DslError(f"a condition starts with '{edit.words}'", column=1, source=text,
                        hint=write)
    if edit.old is None or edit.at >= len(toks):
        return DslError("the line ends too soon", column=column, source=text, hint=write)
    if edit.old.type == "BAD":  # a character the language never uses
        return DslError(f"unexpected character {edit.old.value!r}", column=column,
                        length=length, source=text, hint=write)
    return DslError(f"unexpected '{edit.old.value}'", column=column, length=length,
                    source=text, hint=write)


def _place(edit: Edit, text: str) -> tuple[int, int]:
    """(column, length) of what an edit mends: the token it changes, or where it inserts."""
    tok = edit.old
    if tok is None:
        return len(text.rstrip()) + 1, 1
    if edit.kind == "insert":
        return tok.start + 1, 1
    return tok.start + 1, max(1, tok.end - tok.start)


def _cased(word: str, like: str) -> str:
    """A keyword in the casing the writer used for its first letter ('Discard' for 'Discrad')."""
    return word[:1].upper() + word[1:] if like[:1].isupper() and word.islower() else word


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


def _special_character(text: str, column: int) -> DslError | None:
    """A negative count, or a byte that is not UTF-8: said as what they are."""
    if _NEGATIVE.match(text, column - 1):
        return DslError(
            "a count cannot be negative",
            column=column,
            hint="write a whole number from 0 up; to take cards away write "
            "'Remove 1 from any Dark Deed' or 'Discard 1'",
            source=text,
        )
    char = text[column - 1]
    if "\udc80" <= char <= "\udcff":  # a byte that was not UTF-8, kept by surrogateescape
        shown_text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        return DslError(
            f"a byte that is not UTF-8 (0x{ord(char) - 0xDC00:02X})",
            column=column,
            hint="save the text as UTF-8",
            source=shown_text,
        )
    return None


def _expected(exc: UnexpectedInput, text: str, column: int) -> DslError:
    if isinstance(exc, UnexpectedCharacters):
        return DslError(f"unexpected character {text[column - 1]!r}", column=column,
                        hint="effects use words, whole numbers, ':', ',', '.', ';' and '+' "
                        "only", source=text)
    token = getattr(exc, "token", None)
    if token is None or token.type == "$END":
        message = "the line ends too soon"
    else:
        message = f"unexpected '{token.value}'"
    unknown = [m for m in unknown_words(text, _NO_NAMES) if m.start() < column]
    expected = sorted({shown(name) for name in getattr(exc, "expected", ()) or ()})
    hint = ""
    if expected:
        listed = expected[:8]
        hint = "expected " + (", ".join(listed[:-1]) + " or " if len(listed) > 1 else "") \
            + listed[-1]
    if column == 1 or (token is not None and token.type == "WORD" and not unknown):
        hint = _STARTS_HINT  # nothing of the line is understood yet: say how lines start
    return DslError(message, column=column, hint=hint or _STARTS_HINT, source=text,
                    length=_length(exc))


_NO_NAMES = Vocabulary((), ())


def unknown_target(token: Token, vocab: Vocabulary) -> DslError:
    """An unknown word where a Dark Deed target (any, each, highest-points...) goes."""
    word = token.value
    hint = suggest(word, vocab.deed_targets + vocab.grimoires)
    keyword = "" if hint else suggest(word, language_words())
    if keyword:  # a misspelt word of the language ('matchng'), not a target
        return DslError(f"unknown word '{word}'", column=token.column or 1, length=len(word),
                        hint=keyword)
    if not hint:
        hint = f"use one of {one_of(vocab.deed_targets)}, or a {vocab.noun('grimoire')}'s name"
    return DslError(
        f"unknown {vocab.noun('Dark Deed')} target '{word}'",
        column=token.column or 1,
        length=len(word),
        hint=hint,
    )
