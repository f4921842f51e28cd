"""Bots: players that answer the game's questions without a person.

``RandomBot`` picks uniformly among the legal options. ``GreedyBot`` looks one
action ahead: once per decision it copies the game with the hidden cards
reshuffled (so it cannot peek), then for each action it could take it plays
that action on a branch of that copy and keeps the one whose result has the
best estimate (``engine/bots/estimate.py``); the smaller questions it answers with
rules of thumb (``engine/bots/heuristics.py``). ``PlannerBot`` (``engine/bots/planner.py``)
plans over the rest of the round with playouts. Each bot owns a
``random.Random`` seeded from the game's seed: it breaks ties and shuffles
what it cannot see, and the game's own generator is never touched by a bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from prophecy.dsl import ast
from prophecy.engine.bots import heuristics, sketch
from prophecy.engine.bots.estimate import Valuer
from prophecy.engine.protocol import (
    ACTION_KINDS,
    ARCANA,
    ASK_ABILITY,
    ASK_ACTION,
    ASK_EXHAUST,
    ASK_LEVEL_CARD,
    ASK_LEVEL_GRIMOIRE,
    ASK_MANIFEST,
    ASK_PLAY,
    ASK_USE,
    DEEDS,
    END,
    EXHAUST,
    LEVEL,
    MANIFEST,
    PLAY,
    QUESTIONS,
    SCHEME,
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
EPSILON = 1e-9  # estimates closer than this are equal (the order of a float sum must not decide)

#: (action kind, card, grimoire); -1 where not needed. For an exhaust action the third is the
#: number of the card's line to use.
Candidate = tuple[str, int, int]


class GreedyBot:
    """One action of look-ahead on the position estimate; rules of thumb elsewhere.

    Each action it may take is applied to a sketch of its position (counts and
    Dark Deed progress: ``engine/bots/estimate.py``), each rules-language action by
    its entry in ``sketch.ACTION_VALUES``, and the action whose sketch is
    worth most is taken; an optional effect line is used when it raises the
    estimate. Nothing is copied and nothing hidden is looked at.
    """

    name = "greedy"

    def __init__(self, seed: Any = None) -> None:
        self.rng = random.Random(seed)
        self.plan: tuple[int, int] = (-1, -1)  # (card, grimoire) of the chosen action
        self.own = False  # whether that action is one of an engine's own (``action_candidates``)

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        if ask == ASK_ACTION:
            kind, card, grimoire = self.decide(game, me, options)
            self.plan = (card, grimoire)
            self.own = kind not in ACTION_KINDS and kind != END
            return options.index(kind)
        card, grimoire = self.plan
        if ask in (ASK_PLAY, ASK_LEVEL_CARD) and card in options:
            return options.index(card)
        if ask in (ASK_LEVEL_GRIMOIRE, ASK_MANIFEST) and grimoire in options:
            return options.index(grimoire)
        if ask == ASK_EXHAUST and card in options:
            return options.index(card)
        if ask == ASK_ABILITY and about == card and grimoire in options:
            return options.index(grimoire)  # the line number planned with the card
        if self.own:  # an engine's own action asks its own questions: answer them as planned
            planned = {"card": card, "grimoire": grimoire}.get(QUESTIONS[ask].options)
            if planned is not None and planned >= 0 and planned in options:
                return options.index(planned)
        if ask == ASK_USE and isinstance(about, ast.Effect):
            return int(_pure(about) or _worth_using(game, me, about))
        return heuristics.answer(game, me, ask, options, about, self.rng)

    def decide(self, game: Any, me: Any, options: Sequence[str]) -> Candidate:
        """The action (and its card or grimoire) with the best estimate one step ahead."""
        scored = sketch_actions(game, me, options, self.rng)
        return heuristics.best_scored(scored, self.rng)


def _worth_using(game: Any, me: Any, node: ast.Effect) -> bool:
    valuer = Valuer.of(game.views[me.seat])
    sk = valuer.sketch(game, me)
    after = sk.copy()
    sketch.apply_line(node, after)
    return valuer.value(after) > valuer.value(sk) + EPSILON


def sketch_actions(game: Any, me: Any, options: Sequence[str],
                   rng: random.Random) -> list[tuple[Candidate, float]]:
    """Each candidate action with the estimate of the sketch after it.

    Ending the phase scores the estimate now plus ``MARGIN``, so an action has to
    be worth something to be taken. Of the cards none of whose lines can be used
    now, only the least useful is tried (playing it only empties the hand by one).
    """
    view = game.views[me.seat]
    valuer = Valuer.of(view)
    sk = valuer.sketch(game, me)
    value = valuer.value
    base = value(sk)
    out: list[tuple[Candidate, float]] = [((END, -1, -1), base + MARGIN)]
    rules = game.rules
    spent: list[float] = []  # the estimate with one card played and nothing else, once known

    def one_card_less() -> float:
        if not spent:  # on the sketch itself, then put back
            sk.hand -= 1
            sk.pile += 1
            spent.append(value(sk))
            sk.hand += 1
            sk.pile -= 1
        return spent[0]

    for kind in options:
        if kind == PLAY:
            for card, after, worth in _plays(game, me, view, sk, rng, one_card_less):
                if after is None:  # a card none of whose lines can be used
                    out.append(((PLAY, card, -1), one_card_less()))
                else:
                    out.append(((PLAY, card, -1), value(after) if worth is None else worth))
        elif kind == LEVEL:  # made and unmade on the sketch itself: no copy
            levels = sk.levels
            sk.hand -= 1
            sk.pile += 1
            for card, g in candidates(game, me, kind, rng):
                level = levels[g]
                levels[g] = level + 1
                out.append(((LEVEL, card, g), value(sk)))
                levels[g] = level
            sk.hand += 1
            sk.pile -= 1
        elif kind == ARCANA:
            hand = sk.hand
            sk.hand = min(game.hand_cap, hand + 1)
            out.append(((ARCANA, -1, -1), value(sk) if sk.hand != hand else base))
            sk.hand = hand
        elif kind in (DEEDS, SCHEME):  # Scheme: the draw of one Dark Deed, kept
            if len(sk.deeds) >= rules.deed_limit:  # a full row: the draw changes nothing
                out.append(((kind, -1, -1), base))
                continue
            deeds = sk.deeds  # the kept deed added on the sketch itself, then taken back
            if game.market_size:  # the best of the face-up deeds it may take
                best = base
                for deed in game.market:
                    best = max(best, value(_with_deed(sk, deeds, game, me, deed)))
                out.append(((kind, -1, -1), best))
                sk.deeds = deeds
                continue
            sketch.apply_line(_deed_draw(rules) if kind == DEEDS else _SCHEME, sk)
            out.append(((kind, -1, -1), value(sk)))
            sk.deeds = deeds
        elif kind == EXHAUST:
            for card, number in candidates(game, me, kind, rng):
                after = sk.copy()
                after.own = view.gidx[card]
                sketch.apply_line(_ability_node(view, card, number), after)
                out.append(((EXHAUST, card, number), value(after)))
        elif kind == MANIFEST:
            for _, g in candidates(game, me, kind, rng):
                d = view.design[me.grimoires[g]]
                after = sk.copy()
                after.own = g
                for node in view.nodes[d]:
                    sketch.apply_line(node, after)
                out.append(((MANIFEST, -1, g), value(after)))
        elif kind != END:  # an action of an engine's own: the lines it says it amounts to
            for card, grimoire, lines in game.action_candidates(me, kind):
                after = sk.copy()
                for node in lines:
                    sketch.apply_line(node, after)
                out.append(((kind, card, grimoire), value(after)))
    return out


def _with_deed(sk: Any, deeds: tuple[Any, ...], game: Any, me: Any, deed: int) -> Any:
    """The sketch with ``deeds`` and one more Dark Deed in play (the sketch itself)."""
    points = game.views[me.seat].deed_points[deed]
    sk.deeds = (*deeds, (points, game.needed[deed], 0, game.gidx[deed]))
    return sk


_SCHEME = ast.Effect((), (ast.Scheme(),))


def _ability_node(view: Any, card: int, number: int) -> ast.Effect:
    """The 'Exhaust this card' line of a card, by its number on the card (from 1)."""
    for index, _, _, node in view.abilities[view.design[card]]["exhaust"]:
        if index + 1 == number:
            found: ast.Effect = node
            return found
    raise KeyError(number)


def _deed_draw(rules: Any) -> ast.Effect:
    """The Draw Dark Deeds action as the line it amounts to."""
    key = (rules.deed_draw, rules.deed_keep)
    line = _DEED_DRAW.get(key)
    if line is None:
        line = _DEED_DRAW[key] = ast.Effect((), (ast.DrawDeeds(*key),))
    return line


_DEED_DRAW: dict[tuple[int, int], ast.Effect] = {}


def _plays(game: Any, me: Any, view: Any, sk: Any, rng: random.Random,
           one_card_less: Callable[[], float]) -> list[tuple[int, Any, float | None]]:
    """(card, sketch after playing it, its estimate if known) for each design in hand with
    a usable line, and (card, None, None) for the least useful card of those without one.

    ``one_card_less()`` is the estimate of ``sk`` with one card played and nothing else:
    the worth of a card whose lines so far changed nothing the estimate reads (the
    grimoire a line speaks of as 'this' and the discard pile it does not read).
    """
    out: list[tuple[int, Any, float | None]] = []
    dead: list[int] = []
    seen: set[int] = set()
    design, table = view.design, _lines(view)
    valuer = Valuer.of(view)
    value = valuer.value
    for card in game.playable(me):
        d = design[card]
        if d in seen:
            continue
        seen.add(d)
        after, worth = None, None  # worth: the estimate of ``after``, once known
        plain = True  # no pure line applied to ``after`` yet: only the play itself
        for preds, steps, pure in table[d]:
            for pred in preds:
                if not pred(game, me):
                    break
            else:
                if after is None:
                    after = sk.copy()
                    after.hand -= 1
                    after.pile += 1
                    after.own = view.gidx[card]
                if pure:
                    for apply, action in steps:
                        if not apply(action, after):
                            break  # ruling 17: nothing after an action not done in full
                    worth, plain = None, False
                    continue
                trial = after.copy()  # a line with a cost: used when it helps, as _worth_using
                for apply, action in steps:
                    if not apply(action, trial):
                        break
                if worth is None:
                    worth = one_card_less() if plain else value(after)
                tried = value(trial)
                if tried > worth + EPSILON:
                    after, worth = trial, tried
        if d in view.stays:  # it stays in play: what it brings there, not a discard
            if after is None:
                after = sk.copy()
                after.hand -= 1
                after.own = view.gidx[card]
            else:
                after.pile -= 1
            valuer.put_in_play(after, d)
            worth = None
        if after is None:
            dead.append(card)
        else:
            out.append((card, after, worth))
    if dead:
        out.append((heuristics.cheapest_card(game, me, dead, rng), None, None))
    return out


def _lines(view: Any) -> dict[int, list[tuple[Any, list[tuple[Any, Any]], bool]]]:
    """Design -> its effect lines as (requirements, [(apply, action)], pure), once per book."""
    found: dict[int, list[tuple[Any, list[tuple[Any, Any]], bool]]] | None = view.cache.get(
        "greedy_lines")
    if found is not None:
        return found
    table: dict[int, list[tuple[Any, list[tuple[Any, Any]], bool]]] = {}
    for d, compiled in view.effects.items():
        rows: list[tuple[Any, list[tuple[Any, Any]], bool]] = []
        for (preds, _), node in zip(compiled, view.nodes[d], strict=True):
            actions = node.actions if isinstance(node, ast.Effect) else ()
            steps = [(sketch.ACTION_VALUES[type(a)], a) for a in actions]
            rows.append((preds, steps, _pure(node)))
        table[d] = rows
    view.cache["greedy_lines"] = table
    return table


def _pure(node: Any) -> bool:
    """Whether every action of a line is worth something on its own (no cost to weigh)."""
    entry = _PURE.get(id(node))  # by identity: hashing a tree each time costs more than this
    if entry is None or entry[0] is not node:
        pure = isinstance(node, ast.Effect) and all(
            sketch.effect_value(ast.Effect((), (a,))) > 0 for a in node.actions)
        entry = _PURE[id(node)] = (node, pure)
    return entry[1]


_PURE: dict[int, tuple[Any, bool]] = {}


def candidates(game: Any, me: Any, kind: str, rng: random.Random) -> list[tuple[int, int]]:
    """The concrete forms of an action kind worth comparing: (card, grimoire) pairs."""
    if kind == PLAY:
        seen: dict[int, int] = {}
        for card in game.playable(me):
            seen.setdefault(game.design[card], card)
        return [(card, -1) for card in seen.values()]
    if kind == LEVEL:
        if game.level_cost == "any-card" and not game.level_once:  # one card pays for any
            card = heuristics.cheapest_card(game, me, me.hand, rng)
            top = game.rules.max_level
            return [(card, g) for g, lv in enumerate(me.levels) if lv < top]
        return [(heuristics.cheapest_card(game, me, cards, rng), g)
                for g, cards in game.level_choices(me).items()]
    if kind == MANIFEST:
        top = game.rules.max_level
        return [(-1, g) for g, lv in enumerate(me.levels) if lv >= top]
    if kind == EXHAUST:  # each usable line of each ready card, its number in the second place
        return [(card, number) for card in game.exhaustable(me)
                for number in game.exhaust_lines(me, card)]
    return [(-1, -1)]
