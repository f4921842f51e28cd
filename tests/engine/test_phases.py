"""Scenarios for the phases, hirelings, scoring, the protocol and the engine's rulings."""

from __future__ import annotations

import pytest

from prophecy.engine import protocol as P
from prophecy.engine.game import Game
from prophecy.engine.scoring import finish, pick_winner

# ----------------------------------------------------------------- phases


def one(book, card_id):
    return book.copies_of(card_id)[0]


def asked(script, ask):
    return [options for name, options in script.asked if name == ask]



def test_draw_phase_mixed_and_the_pile_returns_all_but_its_top(game, kit):
    a = kit.Script((P.ASK_DRAW_PHASE, "mixed"), (P.ASK_HAND_LIMIT, None))
    a.answers = {P.ASK_HAND_LIMIT: lambda g, me, o, ab: o[0]}
    g = game(a)
    p = g.players[0]
    p.hand[:2], moved = [], p.hand[:2]
    p.pile.extend(moved)
    deeds, top = len(p.deeds), p.pile[-1]
    g.draw_phase(p)
    assert len(p.hand) == 5 and len(p.deeds) == deeds + 1
    assert p.pile == [top] and moved[0] in g.center


def test_verses_reveal_one_two_then_three(game, kit):
    g = game()
    seen = {}
    g.watch = lambda game, p: seen.setdefault(game.round, game.revealed)
    g.play()
    assert seen == {1: 1, 2: 2, 3: 3, 4: 3, 5: 3}


def test_the_final_round_has_no_draw_cleanup_or_hireling(game):
    g = game(log=True)
    g.play()
    last = [ask for rnd, _seat, ask, _o, _i in g.log if rnd == 5]
    assert P.ASK_DRAW_PHASE not in last and P.ASK_HIRELING not in last
    drew = {rnd for rnd, _s, ask, _o, _i in g.log if ask == P.ASK_DRAW_PHASE}
    assert drew == {1, 2, 3, 4} and g.hireling >= 0


# --------------------------------------------------------------- hirelings


def _hireling_game(game, kit, book, role, effect=""):
    chooser, other = kit.Script(), kit.Script()
    g = game(other, chooser)
    g.players[0].enlisted = 1  # seat 1 has enlisted fewer
    target = next(
        h for h in g.hire_deck
        if book.card(h).role == role and effect in book.card(h).effect[0].text
    )
    g.hire_deck.remove(target)
    g.hire_deck.append(target)
    chooser.answers = {P.ASK_HIRELING: lambda g, me, o, ab: target}
    g.revealed = 1
    return g, chooser, other, target


def _verse_first(g, book, condition):
    """Swap the verse with this condition into the first position."""
    v = next(v for v in g.verses + g.box if book.kind[v] == "verse"
             and book.card(v).condition.text == condition)
    where = g.verses if v in g.verses else g.box
    i = where.index(v)
    where[i], g.verses[0] = g.verses[0], v


def test_the_player_who_enlisted_least_chooses_a_hireling(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "sabotage")
    g.hireling_phase()
    assert len(asked(chooser, P.ASK_HIRELING)) == 1 and asked(other, P.ASK_HIRELING) == []
    assert g.hireling == target and g.players[1].enlisted == 1 and len(g.hire_discard) == 2


def test_with_no_verse_face_up_no_hireling_is_drawn_or_enlisted(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "sabotage")
    g.revealed = 0
    deck = list(g.hire_deck)
    g.hireling_phase()
    assert g.hireling == -1 and g.hire_verse == -1
    assert g.hire_deck == deck and g.hire_discard == []
    assert asked(chooser, P.ASK_HIRELING) == [] and g.players[1].enlisted == 0


def test_a_sabotaged_verse_makes_those_who_meet_it_suffer(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "sabotage", "Discard 1")
    g.hireling_phase()
    _verse_first(g, book, "If you have 3 or more cards in hand")
    p = g.players[0]
    hand, center = len(p.hand), len(g.center)
    other.answers = {P.ASK_COMPLETE: lambda g, me, o, ab: -1}
    g.prophecy_phase(p)
    assert asked(other, P.ASK_USE) == []  # no reward offered, the sabotage is not optional
    assert len(p.hand) == hand - 1 and len(g.center) == center + 1


