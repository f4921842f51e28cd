"""The rules of thumb the greedy bot and its stand-ins play by: estimates and answers."""

from __future__ import annotations

import random

import pytest

from prophecy.dsl import ast
from prophecy.engine import protocol as P
from prophecy.engine.bots import heuristics as H
from prophecy.engine.bots import sketch as S


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


LINES_AND_WORTH = [  # the change of the plain estimate on the typical mid-game position
    ("Add 2 to any Dark Deed", 3.2), ("Add 1 to each Dark Deed", 1.7),
    ("Remove 2 from any Dark Deed", -0.9), ("Stash 2 cards from your hand", 4.4),
    ("Stash the top card of the Arcana deck", 3.0), ("Draw 3 Arcana", 1.6),
    ("Draw 3 Dark Deeds, keep 1", 0.0), ("Level up any Grimoire", 2.0),
    ("Level down any Grimoire", -1.0), ("Discard 2", -1.6),
    ("Reveal Arcana until a Creature card, take it, discard the rest", 0.8),
    ("Take the top 2 cards of your discard pile", 1.6),
    ("Draw 1 Arcana, then Discard 1 to the center", 0.0),
    ("Each opponent discards 1", 0.4), ("Draw 1 Arcana twice", 1.6),
    ("Look at the top 3 cards of the Arcana deck, take 1, put the rest on the bottom", 0.8),
]


@pytest.mark.parametrize(("text", "worth"), LINES_AND_WORTH)
def test_an_action_is_worth_what_it_changes(vocab, text, worth):
    from prophecy.dsl.parser import parse

    assert S.effect_value(parse(text, vocab)) == pytest.approx(worth)


def test_a_condition_or_nothing_is_worth_nothing(vocab):
    from prophecy.dsl.parser import parse

    assert S.effect_value(None) == 0.0
    assert S.effect_value(parse("If you have 2 or more stashed cards", vocab)) == 0.0


def ask(game, question, options, about=None, seat=0):
    return options[H.answer(game, game.players[seat], question, options, about, random.Random(0))]


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


def test_cards_are_kept_by_their_worth(game, vocab):
    from prophecy.dsl.parser import parse

    def worth(text):
        return S.effect_value(parse(text, vocab))

    rich = arcana(game, "Blood Magic 6")  # Add 1 to each (1.7); Level down (harmful: 0)
    fair = arcana(game, "Blood Magic 4")  # Draw 2 then Discard 1 (0.8), Add 1 to lowest (0.8)
    cheap = arcana(game, "Blood Magic 5")  # Draw 3 Dark Deeds keep 1 (0), Take 1 (0.8)
    assert H.card_value(game, rich) == pytest.approx(worth("Add 1 to each Dark Deed"))
    assert H.card_value(game, fair) == pytest.approx(
        worth("Draw 2 Arcana, then Discard 1 to the center")
        + worth("Add 1 to lowest-points Dark Deed"))
    assert H.card_value(game, cheap) == pytest.approx(
        worth("Take the top card of your discard pile"))
    assert ask(game, P.ASK_PLAY, [fair, rich]) == rich
    assert ask(game, P.ASK_LOOK_TAKE, [cheap, fair]) == fair
    for question in (P.ASK_STASH, P.ASK_DISCARD, P.ASK_HAND_LIMIT, P.ASK_LEVEL_CARD,
                     P.ASK_LOOK_ORDER):
        assert ask(game, question, [fair, cheap]) == cheap
    assert H.cheapest_card(game, game.players[0], [], random.Random(0)) == -1


def test_levels_go_where_they_gain_or_cost_least(game):
    p = game.players[0]
    p.levels[:] = [1, 3, 4]  # next steps: +2, +5, none; losses: -1, -4, -4
    assert ask(game, P.ASK_LEVEL_UP, [0, 1]) == 1
    assert ask(game, P.ASK_LEVEL_GRIMOIRE, [0, 1]) == 1
    assert ask(game, P.ASK_LEVEL_DOWN, [0, 1, 2]) == 0


