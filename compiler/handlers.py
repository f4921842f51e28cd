"""Handlers: rules-language AST in, plain Python closures the engine calls out.

Each AST class has one entry in ``HANDLERS``; an entry takes the node and the
card's ``Names`` (how to turn names into the engine's indices and bit masks)
and returns a closure. Requirements become predicates ``pred(game, player) ->
bool``, actions become operations ``op(game, player) -> bool`` (whether the action
happened in full: ruling 17 lets a later action of a line happen only when every
earlier one did, see ``resolve``), a ``Quantity``
becomes ``count(game, player) -> int``, a ``DeedTarget`` becomes
``slots(game, player) -> list[int]`` (the eligible Dark Deeds), an ``Effect``
becomes ``(preds, ops)`` and a ``Title`` becomes ``award(game) -> player |
None``. ``THIS`` is resolved here, once per card, so nothing is looked up
while a game runs.

The closures see a game only through the protocols of ``compiler/runtime.py``
(``Runtime`` and ``Seat``), which the engine implements; the compiler never
imports the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prophecy.compiler.runtime import (
    ASK_AMOUNT,
    ASK_CHOOSE,
    ASK_DEED,
    ASK_LEVEL_DOWN,
    ASK_LEVEL_UP,
    ASK_OPPONENT,
    ASK_UNSTORE,
    Award,
    Compiled,
    Count,
    Op,
    Place,
    Pred,
    Runtime,
    Seat,
    Slots,
)
from prophecy.dsl import ast
from prophecy.dsl.printer import paid

ASK_STASH = ast.Stash.verb.asks  # which card of the hand to stash

NONE = -1  # a grimoire index that names nothing (THIS on a card without a grimoire)
ANY_GRIMOIRE = -2
HIGHEST_GRIMOIRE = -3
LOWEST_GRIMOIRE = -4
_SELECTORS = {ast.ANY: ANY_GRIMOIRE, ast.HIGHEST: HIGHEST_GRIMOIRE, ast.LOWEST: LOWEST_GRIMOIRE}
NO_BIT = 1 << 62  # a mask bit no card has (THIS on a card without a grimoire)


@dataclass(frozen=True)
class Names:
    """Turns the names a card may use into the engine's numbers."""

    grimoires: dict[str, int]  # grimoire name -> index
    bits: dict[str, int]  # grimoire or card type name -> bit of a card's mask
    this: str | None = None  # the grimoire of the card the line is printed on

    def grimoire(self, name: str | None) -> int | None:
        """Index of a grimoire reference; None for no filter, NONE for an unmet THIS."""
        if name is None:
            return None
        if name in _SELECTORS:
            return _SELECTORS[name]
        if name == ast.THIS:
            return NONE if self.this is None else self.grimoires[self.this]
        return self.grimoires[name]

    def bit(self, name: str | None) -> int:
        """Mask bit for a type or grimoire match; 0 means 'any card'."""
        if name is None:
            return 0
        if name == ast.THIS:
            return self.bits[self.this] if self.this is not None else NO_BIT
        return self.bits[name]


def compile_node(node: ast.Node, names: Names) -> Any:
    """The handler of any AST node, through the dispatch table."""
    return HANDLERS[type(node)](node, names)


def resolve(ops: tuple[Op, ...] | list[Op], g: Runtime, p: Seat) -> bool:
    """A line's actions in order, each only if every earlier one happened in full (ruling
    17: a cost that is not paid in full buys nothing); whether all of them did."""
    for op in ops:  # noqa: SIM110 (a loop: the bots run it for every line weighed)
        if not op(g, p):
            return False
    return True


# ------------------------------------------------------------ quantities


