"""Requirement checks: effect-line ASTs in, requirements that can never (or always) hold out.

Each numeric requirement becomes an interval on one quantity of a player
(``Grimoire Level 2`` on a Necromancy card is level(Necromancy) in [2, 4]). A
line whose intervals for one quantity do not meet can never be met; one whose
interval lies outside what the rules allow (a level above ``rules.max_level``,
more Dark Deeds than ``rules.deed_limit``) neither. Top-discard and reveal
requirements are checked against the types and grimoires the Arcana cards
really have.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, cast

from prophecy.compiler.lint.core import Context, Edit, Finding, check, per_content, rule
from prophecy.compiler.lint.source import node_place
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.model import Card, Content, EffectLine, effect_lines_of, nouns
from prophecy.dsl import ast
from prophecy.dsl.printer import to_text

rule("PL201", "level-above-top", "error",
     "a requirement asks for a Grimoire level above the top level (rules.max_level)")
rule("PL202", "no-such-card", "error",
     "a requirement or action names a type or grimoire that no Arcana card has")
rule("PL203", "contradictory-requirements", "error",
     "the requirements of one line can never hold together")
rule("PL204", "count-above-limit", "error",
     "a condition asks for more than the rules let a player have")
rule("PL301", "own-grimoire-by-name", "warning",
     "a card names its own grimoire where 'Grimoire Level N', 'matching' or 'this Grimoire' "
     "says it")
rule("PL302", "repeated-requirement", "warning",
     "the same requirement is written twice on one line")
rule("PL303", "always-met", "warning",
     "a requirement that every player always meets")
rule("PL304", "implied-requirement", "warning",
     "a requirement implied by a stronger one on the same line")
rule("PL306", "no-verse-face-down", "warning",
     "'Look at the next Prophecy Verse' on a line used only when every Verse is face up")

INF = math.inf
#: Each quantity a requirement asks about, in the language's nouns (``said`` in the pack's).
QUANTITY_WORDS = {
    "stashed": "stashed cards", "hand": "cards in hand", "pile": "cards in the discard pile",
    "deed_cards": "cards on Dark Deeds", "completed": "completed Dark Deeds",
    "deeds": "Dark Deeds in play", "level": "the Grimoire's level",
    "total_level": "Grimoire levels", "grimoires": "Grimoires",
}


@dataclass(frozen=True)
class Bound:
    """A requirement as an interval [low, high] on one quantity of a player."""

    key: tuple[str, str | None]
    low: float
    high: float
    node: ast.Node


def lines_with_cards(ctx: Context) -> Iterator[tuple[Card, EffectLine]]:
    """Every effect line of every card design, with its card."""
    for card in designs(ctx):
        for line in effect_lines_of(card):
            yield card, line


def requirements(line: EffectLine) -> tuple[ast.Node, ...]:
    """The requirements of a line: an Effect's, or a verse condition itself."""
    node = line.node
    if isinstance(node, ast.Effect):
        return node.requirements
    if isinstance(node, ast.Compare):
        return (node,)
    return ()


def _own(ref: str | None, card: Card) -> str | None:
    return card.grimoire_of if ref == ast.THIS else ref


def bound_of(req: ast.Node, card: Card) -> Bound | None:
    """The interval a level requirement or comparison sets, or None."""
    if isinstance(req, ast.LevelReq):
        return Bound(("level", _own(req.grimoire, card)), req.level, INF, req)
    if isinstance(req, ast.Compare):
        key = (req.subject.quantity, _own(req.subject.grimoire, card))
        low, high = {"at_least": (req.value, INF), "at_most": (0, req.value),
                     "exactly": (req.value, req.value)}[req.op]
        return Bound(key, low, high, req)
    return None


