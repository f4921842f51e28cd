"""Setup refuses a table the content cannot deal, naming the card to change."""

from __future__ import annotations

import shutil

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import ProphecyError
from prophecy.engine.bots.greedy import RandomBot
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game


def test_too_many_players_for_the_grimoire_cards_is_named_at_the_card(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root)
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "max_players: 4", "max_players: 5"), encoding="utf-8")
    book = book_of(load_content(root))
    with pytest.raises(ProphecyError) as caught:
        Game(book, [RandomBot(s) for s in range(5)], 1)
    error, card = caught.value, book.card(book.ids["grimoire"][0]).place
    assert error.message == "5 players need 5 Blood Magic Grimoire cards; the content has 4"
    assert error.where == f"{root}/grimoires.yaml"
    assert (error.line, error.column) == (card.line, card.column) == (7, 5)
