"""The bots by name: a spec such as ``greedy`` or ``planner:8`` in, a seeded player out.

``simulate`` and ``balance`` seat bots by the names a user types; the bots
themselves live in ``engine/bots/greedy.py`` (random, greedy) and ``engine/bots/planner.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prophecy.engine.bots.greedy import GreedyBot, RandomBot
from prophecy.engine.bots.planner import BUDGET, PlannerBot
from prophecy.engine.protocol import Player


def _planner(seed: Any, budget: int | None = None) -> Player:
    return PlannerBot(seed, budget or BUDGET)


def _plain(cls: Callable[[Any], Player]) -> Callable[[Any, int | None], Player]:
    def make(seed: Any, budget: int | None = None) -> Player:
        return cls(seed)

    return make


#: Bot name -> maker(seed, budget). ``planner:8`` gives the planner 8 worlds per decision.
BOTS: dict[str, Callable[[Any, int | None], Player]] = {
    "random": _plain(RandomBot), "greedy": _plain(GreedyBot), "planner": _planner,
}


#: The planner's largest budget: each world plays out every shortlisted action, so a game
#: with planner:100 already takes minutes.
MAX_BUDGET = 100


def parse_bot(spec: str) -> tuple[str, int | None]:
    """``name`` or ``name:budget`` -> (name, budget); ValueError names what is wrong."""
    name, _, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name[:40]!r}; choose from {', '.join(BOTS)}")
    if not budget:
        return name, None
    if name != "planner" or not budget.isdigit() or int(budget[:10]) < 1:
        raise ValueError(f"{spec[:40]!r}: only the planner takes a budget, a whole number of "
                         "worlds per decision, as in planner:8")
    if len(budget) > 4 or int(budget) > MAX_BUDGET:
        raise ValueError(f"{spec[:40]!r}: the planner's budget is at most {MAX_BUDGET} worlds "
                         "per decision")
    return name, int(budget)


def make_bot(spec: str, seed: Any) -> Player:
    """The bot a spec names (``greedy``, ``planner:8``...), seeded."""
    name, budget = parse_bot(spec)
    return BOTS[name](seed, budget)