def limits(content: Content, key: tuple[str, str | None]) -> tuple[float, float]:
    """What a player can have of a quantity under the rules: [lowest, highest]."""
    rules = content.rules
    quantity, grimoire = key
    if quantity == "level":
        return rules.min_level, rules.max_level
    if quantity == "total_level":
        n = len(content.grimoires)
        return rules.min_level * n, rules.max_level * n
    if quantity == "grimoires":
        return 0, len(content.grimoires)
    if quantity == "deeds":
        return 0, rules.deed_limit
    if quantity == "hand":
        return 0, rules.hand_limit
    if quantity == "completed":
        copies = deed_copies(content)
        return 0, copies.get(grimoire, 0) if copies else INF
    return 0, INF


@per_content
def deed_copies(content: Content) -> dict[str | None, int]:
    """Dark Deed cards in the box, by grimoire and in all (key None)."""
    out: dict[str | None, int] = {}
    for card in {c.id: c for c in content.of_kind("deed")}.values():
        for key in (None, card.grimoire_of):
            out[key] = out.get(key, 0) + card.copies
    return out


def _words(key: tuple[str, str | None], content: Content) -> str:
    """A quantity a requirement asks about, in the pack's nouns: 'Dark Deeds in play'."""
    quantity, grimoire = key
    words = nouns.said(content, QUANTITY_WORDS.get(quantity, quantity))
    return f"{words} ({grimoire})" if grimoire else words


@check("PL201", "PL204", "PL303", engine="dark-prophecies")
def bounds_within_rules(ctx: Context) -> Iterator[Finding]:
    """Each requirement alone: impossible (PL201/PL204) or always met (PL303)."""
    for card, line in lines_with_cards(ctx):
        for req in requirements(line):
            bound = bound_of(req, card)
            if bound is None:
                continue
            low, high = limits(ctx.content, bound.key)
            place = node_place(line, req)
            text = to_text(req)
            if bound.low > high:
                code = "PL201" if bound.key[0] == "level" else "PL204"
                yield Finding(code, f"'{text}' can never be met: the most is {high:g}", place,
                              f"ask for {high:g} at most, or raise the limit in game.yaml")
            elif bound.low <= low and bound.high >= high:
                yield Finding("PL303", f"'{text}' is always met", place,
                              "delete the requirement, or ask for more",
                              _drop_fix(line, req))


@check("PL306", engine="dark-prophecies")
def verse_to_look_at(ctx: Context) -> Iterator[Finding]:
    """'Look at the next Prophecy Verse' in rounds (those its line's round requirements
    allow) where the rules leave no Verse of the Prophecy Area face down: it does nothing."""
    content = ctx.content
    if content.options.verses != "row":  # Verses met on the deck lie face down any round
        return
    hidden = _rounds_with_a_verse_face_down(content)
    for _card, line in lines_with_cards(ctx):
        if not _looks_at_verse(line.node):
            continue
        rounds = _rounds_allowed(requirements(line), content.rules.rounds)
        if rounds and not rounds & hidden:
            when = "in the rounds this line allows" if len(rounds) < content.rules.rounds \
                else "in any round"
            yield Finding("PL306", f"'{line.text}' looks at the next Prophecy Verse, but "
                          f"every Verse is face up {when}, so it does nothing", line.place,
                          "use it in an earlier round, or give the line another action")


def _looks_at_verse(value: object) -> bool:
    """Whether a node holds 'Look at the next Prophecy Verse' anywhere, the options of a
    'Choose one' too (tuples of tuples, which ``ast.walk`` does not open)."""
    if isinstance(value, ast.LookAtVerse):
        return True
    if isinstance(value, tuple):
        return any(_looks_at_verse(v) for v in value)
    if isinstance(value, ast.Node):
        return any(_looks_at_verse(getattr(value, f.name)) for f in fields(value))
    return False


def _rounds_with_a_verse_face_down(content: Content) -> set[int]:
    """The rounds whose action phase has a Verse of the Prophecy Area still face down: fewer
    Verses face up (``rules.verses_per_round``) than the Prophecy has positions."""
    positions = len({c.get("position") for c in content.of_kind("verse")})
    schedule = content.rules.verses_per_round
    return {r for r in range(1, content.rules.rounds + 1)
            if r <= len(schedule) and schedule[r - 1] < positions}


