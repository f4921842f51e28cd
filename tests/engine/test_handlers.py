"""The dispatch table from AST classes to handlers, and when handlers are built."""

from __future__ import annotations

from prophecy.compiler import handlers
from prophecy.engine.bots import RandomBot
from prophecy.engine.game import Game


def test_handlers_are_built_at_load_not_during_play(synthetic, monkeypatch):
    def refuse(node, names):
        raise AssertionError(f"compiled {type(node).__name__} during play")

    monkeypatch.setattr(handlers, "compile_node", refuse)
    for name in list(handlers.HANDLERS):
        monkeypatch.setitem(handlers.HANDLERS, name, refuse)
    game = Game(synthetic, [RandomBot(1), RandomBot(2), RandomBot(3)], 4).play()
    assert game.over and sum(game.plays) > 0


def test_this_is_resolved_to_the_cards_grimoire(kit):
    card = kit.arcana("Bone Saw", "Necromancy", ["Grimoire Level 2: Draw 1 Arcana"])
    book = kit.book(arcana=[card])
    (preds, _ops), = book.effects[book.design_index["arcana/bone-saw"]]

    class P:
        levels = [0, 0, 2]

    assert preds[0](None, P)
    P.levels = [2, 2, 1]
    assert not preds[0](None, P)


def test_a_title_names_one_winner_or_nobody(kit, new_game):
    book = kit.book()
    award = next(iter(book.awards.values()))  # "Most stashed cards"
    game = new_game(book=book)
    a, b = game.players
    a.stash[:] = [1, 2]
    assert award(game) is a
    b.stash[:] = [3, 4]
    assert award(game) is None
