"""Completion: the text before the cursor in an effect line in, the words that may come next out.

The grammar itself says what may follow: the words typed so far are fed to
Lark's interactive LALR parser, and the terminals it accepts next become
the offers: a keyword terminal offers its word, the catch-all WORD offers
the vocabulary's names (grimoires, card types, Dark Deed targets). So a
keyword added to ``dsl/grammar.lark`` is offered without a change here.
Keywords are spelt as the canonical printer spells them (learnt from the
content's canonical lines), capitalised where a requirement or an action
starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prophecy.dsl.diagnose import keywords
from prophecy.dsl.grammar import lark_parser
from prophecy.dsl.printer import THIRD_PERSON
from prophecy.dsl.vocabulary import Vocabulary

_PARTIAL = re.compile(r"[A-Za-z][A-Za-z'\-]*$")
#: After these, a new requirement or action starts: its first word is capitalised.
_STARTS = re.compile(r"(^|[:+]|\bthen)\s*$", re.I)


#: A lone 'or' at the end: the first word of 'or more' or 'or fewer', or a join.
_OR = re.compile(r"\bor\s+$", re.I)
#: The pattern terminals the printer spells in two words.
_BOUNDS = {"OR_MORE": "or more", "OR_LESS": "or fewer"}
#: A player just named: the verb that follows takes its third-person form.
_SUBJECT = re.compile(r"\b(opponents?|players?)\s+$", re.I)


@dataclass(frozen=True)
class Offer:
    """One completion: the word, what it is, and the partial word it replaces."""

    label: str
    kind: str  # keyword, grimoire, card type, Dark Deed target, card
    replaces: int  # how many characters before the cursor it replaces


def effect_offers(before: str, vocab: Vocabulary, casing: dict[str, str]) -> list[Offer]:
    """What may follow ``before`` (the line up to the cursor), filtered by the word begun."""
    partial_match = _PARTIAL.search(before)
    partial = partial_match.group() if partial_match else ""
    head = before[: len(before) - len(partial)]
    accepted = _accepts(head)
    if accepted is None and head.rstrip().endswith(","):
        stripped = _accepts(head.rstrip().rstrip(","))  # ', then' starts with the comma
        accepted = {"_THEN"} & (stripped or set())
    if accepted is None and _OR.search(head):  # 'or more' and 'or fewer' are one token each
        stripped = _accepts(_OR.sub("", head))
        accepted = {"OR_MORE", "OR_LESS"} & (stripped or set())
        if accepted:
            return [o for o in (Offer(_BOUNDS[t].split()[1], "keyword", len(partial))
                                for t in sorted(accepted))
                    if o.label.startswith(partial.lower()) and o.label != partial.lower()]
    if accepted is None:
        return []
    return [o for o in _offers(accepted, head, vocab, casing, len(partial))
            if o.label.lower().startswith(partial.lower()) and o.label.lower() != partial.lower()]


def _accepts(head: str) -> set[str] | None:
    """The terminals the grammar accepts after ``head``; None when ``head`` cannot start a line."""
    from lark.exceptions import LarkError


    try:
        interactive = lark_parser().parse_interactive(head)
        interactive.exhaust_lexer()
        return set(interactive.accepts())  # type: ignore[no-untyped-call]
    except LarkError:
        return None


def _offers(accepted: set[str], head: str, vocab: Vocabulary, casing: dict[str, str],
            replaces: int) -> list[Offer]:
    start = bool(_STARTS.search(head))
    words = {name: word for word, name in keywords().items()}
    # A verb has two forms ('discard', 'discards'); offer the one the printer writes here.
    third = {form for form in THIRD_PERSON.values()}
    base = {verb.lower() for verb in THIRD_PERSON}
    unwanted = base if _SUBJECT.search(head) else third
    out: list[Offer] = []
    for terminal in sorted(accepted):
        if terminal in _BOUNDS:
            out.append(Offer(_BOUNDS[terminal], "keyword", replaces))
        elif terminal in words and words[terminal] in unwanted:
            continue
        elif terminal in words:
            word = words[terminal]
            label = casing.get(word, word)
            if start:
                label = label[:1].upper() + label[1:]
            out.append(Offer(label, "keyword", replaces))
        elif terminal == "WORD":
            out += [Offer(g, "grimoire", replaces) for g in vocab.grimoires]
            out += [Offer(t, "card type", replaces) for t in vocab.card_types]
            if {"ANY", "MATCHING"} <= accepted:  # where a Dark Deed target may stand
                out += [Offer(t, "Dark Deed target", replaces) for t in vocab.deed_targets]
    unique: dict[str, Offer] = {}
    for offer in out:
        unique.setdefault(offer.label.lower(), offer)
    return list(unique.values())


def casing_of(lines: list[str]) -> dict[str, str]:
    """Each word's spelling in canonical lines (lowercase → as printed), first seen wins."""
    out: dict[str, str] = {}
    for line in lines:
        for word in re.findall(r"[A-Za-z][A-Za-z'\-]*", line):
            out.setdefault(word.lower(), word)
    return out


def name_offers(partial: str, names: list[tuple[str, str]]) -> list[Offer]:
    """Names (of cards, grimoires, ...) that start with what is typed, as (name, kind)."""
    typed = partial.lower()
    return [Offer(name, kind, len(partial)) for name, kind in names
            if name.lower().startswith(typed) and name.lower() != typed]
