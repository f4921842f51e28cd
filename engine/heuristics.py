"""Rules of thumb: a game state in, a score estimate or an answer to a small question out.

``estimate`` values a player's position as their score so far plus a share of
what is under way (cards stored on Dark Deeds, cards in hand, titles they
would win now). ``answer`` handles every question but the choice of action
with a fixed preference (use helpful effects, complete the richest deed,
throw away the weakest card...). The greedy bot uses both; so does the
stand-in that plays the other seats while it looks ahead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.engine import protocol as P
from prophecy.engine.scoring import base_parts
from prophecy.engine.state import PlayerState

if TYPE_CHECKING:
    from prophecy.engine.game import Game

DEED_SHARE = 0.6  # how much of a deed's points its stored cards are worth so far
CARD_VALUE = 1.0  # a card in hand, as points
TITLE_SHARE = 0.6  # a title one would win now, as a share of its points

def _per_card(value: float) -> Callable[[Any], float]:
    return lambda action: value * getattr(action, "count", 1)


#: Action class → the rough worth of doing it once. Every action class has an entry (a
#: test holds it): a new verb is never silently worth nothing to the bots.
ACTION_VALUES: dict[type[ast.Node], Callable[[Any], float]] = {
    ast.AddToDeed: lambda a: (2.0 if a.target.selector == "each" else 1.5) * a.count,
    ast.RemoveFromDeed: _per_card(-1.5),
    ast.Stash: lambda a: (2.0 if a.source == "hand" else 3.0) * a.count,
    ast.DrawArcana: _per_card(1.0),
    ast.DrawDeeds: lambda a: 1.0 * a.keep,
    ast.LevelUp: lambda a: 2.0,
    ast.LevelDown: lambda a: -2.0,
    ast.Discard: _per_card(-1.0),
    ast.RevealUntil: lambda a: 1.0,
    ast.TakeFromDiscard: _per_card(1.0),
    ast.LookAtDeck: lambda a: 1.0 * a.take + 0.25,
    ast.GainPoints: lambda a: 1.0 * a.count,
    ast.Repeat: lambda a: a.times * action_value(a.action),
    ast.Each: lambda a: action_value(a.action) if a.who == "player" else 0.5,
    ast.Choose: lambda a: max(sum(map(action_value, option)) for option in a.options),
}


def action_value(action: ast.Node) -> float:
    """The rough worth of one action (through ``ACTION_VALUES``, which has every class)."""
    return ACTION_VALUES[type(action)](action)


@cache
def effect_value(node: ast.Node | None) -> float:
    """A rough worth of using an effect line, from its actions alone."""
    if not isinstance(node, ast.Effect):
        return 0.0
    return sum(action_value(action) for action in node.actions)


def card_value(game: Game, card: int) -> float:
    """The sum of the helpful effects printed on an Arcana card."""
    d = game.design[card]
    return sum(max(0.0, effect_value(n)) for n in game.nodes.get(d, ()))


def cheapest_card(game: Game, me: PlayerState, cards: Sequence[int]) -> int:
    return min(cards, key=lambda c: card_value(game, c)) if cards else -1


def estimate(game: Game, p: PlayerState) -> float:
    """The player's score so far plus a share of what is under way."""
    value = float(sum(base_parts(game, p).values()))
    needed, points = game.needed, game.deed_points
    for d, stored in zip(p.deeds, p.stored, strict=True):
        need = needed[d] or 1
        value += DEED_SHARE * points[d] * min(len(stored), need) / need
    rounds = game.rules.rounds
    # A card in hand is worth what it can still become: nothing once the last round is played.
    value += CARD_VALUE * len(p.hand) * (rounds - game.round + 1) / rounds
    # A title led now is worth more the nearer the end: leading it in round 1 says little.
    share = TITLE_SHARE * (game.round / game.rules.rounds) ** 3
    book = game.book
    for t in game.titles:
        if book.awards[book.design[t]](game) is p:
            value += share * book.card_as(t, model.Title).points
    return value


def answer(game: Game, me: PlayerState, ask: str, options: Sequence[Any], about: Any) -> int:
    """The index of the option a sensible player would take, without look-ahead."""
    rule = _RULES.get(ask)
    if rule is None:
        return 0
    chosen = rule(game, me, options, about)
    return options.index(chosen)