def _quantity(node: ast.Quantity, names: Names) -> Count:
    gi = names.grimoire(node.grimoire)
    kind = node.quantity
    if kind in ("stashed", "hand", "pile"):
        return _cards_in(_PLACES[kind], names.bit(node.match))
    if kind == "deed_cards":
        return lambda g, p: sum(map(len, p.stored))
    if kind == "total_level":
        return lambda g, p: sum(p.levels)
    if kind == "grimoires":
        at = node.level or 0
        return lambda g, p: sum(1 for level in p.levels if level >= at)
    if kind == "level":
        return lambda g, p: p.levels[gi] if gi is not None and gi >= 0 else 0
    if kind == "completed":  # the bots read these for every Title, every decision
        if gi is None:
            return lambda g, p: len(p.completed)
        return lambda g, p: [g.gidx[d] for d in p.completed].count(gi)
    if gi is None:
        return lambda g, p: len(p.deeds)
    return lambda g, p: [g.gidx[d] for d in p.deeds].count(gi)


_PLACES = {"stashed": "stash", "hand": "hand", "pile": "pile"}


def _cards_in(place: str, bit: int) -> Count:
    """How many cards a player holds in one place (of a type or grimoire, when ``bit``)."""
    if not bit:
        if place == "hand":  # the bots read these for every Title, every decision
            return lambda g, p: len(p.hand)
        if place == "stash":
            return lambda g, p: len(p.stash)
        return lambda g, p: len(p.pile)

    def count(g: Runtime, p: Seat) -> int:
        mask = g.mask
        return sum(1 for c in getattr(p, place) if mask[c] & bit)

    return count


# ---------------------------------------------------------- requirements


def _moment(node: ast.Moment, names: Names) -> Pred:
    """Always met: the engine itself uses the line at its moment (a turn's start or end, or
    the action that exhausts the card), and only while the card is in play."""
    return lambda g, p: True


def _level_req(node: ast.LevelReq, names: Names) -> Pred:
    gi, level = names.grimoire(node.grimoire), node.level
    if gi is None or gi < 0:
        return lambda g, p: False
    return lambda g, p: p.levels[gi] >= level


def _top_discard(node: ast.TopDiscardReq, names: Names) -> Pred:
    bit = names.bit(node.match)
    return lambda g, p: bool(p.pile) and bool(g.mask[p.pile[-1]] & bit)


def _reveal(node: ast.RevealReq, names: Names) -> Pred:
    bit = names.bit(node.match)

    def pred(g: Runtime, p: Seat) -> bool:
        mask = g.mask
        for c in p.hand:  # noqa: SIM110 (a loop, not any(): the bots ask it of each card weighed)
            if mask[c] & bit:
                return True
        return False

    return pred


def _any_of(node: ast.AnyOf, names: Names) -> Pred:
    """Met when every requirement of one option is (loops, not generators: the bots test
    the requirements of every card they weigh)."""
    groups = tuple(tuple(compile_node(r, names) for r in option) for option in node.options)

    def pred(g: Runtime, p: Seat) -> bool:
        for group in groups:
            for one in group:
                if not one(g, p):
                    break
            else:
                return True
        return False

    return pred


def _round(node: ast.RoundReq, names: Names) -> Pred:
    """The game's round (1 to the last) against the line's."""
    value = node.round
    if node.op == "at_least":
        return lambda g, p: g.round >= value
    if node.op == "at_most":
        return lambda g, p: g.round <= value
    return lambda g, p: g.round == value


def _compare(node: ast.Compare, names: Names) -> Pred:
    count, value = _quantity(node.subject, names), node.value
    if node.op == "at_least":
        return lambda g, p: count(g, p) >= value
    if node.op == "at_most":
        return lambda g, p: count(g, p) <= value
    return lambda g, p: count(g, p) == value


# -------------------------------------------------------------- targets


def deed_target(node: ast.DeedTarget, names: Names) -> Slots:
    """The eligible Dark Deeds (slots) of a target: the selector's best, narrowed by grimoire."""
    gi = names.grimoire(node.grimoire)
    key = _SELECTOR_KEYS.get(node.selector)
    best = max if node.selector in ("highest-points", "most-cards") else min

    def slots(g: Runtime, p: Seat) -> list[int]:
        deeds = p.deeds
        if gi is None:
            found = list(range(len(deeds)))
        else:
            gidx = g.gidx
            found = [s for s, d in enumerate(deeds) if gidx[d] == gi]
        if key is None or len(found) < 2:
            return found
        values = [key(g, p, s) for s in found]
        top = best(values)
        return [s for s, v in zip(found, values, strict=True) if v == top]

    return slots


