"""One verdict a card: a word that follows from its modes' verdicts, and a sentence that says by how
much, in which situation, how sure, and what would settle what is not settled."""

from __future__ import annotations

import copy
import math
import random

import pytest

from prophecy.lab import balance_report, verdict
from prophecy.lab.balance import MIN_WITHIN, Measure
from prophecy.lab.stats import Sprt, Sums, to_settle


def _row(mode: str, found: str, mean: float) -> dict:
    return {"mode": mode, "verdict": found, "points": {"mean": mean, "ci": [mean - 1, mean + 1]}}


@pytest.mark.parametrize(("chosen", "forced", "word"), [
    (("stronger", 0.75), ("stronger", 4.31), "stronger"),
    (("within", 0.1), ("weaker", -3.17), "weaker"),  # a deed that lost points when held
    (("stronger", 0.8), ("weaker", -2.5), "weaker"),  # the larger difference speaks
    (("stronger", 1.9), ("weaker", -1.2), "stronger"),
    (("within", 0.1), ("within", -0.3), "about right"),
    (("within", 0.1), ("undecided", -0.6), "can't tell yet"),
    (("undecided", 0.0), ("undecided", 0.0), "can't tell yet"),
    (("within", 0.2), None, "about right"),  # a Verse: measured when in play only
    (("undecided", 0.9), None, "can't tell yet"),
])
def test_the_word_follows_from_the_modes(chosen, forced, word):
    modes = {"chosen": _row("chosen", *chosen)}
    if forced:
        modes["forced"] = _row("forced", *forced)
    assert verdict.word({"modes": modes}) == word


def test_every_verdict_of_a_run_agrees_with_its_modes(balance_summary):
    """Each design's word against the verdicts of its modes, and one line each in the JSON."""
    assert [v["id"] for v in balance_summary["verdicts"]] == [
        d["id"] for d in sorted(balance_summary["designs"],
                                key=lambda d: (d["verdict"] != "stronger", d["name"]))]
    for design in balance_summary["designs"]:
        rows = list(design["modes"].values())
        found = {r["verdict"] for r in rows}
        word = design["verdict"]
        assert word in verdict.WORDS
        if word in ("stronger", "weaker"):
            largest = max((r for r in rows if r["verdict"] in ("stronger", "weaker")),
                          key=lambda r: abs(r["points"]["mean"]))
            assert largest["verdict"] == word
            assert design["sentence"].startswith(word.capitalize() + " ")
        elif word == "about right":
            assert found == {"within"}
        else:
            assert not found & {"stronger", "weaker"} and found != {"within"}
            assert design["sentence"].startswith("Can't tell yet")
    [windfall] = [d for d in balance_summary["designs"] if d["name"] == "Windfall"]
    assert windfall["verdict"] == "stronger"
    held = windfall["modes"]["forced"]["points"]
    assert windfall["sentence"].startswith(
        f"Stronger when held: a player with it scores {held['mean']:.1f} points a game more "
        f"than with a plain 'Add 1 to any Dark Deed' card ({held['ci'][0]:+.1f} to "
        f"{held['ci'][1]:+.1f}, 95% sure); a second bot (planner:1) agrees. When played: "
        "also stronger")


def _measure(mode: str, values: list[float], changed: int, found: str = "undecided",
             per: int = 1) -> Measure:
    """A measure of deals with these means (``per`` pairs a deal)."""
    m = Measure("arcana/x", "arcana", "X", "Blood Magic", mode, verdict=found, games=2 * len(
        values) * per, differed=changed, looks=4)
    for v in values:
        m.points.add(v)
        m.wins.add(0.0)
        for _ in range(per):
            m.pairs.add(v)
    return m


def _summary(balance_raw, *measures: Measure, seconds: float = 60.0) -> dict:
    raw = copy.deepcopy(balance_raw)
    raw["measures"] = [m.to_json() for m in measures]
    raw["seconds"] = seconds
    raw["plan"]["measures"] = len(measures)
    return balance_report.summarise(raw)


