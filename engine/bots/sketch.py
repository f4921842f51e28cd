"""The bots' sketch of a position: a player's holdings as counts, and what each action does to them.

A ``Sketch`` sums one player's position up as counts and Dark Deed progress,
no card ids. Each action class of the rules language has one entry in
``ACTION_VALUES``: how doing it once changes a sketch, the way it would change
the game, so a bot can weigh an action without playing it, and whether it
happened in full (ruling 17: a later action of a line happens only if every
earlier one did, so a cost the sketch cannot pay buys nothing). ``effect_value``
prices a whole line on a typical mid-game position. The estimate of a sketch's
worth in points is ``engine/bots/estimate.py``; the bots are ``engine/bots/greedy.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import Any

from prophecy.dsl import ast

_new = object.__new__
STORED = itemgetter(2)  # the cards stored on a Dark Deed of a sketch

#: A Dark Deed in a sketch: (points, cards needed, cards stored, grimoire index).
Deed = tuple[int, int, int, int]


@dataclass(slots=True)
class Sketch:
    """One player's position as counts: what the estimate reads and actions change."""

    hand: int
    pile: int
    stash: int
    levels: list[int]
    # per deed in play: (points, cards needed, stored, grimoire); an action replaces the tuple
    deeds: tuple[Deed, ...]
    completed: tuple[int, ...]  # grimoire of each completed deed (no action changes it)
    completed_points: int
    round: int
    limits: tuple[int, int, int, int]  # hand limit, deed limit, top level, bottom level
    grimoires: list[int] = field(default_factory=list)  # Grimoire card id per grimoire
    # Titles in play: (this player's count, the best rival count, +1 most / -1 fewest, points)
    titles: list[tuple[Any, int, int, int]] = field(default_factory=list)
    verses: list[tuple[Any, float]] = field(default_factory=list)  # face up: (test, worth)
    names: dict[str, int] = field(default_factory=dict)  # grimoire name -> index
    new_deed: tuple[int, int] = (0, 1)  # (points, cards needed) of a Dark Deed a draw keeps
    own: int = -1  # the grimoire of the card whose line is being applied ('this', 'matching')
    # points of standing gained over the others by what this player made them do
    # ('Each opponent discards 1'): their loss, as this player's edge on the leader
    edge: float = 0.0
    # the worth of the Verses and Titles no action can change the outcome of (those read
    # off completed Dark Deeds, or always met), summed once when the sketch is taken
    fixed: float = 0.0
    # what the cards this player put into play this turn will bring over the turns to come
    # (their 'At the start of your turn' and 'Exhaust this card' effects), in points
    board: float = 0.0

    def copy(self) -> Sketch:
        """A sketch to change apart from this one (its Levels a list of its own; the rest
        is numbers, tuples, or shared tables no action changes)."""
        new = _new(Sketch)  # slot by slot: a quarter quicker than the generated __init__
        new.hand = self.hand
        new.pile = self.pile
        new.stash = self.stash
        new.levels = self.levels[:]
        new.deeds = self.deeds
        new.completed = self.completed
        new.completed_points = self.completed_points
        new.round = self.round
        new.limits = self.limits
        new.grimoires = self.grimoires
        new.titles = self.titles
        new.verses = self.verses
        new.names = self.names
        new.new_deed = self.new_deed
        new.own = self.own
        new.edge = self.edge
        new.fixed = self.fixed
        new.board = self.board
        return new

    def grimoire(self, name: str | None) -> int | None:
        """The index a grimoire reference means here (None: no filter; -1: none)."""
        if name is None or name == ast.ANY:
            return None
        if name == ast.THIS:
            return self.own
        return self.names.get(name, -1)


def quantity(sk: Sketch, kind: str, g: int | None) -> int:
    """A rules-language quantity (``ast.Quantity``) read off a sketch; ``g`` is its grimoire's
    index, or, for 'grimoires', the Level counted from (see ``subject_key``)."""
    if kind == "grimoires":
        return sum(1 for level in sk.levels if level >= (g or 0))
    if kind == "stashed":
        return sk.stash
    if kind == "hand":
        return sk.hand
    if kind == "pile":
        return sk.pile
    if kind == "deed_cards":
        return sum(map(STORED, sk.deeds))
    if kind == "total_level":
        return sum(sk.levels)
    if kind == "level":
        return sk.levels[g] if g is not None and g >= 0 else 0
    if kind == "completed":
        return len(sk.completed) if g is None else sk.completed.count(g)
    return len(sk.deeds) if g is None else sum(1 for d in sk.deeds if d[3] == g)


