"""The dispatch table from AST classes to handlers, and when handlers are built."""

from __future__ import annotations

import pytest

from prophecy.compiler import handlers
from prophecy.engine.bots.greedy import RandomBot
from prophecy.engine.game import Game
from prophecy.lab.simulate import Counts


def test_handlers_are_built_at_load_not_during_play(synthetic, monkeypatch):
    def refuse(node, names):
        raise AssertionError(f"compiled {type(node).__name__} during play")

    monkeypatch.setattr(handlers, "compile_node", refuse)
    for name in list(handlers.HANDLERS):
        monkeypatch.setitem(handlers.HANDLERS, name, refuse)
    counts = Counts(synthetic)
    game = Game(synthetic, [RandomBot(1), RandomBot(2), RandomBot(3)], 4, events=counts).play()
    assert game.over and sum(counts.plays.values()) > 0


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


def _asked_about(kit, line, prepare):
    """The (question, about) pairs a player is asked while one effect line resolves."""
    import prophecy.engine.protocol as P

    card = kit.arcana("Probe", "Necromancy", [line])
    book = kit.book(arcana=[card, *kit.content().of_kind("arcana")])
    seen = []

    class Recorder:
        def choose(self, game, me, ask, options, about):
            seen.append((ask, about))
            return 1 if ask == P.ASK_USE else 0

    game = Game(book, [Recorder(), Recorder()], 3)
    game.controllers = [Recorder(), Recorder()]
    p = game.players[0]
    prepare(game, p)
    probe = book.copies_of("arcana/probe")[0]
    for place in game.places().values():
        if probe in place:
            place.remove(probe)
    p.hand.append(probe)
    game.run_lines(p, book.design[probe], True)
    return seen, book.nodes[book.design[probe]][0]


def _two_deeds_with_cards(game, p):
    for stored in p.stored:
        stored.append(game.deck.pop())


@pytest.mark.parametrize(("line", "ask", "prepare"), [
    ("Add 1 to any Dark Deed", "deed", lambda g, p: None),
    ("Remove 1 from any Dark Deed", "remove_deed", _two_deeds_with_cards),
    ("Stash a card from your hand", "stash", lambda g, p: None),
    ("Level up any Grimoire", "level_up_grimoire", lambda g, p: None),
    ("Level down any Grimoire", "level_down_grimoire",
     lambda g, p: p.levels.__setitem__(slice(None), [1, 1, 1])),
])
def test_a_handler_question_names_the_action_that_asks(kit, line, ask, prepare):
    """The protocol's promise: a handler's question carries its action node as `about`."""
    seen, node = _asked_about(kit, line, prepare)
    abouts = [about for name, about in seen if name == ask]
    assert abouts and all(about == node.actions[0] for about in abouts)
    assert [about for name, about in seen if name == "use"] == [node]


def test_a_level_count_without_a_grimoire_counts_nothing():
    """A level count that names no grimoire (or this card's, on a card without one) is 0."""
    from prophecy.dsl import ast

    names = handlers.Names({"Necromancy": 0}, {"Necromancy": 1}, None)

    class Holder:
        levels = [3]

    for grimoire in (None, ast.THIS):
        count = handlers.compile_node(ast.Quantity("level", grimoire), names)
        assert count(None, Holder) == 0
    assert handlers.compile_node(ast.Quantity("level", "Necromancy"), names)(None, Holder) == 3


@pytest.mark.parametrize(("condition", "wins"), [
    ("Most Dark Deeds", 1),                # counts completed deeds, not the three in play
    ("Most Necromancy Dark Deeds", 0),     # only completed Necromancy deeds count
    ("Fewest Dark Deeds in play", 0),
])
def test_a_title_about_dark_deeds_counts_completed_ones_whatever_its_wording(
        kit, new_game, condition, wins):
    """Ruling 16 in the handler itself, for content that did not come through the loader."""
    book = kit.book(title=[kit.title("Deeds", condition)])
    game = new_game(book=book)
    a, b = game.players
    by_grimoire = {g: [d for d in book.ids["deed"] if book.gidx[d] == i]
                   for i, g in enumerate(book.grimoires)}
    for p in (a, b):
        p.deeds.clear()
        p.stored.clear()
    a.completed[:] = by_grimoire["Necromancy"][:1]
    b.completed[:] = by_grimoire["Blood Magic"][:2]
    b.deeds[:] = by_grimoire["Demonology"][:3]
    b.stored[:] = [[], [], []]
    award = book.awards[book.design_index["title/deeds"]]
    assert award(game) is game.players[wins]
