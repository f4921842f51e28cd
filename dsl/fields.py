"""Field guidance: a line's error and the role of the field it was written in, in; the error
that field would give out.

A line of the rules language stands in one of a card's fields, and a field has a role:

- ``effect``: an Arcana's effects, a Grimoire's Manifest, a Verse's reward;
- ``condition``: a Verse's condition;
- ``title``: a Title's condition;
- ``bonus``: a Dark Deed's When Complete bonus;
- ``hireling``: a Hireling's Support or Sabotage effect.

A pack declares each field's kind of line (``line: effect``, ``condition`` or ``title``
in its game.yaml); an effect field's role is then told by the kind of card it is on
(``KIND_ROLES``: a Dark Deed's effects are its bonus, a Hireling's its effect).
``verse`` is taken for ``condition``.

The parser knows nothing of fields; ``in_field`` takes its error and says what the field
knows: a Verse condition starts with 'If you have' or 'If your'; 'When Complete' is the
Dark Deed's own field, so the bonus is written alone; Support and Sabotage are the
Hireling's ``role:``. Every line it quotes parses. The loader (which reads the fields)
calls it with the field's role.
"""

from __future__ import annotations

import re

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse, read
from prophecy.dsl.printer import to_text
from prophecy.dsl.repair import LABELS, label_at, repairs
from prophecy.dsl.vocabulary import Vocabulary

#: Each role, and how its field is named in a message.
ROLES = {
    "effect": "an effect",
    "condition": "a Verse condition",
    "title": "a Title condition",
    "bonus": "a Dark Deed's When Complete bonus",
    "hireling": "a Hireling's effect",
    "reward": "a Verse's reward",
}
_ALIASES = {"verse": "condition"}
#: The role of an effect field, by the kind of card it is on (where it is not 'effect').
KIND_ROLES = {"deed": "bonus", "hireling": "hireling", "verse": "reward"}
#: Who a Verse's reward (or a Hireling's, on its Verse) goes to, written before it: the
#: players who meet the Verse's condition, which is who the rules give it to already.
_MEETS = re.compile(
    r"^\s*(?:(?:support|sabotage)\s*(?::|,|\s[-\u2013\u2014])\s*)?"  # its role, first
    r"(?:if you meet (?:this|the)(?: prophecy)?(?: verse| condition| one)?|"
    r"meet this(?: verse)? and|"
    r"(?:(?:anyone|everyone|everybody|each player|every player|all players|players|"
    r"the players?) (?:who|that)|whoever) (?:meets?|fulfils?|fulfills?|satisf(?:y|ies)|gets?|"
    r"earns?) "
    r"(?:this|the)(?: prophecy)?(?: verse's reward| verse| condition| one)?)"
    r"\s*,?\s*(?:(?:you|they) )?(?:also )?(?:(?:has|have|get|gets|must|can|may) to |must |"
    r"can |may )?", re.I)

#: What a Verse condition may be missing at its start, and what putting it there costs
#: (little: in that field a line is a condition).
CONDITION_STARTS = (("If you have", 0.3), ("If", 0.3), ("If your", 0.3))


def in_field(role: str, error: DslError, vocab: Vocabulary, kind: str = "") -> DslError:
    """The error of a line as the field of ``role`` would give it (the same error when the
    field has nothing to add); ``kind`` is the kind of card the field is on, which tells an
    effect field's role."""
    role = _ALIASES.get(role, role)
    if role == "effect":
        role = KIND_ROLES.get(kind, role)
    text = error.source
    if role not in ROLES or not text.strip():
        return error
    found = label_at(text)
    if found is not None:
        error = _labelled(role, found[0], found[1], text, error, vocab)
        return _title(text, error) if role == "title" else error
    if role == "condition":
        return _condition(text, error, vocab)
    if role == "title" and text.lstrip().lower().startswith("if "):
        return DslError("a Title condition is the most or the fewest of something, not 'If'",
                        column=1, length=2, source=text,
                        hint="write 'Most stashed cards' or 'Fewest cards in hand'")
    return _title(text, error) if role == "title" else error


