"""The bots play every rules option: only what the option allows, and sensibly.

Each variant is the bundled game with one option of game.yaml switched
(``model.Options``). Seeded games of random, greedy and planner bots are
played with a check after every step (every card in one place, the limits
kept) and with what the option means checked as it happens; then the greedy
bot must beat the random one, as it does in the rulebook's game.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from prophecy.compiler import model
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.compiler.model.options import over
from prophecy.engine import protocol as P
from prophecy.engine.bots.roster import make_bot
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game

DEPTHS = {f"{n} players": [[2 * n + 1, 2 * n + 5], [4 * n + 6, 4 * n + 10]] for n in (2, 3, 4)}
VARIANTS: dict[str, dict[str, Any]] = {
    "play-and-level-up": {"actions": {"play": 2, "level up": 1}},
    "by-action": {"turns": "by-action"},
    "draw-up-to": {"hand": {"rule": "draw-up-to", "size": 5}},
    "power": {"level_up": {"cost": "power", "once_per_grimoire": True}},
    "verses-in-the-deck": {"verses": {"place": "deck", "depths": DEPTHS}},
    "market": {"dark_deeds": {"place": "market", "size": 3}},
    "shared-pile": {"discard": "shared"},
    "deck-emptied": {"end": {"after": "deck-emptied",
                             "times": {"2 players": 2, "3 players": 3, "4 players": 3}}},
}


@pytest.fixture(scope="module")
def bundled() -> model.Content:
    content = load_content(bundled_content())
    arcana = content.pack.kind("arcana")
    assert arcana is not None
    # power 0 to 4 by the card's place in the content, so a level up paid with power bites
    cards = tuple(model.with_fields(c, arcana, power=i % 5) if c.kind == "arcana" else c
                  for i, c in enumerate(content.cards))
    return dataclasses.replace(content, cards=cards)


def variant(content: model.Content, name: str) -> model.Content:
    return dataclasses.replace(content, options=over(content.options, VARIANTS[name]))


class Watched(Game):
    """A game that checks the rules and what its option means after every step."""

    def branch(self, rng: Any) -> Any:
        other = super().branch(rng)  # a look-ahead keeps its own record
        other.ups, other.turns, other.acted = Counter(), [], []
        return other

    def level_up(self, p: Any, card: int = -1, grimoire: int = -1) -> None:
        choices = {g: list(cards) for g, cards in self.level_choices(p).items()}
        before = list(p.levels)
        super().level_up(p, card, grimoire)
        g = next(i for i, (a, b) in enumerate(zip(before, p.levels, strict=True)) if a != b)
        paid = p.pile[-1]
        assert g in choices and paid in choices[g]
        if self.level_cost == "power":
            assert self.power[paid] >= before[g]
        self.ups[(self.round, p.seat, g)] += 1

    def action_phase(self, p: Any) -> None:
        super().action_phase(p)
        self.turns.append(p.seat)

    def act(self, p: Any, kind: str, card: int = -1, grimoire: int = -1) -> None:
        self.acted.append((self.round, p.seat, kind))
        super().act(p, kind, card, grimoire)

    def draw_phase(self, p: Any) -> None:
        super().draw_phase(p)
        o = self.options
        if o.hand == "draw-up-to":
            assert len(p.hand) >= o.hand_size or not self.arcana_left()


def check(game: Any, _player: Any) -> None:
    seen = Counter(c for cards in game.places().values() for c in cards)
    assert sorted(seen) == list(range(game.book.size)) and max(seen.values()) == 1
    assert game.limbo == []
    o = game.options
    for p in game.players:
        assert len(p.hand) <= game.hand_cap and len(p.deeds) <= game.rules.deed_limit
        assert (p.pile is game.center) == (o.discard == "shared")
    if o.deeds == "market":
        assert len(game.market) == o.market or not game.deeds_left()
    assert all(game.book.kind[c] == "verse" for c in game.verses)
    assert 0 <= game.revealed <= len(game.verses)


def play(content: model.Content, bots: tuple[str, ...], seed: int, players: int) -> Watched:
    book = book_of(content)
    chairs = [make_bot(bots[c % len(bots)], f"{seed}:{c}") for c in range(players)]
    game = Watched.__new__(Watched)
    game.ups, game.turns, game.acted = Counter(), [], []
    Game.__init__(game, book, chairs, f"options:{seed}", log=True)
    game.watch = check
    check(game, None)
    return game.play()  # type: ignore[return-value]


def _games(content: model.Content, bots: tuple[str, ...], n: int) -> list[Watched]:
    return [play(content, bots, seed, 2 + seed % 3) for seed in range(n)]


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("bots", [("random",), ("greedy", "random"), ("planner:2", "greedy")])
def test_the_bots_keep_the_rules_of_every_option(bundled, name, bots):
    content = variant(bundled, name)
    games = _games(content, bots, 4 if bots[0].startswith("planner") else 20)
    for game in games:
        assert game.over and game.results["scores"]
        _means(name, game)


def _means(name: str, game: Watched) -> None:
    """What the option means, read off a finished game."""
    o, log = game.options, game.log or []
    offered = {k for _, _, ask, options, _ in log if ask == P.ASK_ACTION for k in options}
    if name == "play-and-level-up":
        assert offered <= {P.PLAY, P.LEVEL, P.END}
        taken = Counter((r, s, k) for r, s, k in game.acted)
        assert all(n <= game.limits[k] for (_, _, k), n in taken.items())
        assert game.limits == {P.PLAY: 2, P.LEVEL: 1, P.ARCANA: 0, P.DEEDS: 0, P.MANIFEST: 0,
                               P.EXHAUST: 0}
    if name == "power":
        assert max(game.ups.values(), default=1) == 1  # once per Grimoire a turn
    if name == "draw-up-to":
        assert not {P.ASK_HAND_LIMIT, P.ASK_DRAW_PHASE} & {ask for _, _, ask, _, _ in log}
    if name == "deck-emptied":
        assert game.emptied >= game.empties or game.round == o.most_rounds
        # the round that ran the deck out the last time was the last: no round after it
        rounds_acted = {r for r, _, _ in game.acted}
        assert max(rounds_acted, default=1) <= game.round


def test_by_action_turns_go_round_the_table_and_by_player_do_not(bundled):
    def interleaved(game: Watched) -> bool:
        by_round: dict[int, list[int]] = {}
        for r, seat, _ in game.acted:
            by_round.setdefault(r, []).append(seat)
        return any(seats != sorted(seats) for seats in by_round.values())

    assert any(interleaved(g) for g in _games(variant(bundled, "by-action"), ("greedy",), 6))
    assert not any(interleaved(g) for g in _games(bundled, ("greedy",), 6))


def test_verses_in_the_deck_come_up_as_the_deck_is_drawn(bundled):
    games = _games(variant(bundled, "verses-in-the-deck"), ("greedy",), 12)
    assert all(g.verses[0] in g.book.ids["verse"] for g in games)
    drawn = [len(g.verses) for g in games]
    assert max(drawn) == 3 and min(drawn) >= 1
    assert all(g.revealed <= len(g.verses) for g in games)


def test_a_game_that_ends_when_the_deck_runs_out_is_as_long_as_the_deck(bundled):
    games = _games(variant(bundled, "deck-emptied"), ("greedy",), 12)
    assert all(g.emptied >= g.empties for g in games)
    assert len({g.round for g in games}) > 1  # its length is the deck's, not a number


@pytest.mark.parametrize("name", VARIANTS)
def test_the_greedy_bot_beats_the_random_one_under_every_option(bundled, name):
    content = variant(bundled, name)
    wins = Counter()
    for seed in range(24):
        bots = ("greedy", "random") if seed % 2 else ("random", "greedy")
        game = play(content, bots, seed, 2)
        winner = game.winner()
        if winner is not None:
            chair = (winner + game.first) % 2
            wins[bots[chair]] += 1
    assert wins["greedy"] >= 20, wins


def test_the_greedy_bot_takes_from_the_market_what_is_worth_most(bundled):
    games = _games(variant(bundled, "market"), ("greedy",), 10)
    taken = sum(1 for g in games for _, _, kind in g.acted if kind == P.DEEDS)
    assert taken > 0


def test_drawing_up_to_a_size_the_greedy_bot_spends_its_hand(bundled):
    """With the hand refilled at the end of the turn, a card kept is worth nothing more:
    the greedy bot plays and levels more, and draws fewer Arcana by action, than with a
    hand limit."""
    def counts(content: model.Content) -> Counter[str]:
        return Counter(k for g in _games(content, ("greedy",), 12) for _, _, k in g.acted)

    limit, refill = counts(bundled), counts(variant(bundled, "draw-up-to"))
    assert refill[P.ARCANA] < limit[P.ARCANA]
    assert refill[P.PLAY] + refill[P.LEVEL] > limit[P.PLAY] + limit[P.LEVEL]


def test_the_greedy_bot_weighs_the_deeds_the_market_shows(bundled):
    from prophecy.engine.bots.greedy import sketch_actions

    game = Game(book_of(variant(bundled, "market")), [make_bot("greedy", 1)] * 2, 5)
    me = game.players[0]
    four = [d for d in game.book.ids["deed"] if game.needed[d] == 4]
    poor = min(four, key=lambda d: game.deed_points[d])
    rich = max(four, key=lambda d: game.deed_points[d])
    assert game.deed_points[rich] > game.deed_points[poor]
    worth = {}
    for deed in (poor, rich):
        game.market[:] = [deed]  # the market shows this deed alone
        scored = dict(sketch_actions(game, me, [P.DEEDS, P.END], game.rng))
        worth[deed] = scored[(P.DEEDS, -1, -1)]
    assert worth[rich] > worth[poor]


def test_a_game_that_ends_with_the_deck_plans_by_the_deck_drawn(bundled):
    content = variant(bundled, "deck-emptied")
    game = Game(book_of(content), [make_bot("random", 1)] * 2, 3)
    rounds = game.rules.rounds
    assert game.plan_round() == 1  # nothing drawn yet: the whole game ahead
    game.round, game.drawn, game.emptied = 4, 60, game.empties - 1
    game.deck[:] = game.deck[:10]
    assert game.plan_round() == rounds  # ten cards left, twenty drawn a round: the last
    game.emptied = game.empties
    assert game.plan_round() == rounds
    game.round, game.emptied, game.drawn = 2, 0, 15
    assert 1 < game.plan_round() < rounds
