"""Whether an action can happen now: an action node in, a predicate on the game out.

"Choose one" offers the player only options that can happen: a discard
needs a card in hand, a draw needs a card left to draw, a level change a
Grimoire that can move. ``POSSIBLE`` has one entry per action class, so a
new verb cannot be offered blindly (a test holds the table to the classes).
A count of 0 does nothing, so it never counts as possible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prophecy.compiler.handlers import Names, deed_target, grimoire_options, seats_from
from prophecy.compiler.runtime import Pred, Runtime, Seat
from prophecy.dsl import ast


def possible(node: ast.Node, names: Names) -> Pred:
    """The predicate 'this action can happen for the player now'."""
    return POSSIBLE[type(node)](node, names)


def _with_count(count: int, pred: Pred) -> Pred:
    return pred if count > 0 else (lambda g, p: False)


def _arcana(node: Any, names: Names) -> Pred:
    return _with_count(getattr(node, "count", 1), lambda g, p: g.arcana_left() > 0)


def _add(node: ast.AddToDeed, names: Names) -> Pred:
    slots = deed_target(node.target, names)
    return _with_count(node.count, lambda g, p: bool(slots(g, p)) and g.arcana_left() > 0)


def _remove(node: ast.RemoveFromDeed, names: Names) -> Pred:
    slots = deed_target(node.target, names)
    return _with_count(node.count, lambda g, p: any(p.stored[s] for s in slots(g, p)))


def _in_hand(count: int, bit: int) -> Pred:
    def pred(g: Runtime, p: Seat) -> bool:
        mask = g.mask
        return any(mask[c] & bit for c in p.hand) if bit else bool(p.hand)

    return _with_count(count, pred)


def _stash(node: ast.Stash, names: Names) -> Pred:
    if node.source == "hand":
        return _in_hand(node.count, names.bit(node.match))
    if node.source == "discard":
        return _with_count(node.count, lambda g, p: bool(p.pile))
    return _arcana(node, names)


def _level(delta: int) -> Callable[[Any, Names], Pred]:
    def make(node: ast.LevelUp | ast.LevelDown, names: Names) -> Pred:
        gi = names.grimoire(node.grimoire)
        if gi is None or gi == -1:
            return lambda g, p: False
        return lambda g, p: bool(grimoire_options(g, p, gi, delta))

    return make


def _repeat(node: ast.Repeat, names: Names) -> Pred:
    return _with_count(node.times, possible(node.action, names))


def _each(node: ast.Each, names: Names) -> Pred:
    inner, opponents = possible(node.action, names), node.who == "opponent"
    return lambda g, p: any(inner(g, q) for q in seats_from(g, p, opponents))


def _choose(node: ast.Choose, names: Names) -> Pred:
    options = [[possible(a, names) for a in option] for option in node.options]
    return lambda g, p: any(all(can(g, p) for can in option) for option in options)


POSSIBLE: dict[type[ast.Node], Callable[[Any, Names], Pred]] = {
    ast.AddToDeed: _add,
    ast.RemoveFromDeed: _remove,
    ast.Stash: _stash,
    ast.DrawArcana: _arcana,
    ast.DrawDeeds: lambda n, names: _with_count(n.count, lambda g, p: g.deeds_left() > 0),
    ast.LevelUp: _level(1),
    ast.LevelDown: _level(-1),
    ast.Discard: lambda n, names: _in_hand(n.count, names.bit(n.match)),
    ast.RevealUntil: _arcana,
    ast.TakeFromDiscard: lambda n, names: _with_count(n.count, lambda g, p: bool(p.pile)),
    ast.LookAtDeck: _arcana,
    ast.GainPoints: lambda n, names: _with_count(n.count, lambda g, p: True),
    ast.Repeat: _repeat,
    ast.Each: _each,
    ast.Choose: _choose,
}
