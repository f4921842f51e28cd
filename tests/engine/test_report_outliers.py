"""The report's findings and its comparison with an earlier run, on figures chosen by hand.

Each summary here is the plain data ``report.summarise`` gives, written out so
that a rate or an interval sits exactly on the edge of a finding: an edge is
in line, only past it is a finding named.
"""

from __future__ import annotations

from typing import Any

from prophecy.lab import report


def _rate(rate: float, lo: float, hi: float, n: int = 100) -> dict[str, Any]:
    return {"rate": rate, "ci": [lo, hi], "n": n}


def _summary(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": 2, "no_winner": _rate(0.0, 0.0, 0.0),
        "seats": [{"seat": 1, "win": _rate(0.5, 0.4, 0.6)},
                  {"seat": 2, "win": _rate(0.5, 0.4, 0.6)}],
        "cards": [], "deeds": [], "titles": [], "verses": [],
    }
    data.update(changes)
    return data


def test_a_seat_is_held_to_its_share_of_the_games_someone_won():
    # 20% of games have no winner: a fair seat of two wins 40%
    data = _summary(no_winner=_rate(0.2, 0.15, 0.25), seats=[
        {"seat": 1, "win": _rate(0.4, 0.35, 0.45)}, {"seat": 2, "win": _rate(0.52, 0.45, 0.6)}])
    assert report.outliers(data) == ["seat 2 is ahead: wins  52.0% against a fair  40.0%"]


def test_a_seat_whose_interval_just_reaches_the_fair_share_is_in_line():
    data = _summary(seats=[{"seat": 1, "win": _rate(0.6, 0.5, 0.7)},
                           {"seat": 2, "win": _rate(0.4, 0.3, 0.5)}])
    assert report.outliers(data) == []
    data["seats"][1]["win"] = _rate(0.39, 0.3, 0.49)
    assert report.outliers(data) == ["seat 2 is behind: wins  39.0% against a fair  50.0%"]


def test_a_dark_deed_is_out_of_line_past_half_or_one_and_a_half_times_the_median():
    def deed(name, rate, lo, hi):
        return {"name": name, "held": 100, "completion": _rate(rate, lo, hi)}

    # completion rates 0.1, 0.2, 0.5, 0.9, 1.0: the median is 0.5, in line from 0.25 to 0.75
    data = _summary(deeds=[
        deed("Touches Low", 0.1, 0.05, 0.25), deed("Below", 0.2, 0.1, 0.2),
        deed("Median", 0.5, 0.4, 0.6), deed("Touches High", 0.9, 0.75, 0.95),
        deed("Above", 1.0, 0.8, 1.0),
    ])
    assert report.outliers(data) == [
        "Dark Deed Below is completed  20.0% of the times it is held (median  50.0%)",
        "Dark Deed Above is completed 100.0% of the times it is held (median  50.0%)",
    ]


def test_a_title_awarded_half_the_time_and_a_verse_paying_a_tenth_are_in_line():
    data = _summary(
        titles=[{"name": "Even", "award": _rate(0.5, 0.4, 0.6)},
                {"name": "Rare", "award": _rate(0.4, 0.3, 0.5)},
                {"name": "Unseen", "award": _rate(0.0, 0.0, 0.0, n=0)}],
        verses=[{"name": "Tenth", "pays": _rate(0.1, 0.05, 0.17)},
                {"name": "Seldom", "pays": _rate(0.05, 0.02, 0.11)},
                {"name": "Nine Tenths", "pays": _rate(0.9, 0.83, 0.95)},
                {"name": "Always", "pays": _rate(0.95, 0.89, 0.98)}],
    )
    assert report.outliers(data) == [
        "Title Rare goes to nobody in  60.0% of its games",
        "Verse Seldom pays   5.0% of the time",
        "Verse Always pays  95.0% of the time",
    ]


def _run(score, parts, seats) -> dict[str, Any]:
    return {"games": 20, "seed": 1, "bots": ["random", "greedy"],
            "score": {**score, "parts": parts}, "seats": seats, "cards": []}


def _mean(mean: float, lo: float, hi: float) -> dict[str, Any]:
    return {"mean": mean, "ci": [lo, hi]}


def _seat(seat: int, rate: float, lo: float, hi: float) -> dict[str, Any]:
    return {"seat": seat, "win": _rate(rate, lo, hi)}


def test_compare_stars_only_the_changes_whose_intervals_are_apart():
    old = _run(_mean(10.0, 9.0, 11.0),
               {"deeds": _mean(4.5, 4.0, 5.0), "levels": _mean(2.5, 2.0, 3.0)},
               [_seat(1, 0.3, 0.2, 0.4), _seat(2, 0.4, 0.3, 0.5), _seat(3, 0.6, 0.5, 0.7)])
    new = _run(_mean(13.0, 12.0, 14.0),
               {"deeds": _mean(5.5, 5.0, 6.0), "levels": _mean(1.5, 1.0, 2.0),
                "titles": _mean(1.0, 0.5, 1.5)},  # no such part before: not compared
               [_seat(1, 0.4, 0.3, 0.5), _seat(2, 0.3, 0.2, 0.4), _seat(3, 0.2, 0.1, 0.3)])
    assert report.compare(old, new).splitlines() == [
        "compared with the earlier run (20 games, seed 1, bots random,greedy); "
        "* = intervals apart",
        " *mean score             10.00 [9.00, 11.00] -> 13.00 [12.00, 14.00]",
        "    deeds                4.50 [4.00, 5.00] -> 5.50 [5.00, 6.00]",  # they touch
        "    levels               2.50 [2.00, 3.00] -> 1.50 [1.00, 2.00]",  # they touch
        "  seat 1 wins            30.0% [20.0%, 40.0%] -> 40.0% [30.0%, 50.0%]",
        "  seat 2 wins            40.0% [30.0%, 50.0%] -> 30.0% [20.0%, 40.0%]",
        " *seat 3 wins            60.0% [50.0%, 70.0%] -> 20.0% [10.0%, 30.0%]",
        " cards whose plays per game moved by 0.1 or more, or whose win rate when played "
        "moved apart (0):",
    ]