def test_hirelings_are_enlisted_to_hurt_and_to_help(game, synthetic):
    sabotage = [h for h in synthetic.ids["hireling"] if synthetic.card(h).role == "sabotage"]
    support = [h for h in synthetic.ids["hireling"] if synthetic.card(h).role == "support"]
    p, q = game.players
    by_condition = {synthetic.card(v).condition.text: v for v in synthetic.ids["verse"]}
    game.verses = [by_condition["If you have 1 or more stashed cards"],
                   by_condition["If you have 3 or more cards in hand"]]
    game.revealed = 2
    p.hand[:] = []
    q.stash[:] = [arcana(game, "Blood Magic 0")]  # the other player meets the first
    assert ask(game, P.ASK_HIRELING, [support[0], sabotage[0]]) == sabotage[0]
    assert ask(game, P.ASK_HIRELING, [sabotage[0], support[0]]) == sabotage[0]
    assert ask(game, P.ASK_SABOTAGE_VERSE, [0, 1]) == 0
    assert ask(game, P.ASK_SUPPORT_VERSE, [0, 1], seat=1) == 0
    p.hand[:] = [arcana(game, f"Demonology {i}") for i in range(3)]
    assert ask(game, P.ASK_SUPPORT_VERSE, [0, 1], seat=0) == 1
    q.stash[:] = []
    p.stash[:] = [arcana(game, "Blood Magic 1")]  # now this player alone meets both
    assert ask(game, P.ASK_HIRELING, [sabotage[0], support[0]]) == support[0]
    assert ask(game, P.ASK_HIRELING, [support[0], sabotage[0]]) == support[0]
    q.stash[:] = [arcana(game, "Blood Magic 0"), arcana(game, "Blood Magic 2")]
    p.stash[:] = []
    assert ask(game, P.ASK_SUPPORT_PLAYER, [0, 1], seat=1) == 0  # the one behind


def test_every_action_class_has_a_worth():
    assert set(S.ACTION_VALUES) == set(ast.ACTION_CLASSES)


def test_a_line_worth_nothing_is_not_used(game, vocab):
    from prophecy.dsl.parser import parse

    neutral = parse("Draw 1 Arcana, then Discard 1 to the center", vocab)
    assert S.effect_value(neutral) == 0.0
    assert ask(game, P.ASK_USE, [False, True], neutral) is False


def test_an_overflow_gives_up_the_empty_deed_that_pays_least_per_card(game):
    p = game.players[0]
    demo, necro, kept = deeds(game, ("Demonology", 1), ("Necromancy", 0), ("Blood Magic", 4))
    p.deeds[:], p.stored[:] = [demo, necro, kept], [[], [], [1]]  # 4/3, 3/2 and 7/2 a card
    options = [-1, *p.deeds]
    rich, level = deeds(game, ("Demonology", 4), ("Blood Magic", 1))  # 7/2 and 4/3 a card
    assert ask(game, P.ASK_OVERFLOW, options, rich) == demo  # not necro: it pays more
    assert ask(game, P.ASK_OVERFLOW, options, level) == -1  # no better than demo: keep all


def test_an_overflow_between_equally_poor_deeds_is_the_players_own_draw(game):
    p = game.players[0]
    necro, blood, kept = deeds(game, ("Necromancy", 0), ("Blood Magic", 0), ("Blood Magic", 4))
    p.deeds[:], p.stored[:] = [necro, blood, kept], [[], [], [1]]  # both empty, 3 points for 2
    options, rich = [-1, *p.deeds], deeds(game, ("Demonology", 4))[0]
    assert random.Random(1).random() < 0.5 < random.Random(0).random()
    first = H.HeuristicPlayer(random.Random(1))
    second = H.HeuristicPlayer(random.Random(0))
    assert first.choose(game, p, P.ASK_OVERFLOW, options, rich) == options.index(necro)
    assert second.choose(game, p, P.ASK_OVERFLOW, options, rich) == options.index(blood)


def test_the_grimoire_to_manifest_is_the_players_own_draw_among_equals(game):
    options = [0, 1, 2]
    assert ask(game, P.ASK_MANIFEST, options) == int(random.Random(0).random() * 3) == 2
    pick = H.answer(game, game.players[0], P.ASK_MANIFEST, options, None, random.Random(1))
    assert pick == int(random.Random(1).random() * 3) == 0


def test_up_to_takes_all_of_a_helpful_action_and_none_of_a_harmful_one():
    rng = random.Random(1)
    assert H._amount(None, None, [0, 1, 2], ast.DrawArcana(2, up_to=True), rng) == 2
    assert H._amount(None, None, [0, 1, 2], ast.Discard(2, up_to=True), rng) == 0


def _add_by_hand(deeds, selector, grimoire, count):
    """The deed 'Add' picks, spelled out: the selector's preference, then a deed not yet
    ready nearest to done, then the richest; the first of the best. None: every match."""
    named = [i for i, d in enumerate(deeds) if grimoire is None or d[3] == grimoire]
    if selector == "each":
        chosen = named
    else:
        by = {"highest-points": lambda d: d[0], "lowest-points": lambda d: -d[0],
              "most-cards": lambda d: d[2], "fewest-cards": lambda d: -d[2]}.get(
                  selector, lambda d: 0)

        def key(i):
            points, need, have, _ = deeds[i]
            missing = need - have
            return (by(deeds[i]), missing > 0, -missing if missing > 0 else 0, points)

        chosen = [max(named, key=key)] if named else []  # max keeps the first of the best
    return tuple((p, n, h + count, g) if i in chosen else (p, n, h, g)
                 for i, (p, n, h, g) in enumerate(deeds))