def _title(text: str, error: DslError) -> DslError:
    """A Title's line offered a Verse's condition ('If you have ...'): what a Title is."""
    if "write 'If " not in error.hint:
        return error
    return DslError("a Title condition is the most or the fewest of something, not a count a "
                    "player reaches", column=error.column, length=error.length, source=text,
                    hint="the rules language has no Title won by reaching a number; write who "
                    "has the most or the fewest, as in 'Most stashed cards' or 'Highest "
                    "Necromancy Level'")


def read_in_field(role: str, text: str, vocab: Vocabulary, kind: str = ""
                  ) -> tuple[ast.Line, str] | None:
    """A line the parser refused that its field gives one meaning (ruling 20): its node and
    the note "reads as '...'"; None when the field adds no meaning to it.

    In a Verse's condition a line is a condition, so one written without its 'If'
    ('Have 2 or more stashed cards', 'Your Necromancy is Level 3') means it with its 'If',
    and a bare Level ('Blood Magic Level 3') means 'If your Blood Magic is Level 3 or
    higher' (ruling 19).
    """
    role = _ALIASES.get(role, role)
    if role == "effect":
        role = KIND_ROLES.get(kind, role)
    if role in ("reward", "hireling"):
        return _for_who_meets(text, vocab)
    if role != "condition" or text.lstrip().lower().startswith("if "):
        return None
    found = _level_condition(text, vocab)
    if found is None:
        found = next((r.text for r in repairs(text, vocab, parse, limit=1,
                                              prefixes=CONDITION_STARTS)
                      if r.first.kind == "prefix"), None)
    if found is None:
        return None
    try:
        node = parse(found, vocab)
    except DslError:
        return None
    if not isinstance(node, ast.Compare):
        return None
    canonical = to_text(node)
    return node, f"reads as '{canonical}'"


#: A verb's third person, as written after 'Whoever meets this Verse', and its own word.
_THIRD = {**{v.third.split()[0]: v.words.split()[0] for v in ast.VERBS.values()},
          "throws": "throw", "loses": "lose", "gives": "give", "puts": "put"}


def _for_who_meets(text: str, vocab: Vocabulary) -> tuple[ast.Line, str] | None:
    """A Verse's reward written with who gets it ('Whoever meets this Verse draws a card'):
    the reward alone, which the rules give to each player who meets the condition."""
    rest = _MEETS.sub("", text, count=1)
    if rest == text or not rest.strip():
        return None
    first, _, after = rest.partition(" ")
    rest = f"{_THIRD.get(first.lower(), first)} {after}"  # 'draws a card': 'Draw a card'
    try:
        node, _ = read(rest[:1].upper() + rest[1:], vocab)
    except DslError:
        return None
    if not isinstance(node, ast.Effect):
        return None
    return node, f"reads as '{to_text(node)}'"


def _level_condition(text: str, vocab: Vocabulary) -> str | None:
    """'Blood Magic Level 3' written as a Verse condition: 'If your Blood Magic is Level 3
    or higher' (a bare Level is that Level or higher); None for any other line."""
    try:
        node = parse(text.rstrip(" .") + ": Draw 1 Arcana", vocab)
    except DslError:
        return None
    if not isinstance(node, ast.Effect) or len(node.requirements) != 1:
        return None
    (req,) = node.requirements
    if not isinstance(req, ast.LevelReq) or req.grimoire not in vocab.grimoires:
        return None
    return f"If your {req.grimoire} is Level {req.level} or higher"


