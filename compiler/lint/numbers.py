"""Numbers in written rules text: prose in, numbers that disagree with ``game.yaml`` out.

The reference heading and the summary generated for the reference card, verse
text, hireling reminders and the Markdown under ``docs/`` restate rules ("up to
3 actions", "a hand limit of 7"). Each pattern below reads such a phrase and
names the rules constant it restates; a number that differs from that
constant is an error, since the card would print last month's rules.
Quotations and code are skipped in documents (see ``terms``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from prophecy.compiler import faces
from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.lint.source import word_place
from prophecy.compiler.lint.terms import designs, doc_file, prose_lines
from prophecy.compiler.model import Card, Place, Rules, prose_fields
from prophecy.compiler.model.files import regular_files
from prophecy.compiler.model.pack import Pack

rule("PL801", "number-disagrees", "error",
     "a number in written rules text disagrees with game.yaml")

WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
         "once": 1, "twice": 2, "thrice": 3}
N = r"(\d+|" + "|".join(WORDS) + ")"


@dataclass(frozen=True)
class Claim:
    """A phrase that restates rules: which group is which constant, and how to compare."""

    pattern: re.Pattern[str]
    fields: tuple[str, ...]
    test: Callable[[int, int], bool] = lambda said, rule: said == rule
    words: str = "is"


def _claim(regex: str, *fields: str, at_most: bool = False) -> Claim:
    if at_most:
        return Claim(re.compile(regex, re.IGNORECASE), fields, lambda s, r: s <= r, "is at most")
    return Claim(re.compile(regex, re.IGNORECASE), fields)


CLAIMS: tuple[Claim, ...] = (
    _claim(rf"\blevel {N}\b", "max_level", at_most=True),
    _claim(rf"\blevels? {N} (?:to|through|-|–) {N}\b", "min_level", "max_level"),
    _claim(rf"\b(?:lasts?|over|after|in all|for) {N} rounds\b", "rounds"),
    _claim(rf"\brounds? \({N} in all\)", "rounds"),
    _claim(rf"\bround {N}\b", "rounds", at_most=True),
    _claim(rf"\b(?:up to|take|takes|of) {N} actions\b", "actions_per_round"),
    _claim(rf"\bactions:? up to {N}\b", "actions_per_round"),
    _claim(rf"\b(?:each|same) (?:kind of action|kind|action)\b[^.;]{{0,40}}?\b{N}(?: times)?\b",
           "action_kind_limit"),
    _claim(rf"\bhand(?: limit| size)?(?: is| of|:)? {N}\b", "hand_limit"),
    _claim(rf"\b(?:more than|over) {N} cards in (?:your |their )?hand\b", "hand_limit"),
    _claim(rf"\bstarting hand (?:is |of )?{N}\b", "starting_hand"),
    _claim(rf"\b{N} (?:points? )?(?:per|for each|for every|a|each) stashed card", "stash_points"),
    _claim(rf"\bstashed cards? (?:is |are )?worth {N}\b", "stash_points"),
    _claim(rf"\b(?:at most|up to|no more than|limit of) {N} Dark Deeds\b", "deed_limit"),
    _claim(rf"\bDark Deeds:? {N}\b", "deed_limit"),
    _claim(rf"\bhirelings?\b[^.]{{0,30}}?\bfrom round {N}\b", "hireling_first_round"),
    _claim(rf"\bdraw:? {N} Arcana,? or {N} Arcana\b", "draw_phase_arcana",
           "draw_phase_mixed_arcana"),
    _claim(rf"\bdraw {N} Dark Deeds?,? (?:and |then )?keep {N}\b", "deed_draw", "deed_keep"),
    _claim(rf"\bstart(?:s|ing)? with {N} Dark Deeds\b", "starting_deeds"),
    _claim(rf"\b{N} (?:to|-|–) {N} players\b", "min_players", "max_players"),
)


def number(word: str) -> int:
    return int(word) if word.isdigit() else WORDS[word.lower()]


@dataclass(frozen=True)
class Disagreement:
    start: int
    said: str
    field: str
    value: int
    words: str


def disagreements(text: str, rules: Rules) -> Iterator[Disagreement]:
    """Each number in ``text`` that restates a rules constant wrongly."""
    for claim in CLAIMS:
        for m in claim.pattern.finditer(text):
            for group, field in enumerate(claim.fields, 1):
                value = getattr(rules, field)
                if not claim.test(number(m.group(group)), value):
                    yield Disagreement(m.start(group), m.group(group), field, value, claim.words)


def _finding(d: Disagreement, place: Place, where: str) -> Finding:
    return Finding("PL801", f"{where} says {d.said} where rules.{d.field} {d.words} {d.value}",
                   place, f"write {d.value}, or change {d.field} in game.yaml")


#: The prose fields that state rules (names and flavour are story, not rules).
RULES_FIELDS = ("heading", "text", "reminder")


def rules_prose(card: Card, pack: Pack) -> Iterator[tuple[str, str]]:
    """The printed prose fields of a card that state rules."""
    return ((f, text) for f, text in prose_fields(card, pack) if f in RULES_FIELDS)


@check("PL801", engine="dark-prophecies")
def numbers_in_cards(ctx: Context) -> Iterator[Finding]:
    """Rules numbers on the cards' prose."""
    for card in designs(ctx):
        for field, text in rules_prose(card, ctx.content.pack):
            for d in disagreements(text, ctx.content.rules):
                yield _finding(d, word_place(ctx, card, field, text, d.start),
                               f"the {field} of '{card.name}'")


@check("PL801", engine="dark-prophecies")
def numbers_in_generated(ctx: Context) -> Iterator[Finding]:
    """Rules numbers in the reference card's summary, as generated from its template."""
    cards = [c for c in designs(ctx) if c.kind == "reference"]
    if not cards:
        return
    for text in faces.reference_lines(ctx.content):
        for d in disagreements(text, ctx.content.rules):
            yield _finding(d, cards[0].place, "the generated reference summary")


@check("PL801", engine="dark-prophecies")
def numbers_in_docs(ctx: Context) -> Iterator[Finding]:
    """Rules numbers in the documents' prose."""
    if ctx.docs is None or not ctx.docs.is_dir():
        return
    for path in regular_files(ctx.docs, "*.md"):
        file = doc_file(ctx, path)
        for line, text in prose_lines(path):
            for d in disagreements(text, ctx.content.rules):
                yield _finding(d, Place(file, line, d.start + 1), path.name)
