"""The planner bot: flat Monte Carlo over the actions left in the round.

For each choice of action, ``PlannerBot`` deals ``budget`` determinized
worlds (the game copied, the cards it cannot see shuffled with its own
generator). In each world it tries its few most promising actions (the greedy
bot's one-step estimate picks them), finishes the round's remaining actions
greedily, plays its own Prophecy phase (Verses met, Dark Deeds completed)
and scores the end of its turn with the position estimate
(``engine/bots/estimate.py``). The action with the best mean over the worlds is
taken. Every candidate meets the same worlds (common random numbers), so the
comparison is paired, and a bigger budget only makes the means finer.

It sees what the greedy bot cannot: a card whose worth comes from the action
after it, a Verse it can meet by the end of the round, a Dark Deed it can
finish before the Prophecy phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prophecy.engine.bots import heuristics
from prophecy.engine.bots.estimate import Valuer
from prophecy.engine.bots.greedy import Candidate, GreedyBot, sketch_actions
from prophecy.engine.protocol import END

BUDGET = 3  # determinized worlds per decision
WIDTH = 4  # candidate actions kept from the one-step ranking (and always END)


class PlannerBot(GreedyBot):
    """Chooses each action by playouts to the end of its turn; the rest as the greedy bot."""

    name = "planner"
    # it plays out futures with the hidden cards reshuffled, so a card it does not hold can
    # change what it decides (a balance pair may not take a game as its twin's: pairs.py)
    imagines_hidden = True

    def __init__(self, seed: Any = None, budget: int = BUDGET, width: int = WIDTH) -> None:
        super().__init__(seed)
        self.budget, self.width = budget, width
        self.helper = GreedyBot()  # answers every seat's questions inside a playout
        self.helper.rng = self.rng

    def decide(self, game: Any, me: Any, options: Sequence[str]) -> Candidate:
        ranked = sorted(sketch_actions(game, me, options, self.rng), key=lambda c: -c[1])
        shortlist = [c for c, _ in ranked[: self.width]]
        if (END, -1, -1) not in shortlist:
            shortlist.append((END, -1, -1))
        totals = [0.0] * len(shortlist)
        helpers = [self.helper] * len(game.players)
        # Every playout is read as in the round of the decision: in a game that ends when
        # its deck runs out, the round the estimate reads moves with each card drawn, and a
        # playout that drew more would seem nearer the end (and worth less) for that alone.
        at = game.plan_round()
        for _ in range(self.budget):
            world = game.fork(self.rng, helpers)
            for i, candidate in enumerate(shortlist):
                totals[i] += self._playout(world, me.seat, candidate, at)
        chosen = heuristics.best(range(len(shortlist)), lambda i: totals[i], self.rng)
        return shortlist[chosen]

    def _playout(self, world: Any, seat: int, candidate: Candidate, at: int = 0) -> float:
        """The estimate at the end of the turn after ``candidate`` and greedy follow-ups."""
        rng = self.rng
        copy = world.branch(rng)
        me = copy.players[seat]
        used = dict(copy.used)
        kind, card, grimoire = candidate
        taken = sum(used.values())
        while kind != END:
            used[kind] += 1
            copy.act(me, kind, card, grimoire)
            taken += 1
            if taken >= copy.rules.actions_per_round:
                break
            options = copy.action_options(me, used)
            scored = sketch_actions(copy, me, options, rng)
            kind, card, grimoire = heuristics.best_scored(scored, rng)
        copy.prophecy_phase(me)
        copy.turn_end(me)
        return Valuer.of(copy.views[seat]).estimate(copy, me, at)
