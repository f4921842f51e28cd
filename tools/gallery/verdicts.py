"""A balance run's verdicts for the gallery: what ``balance --json`` (or ``merge --json``) wrote in,
each card's verdict in words and points per game out.

The file is read and checked as ``merge`` reads it (``lab/shards.py``), and
its summary is made again from its raw sums, so a card's tile and page show
the same figures ``prophecy balance`` prints: the difference the card makes
to its holder's points in a game against its vanilla twin, with the
interval the run decided it at, in each mode it was measured in (as the bots
choose to use it, and forced into its holder's hands), never the sums behind
them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prophecy.lab import balance_report
from prophecy.lab.shards import read_run

#: A verdict in a few words, as a tile shows it, and in a sentence, as a card's page does.
WORDS = {
    "stronger": ("stronger", "stronger than its vanilla twin"),
    "weaker": ("weaker", "weaker than its vanilla twin"),
    "within": ("within", "within the margin of its vanilla twin"),
    "undecided": ("undecided", "undecided: it ran out of pairs (--pairs) first"),
}
#: How each mode measures the card, as the report names it.
MODE_WORDS = {"chosen": "as chosen", "forced": "forced"}
CHECK_WORDS = {"agrees": "agreed by", "disagrees": "disputed by",
               "not enough games": "not enough games for", "not checked": "not checked by",
               "confirmed": "confirmed by", "not confirmed": "not confirmed by",
               "undecided": "not decided by"}


@dataclass(frozen=True)
class Measured:
    """The card in one mode: its difference in points and wins a game, with intervals."""

    mode: str
    verdict: str
    points: tuple[float, float, float]  # mean, low, high
    wins: tuple[float, float, float]
    pairs: int
    games: int
    check: str  # the second bot's word on a finding ("confirmed by planner:1"), or ""

    @property
    def short(self) -> str:
        """'as chosen +1.27 [-0.96, +3.49] undecided', for a tile."""
        mean, low, high = self.points
        return (f"{MODE_WORDS.get(self.mode, self.mode)} {mean:+.2f} [{low:+.2f}, {high:+.2f}] "
                f"{WORDS[self.verdict][0]}")


@dataclass(frozen=True)
class Verdict:
    """One card's verdicts, a mode each (as the bots choose to use it, forced into a hand)."""

    modes: tuple[Measured, ...]
    level: float
    margin: float
    sentence: str = ""  # the run's verdict on the card in words (lab/verdict.py)

    @property
    def verdict(self) -> str:
        """The card's verdict in one word: its largest finding, else within if every mode
        is, else undecided."""
        found = [m for m in self.modes if m.verdict in ("stronger", "weaker")]
        if found:
            return max(found, key=lambda m: abs(m.points[0])).verdict
        if self.modes and all(m.verdict == "within" for m in self.modes):
            return "within"
        return "undecided"

    @property
    def short(self) -> str:
        """Each mode's difference in points a game and verdict, for a tile."""
        return " · ".join(m.short for m in self.modes)

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) rows for the card's page, in words."""
        out = [("verdict", self.sentence or WORDS[self.verdict][1].replace(
            "the margin", f"±{self.margin:g} point" + ("" if self.margin == 1 else "s")))]
        for m in self.modes:
            mean, low, high = m.points
            wins, wlow, whigh = m.wins
            how = MODE_WORDS.get(m.mode, m.mode)
            out += [
                (f"points a game, {how}", f"{mean:+.2f} for its holder against the twin "
                                          f"(interval {low:+.2f} to {high:+.2f}): "
                                          f"{WORDS[m.verdict][0]}"),
                (f"wins, {how}", f"{100 * wins:+.1f}% of games (interval {100 * wlow:+.1f}% "
                                 f"to {100 * whigh:+.1f}%)"),
                (f"pairs of games, {how}", f"{m.pairs} ({m.games} games played)"),
            ]
            if m.check:
                out.append((f"second bot, {how}", m.check))
        out.append(("intervals", f"at the run's level {self.level:.2g}: every measure of the "
                                 "run at once"))
        return out


def read_verdicts(path: Path) -> dict[str, Verdict]:
    """Each design's verdict, by card id and by name; a placed error if the file is no run."""
    document = read_run(path, ("balance",), hint="name the JSON that 'prophecy balance "
                        "--json > FILE' (or 'prophecy merge --json') wrote")
    summary = balance_report.summarise(document.data)
    out: dict[str, Verdict] = {}
    for row in summary["designs"]:
        found = Verdict(tuple(_measured(r) for r in row["modes"].values()), summary["level"],
                        summary["margin"], row.get("sentence", ""))
        out.setdefault(row["id"], found)
        out.setdefault(row["name"], found)
    return out


def _measured(row: dict[str, Any]) -> Measured:
    points, wins, check = row["points"], row["wins"], row["check"]
    said = (f"{CHECK_WORDS.get(check['verdict'], check['verdict'])} "
            f"{', '.join(check['bots'])} ({check['pairs']} pairs)" if check else "")
    return Measured(row["mode"], row["verdict"], (points["mean"], *points["ci"]),
                    (wins["mean"], *wins["ci"]), row["pairs"], row["games"], said)
