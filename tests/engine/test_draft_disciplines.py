"""The Disciplines draft (examples/draft-disciplines) as a pack that plays.

It checks and lints clean, every rule of the draft is a scenario that passes, seeded
games play to the end of the deck, and what its engine plug-in adds to the Dark
Prophecies engine is there: without the plug-in's overrides these tests fail.
"""

from __future__ import annotations

import re

import pytest
import yaml

from prophecy.compiler.cli.init import shipped
from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import Book, book_of
from prophecy.engine.game import Game
from prophecy.engine.plugin import new_game
from prophecy.engine.protocol import SCHEME
from prophecy.engine.roster import make_bot

PACK = shipped()["draft-disciplines"]


@pytest.fixture(scope="module")
def book() -> Book:
    return book_of(load_content(PACK))


def game_of(book: Book, seed: int = 3, players: int = 2) -> Game:
    return new_game(book, [make_bot("random", f"{seed}:{c}") for c in range(players)], seed)


def test_the_engine_is_the_plug_in_s_subclass(book):
    game = game_of(book)
    assert type(game).__name__ == "DisciplinesGame" and isinstance(game, Game)


def test_scheme_is_an_action_of_the_menu(book):
    game = game_of(book)
    p = game.players[0]
    assert SCHEME in game.action_options(p, game.no_actions())
    market = list(game.market)
    game.act(p, SCHEME)
    assert len(p.deeds) == 1 and p.deeds[0] in market and len(game.market) == 3


def test_the_discard_pile_starts_with_the_deck_s_top_card(book):
    for seed in range(5):
        game = game_of(book, seed)
        assert len(game.center) == 1  # and no Prophecy card is in it
        assert book.designs[game.design[game.center[0]]].kind == "arcana"


def test_the_readme_lists_each_rule_of_the_draft_with_scenarios_that_exist():
    """README.md's table has a row for each of the draft's 17 rules, and every scenario the
    README names (for a rule or a ruling) is one of the pack's, each of which it names."""
    readme = (PACK / "README.md").read_text(encoding="utf-8")
    rules = [row for row in readme.splitlines() if re.match(r"\| \d+ \|", row)]
    assert [int(row.split("|")[1]) for row in rules] == list(range(1, 17 + 1))
    assert all(re.search(r"`[a-z0-9-]+`", row) for row in rules)
    named = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", readme)) - {PACK.name}
    ids = {s["id"] for f in (PACK / "scenarios").glob("*.yaml")
           for s in yaml.safe_load(f.read_text(encoding="utf-8"))["scenarios"]}
    assert named == ids
