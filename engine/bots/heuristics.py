"""Rules of thumb: a question and its options in, the answer a sensible player gives out.

``ACTION_VALUES`` gives each rules-language action class a rough worth in
points; ``effect_value`` sums it over a line. ``answer`` handles every question
but the choice of action with a fixed preference (use helpful effects,
complete the richest deed, throw away the weakest card...). Where options
tie, the player's own seeded generator picks among them: never the order of
the list, which follows the order of names in ``game.yaml`` and would make
the bots favour the first grimoire. The greedy and planner bots use these
rules for the small questions; so does the stand-in that plays every seat
while they look ahead. The position estimate is ``engine/bots/estimate.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from prophecy.dsl import ast
from prophecy.engine import protocol as P
from prophecy.engine.bots.estimate import Valuer
from prophecy.engine.bots.sketch import apply_actions, effect_value
from prophecy.engine.scoring import base_parts
from prophecy.engine.state import PlayerState

if TYPE_CHECKING:
    from prophecy.engine.game import Game

T = TypeVar("T")

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
    rule = _RULES.get(ask) or RULES[P.QUESTIONS[ask].bot]  # (or a question declared later)
    chosen = rule(game, me, options, about, rng)
    return options.index(chosen)


def _use(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return effect_value(about) > 0


def _complete(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    view = game.views[me.seat]
    points = view.deed_points
    if view.tables:  # a points table's deed waits for its last row, but not past the last round
        options = [d for d in options if d < 0 or not _waits(game, me, d)] or options
    return best(options, lambda d: points[d] if d >= 0 else -1, rng)


def _waits(game: Game, me: PlayerState, deed: int) -> bool:
    """Whether a ready Dark Deed with a points table is better left to gather more cards."""
    table = game.views[me.seat].tables.get(game.design[deed])
    # (a game that ends by its deck: the round its estimate reads, the last once it is out)
    if table is None or game.plan_round() >= game.rules.rounds:
        return False
    slot = me.deeds.index(deed)
    return len(me.stored[slot]) < table.rows[-1].stored


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
    left = game.rules.rounds - game.plan_round() + 1

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
    left = game.rules.rounds - game.plan_round()
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
        apply_actions(about.options[i], after)
        return valuer.value(after)

    return best(options, key, rng)


def _amount(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """All of a helpful action, none of a harmful one ('Discard up to 2')."""
    helpful = effect_value(ast.Effect((), (about,))) >= 0
    return max(options) if helpful else min(options)


def _ability_worth(game: Game, me: PlayerState, card: int, number: int) -> float:
    """What using one 'Exhaust this card' line of a card is worth, on a typical position."""
    for index, _, _, node in game.views[me.seat].abilities[game.design[card]]["exhaust"]:
        if index + 1 == number:
            return effect_value(node)
    return 0.0


def _exhaust(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """The card whose best usable 'Exhaust this card' line is worth most."""
    return best(options, lambda c: max(_ability_worth(game, me, c, n)
                                       for n in game.exhaust_lines(me, c)), rng)


def _ability(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """Of a card's 'Exhaust this card' lines (``about``: the card), the one worth most."""
    return best(options, lambda n: _ability_worth(game, me, about, n), rng)


def _curse(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """A Curse goes in front of the opponent furthest ahead."""
    return best(options, lambda s: sum(base_parts(game, game.players[s]).values()), rng)


def _opponent(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    """The opponent (seats) whom what 'Choose an opponent' says (``about``: the node) hurts
    most or helps least: the fall of the estimate of their position, the greatest; on a tie,
    the one furthest ahead for a harm, the one furthest behind for a help."""
    valuer = Valuer.of(game.views[me.seat])

    def key(seat: int) -> float:
        them = game.players[seat]
        sk = valuer.sketch(game, them)
        after = sk.copy()
        apply_actions((about.action,), after)
        hurt = valuer.value(sk) - valuer.value(after)
        lead = 1e-3 * sum(base_parts(game, them).values())
        return hurt + lead if hurt >= 0 else hurt - lead

    return best(options, key, rng)


def _first(game: Game, me: PlayerState, options: Sequence[Any], about: Any, rng: Any) -> Any:
    return best(options, lambda o: 0, rng)


#: Question -> its rule. Every question of the protocol has one (a test holds it).
#: The rules of thumb by name; each question of ``protocol.QUESTIONS`` names its own.
RULES: dict[str, Rule] = {
    "use": _use, "complete": _complete, "deed": _deed, "unstore": _unstore,
    "cheapest": _cheapest, "best_card": _best_card, "keep": _keep, "overflow": _overflow,
    "level_up": _level_up, "level_down": _level_down, "draw_phase": _draw_phase,
    "hireling": _hireling, "sabotage": _sabotage, "support_player": _support_player,
    "support_verse": _support_verse, "action": _action, "first": _first, "choose": _choose,
    "amount": _amount, "exhaust": _exhaust, "ability": _ability, "curse": _curse,
    "opponent": _opponent,
}
#: Question name -> the rule that answers it.
_RULES: dict[str, Rule] = {q.name: RULES[q.bot] for q in P.QUESTIONS.values()}


class HeuristicPlayer:
    """Answers every question by the rules of thumb (the stand-in during look-ahead)."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        return answer(game, me, ask, options, about, self.rng)