def _use(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return effect_value(about) > 0


def _complete(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda d: game.deed_points[d] if d >= 0 else -1)


def _deed(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    needed, points = game.needed, game.deed_points

    def key(slot: int) -> tuple[bool, int, int]:
        d = me.deeds[slot]
        missing = needed[d] - len(me.stored[slot])
        return (missing > 0, -missing if missing > 0 else 0, points[d])

    return max(options, key=key)


def _unstore(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return min(options, key=lambda s: game.deed_points[me.deeds[s]])


def _cheapest(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return cheapest_card(game, me, options)


def _best_card(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda c: card_value(game, c))


def _ratio(game: Game, d: int) -> float:
    return game.deed_points[d] / max(1, game.needed[d])


def _keep(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda d: _ratio(game, d))


def _overflow(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    empty = [d for d, s in zip(me.deeds, me.stored, strict=True) if not s]
    if empty and about is not None:
        worst = min(empty, key=lambda d: _ratio(game, d))
        if _ratio(game, about) > _ratio(game, worst):
            return worst
    return -1


def _gain(game: Game, me: PlayerState, g: int, delta: int) -> int:
    points = game.book.points_of(me.grimoires[g])
    level = me.levels[g]
    nxt = max(0, min(len(points) - 1, level + delta))
    return points[nxt] - points[level]


def _level_up(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda g: _gain(game, me, g, 1))


def _level_down(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda g: _gain(game, me, g, -1))


def _draw_phase(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return "mixed" if len(me.deeds) < 3 and "mixed" in options else options[0]


def _hireling(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    sabotage = [h for h in options if game.book.card_as(h, model.Hireling).role == "sabotage"]
    return sabotage[0] if sabotage else options[0]


def _meets(game: Game, p: PlayerState, position: int) -> bool:
    d = game.design[game.verses[position]]
    return bool(game.book.verse_condition[d](game, p))


def _sabotage(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    def hurt(position: int) -> int:
        others = sum(_meets(game, q, position) for q in game.players if q is not me)
        return others - 2 * _meets(game, me, position)

    return max(options, key=hurt)


def _support_player(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return min(options, key=lambda s: estimate(game, game.players[s]))


def _support_verse(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    return max(options, key=lambda position: _meets(game, me, position))


def _choose(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    """The option whose actions are worth most (``about`` is the Choose node)."""
    return max(options, key=lambda i: sum(map(action_value, about.options[i])))


def _amount(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    """All of a helpful action, none of a harmful one ('Discard up to 2')."""
    return max(options) if action_value(about) >= 0 else min(options)


def _look_order(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    """Put the weakest back first, so the best card ends on top of the deck."""
    return cheapest_card(game, me, options)


def _action(game: Game, me: PlayerState, options: Sequence[Any], about: Any) -> Any:
    for kind in (P.PLAY, P.LEVEL, P.ARCANA):
        if kind in options:
            return kind
    return options[0]


_RULES: dict[str, Callable[[Game, PlayerState, Sequence[Any], Any], Any]] = {
    P.ASK_USE: _use, P.ASK_COMPLETE: _complete, P.ASK_DEED: _deed, P.ASK_UNSTORE: _unstore,
    P.ASK_STASH: _cheapest, P.ASK_DISCARD: _cheapest, P.ASK_HAND_LIMIT: _cheapest,
    P.ASK_LEVEL_CARD: _cheapest, P.ASK_PLAY: _best_card, P.ASK_KEEP: _keep,
    P.ASK_OVERFLOW: _overflow, P.ASK_LEVEL_GRIMOIRE: _level_up, P.ASK_LEVEL_UP: _level_up,
    P.ASK_LEVEL_DOWN: _level_down, P.ASK_DRAW_PHASE: _draw_phase, P.ASK_HIRELING: _hireling,
    P.ASK_SABOTAGE_VERSE: _sabotage, P.ASK_SUPPORT_PLAYER: _support_player,
    P.ASK_SUPPORT_VERSE: _support_verse, P.ASK_ACTION: _action, P.ASK_CHOOSE: _choose,
    P.ASK_AMOUNT: _amount, P.ASK_LOOK_TAKE: _best_card, P.ASK_LOOK_ORDER: _look_order,
}


class HeuristicPlayer:
    """Answers every question by the rules of thumb (the stand-in during look-ahead)."""

    name = "heuristic"

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        return answer(game, me, ask, options, about)