def _condition(text: str, error: DslError, vocab: Vocabulary) -> DslError:
    """A Verse condition without its 'If': the condition with it, when that parses; a
    requirement of an effect written as one: what a Verse condition cannot check."""
    if _requirement(text, vocab):
        return DslError("a Verse condition cannot check a card's type or grimoire: Top "
                        "Discard and Reveal are requirements of an effect, met as its card "
                        "is played", column=1, source=text,
                        length=max(1, len(text.split()[0])),
                        hint="the rules language has no Verse condition on a card; a Verse "
                        "condition counts what you have ('If you have 2 or more stashed "
                        "cards') or reads a Level ('If your Necromancy is Level 2 or higher')")
    if text.lstrip().lower().startswith("if "):
        return error
    for repair in repairs(text, vocab, parse, limit=1, prefixes=CONDITION_STARTS):
        if repair.first.kind == "prefix":
            return DslError("a Verse condition starts with 'If you have' or 'If your'",
                            column=1, source=text, length=max(1, len(text.split()[0])),
                            hint=f"write '{repair.text}'")
    inner = _with_if(text, vocab)
    if inner is not None:
        return inner
    return DslError(error.message, column=error.column, length=error.length, source=text,
                    hint=f"{error.hint}; a Verse condition is 'If you have N ...' or 'If your "
                    "<Grimoire> is Level N', as in 'If you have 2 or more stashed cards'")


def _with_if(text: str, vocab: Vocabulary) -> DslError | None:
    """A condition written without its 'If' that is wrong further on too ('Have a Dark Deed
    with 3 or more cards on it'): the error of the line with its 'If', placed in the line as
    written, when it falls past the words put in; None when none does."""
    line = text.lstrip()
    lead = len(text) - len(line)
    first = line.split(" ", 1)[0].lower()
    adds = ("If you ",) if first == "have" else ("If ",) if first in ("you", "your") else \
        ("If you have ", "If ")
    best: DslError | None = None
    for add in adds:
        try:
            parse(add + line[:1].lower() + line[1:], vocab)
        except DslError as error:
            column = error.column - len(add) + lead
            names = error.message.startswith("the rules language has no") or \
                "is not in the rules language" in error.message
            if names and column > 1 and (best is None or column > best.column):
                best = DslError(error.message, column=column, length=error.length,
                                source=text, hint=error.hint)
    return best


def _requirement(text: str, vocab: Vocabulary) -> bool:
    """Whether the line is a requirement that is not a condition (Top Discard, Reveal)."""
    try:
        node = parse(text.rstrip(" .") + ": Draw 1 Arcana", vocab)
    except DslError:
        return False
    return isinstance(node, ast.Effect) and bool(node.requirements) and not any(
        isinstance(r, ast.Compare) for r in node.requirements)


def _labelled(role: str, label: str, offset: int, text: str, error: DslError,
              vocab: Vocabulary) -> DslError:
    """A line that opens with a rulebook label: what the label is in this field, and the
    line written without it (or, if that is wrong too, its own error)."""
    says = _label_says(role, label)
    try:
        rest = parse(text[offset:], vocab)
    except DslError as inner:
        return DslError(inner.message, column=inner.column + offset, length=inner.length,
                        source=text, hint=f"{inner.hint}; {says}")
    return DslError(f"'{label.title()}' is not part of the line", column=1,
                    length=max(1, offset - 1), source=text,
                    hint=f"{says}; write '{to_text(rest)}'")


def _label_says(role: str, label: str) -> str:
    """What a rulebook label is, said for the field the line is in."""
    named = LABELS[label]
    if named == "bonus":
        return ("this field, when_complete:, is the When Complete bonus: it holds the bonus "
                "alone" if role == "bonus" else
                f"When Complete is a Dark Deed's field (when_complete:), not {ROLES[role]}")
    if named == "hireling":
        word = label.split()[0].lower()
        which = f" (role: {word})" if word in ("support", "sabotage") else ""
        return (f"Support and Sabotage are the Hireling's role field{which}; its effect "
                "holds the effect alone" if role == "hireling" else
                f"Support and Sabotage are a Hireling's role field, not part of {ROLES[role]}")
    return f"'{label.title()}' names a card's field, which holds the line alone"
