"""The A/A test: a card against an exact copy of itself under another name comes out about right,
and over many such measures the run calls one stronger or weaker no more often than alpha says."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from prophecy.lab import balance, balance_report, pairs, twins
from prophecy.lab.executors import Serial

from .conftest import rules

ALPHA = 0.05
MEASURES = 200


@pytest.fixture(scope="module")
def small(kit):
    """Short games (two rounds) of the synthetic set with a windfall (two free stashes a
    play) and a one-card Dark Deed worth 12 points: what a false-alarm count can afford
    two hundred times."""
    base = kit.content()
    windfall = kit.arcana("Windfall", "Blood Magic", ["Stash the top card of the Arcana deck"] * 2,
                          copies=3)
    boon = kit.deed("Boon", "Blood Magic", 1, 12)
    from prophecy.engine.cards import book_of

    return book_of(kit.content(rules(rounds=2, verses_per_round=(1, 2)),
                               arcana=[windfall, *base.of_kind("arcana")],
                               deed=[boon, *base.of_kind("deed")]))


def _design(book, name):
    return next(d for d, card in enumerate(book.designs) if card.name == name)


def _one(book, name, seed, aa, pairs=120, margin=1.0):
    """One measure of a design held from the start, two players, random bots, in its own
    run (so it is tested at alpha itself)."""
    d = _design(book, name)
    plan = balance.plan_for(book, [d], seed, 2, ("random",), pairs, margin,
                            modes=("forced",), alpha=ALPHA, confirm="", seat_games=0, aa=aa)

    def runner(plan, tasks):
        return [balance.play_batch(book, s, plan, a, b) for s, a, b in tasks]

    [m] = balance.run(book, plan, balance.to_measure(book, [d], plan), runner)
    return m


def test_the_copy_is_the_card_under_another_name(small):
    d = _design(small, "Windfall")
    made, copy = twins.with_copy(small, d)
    card, other = made.designs[copy - 1], made.designs[copy]
    assert (other.name, other.id) == ("Windfall (copy)", card.id + "-copy")
    assert other.copies == card.copies and other.lines == card.lines and card.id == \
        small.designs[d].id
    assert len(made.designs) == len(small.designs) + 1
    contrast = pairs.against_copy(small, d)
    assert contrast.a.design == copy - 1 and contrast.b.design == copy
    assert twins.with_copy(small, d)[0] is made  # built once


@pytest.mark.slow  # about 30 s: 220 runs of short games
def test_false_alarms_of_the_a_a_test_stay_within_alpha(small):
    """Two hundred A/A measures (four cards, fifty seeds each), each in a run of its own at
    alpha 5%: no more are called stronger or weaker than a binomial count at 5% exceeds
    one time in a thousand. The same games against the vanilla twin find the rich Dark
    Deed stronger most of the time: they can decide, so the A/A's calm is not deafness."""
    names = ("Boon", "Windfall", "Blood Magic 0", "Necromancy 4")
    found = [_one(small, names[i % 4], 1000 + i, aa=True) for i in range(MEASURES)]
    verdicts = Counter(m.verdict for m in found)
    alarms = verdicts["stronger"] + verdicts["weaker"]
    assert alarms <= _binomial_top(MEASURES, ALPHA, 0.001), verdicts
    assert sum(m.differed for m in found) > MEASURES * 50  # the copies did part the games
    assert len({round(m.points.mean, 2) for m in found}) > 20  # real noise, not a replay
    planted = Counter(_one(small, "Boon", 1000 + i, aa=False).verdict for i in range(20))
    assert planted["stronger"] >= 14, planted


def _binomial_top(n: int, p: float, tail: float) -> int:
    """The smallest k with P(X > k) < tail for X ~ Binomial(n, p)."""
    total = 0.0
    for k in range(n + 1):
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if 1 - total < tail:
            return k
    return n


def test_an_a_a_run_says_about_right_against_a_copy(small):
    raw = balance.sweep(small, Serial(small), names=["Windfall"], modes=["forced"], seed=3,
                        players=2, bots=("random",), pairs=3600, confirm="", seat_games=0,
                        aa=True)
    assert raw["plan"]["aa"] is True
    summary = balance_report.summarise(raw)
    [v] = summary["verdicts"]
    assert v["verdict"] == "about right", v
    assert "an exact copy of it under another name" in v["sentence"]