def _rounds_allowed(reqs: tuple[ast.Node, ...], last: int) -> set[int]:
    """The rounds a line's 'In round N' requirements leave (all of them without one)."""
    rounds = set(range(1, last + 1))
    for req in reqs:
        if isinstance(req, ast.RoundReq):
            rounds &= {r for r in rounds if (req.op == "at_least" and r >= req.round)
                       or (req.op == "at_most" and r <= req.round) or r == req.round}
    return rounds


@check("PL203", engine="dark-prophecies")
def contradictions(ctx: Context) -> Iterator[Finding]:
    """Requirements on one line that exclude each other."""
    for card, line in lines_with_cards(ctx):
        yield from _interval_conflicts(ctx, card, line)
        yield from _top_discard_conflicts(ctx, line)


def _interval_conflicts(ctx: Context, card: Card, line: EffectLine) -> Iterator[Finding]:
    by_key: dict[tuple[str, str | None], list[Bound]] = {}
    for req in requirements(line):
        bound = bound_of(req, card)
        if bound is not None:
            by_key.setdefault(bound.key, []).append(bound)
    for key, bounds in by_key.items():
        for i, a in enumerate(bounds):
            for b in bounds[i + 1:]:
                if max(a.low, b.low) > min(a.high, b.high):
                    yield Finding(
                        "PL203",
                        f"'{to_text(a.node)}' and '{to_text(b.node)}' can never both hold",
                        node_place(line, b.node),
                        f"keep one of the two requirements on {_words(key, ctx.content)}",
                    )


def arcana_matches(content: Content) -> list[set[str]]:
    """For each Arcana design, the names a match can use for it: its types and grimoire."""
    out = []
    for card in {c.id: c for c in content.of_kind("arcana")}.values():
        if card.kind == "arcana":
            out.append({*card.types, card.grimoire})
    return out


def _top_discard_conflicts(ctx: Context, line: EffectLine) -> Iterator[Finding]:
    reqs = [r for r in requirements(line) if isinstance(r, ast.TopDiscardReq)]
    wanted = {r.match for r in reqs}
    if len(wanted) < 2:
        return
    content = ctx.content
    cards = arcana_matches(content)
    if cards and not any(wanted <= names for names in cards):
        names = " + ".join(to_text(r) for r in reqs)
        card_of, grimoire = nouns.label(content, "arcana"), nouns.noun(content, "grimoire")
        yield Finding("PL203", f"no {card_of} is all of {sorted(wanted)}: '{names}' never holds",
                      node_place(line, reqs[-1]),
                      f"the top card is one card: ask for one type or {grimoire}")


def _matches(node: ast.Node) -> str | None:
    if isinstance(node, ast.TopDiscardReq | ast.RevealReq | ast.Stash | ast.RevealUntil):
        return node.match
    return None


@check("PL202", engine="dark-prophecies")
def matches_exist(ctx: Context) -> Iterator[Finding]:
    """Reveal, top-discard, stash and reveal-until of a type or grimoire no card has."""
    content = ctx.content
    cards = arcana_matches(content)
    if not cards:
        return
    have = set().union(*cards)
    card_of, all_of = nouns.label(content, "arcana"), nouns.cards_of(content, "arcana", 2)
    hint = f"name a type or {nouns.noun(content, 'grimoire')} the {all_of} have"
    for card, line in lines_with_cards(ctx):
        for node in ast.walk(line.node):
            match = _own(_matches(node), card)
            if match and match not in (ast.THIS, ast.ANY) and match not in have:
                yield Finding("PL202", f"no {card_of} is a {match}: '{to_text(node)}' never "
                              "finds one", node_place(line, node), hint)


