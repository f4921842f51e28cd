"""The Disciplines draft's own engine steps (examples/draft-disciplines): what its engine plug-in
adds to the Dark Prophecies engine is there, and without the plug-in's overrides these tests
fail. What both drafts promise alike is in ``test_draft_packs.py``.
"""

from __future__ import annotations

import pytest

from prophecy.compiler.model.loader import load_content
from prophecy.engine.bots.roster import make_bot
from prophecy.engine.cards import Book, book_of
from prophecy.engine.game import Game
from prophecy.engine.plugin import new_game
from prophecy.engine.protocol import SCHEME
from prophecy.tools.init import shipped

PACK = shipped()["draft-disciplines"]


@pytest.fixture(scope="module")
def book() -> Book:
    return book_of(load_content(PACK))


def game_of(book: Book, seed: int = 3, players: int = 2) -> Game:
    return new_game(book, [make_bot("random", f"{seed}:{c}") for c in range(players)], seed)



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