def test_support_lets_another_player_pick_the_verse(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "support")
    g.revealed = 2
    other.queue[:] = [(P.ASK_SUPPORT_VERSE, 1)]
    g.hireling_phase()
    assert g.hireling == target and g.hire_verse == 1
    assert asked(other, P.ASK_SUPPORT_VERSE) == [[0, 1]]
    assert asked(chooser, P.ASK_SUPPORT_VERSE) == []


def test_a_supported_verse_pays_its_reward_and_the_hirelings(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "support", "Draw 1")
    g.hireling_phase()
    _verse_first(g, book, "If you have 3 or more cards in hand")  # pays: Add 1 to any Dark Deed
    p = g.players[0]
    other.answers = {P.ASK_USE: lambda *_: True, P.ASK_COMPLETE: lambda g, me, o, ab: -1}
    hand, stored = len(p.hand), sum(map(len, p.stored))
    g.prophecy_phase(p)
    assert len(asked(other, P.ASK_USE)) == 2
    assert len(p.hand) == hand + 1 and sum(map(len, p.stored)) == stored + 1


def test_redraw_hirelings_are_replaced_when_revealed_in_round_four(game, kit, book):
    g = game()
    redraw = [h for h in g.hire_deck if book.card(h).redraw]
    for h in redraw:
        g.hire_deck.remove(h)
        g.hire_deck.append(h)
    g.round = 4
    shown = g._reveal_hirelings()
    assert len(shown) == 3 and not any(book.card(h).redraw for h in shown)
    g.round = 3


# ------------------------------------------------------------------ scoring


def test_score_is_grimoire_points_stash_deeds_and_titles(game, book, tools):
    g = game()
    p = g.players[0]
    p.levels[:] = [1, 2, 4]
    for _ in range(2):
        tools.move(g, p.hand[0], p.stash)
    tools.move(g, one(book, "deed/big"), p.completed)
    res = finish(g)
    parts = res["parts"][0]
    assert parts["grimoires"] == 2 + 4 + 11 and parts["stash"] == 6 and parts["deeds"] == 8
    assert res["scores"][0] == sum(parts.values())


def test_grimoire_points_start_at_the_lowest_level(vocab, new_game):
    from prophecy.engine.cards import book_of

    from .conftest import make_content, rules

    # levels 1 to 4: a Grimoire card lists four numbers, the first for level 1
    content = make_content(vocab, rules(min_level=1, max_level=4),
                           grimoire=[_grimoire(vocab, g) for g in ("Blood Magic", "Demonology",
                                                                    "Necromancy")])
    g = new_game(book=book_of(content))
    p = g.players[0]
    assert p.levels == [1, 1, 1]
    p.levels[:] = [1, 3, 4]
    assert finish(g)["parts"][0]["grimoires"] == 2 + 7 + 11


def _grimoire(vocab, name):
    from .conftest import grimoire

    return grimoire(vocab, name, points=(2, 4, 7, 11))


def test_titles_on_completed_deeds_break_ties_by_cards_needed(kit, new_game, book, tools):
    t = kit.title("Deed Master", "Most completed Dark Deeds", 5)
    g = new_game(book=kit.book(title=[t] * 1, deed=book.content.of_kind("deed")))
    a, b = g.players
    award = g.book.awards[g.book.design_index["title/deed-master"]]
    deeds = g.book.ids["deed"]
    by_need = sorted(deeds, key=lambda d: g.needed[d])
    tools.move(g, by_need[0], a.completed)
    tools.move(g, by_need[-1], b.completed)
    assert award(g) is b
    same = [d for d in deeds if g.needed[d] == g.needed[by_need[-1]] and d != by_need[-1]]
    a.completed[:] = []
    tools.move(g, same[0], a.completed)
    assert award(g) is None


def test_winner_ties_go_to_most_cards_on_deeds_then_nobody():
    assert pick_winner([10, 10, 5], [2, 3, 9]) == 1
    assert pick_winner([10, 10, 5], [2, 2, 9]) is None
    assert pick_winner([4, 10, 5], [0, 0, 0]) == 1