def test_a_card_that_never_changed_a_game_says_so(balance_raw):
    s = _summary(balance_raw, _measure("chosen", [0.0] * 300, 0),
                 _measure("forced", [0.0] * 900, 3))
    [design] = s["designs"]
    assert design["verdict"] == "can't tell yet"
    assert design["sentence"] == (
        "Can't tell yet when played: it never changed a game (0 of 300 pairs), so nothing says "
        "what it is worth. When held: can't tell yet: it almost never changes a game (3 of 900 "
        "pairs); about 89,100 more pairs would settle it (--pairs 90,000, about 72 minutes at "
        "this run's pace).")  # 89,100 pairs of 2 games, 60 s for 2,490 games
    assert s["measures"][1]["settle"] == {"reason": "rarely changes", "pairs": 90_000}
    assert "ran out of pairs" not in balance_report.text(s)


def test_a_card_short_of_pairs_is_told_how_many_would_settle_it(balance_raw):
    rng = random.Random(3)
    values = [rng.gauss(0.3, 4.0) for _ in range(120)]
    m = _measure("forced", values, 110)
    s = _summary(balance_raw, m)
    need = s["measures"][0]["settle"]
    assert need["reason"] == "more pairs" and need["pairs"] > 120
    more = need["pairs"] - 120
    assert f"about {more:,} more pairs would settle it (--pairs {need['pairs']:,}, about " in \
        s["designs"][0]["sentence"]


def test_about_right_gives_the_interval_of_its_own_call(balance_raw):
    """'Within ±1' sits beside the interval at the call's own level (1 - 2 beta), which the
    test keeps inside the margin, never beside the run's stricter one."""
    rng = random.Random(5)
    values = [rng.gauss(0.1, 2.0) for _ in range(600)]
    m = _measure("chosen", values, 500, found="within")
    s = _summary(balance_raw, m)
    [row], [design] = s["measures"], s["designs"]
    assert design["verdict"] == "about right"
    lo, hi = row["likely"]
    assert -1 < lo < hi < 1 and row["points"]["ci"][0] < lo
    assert design["sentence"] == (
        f"About right: within 1 point a game of a plain 'Add 1 to any Dark Deed' card when "
        f"played (likely {lo:+.1f} to {hi:+.1f}); a difference of 1 point would have shown "
        "90 times in 100.")


def test_the_pairs_to_settle_are_about_what_the_test_then_takes():
    """Projected from the first 100 units, the test ends within a factor of two of the
    projection (the median over seeds), for a mean headed each way."""
    test = Sprt(1.0, 0.05, 0.1)
    for mean in (2.0, -2.0, 0.0):
        ratios = []
        for seed in range(30):
            rng = random.Random(seed)
            s = Sums()
            for _ in range(100):
                s.add(rng.gauss(mean, 15.0))
            if test.verdict(s):
                continue
            projected = s.n + to_settle(s, test)
            while test.verdict(s) is None:
                s.add(rng.gauss(mean, 15.0))
            ratios.append(s.n / projected)
        middle = sorted(ratios)[len(ratios) // 2]
        assert 0.5 < middle < 2.0, (mean, middle)
    decided = Sums()
    for i in range(20):
        decided.add(6.0 + (-1) ** i)
    assert test.verdict(decided) == "stronger" and to_settle(decided, test) == 0.0
    flat = Sums(10, 5.0, 2.5)  # every value 0.5: no spread to go by
    assert to_settle(flat, test) == math.inf


def test_within_needs_its_changed_pairs_before_it_settles(balance_raw):
    """A card near 0 is settled only once it has changed MIN_WITHIN pairs."""
    values = [(-1.0) ** i * 0.5 for i in range(200)]
    m = _measure("forced", values, 100)
    s = _summary(balance_raw, m)
    assert s["measures"][0]["settle"]["pairs"] >= MIN_WITHIN * 200 // 100
