"""The Mastery draft's own engine steps (examples/draft-mastery): what its engine plug-in
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
from prophecy.engine.protocol import DEEDS, PLAY
from prophecy.tools.init import shipped

PACK = shipped()["draft-mastery"]


@pytest.fixture(scope="module")
def book() -> Book:
    return book_of(load_content(PACK))


def game_of(book: Book, seed: int = 3, players: int = 2) -> Game:
    return new_game(book, [make_bot("random", f"{seed}:{c}") for c in range(players)], seed)



def test_the_prophecies_are_drawn_pile_by_pile(book):
    game = game_of(book)
    phases = [book.designs[game.design[c]].get("phase") for c in game.deed_deck]
    order = {"start": 0, "middle": 1, "end": 2}
    drawn = [order[p] for p in reversed(phases)]  # the deck's top is the list's end
    assert drawn == sorted(drawn) and drawn[0] == 0 and drawn[-1] == 2


def _cards_of_type(book: Book, card_type: str) -> list[int]:
    return [c for c, d in enumerate(book.design) if book.designs[d].kind == "arcana"
            and card_type in book.designs[d].get("types", ())]


def test_one_mastery_card_a_turn(book):
    game = game_of(book)
    p = game.players[0]
    first, second = _cards_of_type(book, "Mastery")[:2]
    p.hand[:] = [first, second]
    game.act(p, PLAY, card=first)
    assert second not in game.playable(p)
    assert PLAY not in game.action_options(p, game.no_actions())
    game.turn_start(p)  # the next turn: a Mastery card may be played again
    assert second in game.playable(p)


def test_prophecize_discards_the_prophecy_not_kept_and_waits_at_three(book):
    game = game_of(book)
    p = game.players[0]
    p.deeds.clear()
    p.stored.clear()
    before = len(game.deed_discard)
    game.draw_deeds(p, 2, 1)
    assert len(p.deeds) == 1 and len(game.deed_discard) == before + 1
    game.draw_deeds(p, 2, 1)
    game.draw_deeds(p, 2, 1)
    assert DEEDS not in game.action_options(p, game.no_actions())
    assert "Prophecies in play" in (game.action_refusal(p, game.no_actions(), DEEDS) or "")


def test_the_first_two_turns_begin_with_a_free_prophecize(book):
    game = game_of(book)
    p = game.players[0]
    held = len(p.deeds)
    game.turn_start(p)
    assert len(p.deeds) == held + 1
    game.round = 3
    game.turn_start(p)
    assert len(p.deeds) == held + 1




def test_a_curse_in_front_of_an_opponent_is_worth_something_to_the_estimate(book):
    """The sketch of playing a Curse counts its cost to the opponent; once it is in play the
    estimate of the game counts it too, or the planner would see a Curse played as lost."""
    from prophecy.engine.bots.estimate import Valuer

    game = game_of(book)
    me, them = game.players
    game.round = 3
    valuer = Valuer.of(game.views[me.seat])
    before = valuer.estimate(game, me)
    them.in_play.append(_cards_of_type(book, "Curse")[0])
    assert valuer.estimate(game, me) > before


def test_the_planner_reads_every_playout_in_the_round_of_its_decision(book):
    """In a game that ends by its deck, the round the estimate reads moves with the cards
    drawn; every playout of one decision reads the round the decision was taken in."""
    from prophecy.engine.bots.planner import PlannerBot

    seen: list[int] = []

    class Watched(PlannerBot):
        def _playout(self, world, seat, candidate, at=0):
            seen.append(at)
            return super()._playout(world, seat, candidate, at)

    game = game_of(book)
    me = game.players[0]
    Watched(5, budget=2).decide(game, me, game.action_options(me, game.no_actions()))
    assert seen and set(seen) == {game.plan_round()}
