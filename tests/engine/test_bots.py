"""The bots: ties go by the seeded generator, and the estimate values what a player plans for."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import statistics
from collections import Counter

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.dsl import ast
from prophecy.engine import protocol
from prophecy.engine.bots import heuristics, sketch
from prophecy.engine.bots.estimate import Valuer
from prophecy.engine.bots.greedy import GreedyBot
from prophecy.engine.bots.planner import PlannerBot
from prophecy.engine.bots.roster import make_bot, parse_bot
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game
from prophecy.lab.simulate import play_one


@pytest.fixture(scope="module")
def bundled():
    return load_content(bundled_content())


def mean_levels(content, games: int, seed: int) -> dict[str, float]:
    """Each grimoire's mean final Level over the seats of greedy self-play games."""
    book = book_of(content)
    levels: dict[str, list[int]] = {name: [] for name in book.grimoires}
    for i in range(games):
        game = play_one(book, seed, i, 3, ("greedy",))
        for p in game.players:
            for g, name in enumerate(book.grimoires):
                levels[name].append(p.levels[g])
    return {name: statistics.mean(v) for name, v in levels.items()}


def test_the_order_of_the_vocabulary_does_not_steer_the_levels(bundled):
    """Reverse the grimoires in game.yaml: each grimoire's mean Level stays where it was.

    A bot that broke ties by list order levelled the first-named grimoire (Blood
    Magic 3.1, Necromancy 0.1) and the last one when the names were reversed.
    """
    reverse = dataclasses.replace(bundled, grimoires=tuple(reversed(bundled.grimoires)))
    as_is, reversed_ = mean_levels(bundled, 90, 5), mean_levels(reverse, 90, 5)
    assert list(as_is) == list(reversed(list(reversed_)))
    for name in as_is:  # 270 seats each: the standard error of a difference is about 0.1
        assert abs(as_is[name] - reversed_[name]) < 0.4, (name, as_is, reversed_)


def test_tied_options_are_split_by_the_generator_not_taken_first():
    picks = Counter(heuristics.best([0, 1, 2], lambda o: 0, random.Random(s)) for s in range(300))
    assert set(picks) == {0, 1, 2} and min(picks.values()) > 70
    assert heuristics.best([3, 9, 9.0 + 1e-12], lambda o: o, random.Random(1)) in (9, 9.0 + 1e-12)
    assert heuristics.best([1, 5, 2], lambda o: o, random.Random(1)) == 5


def test_scored_options_pick_the_best_and_split_ties_like_best():
    scored = [("a", 1.0), ("b", 3.0), ("c", 3.0 - 1e-12), ("d", 2.9)]
    picks = Counter(heuristics.best_scored(scored, random.Random(s)) for s in range(200))
    assert set(picks) == {"b", "c"} and min(picks.values()) > 70
    assert heuristics.best_scored([("a", 1.0), ("b", 1.5)], random.Random(1)) == "b"
    assert heuristics.best_scored([("a", 2.0), ("b", 2.0 - 2e-9)], random.Random(1)) == "a"
    for s in range(20):  # the same draw of the generator as best, so a game plays the same
        assert heuristics.best_scored(scored, random.Random(s)) == heuristics.best(
            scored, lambda item: item[1], random.Random(s))[0]


def test_a_bot_is_seeded_by_its_seat_so_a_game_replays():
    for spec in ("random", "greedy"):
        one, again, other = make_bot(spec, "7:1:0"), make_bot(spec, "7:1:0"), make_bot(spec, 8)
        draws = [one.rng.random() for _ in range(5)]
        assert draws == [again.rng.random() for _ in range(5)]
        assert draws != [other.rng.random() for _ in range(5)]


def test_every_question_has_a_rule_of_thumb():
    assert set(heuristics._RULES) == set(protocol.QUESTIONS)
    assert {q.bot for q in protocol.QUESTIONS.values()} == set(heuristics.RULES)


