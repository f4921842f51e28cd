"""What each newer form of the rules language does in play: the cards that move, who is asked.

Each test runs one line through its compiled handler in a set-up game and
checks the table after it: which player's hand, pile or Grimoire changed, in
which order the players were asked, what a choice offered.
"""

from __future__ import annotations

import pytest

from prophecy.compiler.handlers import compile_node
from prophecy.dsl.parser import parse
from prophecy.engine import protocol as P
from prophecy.engine.scoring import finish


def run(game, seat: int, text: str, vocab, grimoire: str = "Necromancy") -> bool:
    """Run a line for the player in ``seat``: False if its requirements do not hold."""
    preds, ops = compile_node(parse(text, vocab), game.book.names_for(grimoire))
    p = game.players[seat]
    if not all(pred(game, p) for pred in preds):
        return False
    for op in ops:
        op(game, p)
    return True


def three(new_game, kit, book, *scripts):
    scripts = list(scripts) + [kit.Script() for _ in range(3 - len(scripts))]
    return new_game(scripts, book=book), scripts


def asked(script, ask):
    return [options for name, options in script.asked if name == ask]


# ------------------------------------------------------------- other players
def test_each_opponent_discards_one_card_to_their_own_pile(new_game, kit, book, vocab):
    g, scripts = three(new_game, kit, book)
    hands = [list(p.hand) for p in g.players]
    run(g, 0, "Each opponent discards 1", vocab)
    me, *others = g.players
    assert me.hand == hands[0] and me.pile == []
    for p, before in zip(others, hands[1:], strict=True):
        assert len(p.hand) == len(before) - 1 and p.pile == [before[0]]
    assert asked(scripts[0], P.ASK_DISCARD) == []  # the owner is asked nothing
    assert [len(asked(s, P.ASK_DISCARD)) for s in scripts[1:]] == [1, 1]


def test_each_opponent_is_asked_in_turn_order_from_the_owner(new_game, kit, book, vocab):
    order: list[int] = []

    def note(seat):
        return lambda game, me, options, about: order.append(seat) or options[0]

    scripts = [kit.Script(**{P.ASK_DISCARD: note(s)}) for s in range(3)]
    g, _ = three(new_game, kit, book, *scripts)
    run(g, 1, "Each opponent discards 1 to the center", vocab)
    assert order == [2, 0]
    run(g, 2, "Each player discards 1", vocab)
    assert order == [2, 0, 2, 0, 1]


def test_each_opponent_to_the_center_fills_the_center(new_game, kit, book, vocab):
    g, _ = three(new_game, kit, book)
    before = len(g.center)
    run(g, 0, "Each opponent discards 2 to the center", vocab)
    assert len(g.center) == before + 4 and all(p.pile == [] for p in g.players)


def test_each_player_draws_the_owner_first(new_game, kit, book, vocab):
    g, _ = three(new_game, kit, book)
    top = g.deck[-3:][::-1]  # the next three cards, top first
    run(g, 1, "Each player draws 1 Arcana", vocab)
    assert [g.players[s].hand[-1] for s in (1, 2, 0)] == top


def test_each_opponent_levels_down_by_their_own_choice(new_game, kit, book, vocab):
    g, scripts = three(new_game, kit, book)
    for p in g.players:
        p.levels[:] = [2, 2, 2]
    run(g, 0, "Each opponent levels down any Grimoire", vocab)
    assert g.players[0].levels == [2, 2, 2]
    assert [p.levels for p in g.players[1:]] == [[1, 2, 2], [1, 2, 2]]
    assert asked(scripts[0], P.ASK_LEVEL_DOWN) == []
    assert asked(scripts[1], P.ASK_LEVEL_DOWN) == [[0, 1, 2]]


