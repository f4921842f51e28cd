"""Rules of thumb: a question and its options in, the answer a sensible player gives out.

``ACTION_VALUES`` gives each rules-language action class a rough worth in
points; ``effect_value`` sums it over a line. ``answer`` handles every question
but the choice of action with a fixed preference (use helpful effects,
complete the richest deed, throw away the weakest card...). Where options
tie, the player's own seeded generator picks among them: never the order of
the list, which follows the order of names in ``game.yaml`` and would make
the bots favour the first grimoire. The greedy and planner bots use these
rules for the small questions; so does the stand-in that plays every seat
while they look ahead. The position estimate is ``engine/estimate.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from prophecy.dsl import ast
from prophecy.engine import protocol as P
from prophecy.engine.estimate import Sketch, Valuer
from prophecy.engine.scoring import base_parts
from prophecy.engine.state import PlayerState

if TYPE_CHECKING:
    from prophecy.engine.game import Game

T = TypeVar("T")

Apply = Callable[[Any, Sketch], None]


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


def _add(a: ast.AddToDeed, sk: Sketch) -> None:
    """Cards onto every deed the target names ('each'), or onto the one it picks: the
    rules pick by the selector, the player among the tied (the first of the best)."""
    deeds = sk.deeds
    if not deeds:
        return
    target = a.target
    g = sk.grimoire(target.grimoire)
    count = a.count
    if target.selector == "each":
        sk.deeds = tuple([(d[0], d[1], d[2] + count, d[3]) if g is None or d[3] == g else d
                          for d in deeds])
        return
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
    if chosen >= 0:
        changed = list(deeds)
        points, need, have, grimoire = deeds[chosen]
        changed[chosen] = (points, need, have + count, grimoire)
        sk.deeds = tuple(changed)


_READY = 1 << 62  # 'cards missing' of a deed already ready: after every deed that is not


def _remove(a: ast.RemoveFromDeed, sk: Sketch) -> None:
    """Cards off the deeds the target names that hold any (each, or the first); the
    sketch's deeds are a tuple, replaced, never changed in place (the estimate keeps the
    worth of the last deeds it read by identity)."""
    slots = [i for i in _slots(sk, a.target) if sk.deeds[i][2]]
    deeds = list(sk.deeds)
    for i in slots if a.target.selector == "each" else slots[:1]:
        points, need, have, grimoire = deeds[i]
        deeds[i] = (points, need, max(0, have - a.count), grimoire)
    sk.deeds = tuple(deeds)


def _stash(a: ast.Stash, sk: Sketch) -> None:
    if a.source == "hand":  # a filtered stash finds a match in about half the hands
        n = min(a.count, sk.hand if a.match is None else sk.hand // 2)
        sk.hand -= n
    elif a.source == "discard":
        n = min(a.count, sk.pile)
        sk.pile -= n
    else:
        n = a.count
    sk.stash += n


def _draw(a: ast.DrawArcana, sk: Sketch) -> None:
    sk.hand = min(sk.limits[0], sk.hand + a.count)


def _draw_deeds(a: ast.DrawDeeds, sk: Sketch) -> None:
    for _ in range(a.keep):
        if len(sk.deeds) < sk.limits[1]:
            sk.deeds = (*sk.deeds, (sk.new_deed[0], sk.new_deed[1], 0, -1))


def _shift(sk: Sketch, name: str, delta: int) -> None:
    top, bottom = sk.limits[2], sk.limits[3]
    if name in (ast.HIGHEST, ast.LOWEST):  # the rules pick it; on a tie, the likeliest to move
        pick = max if name == ast.HIGHEST else min
        level = pick(sk.levels)
        tied = [i for i, lv in enumerate(sk.levels) if lv == level]
        if not bottom <= level + delta <= top:
            return
        sk.levels[tied[0]] = level + delta
        return
    g = sk.grimoire(name)
    if g is None:  # any Grimoire: up where a Level is worth most, down where it costs least
        movable = [i for i, lv in enumerate(sk.levels) if bottom <= lv + delta <= top]
        if not movable:
            return
        g = max(movable, key=lambda i: sk.levels[i] * delta)
    if g >= 0:
        sk.levels[g] = max(bottom, min(top, sk.levels[g] + delta))


def _discard(a: ast.Discard, sk: Sketch) -> None:
    n = min(a.count, sk.hand)
    sk.hand -= n
    if a.to == "pile":
        sk.pile += n


def _reveal(a: ast.RevealUntil, sk: Sketch) -> None:
    sk.hand = min(sk.limits[0], sk.hand + 1)
    if a.rest == "pile":
        sk.pile += 1


def _take(a: ast.TakeFromDiscard, sk: Sketch) -> None:
    n = min(a.count, sk.pile)
    sk.pile -= n
    sk.hand = min(sk.limits[0], sk.hand + n)


def _look(a: ast.LookAtDeck, sk: Sketch) -> None:
    n = min(a.take, a.count)
    sk.hand = min(sk.limits[0], sk.hand + n)
    if a.rest == "pile":
        sk.pile += a.count - n


def _gain_points(a: ast.GainPoints, sk: Sketch) -> None:
    sk.completed_points += a.count


def _repeat(a: ast.Repeat, sk: Sketch) -> None:
    apply = ACTION_VALUES[type(a.action)]
    for _ in range(a.times):
        apply(a.action, sk)


#: How much of what an opponent loses (or gains) counts for this player: the estimate
#: is a score, and the others' loss only narrows the gap to the leader among them.
EDGE_SHARE = 0.5


def _each(a: ast.Each, sk: Sketch) -> None:
    """Every opponent (or player) does it: their change in worth, against this player.

    What the action is worth to a typical player (``effect_value``) is what
    each of them gains; it counts against this player as ``edge``. 'Each
    player' also applies the action to this player's own sketch.
    """
    worth = effect_value(ast.Effect((), (a.action,)))
    sk.edge -= EDGE_SHARE * worth
    if a.who == "player":
        ACTION_VALUES[type(a.action)](a.action, sk)


def _choose_option(a: ast.Choose, sk: Sketch) -> None:
    """The option that leaves the better sketch (by ``plain_value``), applied."""
    best_after, best_value = sk, float("-inf")
    for option in a.options:
        after = sk.copy()
        for action in option:
            ACTION_VALUES[type(action)](action, after)
        worth = plain_value(after)
        if worth > best_value:
            best_after, best_value = after, worth
    if best_after is not sk:
        for name in Sketch.__slots__:
            setattr(sk, name, getattr(best_after, name))


#: Action class -> how doing it once changes a position's ``Sketch``. The bots weigh an
#: action by the estimate of the sketch after it (``engine/estimate.py``). Every action
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
    ast.RevealUntil: _reveal,
    ast.TakeFromDiscard: _take,
    ast.LookAtDeck: _look,
    ast.GainPoints: _gain_points,
    ast.Repeat: _repeat,
    ast.Each: _each,
    ast.Choose: _choose_option,
}


def apply_line(node: ast.Line, sk: Sketch) -> None:
    """Every action of an effect line, in order, on the sketch."""
    if isinstance(node, ast.Effect):
        for action in node.actions:
            ACTION_VALUES[type(action)](action, sk)


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


def best(options: Iterable[T], key: Callable[[T], Any], rng: random.Random) -> T:
    """The option with the highest key; ties (floats within 1e-9) broken by ``rng``."""
    items = list(options)
    if len(items) == 1:
        return items[0]
    if len(items) == 2:  # the most common case, without the lists
        a, b = items
        ka, kb = key(a), key(b)
        if isinstance(ka, float) or isinstance(kb, float):
            if abs(ka - kb) > 1e-9:
                return a if ka > kb else b
        elif ka != kb:
            return a if ka > kb else b
        return items[int(rng.random() * 2)]
    values = [key(o) for o in items]
    top = max(values)
    if isinstance(top, float):
        tied = [o for o, v in zip(items, values, strict=True) if v >= top - 1e-9]
    else:
        tied = [o for o, v in zip(items, values, strict=True) if v == top]
    if len(tied) == 1:
        return tied[0]
    return tied[int(rng.random() * len(tied))]


def best_scored(scored: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """The item of the highest score in (item, score) pairs, as ``best`` picks it (floats
    within 1e-9 tie, and ``rng`` breaks ties), without a key function per item."""
    top = max([v for _, v in scored]) - 1e-9
    tied = [item for item, v in scored if v >= top]
    return tied[0] if len(tied) == 1 else tied[int(rng.random() * len(tied))]


@cache
def effect_value(node: ast.Node | None) -> float:
    """A rough worth of using an effect line, in points, on a typical mid-game position."""
    if not isinstance(node, ast.Effect):
        return 0.0
    after = TYPICAL.copy()
    apply_line(node, after)
    return plain_value(after) - plain_value(TYPICAL)


def card_value(game: Game, card: int, seat: int = 0) -> float:
    """The sum of the helpful effects printed on an Arcana card (as ``seat`` sees it)."""
    return _values(game.views[seat])[card]


def _values(book: Any) -> list[float]:
    """Card id -> the sum of its helpful effects (built once per book)."""
    table: list[float] | None = book.cache.get("card_value")
    if table is None:
        worth = [sum(max(0.0, effect_value(n)) for n in book.nodes.get(e, ()))
                 for e in range(len(book.designs))]
        table = book.cache["card_value"] = [worth[d] for d in book.design]
    return table


def cheapest_card(game: Game, me: PlayerState, cards: Sequence[int], rng: random.Random) -> int:
    """The card of least use (ties: the generator picks)."""
    if not cards:
        return -1
    values = _values(game.views[me.seat])
    if len(cards) == 1:
        return cards[0]
    low = min(map(values.__getitem__, cards))
    tied = [c for c in cards if values[c] == low]
    return tied[0] if len(tied) == 1 else tied[int(rng.random() * len(tied))]


Rule = Callable[["Game", PlayerState, Sequence[Any], Any, random.Random], Any]


def answer(game: Game, me: PlayerState, ask: str, options: Sequence[Any], about: Any,
           rng: random.Random) -> int:
    """The index of the option a sensible player would take, without look-ahead."""
    chosen = _RULES[ask](game, me, options, about, rng)
    return options.index(chosen)


def _use(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return effect_value(about) > 0


def _complete(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    points = game.views[me.seat].deed_points
    return best(options, lambda d: points[d] if d >= 0 else -1, rng)


def _deed(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """Add to the deed nearest to done that is not done (then the richest)."""
    needed, points = game.needed, game.views[me.seat].deed_points

    def key(slot: int) -> tuple[bool, int, int]:
        d = me.deeds[slot]
        missing = needed[d] - len(me.stored[slot])
        return (missing > 0, -missing if missing > 0 else 0, points[d])

    return best(options, key, rng)


def _unstore(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    points = game.views[me.seat].deed_points
    return best(options, lambda s: -points[me.deeds[s]], rng)


def _cheapest(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return cheapest_card(game, me, options, rng)


def _best_card(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return best(options, lambda c: card_value(game, c, me.seat), rng)


def _ratio(game: Game, me: PlayerState, d: int) -> float:
    return game.views[me.seat].deed_points[d] / max(1, game.needed[d])


def _keep(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """Keep the deed that pays most per card and can still be filled in the rounds left."""
    left = game.rules.rounds - game.round + 1

    def key(d: int) -> tuple[bool, float]:
        return (game.needed[d] <= 2 * left, _ratio(game, me, d))

    return best(options, key, rng)


def _overflow(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    empty = [d for d, s in zip(me.deeds, me.stored, strict=True) if not s]
    if empty and about is not None:
        worst = best(empty, lambda d: -_ratio(game, me, d), rng)
        if _ratio(game, me, about) > _ratio(game, me, worst):
            return worst
    return -1


def _gain(game: Game, me: PlayerState, g: int, delta: int) -> int:
    points = game.book.points_of(me.grimoires[g])
    level = me.levels[g]
    nxt = max(0, min(len(points) - 1, level + delta))
    return points[nxt] - points[level]


def _level_up(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return best(options, lambda g: _gain(game, me, g, 1), rng)


def _level_down(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return best(options, lambda g: _gain(game, me, g, -1), rng)


def _draw_phase(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    left = game.rules.rounds - game.round
    return "mixed" if len(me.deeds) < 3 and left >= 2 and "mixed" in options else options[0]


def _meets(game: Game, p: PlayerState, position: int) -> bool:
    d = game.design[game.verses[position]]
    return bool(game.views[p.seat].verse_condition[d](game, p))


def _hireling(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """Enlist the Hireling that most helps this player against the others.

    A Sabotage hurts whoever meets its Verse: worth taking when others meet the
    Verse this player would put it on and this player does not. A Support helps
    whoever meets its Verse: worth taking when this player meets the Verses.
    """
    others = [q for q in game.players if q is not me]
    edges = [sum(_meets(game, q, v) for q in others) / max(1, len(others)) - _meets(game, me, v)
             for v in range(game.revealed)]  # how much more the others meet each Verse
    hurt, help_ = max(edges, default=0.0), max((-e for e in edges), default=0.0)

    table = Valuer.of(game.views[me.seat]).hireling  # design -> (worth, sabotage?)

    def key(h: int) -> float:
        worth, sabotage = table[game.design[h]]
        return abs(worth) * (hurt if sabotage else help_)

    return best(options, key, rng)


def _sabotage(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    def hurt(position: int) -> int:
        others = sum(_meets(game, q, position) for q in game.players if q is not me)
        return others - 2 * _meets(game, me, position)

    return best(options, hurt, rng)


def _support_player(game: Game, me: PlayerState, options: Sequence[Any], about: Any,
                    rng: Any) -> Any:
    """Let the player furthest behind choose the Verse (the least threat)."""
    return best(options, lambda s: -sum(base_parts(game, game.players[s]).values()), rng)


def _support_verse(game: Game, me: PlayerState, options: Sequence[Any], about: Any,
                   rng: Any) -> Any:
    return best(options, lambda position: _meets(game, me, position), rng)


def _action(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    for kind in (P.PLAY, P.LEVEL, P.ARCANA):
        if kind in options:
            return kind
    return options[0]


def _choose(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """The option of a 'Choose one' (``about``) whose actions leave the best position."""
    valuer = Valuer.of(game.views[me.seat])
    sk = valuer.sketch(game, me)

    def key(i: int) -> float:
        after = sk.copy()
        for action in about.options[i]:
            ACTION_VALUES[type(action)](action, after)
        return valuer.value(after)

    return best(options, key, rng)


def _amount(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """All of a helpful action, none of a harmful one ('Discard up to 2')."""
    helpful = effect_value(ast.Effect((), (about,))) >= 0
    return max(options) if helpful else min(options)


def _first(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return best(options, lambda o: 0, rng)


#: Question -> its rule. Every question of the protocol has one (a test holds it).
_RULES: dict[str, Rule] = {
    P.ASK_USE: _use, P.ASK_COMPLETE: _complete, P.ASK_DEED: _deed, P.ASK_UNSTORE: _unstore,
    P.ASK_STASH: _cheapest, P.ASK_DISCARD: _cheapest, P.ASK_HAND_LIMIT: _cheapest,
    P.ASK_LEVEL_CARD: _cheapest, P.ASK_PLAY: _best_card, P.ASK_KEEP: _keep,
    P.ASK_OVERFLOW: _overflow, P.ASK_LEVEL_GRIMOIRE: _level_up, P.ASK_LEVEL_UP: _level_up,
    P.ASK_LEVEL_DOWN: _level_down, P.ASK_DRAW_PHASE: _draw_phase, P.ASK_HIRELING: _hireling,
    P.ASK_SABOTAGE_VERSE: _sabotage, P.ASK_SUPPORT_PLAYER: _support_player,
    P.ASK_SUPPORT_VERSE: _support_verse, P.ASK_ACTION: _action, P.ASK_MANIFEST: _first,
    P.ASK_CHOOSE: _choose, P.ASK_AMOUNT: _amount, P.ASK_LOOK_TAKE: _best_card,
    # put the weakest back first, so the best card ends on top of the deck
    P.ASK_LOOK_ORDER: _cheapest,
}


class HeuristicPlayer:
    """Answers every question by the rules of thumb (the stand-in during look-ahead)."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        return answer(game, me, ask, options, about, self.rng)