def test_bots_are_named_with_an_optional_budget():
    assert parse_bot("planner:8") == ("planner", 8) and parse_bot("greedy") == ("greedy", None)
    assert make_bot("planner:5", 1).budget == 5
    for bad in ("clever", "greedy:3", "planner:0", "planner:x"):
        with pytest.raises(ValueError):
            parse_bot(bad)


def _sketch(book, **changes):
    game = Game(book, [GreedyBot(1), GreedyBot(2), GreedyBot(3)], "s")
    valuer = Valuer.of(book)
    sk = valuer.sketch(game, game.players[0])
    return valuer, dataclasses.replace(sk, **changes)


def test_a_dark_deed_that_cannot_be_finished_is_worth_nothing(bundled):
    book = book_of(bundled)
    valuer, sk = _sketch(book, round=5, deeds=((11, 6, 1, 0),), verses=[], titles=[])
    more = dataclasses.replace(sk, deeds=((11, 6, 2, 0),))
    assert valuer.value(more) == valuer.value(sk)  # five cards short in the last round
    early = dataclasses.replace(sk, round=2)
    assert valuer.value(dataclasses.replace(early, deeds=((11, 6, 2, 0),))) > valuer.value(early)
    ready = dataclasses.replace(sk, deeds=((11, 6, 6, 0),))
    assert valuer.value(ready) - valuer.value(sk) == pytest.approx(11)


def test_a_level_is_worth_its_points_and_what_it_unlocks(bundled):
    book = book_of(bundled)
    valuer, sk = _sketch(book, round=2, levels=[0, 0, 0], verses=[], titles=[])
    for g in range(3):
        up = dataclasses.replace(sk, levels=[1 if i == g else 0 for i in range(3)])
        unlocked = valuer.unlock[g][1] - valuer.unlock[g][0]
        assert unlocked > 0
        assert valuer.value(up) - valuer.value(sk) > 1 + unlocked * 0.5  # a point, and more


def test_a_verse_the_player_meets_counts_its_reward(bundled):
    book = book_of(bundled)
    verse = next(d for d, t in Valuer.of(book).verse_test.items()
                 if t is not None and t[0] == "stashed")
    valuer, sk = _sketch(book, stash=0, titles=[])
    sk = dataclasses.replace(sk, verses=[valuer.verse_check(verse, -1)])
    target = valuer.verse_test[verse][3]
    met = dataclasses.replace(sk, stash=target)
    gain = valuer.value(met) - valuer.value(sk)
    assert gain == pytest.approx(3 * target + 0.8 * valuer.verse_reward[verse])


def test_a_title_and_a_verse_read_off_completed_deeds_count_once_led_or_met(bundled):
    """No action changes completed Dark Deeds, so the sketch weighs these once; they count
    in every estimate of it, and not at all when the player neither leads nor meets them."""
    book = book_of(bundled)
    valuer = Valuer.of(book)
    title = next(c for c in book.ids["title"]
                 if valuer.title_subject[book.design[c]] == ("completed", None))
    verse = next(c for c in book.ids["verse"]
                 if valuer.verse_test[book.design[c]] == ("completed", None, "at_least", 1))
    game = Game(book, [GreedyBot(1), GreedyBot(2), GreedyBot(3)], "s")
    game.titles, game.verses[0], game.revealed, game.hireling = [title], verse, 1, -1
    me, deed = game.players[0], book.ids["deed"][0]
    game.round = 3
    before = valuer.estimate(game, me)
    me.completed.append(deed)
    sk = valuer.sketch(game, me)
    share = 0.6 * (3 / book.rules.rounds) ** 3 * book.card(title).points
    reward = 0.8 * valuer.verse_reward[book.design[verse]]
    assert sk.titles == [] and sk.verses == []  # weighed once, when the sketch was taken
    gained = book.deed_points[deed] + share + reward
    assert valuer.value(sk) - before == pytest.approx(gained)
    more = sk.copy()
    more.hand += 1  # an action later on: the Title and the Verse still count
    assert valuer.value(more) - valuer.value(sk) == pytest.approx(
        valuer.value(dataclasses.replace(sk, hand=sk.hand + 1, fixed=0.0))
        - valuer.value(dataclasses.replace(sk, fixed=0.0)))
    game.players[1].completed.append(book.ids["deed"][1])  # a rival ties: no Title
    assert valuer.estimate(game, me) - before == pytest.approx(book.deed_points[deed] + reward)


