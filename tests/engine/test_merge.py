"""`merge`'s refusals, each with its exact words, place and hint (on hand-made shard data)."""

from __future__ import annotations

import random

import pytest

from prophecy.dsl.errors import ProphecyError
from prophecy.engine.state import shuffle_top
from prophecy.lab.merge import merge


def shard(i: int, n: int, **changes):
    return {"kind": "balance", "plan": {"seed": 1}, "game": "G", "version": 1,
            "shard": [i, n], "measures": [], **changes}


@pytest.mark.parametrize(("runs", "where", "message", "hint"), [
    ([shard(1, 2), {"kind": "other"}], "a.json", "the files are not shards of one kind of run",
     "merge the --json output of 'prophecy simulate' or 'prophecy balance' run with "
     "--shard I/N"),
    ([shard(1, 2), shard(2, 2, game="H")], "b.json", "this shard's game differs from a.json's",
     "merge the shards of one run only"),
    ([shard(1, 2), shard(2, 3)], "a.json", "the shards split the run in different numbers of "
     "parts", "merge shards I/N with one N"),
    ([shard(1, 2), shard(1, 2)], "b.json", "shard 1/2 is given twice (also a.json)",
     "name each shard's file once"),
    ([shard(1, 3), shard(3, 3)], "a.json", "shard 2/3 missing",
     "merge every shard of the run, 1/N to N/N"),
])
def test_merge_refuses_what_is_not_one_whole_run(runs, where, message, hint):
    with pytest.raises(ProphecyError) as caught:
        merge(runs, ["a.json", "b.json"])
    assert (caught.value.message, caught.value.where, caught.value.hint) == (message, where, hint)


def test_the_shards_of_a_balance_run_merge_in_the_plans_order():
    plan = {"seed": 1, "designs": [7, 3], "modes": ["chosen", "forced"]}
    one = shard(1, 2, plan=plan, seconds=2.0,
                measures=[{"id": 3, "mode": "forced"}, {"id": 3, "mode": "chosen"}],
                seats={"2": {"games": 5, "no_winner": 1, "seat_wins": [3, 1]}})
    two = shard(2, 2, plan=plan, measures=[{"id": 7, "mode": "chosen"}], seconds=5.0,
                seats={"2": {"games": 4, "no_winner": 0, "seat_wins": [1, 3]},
                       "3": {"games": 4, "no_winner": 0, "seat_wins": [1, 1, 2]}})
    whole = merge([one, two], ["a", "b"])
    assert whole["measures"] == [{"id": 7, "mode": "chosen"}, {"id": 3, "mode": "chosen"},
                                 {"id": 3, "mode": "forced"}] and whole["shard"] == [1, 1]
    assert whole["seconds"] == 5.0  # the slowest shard's wall time
    assert whole["seats"] == {"2": {"games": 9, "no_winner": 1, "seat_wins": [4, 4]},
                              "3": {"games": 4, "no_winner": 0, "seat_wins": [1, 1, 2]}}


def test_the_look_ahead_shuffle_can_move_every_card_of_a_short_pile():
    orders = set()
    for seed in range(40):
        cards = [1, 2]
        shuffle_top(cards, 5, random.Random(seed))
        orders.add(tuple(cards))
    assert orders == {(1, 2), (2, 1)}
    for seed in range(20):  # three places drawn: at most three cards below them move up
        cards = list(range(10))
        shuffle_top(cards, 3, random.Random(seed))
        assert sorted(cards) == list(range(10))
        assert len([i for i in range(7) if cards[i] != i]) <= 3
