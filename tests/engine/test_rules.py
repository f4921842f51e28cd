"""One short scenario per rule: set a table up, act, look at what happened."""

from __future__ import annotations

import pytest

from engine import protocol as P
from engine.game import Game
from engine.scoring import finish, pick_winner


@pytest.fixture(scope="module")
def book(kit):
    base = kit.content()
    special = [
        kit.arcana("Drawer", "Blood Magic", ["Draw 1 Arcana", "Grimoire Level 3: Draw 2 Arcana"]),
        kit.arcana("Adder", "Necromancy", ["Add 1 to any Dark Deed"], ("Creature",)),
        kit.arcana("Pointer", "Demonology", ["Add 1 to highest-points Dark Deed"]),
        kit.arcana("Eacher", "Demonology", ["Add 1 to each Dark Deed"]),
        kit.arcana("Remover", "Demonology", ["Remove 1 from any Dark Deed"]),
        kit.arcana("Stasher", "Blood Magic", ["Stash a Creature card from your hand"]),
        kit.arcana(
            "Seeker", "Necromancy",
            ["Reveal Arcana until a Creature card, take it, discard the rest to the center"],
        ),
    ]
    deeds = [
        kit.deed("Quick", "Necromancy", 1, 5, ["Draw 1 Arcana"]),
        kit.deed("Big", "Blood Magic", 3, 8),
        kit.deed("Twin", "Demonology", 3, 8),
        kit.deed("Tiny", "Demonology", 2, 2),
    ]
    return kit.book(
        arcana=special + list(base.of_kind("arcana")), deed=deeds + list(base.of_kind("deed"))
    )


@pytest.fixture()
def game(book, new_game, kit):
    def build(a=None, b=None, **kw) -> Game:
        return new_game([a or kit.Script(), b or kit.Script()], book=book, **kw)

    return build


def one(book, card_id):
    return book.copies_of(card_id)[0]


def asked(script, ask):
    return [options for name, options in script.asked if name == ask]


# ---------------------------------------------------------------- actions


def test_each_action_kind_at_most_twice_and_three_actions_a_round(game, kit):
    a = kit.Script((P.ASK_ACTION, P.ARCANA), (P.ASK_ACTION, P.ARCANA), (P.ASK_ACTION, P.DEEDS))
    g = game(a)
    before = len(g.players[0].hand)
    g.action_phase(g.players[0])
    menus = asked(a, P.ASK_ACTION)
    assert len(menus) == 3
    assert P.ARCANA in menus[1] and P.ARCANA not in menus[2]
    assert len(g.players[0].hand) == before + 2 and len(g.players[0].deeds) == 3


def test_the_action_phase_may_end_early(game, kit):
    a = kit.Script((P.ASK_ACTION, P.END))
    g = game(a)
    hand = list(g.players[0].hand)
    g.action_phase(g.players[0])
    assert len(asked(a, P.ASK_ACTION)) == 1 and g.players[0].hand == hand


def test_level_up_discards_any_card_to_the_pile(game, kit, book):
    g = game()
    p = g.players[0]
    card = p.hand[0]
    g.act(p, P.LEVEL, card, 2)
    assert p.levels == [0, 0, 1] and p.pile[-1] == card and card not in p.hand


def test_a_grimoire_at_the_top_cannot_level_up_and_can_manifest(game, kit):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    p.levels[:] = [4, 0, 0]
    options = g.action_options(p, dict.fromkeys(P.ACTION_KINDS, 0))
    assert P.MANIFEST in options
    p.levels[:] = [3, 3, 3]
    assert P.MANIFEST not in g.action_options(p, dict.fromkeys(P.ACTION_KINDS, 0))
    p.levels[:] = [4, 4, 4]
    assert P.LEVEL not in g.action_options(p, dict.fromkeys(P.ACTION_KINDS, 0))


def test_manifest_reveals_until_its_grimoire_and_the_rest_go_to_the_center(game, book):
    g = game()
    p = g.players[0]
    p.levels[:] = [0, 0, 4]
    hand = len(p.hand)
    g.act(p, P.MANIFEST)
    taken = p.hand[-1]
    assert len(p.hand) == hand + 1 and book.gidx[taken] == 2
    assert all(book.gidx[c] != 2 for c in g.center)


# --------------------------------------------------------------- effects


def test_effects_are_optional_and_unmet_ones_are_not_offered(game, kit, book, tools):
    a = kit.Script((P.ASK_USE, False))
    g = game(a)
    p = g.players[0]
    card = tools.move(g, one(book, "arcana/drawer"), p.hand)
    hand = len(p.hand)
    g.play_card(p, card)
    assert len(asked(a, P.ASK_USE)) == 1  # the Level 3 line is skipped, not offered
    assert len(p.hand) == hand - 1 and p.pile[-1] == card