def test_the_worth_greedy_gives_a_play_is_the_estimate_of_the_sketch_after_it(bundled,
                                                                             monkeypatch):
    """The bot takes some estimates once a decision and reuses them: each must still be the
    estimate of the sketch it stands for."""
    from prophecy.engine.bots import greedy as bots

    book = book_of(bundled)
    checked: list[bool] = []
    real = bots._plays

    def checking(game, me, view, sk, rng, one_card_less):
        out = real(game, me, view, sk, rng, one_card_less)
        value = Valuer.of(view).value
        checked.extend(worth == value(after) for _, after, worth in out
                       if after is not None and worth is not None)
        less = sk.copy()
        less.hand -= 1
        less.pile += 1
        checked.append(one_card_less() == value(less))
        return out

    monkeypatch.setattr(bots, "_plays", checking)
    for seed in range(30):
        play_one(book, 3, seed, 3, ("greedy",))
    assert len(checked) > 1000 and all(checked)


def test_greedy_draws_dark_deeds_finishes_them_and_hires_either_kind(bundled):
    book = book_of(bundled)
    actions: Counter[str] = Counter()
    hired: Counter[str] = Counter()

    class Watching(GreedyBot):
        def choose(self, game, me, ask, options, about):
            i = super().choose(game, me, ask, options, about)
            if ask == protocol.ASK_ACTION:
                actions[options[i]] += 1
            if ask == protocol.ASK_HIRELING:
                hired[game.book.card(options[i]).role] += 1
            return i

    completed = 0
    for seed in range(20):
        game = Game(book, [Watching(f"{seed}:{c}") for c in range(3)], seed).play()
        completed += sum(len(p.completed) for p in game.players)
    assert actions[protocol.DEEDS] > 0 and actions[protocol.LEVEL] > 0
    assert actions[protocol.PLAY] > actions[protocol.ARCANA]
    assert completed / 60 > 1.5  # Dark Deeds per player per game
    assert hired["support"] > 0 and hired["sabotage"] > 0  # not a Sabotage every time


def test_the_planner_beats_the_greedy_bot_in_seat_rotated_games(bundled):
    """Two-player games, each bot in each seat equally: playouts to the end of the turn win."""
    from prophecy.lab import simulate

    tally = simulate.run(book_of(bundled), 24, 2, 5, ("greedy", "planner:2"))
    greedy, planner = tally.bot_wins
    assert tally.bot_games == [24, 24]
    assert planner >= 15 and greedy <= 9, (greedy, planner)  # a fair split is 12 and 12