_SELECTOR_KEYS: dict[str, Callable[[Runtime, Seat, int], int]] = {
    "highest-points": lambda g, p, s: g.deed_points[p.deeds[s]],
    "lowest-points": lambda g, p, s: g.deed_points[p.deeds[s]],
    "most-cards": lambda g, p, s: len(p.stored[s]),
    "fewest-cards": lambda g, p, s: len(p.stored[s]),
}


# --------------------------------------------------------------- actions


def _how_many(node: ast.Node, count: int, up_to: bool) -> Count:
    """The count an action uses: fixed, or chosen from 0 to ``count`` for 'up to'."""
    if not up_to:
        return lambda g, p: count
    return lambda g, p: g.pick(p, ASK_AMOUNT, list(range(count + 1)), node)


def _add(node: ast.AddToDeed, names: Names) -> Op:
    slots, how_many = deed_target(node.target, names), _how_many(node, node.count, node.up_to)
    each = node.target.selector == "each"

    def op(g: Runtime, p: Seat) -> bool:
        found = slots(g, p)
        if not found:
            return False
        count = how_many(g, p)
        if each:
            full = True
            for s in found:
                full = g.store(p, s, count) and full
            return full
        return not count or g.store(p, g.pick(p, ASK_DEED, found, node), count)

    return op


def _remove(node: ast.RemoveFromDeed, names: Names) -> Op:
    slots, how_many = deed_target(node.target, names), _how_many(node, node.count, node.up_to)
    each = node.target.selector == "each"

    def op(g: Runtime, p: Seat) -> bool:
        found = [s for s in slots(g, p) if p.stored[s]]
        if not found:
            return False
        count = how_many(g, p)
        full = True
        for s in found if each else (g.pick(p, ASK_UNSTORE, found, node),):
            full = g.unstore(p, s, count) and full
        return full

    return op


def _stash(node: ast.Stash, names: Names) -> Op:
    count = node.count
    if node.source in ("discard", "center"):
        center = node.source == "center"
        return lambda g, p: g.stash_pile(p, count, center)
    if node.source == "deck":
        return lambda g, p: g.stash_deck(p, count)
    return _pick_each(node, names, ASK_STASH, "hand", "stash")


def _pick_each(node: ast.Stash | ast.ReturnCards, names: Names, ask: str, source: Place,
               to: Place) -> Op:
    """Cards the player picks one at a time (of the node's type or grimoire, when it names
    one) from one of their places to another; in full when every one was there to pick."""
    bit, how_many = names.bit(node.match), _how_many(node, node.count, node.up_to)

    def op(g: Runtime, p: Seat) -> bool:
        mask = g.mask
        for _ in range(how_many(g, p)):
            held = getattr(p, source)
            options = [c for c in held if mask[c] & bit] if bit else held[:]
            if not options:
                return False
            g.move(p, g.pick(p, ask, options, node), source, to)
        return True

    return op


def _draw_arcana(node: ast.DrawArcana, names: Names) -> Op:
    how_many = _how_many(node, node.count, node.up_to)
    return lambda g, p: g.draw(p, how_many(g, p))


def _draw_deeds(node: ast.DrawDeeds, names: Names) -> Op:
    count, keep = node.count, node.keep
    return lambda g, p: g.draw_deeds(p, count, keep)


def grimoire_options(g: Runtime, p: Seat, gi: int, delta: int) -> list[int]:
    """The grimoires a level change by ``delta`` may apply to (those that can move)."""
    top, bottom = g.rules.max_level, g.rules.min_level
    levels = p.levels
    movable = [i for i, lv in enumerate(levels) if (lv < top if delta > 0 else lv > bottom)]
    if gi >= 0:
        return [gi] if gi in movable else []
    if gi == ANY_GRIMOIRE:
        return movable
    if gi in (HIGHEST_GRIMOIRE, LOWEST_GRIMOIRE) and levels:
        mark = max(levels) if gi == HIGHEST_GRIMOIRE else min(levels)
        return [i for i in movable if levels[i] == mark]
    return []


