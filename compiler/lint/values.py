"""What the lint checks know of each rules-language node: an AST class in, its probe values out.

Some checks weigh lines against each other: a When Complete bonus worth more
than its Dark Deed (PL702), a Hireling whose effect can no longer change the
final scores (PL901, PL902). Each needs, per kind of node, a rough worth in
end-game points and whether what it does still counts when the game is
scored. ``PROBES`` holds both for every concrete AST class: a verb's come from
what its declaration says it gives (``GIVES``), so a new verb is never valued 0
by a default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prophecy.compiler.lint.core import per_content
from prophecy.compiler.model import Content
from prophecy.dsl import ast


@dataclass(frozen=True)
class Probe:
    """One AST class as the lint checks see it."""

    worth: Callable[[Any, Content], float]  # rough end-game points of using the node once
    scores: bool  # whether its result still counts in the final scores


def points_per_card(content: Content) -> float:
    """The content's average points per card needed on a Dark Deed."""
    return _scale(content)[0]


def level_step(content: Content) -> float:
    """Points a level is worth on average, over the Grimoire designs."""
    return _scale(content)[1]


@per_content
def _scale(content: Content) -> tuple[float, float]:
    """(points per card needed, points per level), counted once per content."""
    deeds = [c for c in content.of_kind("deed") if c.kind == "deed"
             and isinstance(c.get("points"), int) and isinstance(c.get("cards_needed"), int)]
    total = sum(d.cards_needed for d in deeds)
    ppc = sum(d.points for d in deeds) / total if total else 1.0
    steps = [(g.points[-1] - g.points[0]) / (len(g.points) - 1)
             for g in content.of_kind("grimoire")
             if g.kind == "grimoire" and len(g.points) > 1]
    return ppc, sum(steps) / len(steps) if steps else 1.0


def _nothing(node: Any, content: Content) -> float:
    return 0.0


def _to_deed(node: Any, content: Content) -> float:
    """Cards stored on a Dark Deed: on each of the player's deeds for an 'each' target."""
    target = getattr(node, "target", None)
    spread = content.rules.starting_deeds if target is not None and target.selector == "each" else 1
    return float(node.count * points_per_card(content) * spread)


def _cards_in_hand(node: Any, content: Content) -> float:
    """A card drawn is half a card stored, roughly."""
    return getattr(node, "count", 1) * points_per_card(content) / 2


#: What one use of a verb is worth, by what its declaration says it gives
#: (``ast.Verb.gives``); a loss is never counted as a bonus's worth, but it scores.
GIVES: dict[str, Probe] = {
    "hand": Probe(_cards_in_hand, False),
    "stash": Probe(lambda n, c: n.count * c.rules.stash_points, True),
    "deed": Probe(_to_deed, True),
    "level": Probe(lambda n, c: level_step(c), True),
    "points": Probe(lambda n, c: float(n.count), True),
    "nothing": Probe(_nothing, False),
    "loss": Probe(_nothing, True),
}

PASSIVE = Probe(_nothing, False)  # requirements and parts of lines do nothing themselves

#: Verbs whose worth is not what their kind of gift says: the cards looked at are not all
#: taken.
_OWN: dict[type[ast.Node], Probe] = {
    ast.LookAtDeck: Probe(lambda n, c: n.take * points_per_card(c) / 2, False),
}

PROBES: dict[type[ast.Node], Probe] = {
    ast.Moment: PASSIVE,
    ast.LevelReq: PASSIVE,
    ast.TopDiscardReq: PASSIVE,
    ast.RevealReq: PASSIVE,
    ast.Quantity: PASSIVE,
    ast.Compare: PASSIVE,
    ast.RoundReq: PASSIVE,
    ast.DeedTarget: PASSIVE,
    **{cls: _OWN.get(cls, GIVES[verb.gives]) for cls, verb in ast.VERBS.items()},
    ast.Repeat: Probe(lambda n, c: n.times * action_worth(n.action, c), False),
    ast.ForEach: Probe(lambda n, c: _times(n) * action_worth(n.action, c), False),
    ast.Each: Probe(lambda n, c: action_worth(n.action, c) if n.who == "player" else 0.0, False),
    ast.Chosen: Probe(_nothing, False),  # what an opponent does brings its owner nothing
    ast.Choose: Probe(lambda n, c: max(sum(action_worth(a, c) for a in option)
                                       for option in n.options), False),
    ast.AnyOf: PASSIVE,
    ast.Effect: PASSIVE,
    ast.Title: PASSIVE,
    ast.PointsRow: PASSIVE,
    ast.PointsTable: PASSIVE,
}


#: How many times a 'for each' runs, for its worth: what a player has of a count mid-game.
TYPICAL_COUNT = 2


def _times(node: ast.ForEach) -> int:
    return TYPICAL_COUNT if node.most is None else min(TYPICAL_COUNT, node.most)


def worth(node: ast.Node, content: Content) -> float:
    """A rough value in end-game points of a line's actions (for comparisons only)."""
    if not isinstance(node, ast.Effect):
        return 0.0
    return sum(action_worth(action, content) for action in node.actions)


def action_worth(action: ast.Node, content: Content) -> float:
    """The rough end-game points of one action (composites add up their parts)."""
    return PROBES[type(action)].worth(action, content)


def scores(node: ast.Node) -> bool:
    """True when some action under ``node`` can change the final scores."""
    return any(PROBES[type(sub)].scores for sub in ast.walk(node))