class _Watched(PlannerBot):
    """A planner that notes each playout: the world's players and the candidate tried."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.tried: list[tuple[list, tuple]] = []

    def _playout(self, world, seat, candidate, at=0):
        self.tried.append((world.controllers, candidate))
        return super()._playout(world, seat, candidate, at)


def test_the_planner_plays_each_candidate_out_once_a_look_ahead_with_its_helper(new_game):
    game = new_game()
    me = game.players[0]
    bot = _Watched(5, budget=2, width=99)  # every action on the shortlist, ending among them
    chosen = bot.decide(game, me, game.action_options(me, game.used))
    tried = [candidate for _, candidate in bot.tried]
    per_world = tried[: len(tried) // 2]
    assert tried == per_world * 2 and len(per_world) > 2
    assert len(set(per_world)) == len(per_world)  # ending the phase is not weighed twice
    assert per_world.count((protocol.END, -1, -1)) == 1 and chosen in per_world
    assert all(c is bot.helper for players, _ in bot.tried for c in players)


def test_a_planner_that_shortlists_nothing_weighs_ending_the_phase(new_game):
    game = new_game()
    me = game.players[0]
    bot = _Watched(5, budget=3, width=0)
    assert bot.decide(game, me, game.action_options(me, game.used)) == (protocol.END, -1, -1)
    assert [candidate for _, candidate in bot.tried] == [(protocol.END, -1, -1)] * 3


def test_a_sketch_copy_carries_every_field_and_owns_its_levels():
    fields = dataclasses.fields(sketch.Sketch)
    original = sketch.Sketch(*[object() for _ in fields])  # every field told apart
    original.levels = [1, 2, 3]
    copied = original.copy()
    for f in fields:
        if f.name != "levels":
            assert getattr(copied, f.name) is getattr(original, f.name), f.name
    assert copied == original and copied.levels is not original.levels
    copied.levels[0] = 4
    assert original.levels == [1, 2, 3]


# ---------------------------------------------------- the sketch of the newer forms
def _apply(line: str) -> sketch.Sketch:
    from prophecy.compiler.model.vocab import read_vocabulary
    from prophecy.dsl.parser import parse

    after = sketch.TYPICAL.copy()
    sketch.apply_line(parse(line, read_vocabulary(bundled_content())), after)
    return after


def test_the_sketch_of_looking_takes_the_cards_and_discards_the_rest_where_told():
    before = sketch.TYPICAL
    taken = _apply("Look at the top 3 cards of the Arcana deck, take 1, discard the rest")
    assert (taken.hand, taken.pile) == (before.hand + 1, before.pile + 2)
    back = _apply("Look at the top 3 cards of the Arcana deck, take 2, put the rest back in "
                  "any order")
    assert (back.hand, back.pile) == (before.hand + 2, before.pile)


def test_the_sketch_of_gaining_repeating_and_choosing():
    before = sketch.TYPICAL
    assert _apply("Gain 3 points").completed_points == before.completed_points + 3
    assert _apply("Draw 1 Arcana 3 times").hand == before.hand + 2  # up to the hand limit, 7
    assert _apply("Stash a card from your hand twice").stash == before.stash + 2
    chosen = _apply("Choose one: Discard 2 or Gain 2 points")
    assert (chosen.hand, chosen.completed_points) == (before.hand,
                                                      before.completed_points + 2)


def test_an_opponents_loss_is_the_players_edge_and_their_gain_counts_against():
    assert _apply("Each opponent discards 1").edge == pytest.approx(
        -sketch.EDGE_SHARE * sketch.effect_value(
            heuristics.ast.Effect((), (ast.Discard(1),))))
    assert _apply("Each opponent discards 1").edge > 0
    assert _apply("Each opponent draws 2 Arcana").edge < 0
    both = _apply("Each player draws 1 Arcana")
    assert both.hand == sketch.TYPICAL.hand + 1 and both.edge < 0
    assert sketch.effect_value(_line("Each opponent discards 1")) > 0


def test_the_highest_and_lowest_grimoire_move_in_the_sketch():
    sk = sketch.TYPICAL.copy()
    sk.levels = [2, 0, 3]
    sketch.ACTION_VALUES[ast.LevelDown](ast.LevelDown("highest"), sk)
    assert sk.levels == [2, 0, 2]
    sketch.ACTION_VALUES[ast.LevelUp](ast.LevelUp("lowest"), sk)
    assert sk.levels == [2, 1, 2]
    sk.levels = [0, 0, 0]
    sketch.ACTION_VALUES[ast.LevelDown](ast.LevelDown("lowest"), sk)
    assert sk.levels == [0, 0, 0]  # nothing below the lowest level


def _line(text: str):
    from prophecy.compiler.model.vocab import read_vocabulary
    from prophecy.dsl.parser import parse

    return parse(text, read_vocabulary(bundled_content()))



def test_the_sketch_reads_each_title_count_and_verse_test():
    from prophecy.engine.bots.estimate import _reader, _tester

    sk = dataclasses.replace(sketch.TYPICAL, completed=(2, 2, 0), hand=3, stash=4)
    assert _reader("completed", 2)(sk) == 2 and _reader("completed", 1)(sk) == 0
    assert _reader("completed", None)(sk) == 3
    assert (_reader("hand", None)(sk), _reader("stashed", None)(sk)) == (3, 4)
    assert _reader("level", 0)(sk) == 1 and _reader("level", -1)(sk) == 0
    assert _reader("total_level", None)(sk) == 3
    assert _tester(("hand", None, "at_most", 3))(sk)
    assert not _tester(("hand", None, "at_most", 2))(sk)
    assert _tester(("completed", 2, "at_least", 2))(sk)
    assert not _tester(("completed", 2, "at_least", 3))(sk)
    assert _tester(("stashed", None, "exactly", 4))(sk)


def test_the_sketch_of_discarding_drawing_deeds_and_removing():
    before = sketch.TYPICAL  # hand 5, pile 2, two deeds holding 1 card each, limit 4
    kept = _apply("Discard 2")
    assert (kept.hand, kept.pile) == (before.hand - 2, before.pile + 2)
    gone = _apply("Discard 2 to the center")
    assert (gone.hand, gone.pile) == (before.hand - 2, before.pile)
    drawn = _apply("Draw 3 Dark Deeds, keep 2")
    assert drawn.deeds == (*before.deeds, (6, 4, 0, -1), (6, 4, 0, -1))
    full = _apply("Draw 3 Dark Deeds, keep 3")  # the row holds 4 deeds at most
    assert len(full.deeds) == 4
    one = _apply("Remove 1 from any Dark Deed")
    assert sorted(d[2] for d in one.deeds) == [0, 1]
    each = _apply("Remove 1 from each Dark Deed")
    assert [d[2] for d in each.deeds] == [0, 0]


def test_the_sketch_levels_the_grimoire_named():
    named = dataclasses.replace(sketch.TYPICAL.copy(), names={"Necromancy": 2})
    sketch.ACTION_VALUES[ast.LevelUp](ast.LevelUp("Necromancy"), named)
    assert named.levels == [1, 1, 2]
    unknown = sketch.TYPICAL.copy()  # a grimoire this sketch does not know: no move
    sketch.ACTION_VALUES[ast.LevelUp](ast.LevelUp("Necromancy"), unknown)
    assert unknown.levels == [1, 1, 1]


def test_the_deed_draw_action_is_the_line_it_amounts_to(bundled):
    from prophecy.engine.bots.greedy import _deed_draw

    rules = book_of(bundled).rules
    line = _deed_draw(rules)
    assert line == ast.Effect((), (ast.DrawDeeds(rules.deed_draw, rules.deed_keep),))
    assert _deed_draw(rules) is line  # built once


def test_a_stand_in_player_without_a_generator_is_still_seeded():
    draws = [[heuristics.HeuristicPlayer().rng.random() for _ in range(3)] for _ in range(2)]
    assert draws[0] == draws[1]  # the same fixed seed: a look-ahead replays


#: The digest of the decision logs of seeded games with the bundled cards (greedy self-play
#: at 2, 3 and 4 players, and the planner against the greedy bot). Changing how a bot reads
#: the cards or values a position changes it; work that should leave every decision as it
#: was (speed, the balance pairs' shared valuation) must leave it alone.
DECISIONS = "1ba8431a0ca70b89"


def test_seeded_games_decide_as_they_always_have(bundled):
    from prophecy.engine import log

    book = book_of(bundled)
    digest = hashlib.sha256()
    for players, bots, games in ((3, ("greedy",), 24), (2, ("greedy",), 8), (4, ("greedy",), 8),
                                 (3, ("planner:1", "greedy"), 3)):
        for i in range(games):
            chairs = [make_bot(bots[(c + i) % len(bots)], f"7:{i}:{c}") for c in range(players)]
            game = Game(book, chairs, f"7:{i}", log=True).play()
            for line in log.to_lines(game):
                digest.update(line.encode() + b"\n")
    assert digest.hexdigest()[:16] == DECISIONS