def _shift(node: ast.LevelUp | ast.LevelDown, names: Names, delta: int, ask: str) -> Op:
    found = names.grimoire(node.grimoire)
    gi = NONE if found is None else found
    if gi == NONE:
        return lambda g, p: False

    def op(g: Runtime, p: Seat) -> bool:
        options = grimoire_options(g, p, gi, delta)
        if not options:
            return False
        g.shift_level(p, g.pick(p, ask, options, node), delta)
        return True

    return op


def _level_up(node: ast.LevelUp, names: Names) -> Op:
    return _shift(node, names, 1, ASK_LEVEL_UP)


def _level_down(node: ast.LevelDown, names: Names) -> Op:
    return _shift(node, names, -1, ASK_LEVEL_DOWN)


def _discard(node: ast.Discard, names: Names) -> Op:
    how_many, center = _how_many(node, node.count, node.up_to), node.to == "center"
    bit = names.bit(node.match)
    return lambda g, p: g.discard(p, how_many(g, p), center, bit)


def _discard_top(node: ast.DiscardTop, names: Names) -> Op:
    """The top cards of the Arcana deck, unseen, straight to a pile: looked at by no one."""
    count, rest = node.count, node.to
    return lambda g, p: g.look(p, count, 0, rest)


def _reveal_until(node: ast.RevealUntil, names: Names) -> Op:
    bit, center = names.bit(node.match), node.rest == "center"
    return lambda g, p: g.reveal_until(p, bit, center)


def _take_pile(node: ast.TakeFromDiscard, names: Names) -> Op:
    count, center = node.count, node.source == "center"
    return lambda g, p: g.take_pile(p, count, center)


def _return_cards(node: ast.ReturnCards, names: Names) -> Op:
    """Cards of the player's choice, one at a time, from their discard pile to their hand."""
    return _pick_each(node, names, ast.ReturnCards.verb.asks, "pile", "hand")


def _swap(node: ast.Swap, names: Names) -> Op:
    """A card of the player's choice from the hand onto their discard pile, and the card
    that was on top of the pile into the hand (put down first: the hand never goes over
    its limit); nothing with an empty hand or pile."""
    ask = ast.Swap.verb.asks

    def op(g: Runtime, p: Seat) -> bool:
        if not p.hand or not p.pile:
            return False
        top = p.pile[-1]
        g.move(p, g.pick(p, ask, p.hand[:], node), "hand", "pile")
        g.move(p, top, "pile", "hand")
        return True

    return op


def _look(node: ast.LookAtDeck, names: Names) -> Op:
    count, take, rest = node.count, node.take, node.rest
    return lambda g, p: g.look(p, count, take, rest)


def _look_verse(node: ast.LookAtVerse, names: Names) -> Op:
    """The player learns the next face-down Verse (it stays face down); with every Verse
    face up, nothing happens and a later action of the line does not either (ruling 17)."""
    return lambda g, p: g.look_verse(p)


def _gain(node: ast.GainPoints, names: Names) -> Op:
    points = node.count

    def op(g: Runtime, p: Seat) -> bool:
        g.gain(p, points)
        return True

    return op


def _times(inner: Op, g: Runtime, p: Seat, times: int) -> bool:
    """``inner`` done ``times`` times over (every time, whatever the last one did);
    whether each was done in full."""
    full = True
    for _ in range(times):
        full = inner(g, p) and full
    return full


def _repeat(node: ast.Repeat, names: Names) -> Op:
    inner: Op = compile_node(node.action, names)
    times = node.times
    return lambda g, p: _times(inner, g, p, times)


def _for_each(node: ast.ForEach, names: Names) -> Op:
    """The action once per thing counted (counted once, before the first), at most ``most``."""
    inner: Op = compile_node(node.action, names)
    count: Count = compile_node(node.subject, names)
    most = node.most

    def op(g: Runtime, p: Seat) -> bool:
        times = count(g, p)
        return _times(inner, g, p, times if most is None else min(most, times))

    return op