# ------------------------------------------------------------ redundant words
@check("PL302", "PL304", engine="dark-prophecies")
def repeated(ctx: Context) -> Iterator[Finding]:
    """A requirement written twice, or implied by a stronger one on the same line."""
    for card, line in lines_with_cards(ctx):
        reqs = requirements(line) if isinstance(line.node, ast.Effect) else ()
        for i, req in enumerate(reqs):
            if req in reqs[:i]:
                yield Finding("PL302", f"'{to_text(req)}' is written twice",
                              node_place(line, req), "delete the second one", _drop_fix(line, req))
                continue
            stronger = _stronger(req, reqs, card)
            if stronger is not None:
                yield Finding("PL304", f"'{to_text(req)}' is implied by '{to_text(stronger)}'",
                              node_place(line, req), "delete the weaker requirement",
                              _drop_fix(line, req))


def _stronger(req: ast.Node, reqs: tuple[ast.Node, ...], card: Card) -> ast.Node | None:
    mine = bound_of(req, card)
    if mine is None:
        return None
    for other in reqs:
        theirs = bound_of(other, card)
        if other == req or theirs is None or theirs.key != mine.key:
            continue
        if mine.low <= theirs.low and theirs.high <= mine.high:
            return other
    return None


def _drop_fix(line: EffectLine, req: ast.Node) -> Edit | None:
    node = line.node
    if not isinstance(node, ast.Effect):
        return None
    reqs = list(node.requirements)
    # Drop the last equal one, so a repeated requirement keeps its first spelling.
    index = len(reqs) - 1 - [r is req for r in reversed(reqs)].index(True)
    del reqs[index]
    return effect_fix(line, replace(node, requirements=tuple(reqs)))


def effect_fix(line: EffectLine, node: ast.Line) -> Edit:
    """A fix that rewrites a whole effect line as the canonical text of ``node``."""
    return Edit(line.place, line.written or line.text, to_text(node), effect=True)


@check("PL301", engine="dark-prophecies")
def own_grimoire_by_name(ctx: Context) -> Iterator[Finding]:
    """'Necromancy Level 2' on a Necromancy card: 'Grimoire Level 2' says it."""
    for card, line in lines_with_cards(ctx):
        own = card.grimoire_of
        if own is None or not isinstance(line.node, ast.Effect):
            continue
        for node in ast.walk(line.node):
            if _names(node, own):
                better = to_text(_to_this(node, own))
                own_noun = nouns.noun(ctx.content, "grimoire")
                yield Finding("PL301", f"'{to_text(node)}' names this card's own {own_noun}",
                              node_place(line, node), f"write '{better}'",
                              effect_fix(line, _rewrite(line.node, own)))


def _names(node: ast.Node, own: str) -> bool:
    if isinstance(node, ast.LevelReq | ast.LevelUp | ast.LevelDown):
        return node.grimoire == own
    if isinstance(node, ast.DeedTarget):
        return node.grimoire == own
    if isinstance(node, ast.Stash | ast.RevealUntil):
        return node.match == own
    return False


def _to_this(node: ast.Node, own: str) -> ast.Node:
    if not _names(node, own):
        return node
    if isinstance(node, ast.Stash | ast.RevealUntil):
        return replace(node, match=ast.THIS)
    named: Any = node  # a node with a grimoire (_names says so)
    return cast(ast.Node, replace(named, grimoire=ast.THIS))


def _rewrite(node: ast.Effect, own: str) -> ast.Effect:
    def deep(n: ast.Node) -> ast.Node:
        if isinstance(n, ast.AddToDeed | ast.RemoveFromDeed):
            return replace(n, target=cast(ast.DeedTarget, _to_this(n.target, own)))
        return _to_this(n, own)

    return replace(node,
                   requirements=tuple(cast(ast.Requirement, deep(r)) for r in node.requirements),
                   actions=tuple(cast(ast.Action, deep(a)) for a in node.actions))
