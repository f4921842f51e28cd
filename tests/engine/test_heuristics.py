"""The rules of thumb the greedy bot and its stand-ins play by: estimates and answers."""

from __future__ import annotations

import pytest

from prophecy.dsl import ast
from prophecy.engine import heuristics as H
from prophecy.engine import protocol as P


@pytest.fixture()
def game(new_game, synthetic):
    g = new_game(book=synthetic)
    for p in g.players:  # empty rows of Dark Deeds and hands, to be set by each test
        g.box.extend(p.hand + p.deeds)
        p.hand.clear()
        p.deeds.clear()
        p.stored.clear()
    return g


def deeds(game, *specs):
    """Synthetic deeds by (grimoire, number): ids in the deck or the box."""
    book = game.book
    out = []
    for grimoire, n in specs:
        d = book.design_index[f"deed/{grimoire.lower().replace(' ', '-')}-deed-{n}"]
        out.append(next(c for c in book.ids["deed"] if book.design[c] == d))
    return out


def arcana(game, name, copy=0):
    book = game.book
    d = book.design_index[f"arcana/{name.lower().replace(' ', '-')}"]
    return [c for c in book.ids["arcana"] if book.design[c] == d][copy]


def test_an_action_is_worth_its_count(vocab):
    from prophecy.dsl.parser import parse

    values = {text: H.effect_value(parse(text, vocab)) for text in (
        "Add 2 to any Dark Deed", "Add 1 to each Dark Deed", "Remove 2 from any Dark Deed",
        "Stash 2 cards from your hand", "Stash the top card of the Arcana deck",
        "Draw 3 Arcana", "Draw 3 Dark Deeds, keep 1", "Level up any Grimoire",
        "Level down any Grimoire", "Discard 2", "Reveal Arcana until a Creature card, take it, "
        "discard the rest", "Take the top 2 cards of your discard pile",
        "Draw 1 Arcana, then Discard 1 to the center")}
    assert list(values.values()) == [3.0, 2.0, -3.0, 4.0, 3.0, 3.0, 1.0, 2.0, -2.0, -2.0, 1.0,
                                     2.0, 0.0]
    assert H.effect_value(None) == 0.0
    assert H.effect_value(parse("If you have 2 or more stashed cards", vocab)) == 0.0


def test_the_estimate_is_the_score_and_shares_of_what_is_under_way(game):
    p = game.players[0]
    game.round, game.titles = 3, []
    p.levels[:] = [1, 0, 2]  # 2 + 4 points
    p.stash[:] = [arcana(game, "Blood Magic 0")]  # 3 points
    d0, d1 = deeds(game, ("Blood Magic", 1), ("Necromancy", 0))  # 3 needed/4 pts, 2/3
    p.deeds[:], p.stored[:] = [d0, d1], [[1], [2, 3, 4]]
    p.hand[:] = [arcana(game, "Demonology 0"), arcana(game, "Demonology 1")]
    expected = 6 + 3 + 0.6 * 4 * 1 / 3 + 0.6 * 3 * 2 / 2 + 1.0 * 2 * (5 - 3 + 1) / 5
    assert H.estimate(game, p) == pytest.approx(expected)


def test_a_title_led_now_counts_more_near_the_end(game, synthetic):
    p, q = game.players
    title = next(t for t in synthetic.ids["title"]
                 if synthetic.card(t).condition.text == "Most stashed cards")
    game.titles = [title]
    p.stash[:] = [arcana(game, "Blood Magic 0")]
    base = 3.0
    for rnd in (1, 5):
        game.round = rnd
        share = 0.6 * (rnd / 5) ** 3 * synthetic.card(title).points
        assert H.estimate(game, p) == pytest.approx(base + share)
        assert H.estimate(game, q) == pytest.approx(0.0)


def ask(game, question, options, about=None, seat=0):
    return options[H.answer(game, game.players[seat], question, options, about)]