# ------------------------------------------------------------------ choice
def test_choose_one_offers_only_what_can_happen(game, kit, vocab):
    a = kit.Script((P.ASK_CHOOSE, 1))
    g = game(a)
    p = g.players[0]
    hand = list(p.hand)
    run(g, 0, "Choose one: Draw 1 Arcana or Discard 1", vocab)
    assert asked(a, P.ASK_CHOOSE) == [[0, 1]]
    assert len(p.hand) == len(hand) - 1 and p.pile == [hand[0]]
    g.box.extend(p.hand)
    p.hand.clear()
    run(g, 0, "Choose one: Discard 1 or Draw 1 Arcana", vocab)
    assert len(asked(a, P.ASK_CHOOSE)) == 1  # one option left: nothing to ask
    assert len(p.hand) == 1  # the only option that could happen: the draw


def test_choose_one_runs_the_whole_sequence_of_its_option(game, kit, vocab):
    a = kit.Script((P.ASK_CHOOSE, 0))
    g = game(a)
    p = g.players[0]
    size = len(p.hand)
    run(g, 0, "Choose one: Draw 2 Arcana, then Discard 1 to the center or Gain 1 point", vocab)
    assert len(p.hand) == size + 1 and p.gained == 0



def test_choose_one_offers_a_deed_draw_while_the_deed_discard_pile_holds_deeds(game, kit, vocab):
    a = kit.Script((P.ASK_CHOOSE, 1))
    g = game(a)
    p = g.players[0]
    deck = list(g.deed_deck)
    g.deed_deck.clear()
    g.deed_discard[:], g.box[len(g.box):] = deck[:2], deck[2:]  # the deck is empty, not spent
    run(g, 0, "Choose one: Draw 3 Dark Deeds, keep 1 or Gain 1 point", vocab)
    assert asked(a, P.ASK_CHOOSE) == [[0, 1]] and p.gained == 1
    g.box.extend(g.deed_discard)
    g.deed_discard.clear()
    run(g, 0, "Choose one: Draw 3 Dark Deeds, keep 1 or Gain 1 point", vocab)
    assert len(asked(a, P.ASK_CHOOSE)) == 1 and p.gained == 2  # no deed left to draw

# --------------------------------------------------------- looking at the deck
def test_look_take_one_and_the_rest_to_the_bottom(game, kit, vocab):
    a = kit.Script(**{P.ASK_LOOK_TAKE: lambda g, me, options, about: options[1]})
    g = game(a)
    p = g.players[0]
    top3 = g.deck[-3:][::-1]
    size = len(g.deck)
    run(g, 0, "Look at the top 3 cards of the Arcana deck, take 1, put the rest on the bottom",
        vocab)
    assert p.hand[-1] == top3[1]
    # slid under the deck as they lay: the first seen just above the one seen last
    assert g.deck[:2] == [top3[2], top3[0]] and len(g.deck) == size - 1
    assert asked(a, P.ASK_LOOK_TAKE) == [top3]


def test_look_and_put_back_in_the_chosen_order(game, kit, vocab):
    a = kit.Script(**{P.ASK_LOOK_ORDER: lambda g, me, options, about: options[-1]})
    g = game(a)
    top3 = g.deck[-3:][::-1]
    run(g, 0, "Look at the top 3 cards of the Arcana deck, put them back in any order", vocab)
    # each time the last of those left goes back first: the first card seen ends on top
    assert g.deck[-3:] == [top3[2], top3[1], top3[0]]


def test_look_and_discard_the_rest_to_the_center(game, kit, vocab):
    g = game()
    top2 = g.deck[-2:][::-1]
    center = len(g.center)
    run(g, 0, "Look at the top 2 cards of the Arcana deck, discard them to the center", vocab)
    assert g.center[center:] == top2


# ----------------------------------------------------- repetition and bounds
def test_twice_asks_again_each_time(game, kit, vocab, tools):
    a = kit.Script((P.ASK_DEED, 0), (P.ASK_DEED, 1))
    g = game(a)
    p = g.players[0]
    before = [len(s) for s in p.stored]
    run(g, 0, "Add 1 to any Dark Deed twice", vocab)
    assert [len(s) for s in p.stored] == [before[0] + 1, before[1] + 1]