def seats_from(g: Runtime, p: Seat, opponents: bool) -> list[Seat]:
    """The players in turn order starting from ``p`` (``p`` left out for opponents)."""
    players = list(g.players)
    order = players[p.seat:] + players[: p.seat]
    return order[1:] if opponents else order


def _each(node: ast.Each, names: Names) -> Op:
    """Each affected player does the action, making their own choices, in turn order."""
    inner: Op = compile_node(node.action, names)
    opponents = node.who == "opponent"

    def op(g: Runtime, p: Seat) -> bool:
        full = True
        for q in seats_from(g, p, opponents):
            full = inner(g, q) and full
        return full

    return op


def _chosen(node: ast.Chosen, names: Names) -> Op:
    """Ruling 21: the card's owner names one opponent as the effect resolves (any of them),
    and that opponent does the action, making their own choices."""
    inner: Op = compile_node(node.action, names)

    def op(g: Runtime, p: Seat) -> bool:
        seats = [q.seat for q in seats_from(g, p, True)]
        if not seats:
            return False
        return inner(g, g.players[g.pick(p, ASK_OPPONENT, seats, node)])

    return op


def _choose(node: ast.Choose, names: Names) -> Op:
    """The player picks one option whose actions can all happen, and does it."""
    options = [(tuple(compile_node(a, names) for a in option),
                tuple(possible(a, names) for a in option)) for option in node.options]

    def op(g: Runtime, p: Seat) -> bool:
        open_ = [i for i, (_, cans) in enumerate(options) if all(can(g, p) for can in cans)]
        if not open_:
            return False
        return resolve(options[g.pick(p, ASK_CHOOSE, open_, node)][0], g, p)

    return op


# ------------------------------------------------- whether an action can happen
def possible(node: ast.Node, names: Names) -> Pred:
    """The predicate 'this action can happen for the player now' (see ``POSSIBLE``)."""
    return POSSIBLE[type(node)](node, names)


def _counted(count: int, pred: Pred) -> Pred:
    return pred if count > 0 else (lambda g, p: False)


def _can_arcana(node: Any, names: Names) -> Pred:
    return _counted(getattr(node, "count", 1), lambda g, p: g.arcana_left() > 0)


def _can_add(node: ast.AddToDeed, names: Names) -> Pred:
    slots = deed_target(node.target, names)
    return _counted(node.count, lambda g, p: bool(slots(g, p)) and g.arcana_left() > 0)


def _can_remove(node: ast.RemoveFromDeed, names: Names) -> Pred:
    slots = deed_target(node.target, names)
    return _counted(node.count, lambda g, p: any(p.stored[s] for s in slots(g, p)))


def _can_in_hand(count: int, bit: int) -> Pred:
    def pred(g: Runtime, p: Seat) -> bool:
        mask = g.mask
        return any(mask[c] & bit for c in p.hand) if bit else bool(p.hand)

    return _counted(count, pred)


def _can_in_pile(count: int, bit: int) -> Pred:
    def pred(g: Runtime, p: Seat) -> bool:
        mask = g.mask
        return any(mask[c] & bit for c in p.pile) if bit else bool(p.pile)

    return _counted(count, pred)


def _can_stash(node: ast.Stash, names: Names) -> Pred:
    if node.source == "hand":
        return _can_in_hand(node.count, names.bit(node.match))
    if node.source == "discard":
        return _counted(node.count, lambda g, p: bool(p.pile))
    if node.source == "center":
        return _counted(node.count, lambda g, p: bool(g.center))
    return _can_arcana(node, names)


def _can_level(delta: int) -> Callable[[Any, Names], Pred]:
    def make(node: ast.LevelUp | ast.LevelDown, names: Names) -> Pred:
        gi = names.grimoire(node.grimoire)
        if gi is None or gi == -1:
            return lambda g, p: False
        return lambda g, p: bool(grimoire_options(g, p, gi, delta))

    return make


