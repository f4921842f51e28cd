"""Invariants over many seeded random games, checked after every step."""

from __future__ import annotations

from collections import Counter

import pytest

from prophecy.engine import log
from prophecy.engine.bots.greedy import GreedyBot, RandomBot
from prophecy.engine.game import Game
from prophecy.engine.scoring import PARTS

GAMES = 340  # per player count: over a thousand games


def check(game: Game, _player) -> None:
    """Every card in exactly one place; levels in range; hand and deed limits kept."""
    rules = game.rules
    seen = Counter(c for cards in game.places().values() for c in cards)
    assert sorted(seen) == list(range(game.book.size)), "a card is missing"
    assert max(seen.values()) == 1, "a card is in two places"
    assert game.limbo == []
    for p in game.players:
        assert all(rules.min_level <= lv <= rules.max_level for lv in p.levels)
        assert len(p.hand) <= rules.hand_limit
        assert len(p.deeds) <= rules.deed_limit
        assert len(p.deeds) == len(p.stored)
    assert 0 <= game.revealed <= len(game.verses)


def _players(seed: int, n: int, kinds=("random",)):
    bots = {"random": RandomBot, "greedy": GreedyBot}
    return [bots[kinds[s % len(kinds)]](seed * 10 + s) for s in range(n)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(synthetic, players):
    for seed in range(GAMES):
        game = Game(synthetic, _players(seed, players), seed)
        game.watch = check
        check(game, None)
        game.play()
        check(game, None)
        res = game.results
        for parts, total in zip(res["parts"], res["scores"], strict=True):
            assert set(parts) == set(PARTS) and sum(parts.values()) == total


def test_greedy_games_keep_every_invariant(synthetic):
    for seed in range(10):
        game = Game(synthetic, _players(seed, 3, ("greedy", "random")), seed)
        game.watch = check
        game.play()


def test_a_logged_game_replays_to_the_same_final_state(synthetic):
    for seed in range(20):
        game = Game(synthetic, _players(seed, 3, ("random", "greedy")), seed, log=True).play()
        lines = log.to_lines(game)
        again = log.replay(synthetic, lines)
        assert again.snapshot() == game.snapshot()
        assert again.results["scores"] == game.results["scores"]


def test_the_same_seed_gives_the_same_game(synthetic):
    a = Game(synthetic, _players(7, 3), 7).play()
    b = Game(synthetic, _players(7, 3), 7).play()
    assert a.snapshot() == b.snapshot()


def test_a_log_from_other_content_is_refused(synthetic, kit):
    from prophecy.dsl.errors import ProphecyError

    game = Game(synthetic, _players(3, 2), 3, log=True).play()
    lines = log.to_lines(game)
    lines[-1] = lines[-1].replace('"state":"', '"state":"x')
    with pytest.raises(ProphecyError, match="ends otherwise than the log .state: "):
        log.replay(synthetic, lines)


def test_the_log_file_is_json_lines(synthetic, tmp_path):
    import json

    game = Game(synthetic, _players(5, 3), 5, log=True).play()
    path = tmp_path / "game.jsonl"
    log.write(game, path)
    events = [json.loads(x) for x in path.read_text().splitlines()]
    assert events[0] == {"event": "start", "seed": 5, "players": 3}
    assert events[-1]["event"] == "end" and events[-1]["scores"] == game.results["scores"]
    assert all({"round", "seat", "ask", "options", "choice"} <= set(e) for e in events[1:-1])
    assert not list(tmp_path.glob("*.tmp"))


def test_the_bundled_cards_keep_every_invariant(content_dir):
    from prophecy.compiler.model.loader import load_content
    from prophecy.engine.cards import book_of

    book = book_of(load_content(content_dir))
    for seed in range(150):
        kinds = ("greedy", "random") if seed % 30 == 0 else ("random",)
        game = Game(book, _players(seed, 2 + seed % 3, kinds), seed)
        game.watch = check
        game.play()
        check(game, None)