def test_up_to_lets_the_player_choose_how_many(game, kit, vocab):
    a = kit.Script((P.ASK_AMOUNT, 1))
    g = game(a)
    p = g.players[0]
    size = len(p.hand)
    run(g, 0, "Discard up to 2", vocab)
    assert asked(a, P.ASK_AMOUNT) == [[0, 1, 2]] and len(p.hand) == size - 1


@pytest.mark.parametrize(("line", "stashed", "holds"), [
    ("If you have more than 2 stashed cards: Gain 1 point", 2, False),
    ("If you have more than 2 stashed cards: Gain 1 point", 3, True),
    ("If you have at least 2 stashed cards: Gain 1 point", 2, True),
    ("If you have 2+ stashed cards: Gain 1 point", 1, False),
    ("If you have fewer than 2 stashed cards: Gain 1 point", 1, True),
    ("If you have fewer than 2 stashed cards: Gain 1 point", 2, False),
    ("If you have no stashed cards: Gain 1 point", 0, True),
])
def test_bounds_in_conditions(game, vocab, line, stashed, holds):
    g = game()
    p = g.players[0]
    p.stash.extend(g.deck.pop() for _ in range(stashed))
    assert run(g, 0, line, vocab) is holds
    assert p.gained == (1 if holds else 0)


# ------------------------------------------------------- grimoire selectors
def test_level_down_your_highest_grimoire_asks_among_the_tied(game, kit, vocab):
    a = kit.Script((P.ASK_LEVEL_DOWN, 2))
    g = game(a)
    p = g.players[0]
    p.levels[:] = [3, 1, 3]
    run(g, 0, "Level down your highest Grimoire", vocab)
    assert asked(a, P.ASK_LEVEL_DOWN) == [[0, 2]] and p.levels == [3, 1, 2]


def test_level_up_your_lowest_grimoire_needs_no_question_when_one_is_lowest(game, kit, vocab):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    p.levels[:] = [2, 0, 1]
    run(g, 0, "Level up your lowest Grimoire", vocab)
    assert p.levels == [2, 1, 1] and asked(a, P.ASK_LEVEL_UP) == []


# -------------------------------------------------------- either requirement
@pytest.mark.parametrize(("level", "spell_in_hand", "holds"), [
    (2, False, True), (0, True, True), (1, False, False),
])
def test_either_requirement_holds_when_one_side_does(game, book, vocab, tools, level,
                                                     spell_in_hand, holds):
    g = game()
    p = g.players[0]
    p.levels[:] = [0, 0, level]
    spells = [c for c in g.deck if g.book.card(c).kind == "arcana"
              and "Spell" in g.book.card(c).types]
    g.box.extend(c for c in p.hand)
    p.hand.clear()
    if spell_in_hand:
        tools.move(g, spells[0], p.hand)
    else:
        tools.move(g, next(c for c in g.deck if "Spell" not in g.book.card(c).types), p.hand)
    assert run(g, 0, "Grimoire Level 2 or Reveal Spell: Gain 1 point", vocab) is holds


# ------------------------------------------------------------------ points
def test_gained_points_are_a_part_of_the_final_score(game, vocab):
    g = game()
    run(g, 0, "Gain 3 points", vocab)
    run(g, 0, "Gain 2 points", vocab)
    assert g.players[0].gained == 5
    results = finish(g)
    assert results["parts"][0]["gained"] == 5 and results["parts"][1]["gained"] == 0
    assert results["scores"][0] == sum(results["parts"][0].values())


def test_discard_a_creature_card_offers_only_creatures(game, kit, vocab, tools):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    g.box.extend(p.hand)
    p.hand.clear()
    creature = next(c for c in g.deck if "Creature" in g.book.card(c).types)
    other = next(c for c in g.deck if "Creature" not in g.book.card(c).types)
    tools.move(g, creature, p.hand)
    tools.move(g, other, p.hand)
    run(g, 0, "Discard a Creature card", vocab)
    assert p.hand == [other] and p.pile == [creature]