def subject_key(q: ast.Quantity, g: int | None) -> int | None:
    """What ``quantity`` reads beside the kind: the grimoire index ``g``, or, for a count of
    Grimoires at a Level, that Level."""
    return q.level if q.quantity == "grimoires" else g


Apply = Callable[[Any, Sketch], bool]  # whether the action happened in full


def _slots(sk: Sketch, target: ast.DeedTarget) -> list[int]:
    """The deeds of the sketch a target names (a grimoire's, or all)."""
    g = sk.grimoire(target.grimoire)
    if g is None:
        return list(range(len(sk.deeds)))
    return [i for i, d in enumerate(sk.deeds) if d[3] == g]


#: Selector -> which number of a deed it prefers: 0 the most points, 1 the fewest,
#: 2 the most cards stored, 3 the fewest. After it comes the player's own preference: a
#: deed not yet ready, nearest to done, then the richest; a selector not listed here ('a',
#: 'any') leaves the whole choice to that.
_PICK: dict[str, int] = {"highest-points": 0, "lowest-points": 1, "most-cards": 2,
                         "fewest-cards": 3}


def _add(a: ast.AddToDeed, sk: Sketch) -> bool:
    """Cards onto every deed the target names ('each'), or onto the one it picks: the
    rules pick by the selector, the player among the tied (the first of the best)."""
    deeds = sk.deeds
    if not deeds:
        return False
    target = a.target
    g = sk.grimoire(target.grimoire)
    count = a.count
    if target.selector == "each":
        sk.deeds = tuple([(d[0], d[1], d[2] + count, d[3]) if g is None or d[3] == g else d
                          for d in deeds])
        return g is None or any(d[3] == g for d in deeds)
    by = _PICK.get(target.selector, -1)
    # the first of the best by: the selector's number (highest wins), then the fewest cards
    # missing of a deed not yet ready (a ready one ranks after all of those), then points;
    # in integers, compared inline (the bots weigh this line most)
    chosen, i, best_pick, best_missing, best_points = -1, -1, 0, 0, 0
    for d in deeds:
        i += 1
        if g is not None and d[3] != g:
            continue
        points = d[0]
        missing = d[1] - d[2]
        if missing <= 0:
            missing = _READY
        pick = 0 if by < 0 else (points if by == 0 else -points if by == 1
                                 else d[2] if by == 2 else -d[2])
        if (chosen < 0 or pick > best_pick or pick == best_pick and (
                missing < best_missing or missing == best_missing and points > best_points)):
            chosen, best_pick, best_missing, best_points = i, pick, missing, points
    if chosen < 0:
        return False
    changed = list(deeds)
    points, need, have, grimoire = deeds[chosen]
    changed[chosen] = (points, need, have + count, grimoire)
    sk.deeds = tuple(changed)
    return True


_READY = 1 << 62  # 'cards missing' of a deed already ready: after every deed that is not


def _remove(a: ast.RemoveFromDeed, sk: Sketch) -> bool:
    """Cards off the deeds the target names that hold any (each, or the first); the
    sketch's deeds are a tuple, replaced, never changed in place (the estimate keeps the
    worth of the last deeds it read by identity)."""
    slots = [i for i in _slots(sk, a.target) if sk.deeds[i][2]]
    if not slots:
        return False
    deeds = list(sk.deeds)
    full = True
    for i in slots if a.target.selector == "each" else slots[:1]:
        points, need, have, grimoire = deeds[i]
        full = full and have >= a.count
        deeds[i] = (points, need, max(0, have - a.count), grimoire)
    sk.deeds = tuple(deeds)
    return full


