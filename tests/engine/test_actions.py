"""Scenarios for the Action phase, effects, Dark Deeds, hand, stash and deck."""

from __future__ import annotations

import itertools

from prophecy.engine import protocol as P
from prophecy.lab.simulate import Counts

# ---------------------------------------------------------------- actions


def one(book, card_id):
    return book.copies_of(card_id)[0]


def asked(script, ask):
    return [options for name, options in script.asked if name == ask]



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


def test_the_action_menu_offers_exactly_the_kinds_the_rules_do_not_refuse(game, kit):
    """Every hand, Level spread and count of actions taken: the menu and the refusals agree."""
    g = game(kit.Script())
    p = g.players[0]
    hand = list(p.hand)
    top, cap = g.rules.max_level, g.rules.action_kind_limit
    for cards in (hand, []):
        p.hand[:] = cards
        for levels in ([top] * 3, [top, 0, 1], [0, 1, 2]):
            p.levels[:] = levels
            for counts in itertools.product((0, 1, cap), repeat=len(P.ACTION_KINDS)):
                used = dict(zip(P.ACTION_KINDS, counts, strict=True))
                allowed = [k for k in P.ACTION_KINDS if g.action_refusal(p, used, k) is None]
                assert g.action_options(p, used) == [*allowed, P.END], (cards, levels, used)
    p.levels[:] = [0, 0, 0]
    p.hand[:] = hand
    assert g.action_options(p, {P.ARCANA: 1}) == [P.PLAY, P.LEVEL, P.ARCANA, P.DEEDS, P.END]
    assert g.action_options(p, {P.ARCANA: g.rules.actions_per_round}) == [P.END]


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

    a = kit.Script()
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
    new = g.deed_deck.pop()
    a.queue[:] = [(P.ASK_OVERFLOW, -1)]
    g.place_deed(p, new)
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
    g.take_options(g.book)  # the numbers the rules and options set, read once a game
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


def test_each_deed_put_in_play_is_counted_for_its_design(game):
    g = game()
    g.events = counts = Counts(g.book)
    p = g.players[0]
    deed = g.deed_deck.pop()
    d = g.design[deed]
    g.place_deed(p, deed)
    assert p.deeds[-1] == deed and counts.held[d] == 1 and sum(counts.held.values()) == 1
    p.deeds.pop(), p.stored.pop()
    g.place_deed(p, deed)  # put in play again: counted again
    assert counts.held[d] == 2
