"""Bots: players that answer the game's questions without a person.

``RandomBot`` picks uniformly among the legal options. ``GreedyBot`` looks one
action ahead: for each action it could take it plays that action on a copy of
the game (hidden decks reshuffled, so it cannot peek) and keeps the one whose
result has the best score estimate; the smaller questions it answers with
rules of thumb (``engine/heuristics.py``). Each bot owns its own
``random.Random``, so the game's generator is never disturbed by a bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from prophecy.engine import heuristics
from prophecy.engine.protocol import (
    ASK_ACTION,
    ASK_LEVEL_CARD,
    ASK_LEVEL_GRIMOIRE,
    ASK_MANIFEST,
    ASK_PLAY,
    END,
    LEVEL,
    MANIFEST,
    PLAY,
    Player,
)


class RandomBot:
    """Chooses uniformly at random among the offered options."""

    name = "random"

    def __init__(self, seed: Any = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        return int(self._random() * len(options))


MARGIN = 0.1  # an action must beat standing still by this much (ties are not progress)


class GreedyBot:
    """One step of look-ahead on ``heuristics.estimate`` for actions; rules of thumb elsewhere."""

    name = "greedy"

    def __init__(self, seed: Any = None) -> None:
        self.rng = random.Random(seed)
        self.plan: tuple[int, int] = (-1, -1)  # (card, grimoire) of the chosen action

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        if ask == ASK_ACTION:
            return self._action(game, me, options)
        card, grimoire = self.plan
        if ask in (ASK_PLAY, ASK_LEVEL_CARD) and card in options:
            return options.index(card)
        if ask in (ASK_LEVEL_GRIMOIRE, ASK_MANIFEST) and grimoire in options:
            return options.index(grimoire)
        return heuristics.answer(game, me, ask, options, about)

    def _action(self, game: Any, me: Any, options: Sequence[Any]) -> int:
        best_value = heuristics.estimate(game, me) + MARGIN
        best, plan = options.index(END), (-1, -1)
        for kind in options:
            if kind == END:
                continue
            for card, grimoire in _candidates(game, me, kind):
                value = self._look(game, me, kind, card, grimoire)
                if value > best_value:
                    best_value, best, plan = value, options.index(kind), (card, grimoire)
        self.plan = plan
        return best

    def _look(self, game: Any, me: Any, kind: str, card: int, grimoire: int) -> float:
        copy = game.fork(self.rng)
        mine = copy.players[me.seat]
        copy.act(mine, kind, card, grimoire)
        return heuristics.estimate(copy, mine)


def _candidates(game: Any, me: Any, kind: str) -> list[tuple[int, int]]:
    """The concrete forms of an action kind worth comparing: (card, grimoire) pairs."""
    if kind == PLAY:
        seen: dict[int, int] = {}
        for card in me.hand:
            seen.setdefault(game.design[card], card)
        return [(card, -1) for card in seen.values()]
    if kind == LEVEL:
        card = heuristics.cheapest_card(game, me, me.hand)
        top = game.rules.max_level
        return [(card, g) for g, lv in enumerate(me.levels) if lv < top]
    if kind == MANIFEST:
        top = game.rules.max_level
        return [(-1, g) for g, lv in enumerate(me.levels) if lv >= top]
    return [(-1, -1)]


BOTS: dict[str, Callable[[Any], Player]] = {"random": RandomBot, "greedy": GreedyBot}