def test_stash_points_come_from_the_rules(game, kit, tools):
    g = game()
    g.rules = kit.rules(stash_points=5)
    p = g.players[0]
    tools.move(g, p.hand[0], p.stash)
    assert finish(g)["parts"][0]["stash"] == 5


# ------------------------------------------------------------ the protocol


@pytest.mark.parametrize("answer", [99, -1, True, "play"])
def test_an_illegal_choice_is_a_clear_error(game, answer):
    class Bad:
        def choose(self, game, me, ask, options, about):
            return answer

    g = game(Bad())
    with pytest.raises(P.IllegalChoice, match="seat 1 answered .* to 'action'"):
        g.action_phase(g.players[0])


def test_players_must_number_within_the_rules(book, kit):
    from prophecy.dsl.errors import ProphecyError

    with pytest.raises(ProphecyError, match="2 to 4 players, not 5"):
        Game(book, [kit.Script()] * 5, 1)


def test_action_limits_come_from_the_rules(game, kit):
    a = kit.Script((P.ASK_ACTION, P.ARCANA))
    g = game(a)
    g.rules = kit.rules(actions_per_round=2, action_kind_limit=1)
    g.take_options(g.book)  # the numbers the rules and options set, read once a game
    g.action_phase(g.players[0])
    menus = asked(a, P.ASK_ACTION)
    assert len(menus) == 2 and P.ARCANA not in menus[1]


# ------------------------------------------------------ rulings of the engine


def test_manifest_gives_no_chance_to_complete_deeds(game, kit, book, tools):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    p.levels[:] = [4, 0, 0]
    tools.give_deed(g, p, one(book, "deed/quick"), stored=1)
    g.act(p, P.MANIFEST)
    assert asked(a, P.ASK_COMPLETE) == []


def test_a_deed_is_set_aside_before_its_bonus(kit, new_game, tools):
    quick = kit.deed("Self", "Necromancy", 1, 5, ["Add 1 to any Dark Deed"])
    b = kit.book(deed=[quick, *kit.content().of_kind("deed")])
    a = kit.Script()
    a.answers = {P.ASK_USE: lambda *_: True, P.ASK_COMPLETE: lambda g, me, o, ab: o[0]}
    g = new_game([a, kit.Script()], book=b)
    p = g.players[0]
    tools.clear_deeds(g, p)
    deed = tools.give_deed(g, p, b.copies_of("deed/self")[0], stored=1)
    g.complete_deeds(p)
    assert p.completed == [deed] and p.deeds == [] and len(p.pile) == 1


def test_remove_offers_only_deeds_that_hold_cards(game, kit, book, tools):
    a = kit.Script((P.ASK_USE, True))
    g = game(a)
    p = g.players[0]
    tools.clear_deeds(g, p)
    tools.give_deed(g, p, one(book, "deed/big"))
    tools.give_deed(g, p, one(book, "deed/twin"), stored=2)
    g.play_card(p, tools.move(g, one(book, "arcana/remover"), p.hand))
    assert asked(a, P.ASK_UNSTORE) == [] and [len(s) for s in p.stored] == [0, 1]


def test_reveal_until_with_no_match_takes_nothing(game, kit, book, tools):
    a = kit.Script((P.ASK_USE, True))
    g = game(a)
    p = g.players[0]
    creature = book.mask[one(book, "arcana/adder")] & 0b111000
    for c in [c for c in g.deck + g.center if book.mask[c] & creature]:
        tools.move(g, c, g.box)
    hand = [c for c in p.hand if not book.mask[c] & creature]
    for c in [c for c in p.hand if book.mask[c] & creature]:
        tools.move(g, c, g.box)
    seeker = tools.move(g, one(book, "arcana/seeker"), p.hand)
    shown = len(g.deck) + len(g.center)
    g.play_card(p, seeker)
    assert p.hand == [c for c in hand if c != seeker]
    assert len(g.center) == shown and g.deck == [] and g.limbo == []


def test_an_empty_hireling_deck_is_rebuilt_from_its_discards(game):
    g = game()
    g.hire_discard.extend(g.hire_deck[:-1])
    del g.hire_deck[:-1]
    shown = g._reveal_hirelings()
    assert len(shown) == 3