def _stash(a: ast.Stash, sk: Sketch) -> bool:
    if a.source == "hand":  # a filtered stash finds a match in about half the hands
        n = min(a.count, sk.hand if a.match is None else sk.hand // 2)
        sk.hand -= n
    elif a.source == "discard":
        n = min(a.count, sk.pile)
        sk.pile -= n
    else:  # the Arcana deck or the center: a sketch holds no count of them, taken as there
        n = a.count
    sk.stash += n
    return n == a.count or a.up_to


def _draw(a: ast.DrawArcana, sk: Sketch) -> bool:
    sk.hand = min(sk.limits[0], sk.hand + a.count)
    return True


def _draw_deeds(a: ast.DrawDeeds, sk: Sketch) -> bool:
    for _ in range(a.keep):
        if len(sk.deeds) < sk.limits[1]:
            sk.deeds = (*sk.deeds, (sk.new_deed[0], sk.new_deed[1], 0, -1))
    return a.keep <= a.count


def _scheme(a: ast.Scheme, sk: Sketch) -> bool:
    """A Dark Deed taken into play: a typical one, while there is room for it."""
    if len(sk.deeds) < sk.limits[1]:
        sk.deeds = (*sk.deeds, (sk.new_deed[0], sk.new_deed[1], 0, -1))
    return True


def _shift(sk: Sketch, name: str, delta: int) -> bool:
    top, bottom = sk.limits[2], sk.limits[3]
    if name in (ast.HIGHEST, ast.LOWEST):  # the rules pick it; on a tie, the likeliest to move
        pick = max if name == ast.HIGHEST else min
        level = pick(sk.levels)
        tied = [i for i, lv in enumerate(sk.levels) if lv == level]
        if not bottom <= level + delta <= top:
            return False
        sk.levels[tied[0]] = level + delta
        return True
    g = sk.grimoire(name)
    if g is None:  # any Grimoire: up where a Level is worth most, down where it costs least
        movable = [i for i, lv in enumerate(sk.levels) if bottom <= lv + delta <= top]
        if not movable:
            return False
        g = max(movable, key=lambda i: sk.levels[i] * delta)
    if g < 0 or not bottom <= sk.levels[g] + delta <= top:
        return False
    sk.levels[g] += delta
    return True


def _discard(a: ast.Discard, sk: Sketch) -> bool:
    n = min(a.count, sk.hand)
    sk.hand -= n
    if a.to == "pile":
        sk.pile += n
    return n == a.count or a.up_to


def _discard_top(a: ast.DiscardTop, sk: Sketch) -> bool:
    if a.to == "pile":
        sk.pile += a.count
    return True


def _reveal(a: ast.RevealUntil, sk: Sketch) -> bool:
    sk.hand = min(sk.limits[0], sk.hand + 1)
    if a.rest == "pile":
        sk.pile += 1
    return True


def _take(a: ast.TakeFromDiscard | ast.ReturnCards, sk: Sketch) -> bool:
    if getattr(a, "source", "discard") == "center":  # the sketch counts no center: all there
        sk.hand = min(sk.limits[0], sk.hand + a.count)
        return True
    n = min(a.count, sk.pile)
    sk.pile -= n
    sk.hand = min(sk.limits[0], sk.hand + n)
    return n == a.count or getattr(a, "up_to", False)


def _swap(a: ast.Swap, sk: Sketch) -> bool:
    """A card for a card: the counts stay, and it happens when both hand and pile hold one."""
    return sk.hand > 0 and sk.pile > 0


def _look(a: ast.LookAtDeck, sk: Sketch) -> bool:
    n = min(a.take, a.count)
    sk.hand = min(sk.limits[0], sk.hand + n)
    if a.rest == "pile":
        sk.pile += a.count - n
    return True


def _look_verse(a: ast.LookAtVerse, sk: Sketch) -> bool:
    """Knowing a face-down Verse changes no count of the sketch, which holds only the face-up
    Verses and not how many are still face down: taken as done, as a look at the deck is."""
    return True


def _gain_points(a: ast.GainPoints, sk: Sketch) -> bool:
    sk.completed_points += a.count
    return True


def _repeat(a: ast.Repeat, sk: Sketch) -> bool:
    apply = ACTION_VALUES[type(a.action)]
    full = True
    for _ in range(a.times):
        full = apply(a.action, sk) and full
    return full


def _for_each(a: ast.ForEach, sk: Sketch) -> bool:
    """The action once per thing the sketch counts (of a type: about half of them)."""
    subject = a.subject
    times = quantity(sk, subject.quantity, subject_key(subject, sk.grimoire(subject.grimoire)))
    if subject.match is not None:
        times //= 2
    if a.most is not None:
        times = min(times, a.most)
    apply = ACTION_VALUES[type(a.action)]
    full = True
    for _ in range(times):
        full = apply(a.action, sk) and full
    return full


#: How much of what an opponent loses (or gains) counts for this player: the estimate
#: is a score, and the others' loss only narrows the gap to the leader among them.
EDGE_SHARE = 0.5


def _each(a: ast.Each, sk: Sketch) -> bool:
    """Every opponent (or player) does it: their change in worth, against this player.

    What the action is worth to a typical player (``effect_value``) is what
    each of them gains; it counts against this player as ``edge``. 'Each
    player' also applies the action to this player's own sketch.
    """
    worth = effect_value(ast.Effect((), (a.action,)))
    sk.edge -= EDGE_SHARE * worth
    if a.who == "player":
        return ACTION_VALUES[type(a.action)](a.action, sk)
    return True  # what the others can do is not read off this player's sketch


def _chosen(a: ast.Chosen, sk: Sketch) -> bool:
    """One opponent does it (ruling 21): their change in worth, against this player, as for
    'Each opponent' (the sketch is this player's; which opponent is the bots' question)."""
    sk.edge -= EDGE_SHARE * effect_value(ast.Effect((), (a.action,)))
    return True


def _choose_option(a: ast.Choose, sk: Sketch) -> bool:
    """The option that leaves the better sketch (by ``plain_value``), applied."""
    best_after, best_value, best_full = sk, float("-inf"), False
    for option in a.options:
        after = sk.copy()
        full = apply_actions(option, after)
        worth = plain_value(after)
        if worth > best_value:
            best_after, best_value, best_full = after, worth, full
    if best_after is not sk:
        for name in Sketch.__slots__:
            setattr(sk, name, getattr(best_after, name))
    return best_full


#: Action class -> how doing it once changes a position's ``Sketch``. The bots weigh an
#: action by the estimate of the sketch after it (``engine/bots/estimate.py``). Every action
#: class has an entry (a test holds it): a new verb is one entry here, never silently
#: worth nothing to the bots.
ACTION_VALUES: dict[type[ast.Node], Apply] = {
    ast.AddToDeed: _add,
    ast.RemoveFromDeed: _remove,
    ast.Stash: _stash,
    ast.DrawArcana: _draw,
    ast.DrawDeeds: _draw_deeds,
    ast.LevelUp: lambda a, sk: _shift(sk, a.grimoire, 1),
    ast.LevelDown: lambda a, sk: _shift(sk, a.grimoire, -1),
    ast.Discard: _discard,
    ast.DiscardTop: _discard_top,
    ast.RevealUntil: _reveal,
    ast.TakeFromDiscard: _take,
    ast.ReturnCards: _take,  # the sketch knows counts, not which cards: taking is returning
    ast.Swap: _swap,
    ast.LookAtDeck: _look,
    ast.LookAtVerse: _look_verse,
    ast.GainPoints: _gain_points,
    ast.Scheme: _scheme,
    ast.Repeat: _repeat,
    ast.ForEach: _for_each,
    ast.Each: _each,
    ast.Chosen: _chosen,
    ast.Choose: _choose_option,
}


def apply_actions(actions: tuple[ast.Action, ...], sk: Sketch) -> bool:
    """Actions in order on the sketch, each only if every earlier one happened in full
    (ruling 17); whether all of them did."""
    for action in actions:  # noqa: SIM110 (a loop: the bots run it for every line weighed)
        if not ACTION_VALUES[type(action)](action, sk):
            return False
    return True


def apply_line(node: ast.Line, sk: Sketch) -> None:
    """Every action of an effect line, in order, on the sketch (as ``apply_actions``)."""
    if isinstance(node, ast.Effect):
        apply_actions(node.actions, sk)


#: A mid-game position to price a line on when no game is at hand.
TYPICAL = Sketch(hand=5, pile=2, stash=1, levels=[1, 1, 1], deeds=((6, 4, 1, 0), (4, 3, 1, 1)),
                 completed=(), completed_points=0, round=2, limits=(7, 4, 4, 0),
                 names={}, new_deed=(6, 4), own=0)
_PLAIN_LEVEL = (0, 1, 3, 6, 10)


def plain_value(sk: Sketch) -> float:
    """The estimate without a card book: score, deed progress and hand (for ``effect_value``)."""
    levels = sum(_PLAIN_LEVEL[min(lv, 4)] for lv in sk.levels)
    deeds = 0.0
    for points, need, have, _ in sk.deeds:
        deeds += points if have >= need else 0.6 * points * have / max(1, need)
    return 3.0 * sk.stash + sk.completed_points + levels + deeds + 0.8 * sk.hand + sk.edge


@cache
def effect_value(node: ast.Node | None) -> float:
    """A rough worth of using an effect line, in points, on a typical mid-game position."""
    if not isinstance(node, ast.Effect):
        return 0.0
    after = TYPICAL.copy()
    apply_line(node, after)
    return plain_value(after) - plain_value(TYPICAL)