def test_the_answers_of_a_sensible_player(game, vocab):
    from prophecy.dsl.parser import parse

    p = game.players[0]
    small, big, mid = deeds(game, ("Necromancy", 0), ("Blood Magic", 4), ("Demonology", 1))
    assert ask(game, P.ASK_USE, [False, True], parse("Draw 1 Arcana", vocab)) is True
    assert ask(game, P.ASK_USE, [False, True], parse("Discard 1", vocab)) is False
    assert ask(game, P.ASK_COMPLETE, [small, big, -1]) == big
    assert ask(game, P.ASK_KEEP, [small, big, mid]) == big  # 7 points for 2 cards
    p.deeds[:], p.stored[:] = [small, big, mid], [[1], [], [2, 3]]
    assert ask(game, P.ASK_DEED, [0, 1, 2]) == 2  # one card from done, and the richer
    assert ask(game, P.ASK_UNSTORE, [0, 2]) == 0  # the cheapest to lose
    assert ask(game, P.ASK_OVERFLOW, [-1, *p.deeds], mid) == -1  # none worse and empty
    assert ask(game, P.ASK_OVERFLOW, [-1, *p.deeds], None) == -1
    p.stored[1] = []
    p.deeds[1] = deeds(game, ("Demonology", 3))[0]  # 5 needed, 6 points: worse than mid
    assert ask(game, P.ASK_OVERFLOW, [-1, *p.deeds], big) == p.deeds[1]
    assert ask(game, P.ASK_DRAW_PHASE, ["arcana", "mixed"]) == "arcana"
    p.deeds[:], p.stored[:] = [small], [[]]
    assert ask(game, P.ASK_DRAW_PHASE, ["arcana", "mixed"]) == "mixed"
    assert ask(game, P.ASK_ACTION, [P.ARCANA, P.LEVEL, P.END]) == P.LEVEL
    assert ask(game, P.ASK_ACTION, [P.DEEDS, P.END]) == P.DEEDS
    assert ask(game, "a question it has no rule for", ["x", "y"]) == "x"


def test_cards_are_kept_by_their_worth(game):
    weak = arcana(game, "Blood Magic 6")  # Add 1 to each, Level down: 2 + 0
    strong = arcana(game, "Blood Magic 4")  # Draw 2 then Discard 1 (1), Add 1 (1.5)
    cheap = arcana(game, "Blood Magic 5")  # Draw 3 Dark Deeds keep 1 (1), Take 1 (1)
    assert H.card_value(game, weak) == 2.0 and H.card_value(game, cheap) == 2.0
    assert H.card_value(game, strong) == 2.5
    assert ask(game, P.ASK_PLAY, [weak, strong]) == strong
    for question in (P.ASK_STASH, P.ASK_DISCARD, P.ASK_HAND_LIMIT, P.ASK_LEVEL_CARD):
        assert ask(game, question, [strong, cheap]) == cheap
    assert H.cheapest_card(game, game.players[0], []) == -1


def test_levels_go_where_they_gain_or_cost_least(game):
    p = game.players[0]
    p.levels[:] = [1, 3, 4]  # next steps: +2, +5, none; losses: -1, -4, -4
    assert ask(game, P.ASK_LEVEL_UP, [0, 1]) == 1
    assert ask(game, P.ASK_LEVEL_GRIMOIRE, [0, 1]) == 1
    assert ask(game, P.ASK_LEVEL_DOWN, [0, 1, 2]) == 0


def test_hirelings_are_enlisted_to_hurt_and_to_help(game, synthetic):
    sabotage = [h for h in synthetic.ids["hireling"] if synthetic.card(h).role == "sabotage"]
    support = [h for h in synthetic.ids["hireling"] if synthetic.card(h).role == "support"]
    assert ask(game, P.ASK_HIRELING, [support[0], sabotage[0]]) == sabotage[0]
    assert ask(game, P.ASK_HIRELING, support[:2]) == support[0]
    p, q = game.players
    by_condition = {synthetic.card(v).condition.text: v for v in synthetic.ids["verse"]}
    game.verses = [by_condition["If you have 1 or more stashed cards"],
                   by_condition["If you have 3 or more cards in hand"]]
    game.revealed = 2
    q.stash[:] = [arcana(game, "Blood Magic 0")]  # the other player meets the first
    assert ask(game, P.ASK_SABOTAGE_VERSE, [0, 1]) == 0
    assert ask(game, P.ASK_SUPPORT_VERSE, [0, 1], seat=1) == 0
    assert ask(game, P.ASK_SUPPORT_VERSE, [0, 1], seat=0) == 0
    p.hand[:] = [arcana(game, f"Demonology {i}") for i in range(3)]
    assert ask(game, P.ASK_SUPPORT_VERSE, [0, 1], seat=0) == 1
    q.stash.append(arcana(game, "Blood Magic 1"))  # 6 points against 3 cards in hand
    assert ask(game, P.ASK_SUPPORT_PLAYER, [0, 1], seat=1) == 0  # the weaker estimate


def test_every_action_class_has_a_worth():
    assert set(H.ACTION_VALUES) == set(ast.ACTION_CLASSES)
