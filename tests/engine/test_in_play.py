"""Cards in play, exhausting, Scheme and points tables: what each form does to the table.

A card with an effect of a card in play ('At the start of your turn: ...', 'At the
end of your turn: ...', 'Exhaust this card: ...') stays in play when it is played,
in front of its player, or, a Curse, in front of an opponent, whose turn effects it
forces. Its exhaust lines are an action; an exhausted card is ready again at its
player's Cleanup. Scheme takes a Dark Deed into play. A Dark Deed with a points
table scores the row the cards it held when completed reach.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from prophecy.compiler import model
from prophecy.dsl.parser import parse
from prophecy.engine import protocol as P
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game
from prophecy.engine.scoring import finish

DRAW_AT_START = "At the start of your turn: Draw 1 Arcana"
CURSE = "At the end of your turn: Discard 1 to the center"
EXHAUST = "Exhaust this card: Add 1 to any Dark Deed"


@pytest.fixture(scope="module")
def cards(kit, vocab):
    """A book with cards in play: a Candle (start of turn), a Hex (a Curse: Item is the
    curse type here), an Altar (exhaust), a Grimoire with an exhaust line, a deed with a
    points table."""
    rules = kit.rules(curse_types=("Item",))
    base = kit.content(rules=rules)
    special = [
        kit.arcana("Candle", "Blood Magic", [DRAW_AT_START], ("Spell",)),
        kit.arcana("Hex", "Demonology", ["Draw 1 Arcana", CURSE], ("Item",)),
        kit.arcana("Altar", "Necromancy",
                   [EXHAUST, "Exhaust this card + Grimoire Level 2: Draw 2 Arcana"], ("Creature",)),
        kit.arcana("Plain", "Necromancy", ["Draw 1 Arcana"], ("Creature",)),
    ]
    table = parse("1 point for 1 stored card, 3 points for 2 stored cards, "
                  "6 points for 3 stored cards", vocab)
    table_line = model.EffectLine(text="", node=table, place=model.Place("deeds.yaml"))
    tabled = kit.deed("Tabled", "Necromancy", 1, 0)
    tabled = replace(tabled, lines=(*tabled.lines, table_line))
    grimoires = [kit.grimoire(g) for g in ("Blood Magic", "Demonology")]
    necro = kit.grimoire("Necromancy")
    ability = kit.line("Exhaust this card: Draw 1 Arcana")
    grimoires.append(replace(necro, lines=(*necro.lines, ability)))
    content = kit.content(rules=rules, arcana=special + list(base.of_kind("arcana")),
                          deed=[tabled, *base.of_kind("deed")], grimoire=grimoires)
    return book_of(content)


def start(cards, kit, *scripts, players=2):
    scripts = list(scripts) + [kit.Script() for _ in range(players - len(scripts))]
    game = Game(cards, scripts, 1)
    game.controllers = list(scripts)
    return game, scripts


def named(game, name):
    return next(c for c in range(game.book.size) if game.book.card(c).name == name)


def give(game, tools, p, name):
    card = named(game, name)
    tools.move(game, card, p.hand)
    return card


def yes(kit):
    return kit.Script(**{P.ASK_USE: lambda g, me, options, about: True})


def test_a_card_with_a_turn_effect_stays_in_play_and_draws_at_the_start(cards, kit, tools):
    game, scripts = start(cards, kit, yes(kit))
    p = game.players[0]
    candle = give(game, tools, p, "Candle")
    game.act(p, P.PLAY, card=candle)
    assert candle in p.in_play and candle not in p.pile and candle not in p.hand
    top, hand = game.deck[-1], len(p.hand)
    game.turn_start(p)
    assert p.hand[-1] == top and len(p.hand) == hand + 1
    assert [a for a, _ in scripts[0].asked if a == P.ASK_USE] == [P.ASK_USE]  # optional


def test_declining_a_turn_effect_draws_nothing(cards, kit, tools):
    no = kit.Script(**{P.ASK_USE: lambda g, me, options, about: False})
    game, _ = start(cards, kit, no)
    p = game.players[0]
    tools.move(game, named(game, "Candle"), p.in_play)
    hand = list(p.hand)
    game.turn_start(p)
    assert p.hand == hand


def test_a_start_of_turn_effect_waits_for_the_start_of_the_turn(cards, kit, tools):
    game, _ = start(cards, kit, yes(kit))
    p = game.players[0]
    tools.move(game, named(game, "Candle"), p.in_play)
    hand = list(p.hand)
    game.turn_end(p)  # the end of the turn: a start-of-turn effect does nothing
    assert p.hand == hand


def test_a_curse_goes_in_front_of_the_opponent_chosen_and_forces_its_effect(cards, kit, tools):
    me = kit.Script((P.ASK_CURSE, 2))
    game, scripts = start(cards, kit, me, players=3)
    p, _, victim = game.players
    hex_ = give(game, tools, p, "Hex")
    game.act(p, P.PLAY, card=hex_)
    assert hex_ in victim.in_play and hex_ not in p.in_play and hex_ not in p.pile
    hand, center = list(victim.hand), len(game.center)
    game.turn_end(victim)
    assert len(victim.hand) == len(hand) - 1 and len(game.center) == center + 1
    assert game.center[-1] == hand[0]  # the victim's own choice (the script takes the first)
    assert P.ASK_USE not in [a for a, _ in scripts[2].asked]  # forced: never asked


def test_a_curse_in_play_at_the_end_of_every_turn(cards, kit, tools):
    game, _ = start(cards, kit)
    victim = game.players[1]
    tools.move(game, named(game, "Hex"), victim.in_play)
    hand = len(victim.hand)
    game.turn_end(victim)
    game.turn_end(victim)
    assert len(victim.hand) == hand - 2


def test_exhausting_a_card_is_an_action_that_uses_its_line(cards, kit, tools):
    game, _ = start(cards, kit)
    p = game.players[0]
    altar = named(game, "Altar")
    tools.move(game, altar, p.in_play)
    used = dict.fromkeys(P.ACTION_KINDS, 0)
    assert P.EXHAUST in game.action_options(p, used)
    stored = [len(s) for s in p.stored]
    top = game.deck[-1]
    game.act(p, P.EXHAUST, card=altar)
    assert altar in p.exhausted
    assert sum(len(s) for s in p.stored) == sum(stored) + 1
    assert top in [c for s in p.stored for c in s]
    assert game.exhaust_lines(p, altar) == []  # exhausted: nothing more this turn
    assert game.action_refusal(p, used, P.EXHAUST) is None  # the Grimoire's line is left
    game.act(p, P.EXHAUST, card=p.grimoires[2])
    assert game.exhaustable(p) == []
    assert "no ready card in play" in game.action_refusal(p, used, P.EXHAUST)


def test_cleanup_readies_what_was_exhausted(cards, kit, tools):
    game, _ = start(cards, kit)
    p = game.players[0]
    altar = named(game, "Altar")
    tools.move(game, altar, p.in_play)
    game.act(p, P.EXHAUST, card=altar)
    game.turn_end(p)
    assert p.exhausted == [] and game.exhaust_lines(p, altar) == [1]


def test_an_exhaust_line_behind_a_level_is_offered_only_at_that_level(cards, kit, tools):
    pick_second = kit.Script(**{P.ASK_ABILITY: lambda g, me, options, about: options[-1]})
    game, scripts = start(cards, kit, pick_second)
    p = game.players[0]
    altar = named(game, "Altar")
    tools.move(game, altar, p.in_play)
    assert game.exhaust_lines(p, altar) == [1]
    p.levels[2] = 2  # Necromancy, the Altar's grimoire
    assert game.exhaust_lines(p, altar) == [1, 2]
    hand = len(p.hand)
    game.act(p, P.EXHAUST, card=altar)
    assert len(p.hand) == hand + 2  # the second line: Draw 2 Arcana
    assert [o for a, o in scripts[0].asked if a == P.ASK_ABILITY] == [[1, 2]]


def test_a_card_without_effects_of_a_card_in_play_is_discarded(cards, kit, tools):
    game, _ = start(cards, kit)
    p = game.players[0]
    plain = give(game, tools, p, "Plain")
    game.act(p, P.PLAY, card=plain)
    assert p.pile[-1] == plain and p.in_play == []


def test_scheme_takes_the_top_dark_deed_into_play(cards, kit, vocab):
    game, _ = start(cards, kit)
    p = game.players[0]
    top, deeds = game.deed_deck[-1], list(p.deeds)
    preds, ops = __import__("prophecy.compiler.handlers", fromlist=["compile_node"]).compile_node(
        parse("Scheme", vocab), game.book.names_for(None))
    assert all(op(game, p) for op in ops)
    assert p.deeds == [*deeds, top] and p.stored[-1] == []


def test_scheme_is_an_action_only_in_a_game_that_offers_it(cards, kit):
    game, _ = start(cards, kit)
    p = game.players[0]
    used = dict.fromkeys(P.ACTION_KINDS, 0)
    assert P.SCHEME not in game.action_options(p, used)
    assert "'Scheme' is not on offer" in game.action_refusal(p, used, P.SCHEME)

    class Scheming(Game):
        ACTIONS = {**Game.ACTIONS, "scheme": P.SCHEME}

    other = Scheming(cards, [kit.Script(), kit.Script()], 1)
    q = other.players[0]
    assert P.SCHEME in other.action_options(q, used)
    top = other.deed_deck[-1]
    other.act(q, P.SCHEME)
    assert q.deeds[-1] == top


def test_a_points_table_scores_the_cards_held_when_completed(cards, kit, tools):
    game, _ = start(cards, kit)
    p = game.players[0]
    tools.clear_deeds(game, p)
    tabled = named(game, "Tabled")
    assert game.needed[tabled] == 1  # ready from its first row
    tools.give_deed(game, p, tabled, stored=2)
    game.complete(p, tabled)
    assert p.kept == {tabled: 2}
    assert finish(game)["parts"][0]["deeds"] == 3
    p.kept[tabled] = 5  # past the last row: its points
    assert finish(game)["parts"][0]["deeds"] == 6


def test_a_table_deed_waits_for_its_last_row_with_the_greedy_bot(cards, kit, tools):
    from prophecy.engine.bots import heuristics

    game, _ = start(cards, kit)
    p = game.players[0]
    tools.clear_deeds(game, p)
    tabled = tools.give_deed(game, p, named(game, "Tabled"), stored=2)
    import random

    rng = random.Random(0)
    assert heuristics.answer(game, p, P.ASK_COMPLETE, [tabled, -1], None, rng) == 1
    p.stored[0].append(game.deck.pop())
    assert heuristics.answer(game, p, P.ASK_COMPLETE, [tabled, -1], None, rng) == 0


def test_the_greedy_bot_exhausts_a_card_worth_exhausting(cards, kit, tools):
    """Late in the game, with no card in hand, adding a card to a Dark Deed by the Altar beats
    drawing one."""
    from prophecy.engine.bots.greedy import GreedyBot

    game, _ = start(cards, kit)
    p = game.players[0]
    altar = named(game, "Altar")
    tools.move(game, altar, p.in_play)
    game.box.extend(p.hand)
    p.hand.clear()
    p.exhausted.append(p.grimoires[2])  # the Necromancy Grimoire's line is used already
    game.round = 4
    options = game.action_options(p, dict.fromkeys(P.ACTION_KINDS, 0))
    assert P.EXHAUST in options
    bot = GreedyBot(0)
    assert bot.decide(game, p, options)[:2] == (P.EXHAUST, altar)


def test_the_greedy_bot_puts_a_card_into_play_for_the_turns_to_come(cards, kit, tools):
    """A Candle draws a card every turn from now on: worth more than a card with no use."""
    from prophecy.engine.bots.greedy import GreedyBot

    game, _ = start(cards, kit)
    p = game.players[0]
    game.box.extend(p.hand)
    p.hand.clear()
    candle = give(game, tools, p, "Candle")
    options = game.action_options(p, dict.fromkeys(P.ACTION_KINDS, 0))
    bot = GreedyBot(0)
    assert bot.decide(game, p, options)[:2] == (P.PLAY, candle)