def _can_repeat(node: ast.Repeat, names: Names) -> Pred:
    return _counted(node.times, possible(node.action, names))


def _can_each(node: ast.Each, names: Names) -> Pred:
    inner, opponents = possible(node.action, names), node.who == "opponent"
    return lambda g, p: any(inner(g, q) for q in seats_from(g, p, opponents))


def _can_chosen(node: ast.Chosen, names: Names) -> Pred:
    inner = possible(node.action, names)
    return lambda g, p: any(inner(g, q) for q in seats_from(g, p, True))


def _can_choose(node: ast.Choose, names: Names) -> Pred:
    options = [[possible(a, names) for a in option] for option in node.options]
    return lambda g, p: any(all(can(g, p) for can in option) for option in options)


POSSIBLE: dict[type[ast.Node], Callable[[Any, Names], Pred]] = {
    ast.AddToDeed: _can_add,
    ast.RemoveFromDeed: _can_remove,
    ast.Stash: _can_stash,
    ast.DrawArcana: _can_arcana,
    ast.DrawDeeds: lambda n, names: _counted(n.count, lambda g, p: g.deeds_left() > 0),
    ast.LevelUp: _can_level(1),
    ast.LevelDown: _can_level(-1),
    ast.Discard: lambda n, names: _can_in_hand(n.count, names.bit(n.match)),
    ast.DiscardTop: _can_arcana,
    ast.RevealUntil: _can_arcana,
    ast.TakeFromDiscard: lambda n, names: _counted(
        n.count, (lambda g, p: bool(g.center)) if n.source == "center" else
        (lambda g, p: bool(p.pile))),
    ast.ReturnCards: lambda n, names: _can_in_pile(n.count, names.bit(n.match)),
    ast.Swap: lambda n, names: lambda g, p: bool(p.hand) and bool(p.pile),
    ast.LookAtDeck: _can_arcana,
    ast.LookAtVerse: lambda n, names: lambda g, p: g.verses_face_down() > 0,
    ast.GainPoints: lambda n, names: _counted(n.count, lambda g, p: True),
    ast.Scheme: lambda n, names: lambda g, p: g.deeds_left() > 0,
    ast.Repeat: _can_repeat,
    ast.ForEach: lambda n, names: possible(n.action, names),
    ast.Each: _can_each,
    ast.Chosen: _can_chosen,
    ast.Choose: _can_choose,
}


# ------------------------------------------------------------ whole lines


def _effect(node: ast.Effect, names: Names) -> Compiled:
    """(requirements, actions); a line's price (ruling 17) is a requirement as well: a player
    who cannot pay it in full now skips the whole effect, and loses nothing."""
    price = paid(node.actions)
    preds = (*(compile_node(r, names) for r in node.requirements),
             *(payable(a, names) for a in node.actions[:price]))
    ops = tuple(compile_node(a, names) for a in node.actions)
    return preds, ops


def payable(node: ast.Node, names: Names) -> Pred:
    """Whether a price (a cost verb, maybe repeated) can be paid in full now."""
    times = 1
    if isinstance(node, ast.Repeat):
        times, node = node.times, node.action
    return PAYABLE[type(node)](node, names, times)


def _can_discard(node: ast.Discard, names: Names, times: int) -> Pred:
    need, bit = (0 if node.up_to else node.count * times), names.bit(node.match)

    def pred(g: Runtime, p: Seat) -> bool:
        if not bit:
            return len(p.hand) >= need
        mask = g.mask
        return sum(1 for c in p.hand if mask[c] & bit) >= need

    return pred


def _can_unstore(node: ast.RemoveFromDeed, names: Names, times: int) -> Pred:
    slots, need = deed_target(node.target, names), (0 if node.up_to else node.count * times)
    each = node.target.selector == "each"

    def pred(g: Runtime, p: Seat) -> bool:
        found = [s for s in slots(g, p) if p.stored[s]]
        full = [s for s in found if len(p.stored[s]) >= need]
        return bool(found) and (len(full) == len(found) if each else bool(full))

    return pred