def test_effects_resolve_top_to_bottom(game, kit, book, tools):
    a = kit.Script()
    a.answers[P.ASK_USE] = lambda g, me, options, about: True
    g = game(a)
    p = g.players[0]
    p.levels[0] = 3
    card = tools.move(g, one(book, "arcana/drawer"), p.hand)
    seen = []
    a.answers[P.ASK_USE] = lambda g, me, options, about: seen.append(about) or True
    tools.move(g, p.hand[0], g.box)
    tools.move(g, p.hand[0], g.box)  # room for three more cards
    hand = len(p.hand)
    g.play_card(p, card)
    assert [n.actions[0].count for n in seen] == [1, 2]
    assert len(p.hand) == hand - 1 + 3


# ------------------------------------------------------------ Dark Deeds


def test_deeds_complete_after_the_effects_before_the_card_is_discarded(game, kit, book, tools):
    seen = {}

    def complete(g, me, options, about):
        seen["in limbo"] = card in g.limbo and card not in me.pile
        return options[0]

    a = kit.Script(complete=complete, use=lambda *_: True)
    a.answers = {P.ASK_COMPLETE: complete, P.ASK_USE: lambda *_: True}
    g = game(a)
    p = g.players[0]
    tools.clear_deeds(g, p)
    quick = tools.give_deed(g, p, one(book, "deed/quick"))
    card = tools.move(g, one(book, "arcana/adder"), p.hand)
    g.play_card(p, card)
    assert seen == {"in limbo": True}
    assert p.completed == [quick] and not p.deeds
    assert p.pile[-1] == card and len(p.pile) == 2  # the stored card, then the played card


def test_completing_a_deed_and_its_bonus_are_optional(game, kit, book, tools):
    a = kit.Script((P.ASK_COMPLETE, -1))
    g = game(a)
    p = g.players[0]
    quick = tools.give_deed(g, p, one(book, "deed/quick"), stored=1)
    g.complete_deeds(p)
    assert quick in p.deeds and not p.completed
    a.queue[:] = [(P.ASK_COMPLETE, quick), (P.ASK_USE, False)]
    hand = len(p.hand)
    g.complete_deeds(p)
    assert p.completed == [quick] and len(p.hand) == hand


def test_no_deed_completes_on_other_actions(game, kit, book, tools):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    tools.give_deed(g, p, one(book, "deed/quick"), stored=1)
    g.act(p, P.LEVEL, p.hand[0], 0)
    g.act(p, P.ARCANA)
    assert asked(a, P.ASK_COMPLETE) == []


def test_deeds_may_complete_after_each_verse(game, kit, book, tools):
    a = kit.Script((P.ASK_COMPLETE, -1), (P.ASK_COMPLETE, -1))
    g = game(a)
    g.revealed = 2
    p = g.players[0]
    tools.give_deed(g, p, one(book, "deed/quick"), stored=1)
    g.prophecy_phase(p)
    assert len(asked(a, P.ASK_COMPLETE)) == 2


def test_a_fifth_deed_goes_to_the_bottom_or_replaces_one_that_loses_its_cards(
    game, kit, book, tools
):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    tools.clear_deeds(g, p)
    tools.give_deed(g, p, one(book, "deed/tiny"))
    tools.give_deed(g, p, one(book, "deed/quick"))
    big = tools.give_deed(g, p, one(book, "deed/big"), stored=2)
    tools.give_deed(g, p, one(book, "deed/twin"))
    lost = list(p.stored[p.deeds.index(big)])
    new = g.deed_deck[-1]
    a.queue[:] = [(P.ASK_OVERFLOW, -1)]
    g.place_deed(p, new := g.deed_deck.pop())
    assert g.deed_deck[0] == new and len(p.deeds) == 4
    new = g.deed_deck.pop()
    a.queue[:] = [(P.ASK_OVERFLOW, big)]
    g.place_deed(p, new)
    assert new in p.deeds and big in g.deed_discard
    assert all(c in g.center for c in lost) and p.stored[p.deeds.index(new)] == []


def test_highest_points_ties_ask_among_the_tied_only(game, kit, book, tools):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    tools.clear_deeds(g, p)
    big, twin = (tools.give_deed(g, p, one(book, f"deed/{n}")) for n in ("big", "twin"))
    tools.give_deed(g, p, one(book, "deed/tiny"))
    a.answers = {P.ASK_USE: lambda *_: True, P.ASK_COMPLETE: lambda g, me, o, ab: -1}
    g.play_card(p, tools.move(g, one(book, "arcana/pointer"), p.hand))
    assert asked(a, P.ASK_DEED) == [[0, 1]]
    assert [len(s) for s in p.stored] == [1, 0, 0] and (big, twin) == tuple(p.deeds[:2])