@pytest.mark.parametrize("selector", ["any", "each", "highest-points", "lowest-points",
                                      "most-cards", "fewest-cards"])
def test_the_sketch_adds_to_the_deed_the_selector_and_the_player_pick(selector):
    rng = random.Random(selector)
    for _ in range(300):
        row = tuple((rng.randint(2, 9), rng.randint(2, 6), rng.randint(0, 6), rng.randint(0, 2))
                    for _ in range(rng.randint(1, 4)))
        for grimoire in (None, "Blood Magic", "Necromancy"):
            sk = S.TYPICAL.copy()
            sk.deeds, sk.names = row, {"Blood Magic": 0, "Demonology": 1, "Necromancy": 2}
            S.apply_line(ast.Effect((), (ast.AddToDeed(2, ast.DeedTarget(selector, grimoire)),)),
                         sk)
            expected = _add_by_hand(row, selector, sk.names.get(grimoire), 2)
            assert sk.deeds == expected, (row, selector, grimoire)


def test_the_sketch_adds_where_a_player_would():
    def add(selector, row):
        sk = S.TYPICAL.copy()
        sk.deeds = row
        S.apply_line(ast.Effect((), (ast.AddToDeed(1, ast.DeedTarget(selector)),)), sk)
        return [d[2] for d in sk.deeds]

    # (points, needed, stored, grimoire): one ready, one 1 short, one 2 short
    row = ((9, 3, 3, 0), (4, 3, 2, 1), (6, 4, 2, 2))
    assert add("any", row) == [3, 3, 2]  # nearest to done that is not done
    assert add("highest-points", row) == [4, 2, 2]  # the rules pick, even a ready deed
    assert add("lowest-points", row) == [3, 3, 2]
    assert add("most-cards", row) == [4, 2, 2]
    assert add("fewest-cards", row) == [3, 3, 2]  # tied on 2: the nearer to done
    assert add("any", ((5, 4, 2, 0), (7, 4, 2, 1))) == [2, 3]  # equally near: the richer
    assert add("any", ((5, 4, 2, 0), (5, 4, 2, 1))) == [3, 2]  # all tied: the first
    assert add("any", ((5, 2, 2, 0), (8, 3, 3, 1))) == [2, 4]  # all ready: the richer


def test_a_chosen_opponent_is_the_one_it_hurts_most_or_helps_least(new_game, vocab):
    """Ruling 21: the greedy bot names the opponent whose position the action harms most,
    or, for an action that helps, the one it helps least; on a tie, the one furthest ahead
    for a harm, the one furthest behind for a help."""
    from prophecy.dsl.parser import parse
    from prophecy.engine.bots.roster import make_bot

    game = new_game(players=[make_bot("greedy", s) for s in range(3)])
    _, rich, poor = game.players
    for p in game.players:
        game.box.extend(p.hand + p.deeds)
        p.hand.clear()
        p.deeds.clear()
        p.stored.clear()
    rich.hand[:] = [arcana(game, "Blood Magic 6"), arcana(game, "Blood Magic 4")]
    rich.stash[:] = [arcana(game, "Blood Magic 5")]  # 3 points: the one ahead

    def chosen(text: str) -> int:
        node = parse(text, vocab).actions[0]
        assert isinstance(node, ast.Chosen)
        return ask(game, P.ASK_OPPONENT, [rich.seat, poor.seat], node)

    assert chosen("Choose an opponent: they discard 1") == rich.seat  # the other has none
    assert chosen("Choose an opponent: they draw 1 Arcana") == poor.seat  # the same help
    assert chosen("Choose an opponent: they gain 2 points") == poor.seat
    poor.hand[:] = [arcana(game, "Blood Magic 0"), arcana(game, "Blood Magic 1")]
    assert chosen("Choose an opponent: they discard 1") == rich.seat  # the same harm
    poor.deeds[:], poor.stored[:] = deeds(game, ("Necromancy", 0)), [[]]
    assert chosen("Add 1 to an opponent's highest-points Dark Deed") == rich.seat  # no deed
    poor.stored[0] = [arcana(game, "Blood Magic 2")]
    assert chosen("Remove 1 from an opponent's highest-points Dark Deed") == poor.seat
