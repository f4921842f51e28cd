"""A balance run's verdicts for the gallery: what ``balance --json`` (or ``merge --json``) wrote in,
each card's verdict in words and points per game out.

The file is read and checked as ``merge`` reads it (``engine/shards.py``), and
its summary is made again from its raw sums, so a card's tile and page show
the same figures ``prophecy balance`` prints: the difference the card makes
to its holder's points in a game against its vanilla twin, with the
interval the run decided it at, never the sums behind them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: A verdict in a few words, as a tile shows it, and in a sentence, as a card's page does.
WORDS = {
    "stronger": ("stronger", "stronger than its vanilla twin"),
    "weaker": ("weaker", "weaker than its vanilla twin"),
    "neutral": ("no different", "no different from its vanilla twin, within the margin"),
    "undecided": ("undecided", "undecided: more pairs (--pairs) would tell"),
}
STOPPED = {"effect": "its difference was decided", "neutral": "it was shown no different",
           "limit": "it reached --pairs", "": "the run ended"}


@dataclass(frozen=True)
class Verdict:
    """One card's verdict: the difference in points a game, and in wins, with intervals."""

    verdict: str
    points: tuple[float, float, float]  # mean, low, high
    wins: tuple[float, float, float]
    pairs: int
    stopped: str
    level: float
    margin: float

    @property
    def short(self) -> str:
        """'+1.27 points a game [-0.96, +3.49] · undecided', for a tile."""
        mean, low, high = self.points
        return f"{mean:+.2f} points a game [{low:+.2f}, {high:+.2f}] · {WORDS[self.verdict][0]}"

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) rows for the card's page, in words."""
        mean, low, high = self.points
        wins, wlow, whigh = self.wins
        verdict = WORDS[self.verdict][1]
        if self.verdict == "neutral":
            verdict = f"no different from its vanilla twin, within {self.margin:g} point"
        return [
            ("verdict", verdict),
            ("points a game", f"{mean:+.2f} for its holder against the twin (interval "
                              f"{low:+.2f} to {high:+.2f})"),
            ("wins", f"{100 * wins:+.1f}% of games (interval {100 * wlow:+.1f}% to "
                     f"{100 * whigh:+.1f}%)"),
            ("pairs of games", f"{self.pairs} ({2 * self.pairs} games); it stopped as "
                               f"{STOPPED.get(self.stopped, self.stopped)}"),
            ("intervals", f"at the run's level {self.level:.2g}: every design and look at "
                          "once"),
        ]


def read_verdicts(path: Path) -> dict[str, Verdict]:
    """Each design's verdict, by card id and by name; a placed error if the file is no run."""
    from prophecy.engine import balance_report
    from prophecy.engine.shards import read_run

    document = read_run(path, ("balance",), hint="name the JSON that 'prophecy balance "
                        "--json > FILE' (or 'prophecy merge --json') wrote")
    summary = balance_report.summarise(document.data)
    out: dict[str, Verdict] = {}
    for row in summary["designs"]:
        found = _verdict(row, summary)
        out.setdefault(row["id"], found)
        out.setdefault(row["name"], found)
    return out


def _verdict(row: dict[str, Any], summary: dict[str, Any]) -> Verdict:
    points, wins = row["points"], row["wins"]
    return Verdict(row["verdict"], (points["mean"], *points["ci"]),
                   (wins["mean"], *wins["ci"]), row["pairs"], row["stopped"],
                   summary["level"], summary["margin"])