def test_each_adds_to_every_deed_and_remove_goes_to_the_center(game, kit, book, tools):
    a = kit.Script()
    a.answers = {P.ASK_USE: lambda *_: True, P.ASK_COMPLETE: lambda g, me, o, ab: -1}
    g = game(a)
    p = g.players[0]
    g.play_card(p, tools.move(g, one(book, "arcana/eacher"), p.hand))
    assert [len(s) for s in p.stored] == [1, 1]
    top = p.stored[0][-1]
    g.play_card(p, tools.move(g, one(book, "arcana/remover"), p.hand))
    assert [len(s) for s in p.stored] == [0, 1] and g.center[-1] == top


# ------------------------------------------------------- hand, stash, deck


def test_over_the_hand_limit_cards_go_to_the_center_at_once(game, kit, book):
    a = kit.Script()
    g = game(a)
    p = g.players[0]
    g.draw(p, 3)  # 5 + 3
    assert len(p.hand) == 7 and len(asked(a, P.ASK_HAND_LIMIT)) == 1 and len(g.center) == 1


def test_the_hand_limit_comes_from_the_rules(game, kit):
    g = game()
    g.rules = kit.rules(hand_limit=5)
    g.draw(g.players[0], 2)
    assert len(g.players[0].hand) == 5


def test_stash_from_hand_offers_only_matching_cards(game, kit, book, tools):
    a = kit.Script((P.ASK_USE, True))
    g = game(a)
    p = g.players[0]
    creature = tools.move(g, one(book, "arcana/adder"), p.hand)
    a.queue.append((P.ASK_STASH, creature))
    g.play_card(p, tools.move(g, one(book, "arcana/stasher"), p.hand))
    offered = asked(a, P.ASK_STASH)
    assert all(book.mask[c] & book.mask[creature] & 0b111000 for o in offered for c in o)
    assert creature in p.stash


def test_an_empty_deck_is_rebuilt_from_the_center_at_once(game, tools):
    g = game()
    p = g.players[0]
    while len(g.deck) > 1:
        tools.move(g, g.deck[-1], g.center)
    center = len(g.center)
    g.draw(p, 1)
    assert len(g.deck) == center and g.center == [] and g.reshuffles == 1


def test_with_deck_and_center_empty_a_draw_does_nothing(game, tools):
    g = game()
    p = g.players[0]
    for c in list(g.deck) + list(g.center):
        tools.move(g, c, g.box)
    hand = list(p.hand)
    g.draw(p, 2)
    g.store(p, 0, 1)
    assert p.hand == hand and p.stored[0] == []


def test_reveal_until_takes_the_first_match_and_centers_the_rest(game, kit, book, tools):
    a = kit.Script((P.ASK_USE, True))
    g = game(a)
    p = g.players[0]
    creature = tools.move(g, one(book, "arcana/adder"), [])
    g.deck.insert(0, creature)
    others = [c for c in g.deck if not book.mask[c] & book.mask[creature] & 0b111000]
    for c in others[:3]:
        g.deck.remove(c)
        g.deck.append(c)
    g.play_card(p, tools.move(g, one(book, "arcana/seeker"), p.hand))
    assert book.mask[p.hand[-1]] & 0b100000
    assert set(others[:3]) <= set(g.center)


# ----------------------------------------------------------------- phases


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


def test_support_lets_another_player_pick_the_verse_and_adds_a_reward(game, kit, book):
    g, chooser, other, target = _hireling_game(game, kit, book, "support")
    g.hireling_phase()
    assert len(asked(other, P.ASK_SUPPORT_VERSE)) == 0  # one verse face up: nothing to ask
    assert g.hire_verse == 0
    g.revealed = 2
    g.hireling, g.hire_verse = -1, -1
    g.hire_discard.append(target)
    g.players[1].enlisted = 0
    g.hire_discard.remove(target)
    g.hire_deck.append(target)
    other.queue[:] = [(P.ASK_SUPPORT_VERSE, 1)]
    g.hireling_phase()
    assert g.hire_verse == 1 and asked(other, P.ASK_SUPPORT_VERSE) == [[0, 1]]


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
    from dsl.errors import ProphecyError

    with pytest.raises(ProphecyError, match="2 to 4 players, not 5"):
        Game(book, [kit.Script()] * 5, 1)


def test_action_limits_come_from_the_rules(game, kit):
    a = kit.Script((P.ASK_ACTION, P.ARCANA))
    g = game(a)
    g.rules = kit.rules(actions_per_round=2, action_kind_limit=1)
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