def _can_lower(node: ast.LevelDown, names: Names, times: int) -> Pred:
    found = names.grimoire(node.grimoire)
    gi = NONE if found is None else found
    bottom = times  # levels to go down: as many as the line takes
    if gi == NONE:
        return lambda g, p: False
    return lambda g, p: any(p.levels[i] - g.rules.min_level >= bottom
                            for i in grimoire_options(g, p, gi, -1))


#: Each verb declared a cost (``ast.Verb.cost``) → whether it can be paid in full now
#: (the node, its names, how many times the line does it).
PAYABLE: dict[type[ast.Node], Callable[[Any, Names, int], Pred]] = {
    ast.Discard: _can_discard,
    ast.RemoveFromDeed: _can_unstore,
    ast.LevelDown: _can_lower,
}


def _title(node: ast.Title, names: Names) -> Award:
    """The Title's award: the one player with the most (fewest), after the tie rule.

    A Title about Dark Deeds counts completed ones, whatever its wording (ruling 16).
    A tie on a count of completed Dark Deeds goes to the tied player whose
    counted deeds needed the most cards in all; any other tie, or a tie that
    survives that, gives the title to nobody.
    """
    subject = node.subject
    if subject.quantity == "deeds":  # ruling 16: a Title counts completed Dark Deeds only
        subject = ast.Quantity("completed", subject.grimoire)
    count = _quantity(subject, names)
    completed = subject.quantity == "completed"
    gi = names.grimoire(subject.grimoire)
    pick_best = max if node.most else min

    def award(g: Runtime) -> Seat | None:
        players = g.players
        values = [count(g, p) for p in players]
        top = pick_best(values)
        tied = [p for p, v in zip(players, values, strict=True) if v == top]
        if len(tied) > 1 and completed:
            weights = [_needed_total(g, p, gi) for p in tied]
            heaviest = max(weights)
            tied = [p for p, w in zip(tied, weights, strict=True) if w == heaviest]
        return tied[0] if len(tied) == 1 else None

    return award


def _needed_total(g: Runtime, p: Seat, gi: int | None) -> int:
    needed, gidx = g.needed, g.gidx
    return sum(needed[d] for d in p.completed if gi is None or gidx[d] == gi)


def _points_row(node: ast.PointsRow, names: Names) -> tuple[int, int]:
    return node.stored, node.points


def _points_table(node: ast.PointsTable, names: Names) -> Callable[[int], int]:
    """The card's points for a number of cards stored on it (``ast.PointsTable.points``)."""
    return node.points


HANDLERS: dict[type[ast.Node], Callable[[Any, Names], Any]] = {
    ast.Moment: _moment,
    ast.LevelReq: _level_req,
    ast.TopDiscardReq: _top_discard,
    ast.RevealReq: _reveal,
    ast.RoundReq: _round,
    ast.Compare: _compare,
    ast.Quantity: _quantity,
    ast.DeedTarget: deed_target,
    ast.AddToDeed: _add,
    ast.RemoveFromDeed: _remove,
    ast.Stash: _stash,
    ast.DrawArcana: _draw_arcana,
    ast.DrawDeeds: _draw_deeds,
    ast.LevelUp: _level_up,
    ast.LevelDown: _level_down,
    ast.Discard: _discard,
    ast.DiscardTop: _discard_top,
    ast.RevealUntil: _reveal_until,
    ast.TakeFromDiscard: _take_pile,
    ast.ReturnCards: _return_cards,
    ast.Swap: _swap,
    ast.LookAtDeck: _look,
    ast.LookAtVerse: _look_verse,
    ast.GainPoints: _gain,
    ast.Scheme: lambda node, names: lambda g, p: g.scheme(p),
    ast.Repeat: _repeat,
    ast.ForEach: _for_each,
    ast.Each: _each,
    ast.Chosen: _chosen,
    ast.Choose: _choose,
    ast.AnyOf: _any_of,
    ast.Effect: _effect,
    ast.Title: _title,
    ast.PointsRow: _points_row,
    ast.PointsTable: _points_table,
}
