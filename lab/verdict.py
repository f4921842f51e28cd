"""A design's verdict for a designer: its measures in each mode in; one word and one sentence out.

The sequential test (``lab/balance.py``) ends each measure (a design in one
mode) stronger, weaker, within the margin or undecided. A designer wants one
answer a card, so ``word`` gives each design one of four words:

- **stronger** or **weaker**: decided so in at least one mode (the largest such
  difference when two modes are decided);
- **about right**: within the margin in every mode it was measured in;
- **can't tell yet**: anything else.

``sentence`` says it in words a designer can act on: by how much, in which
situation (when played, when held from the start), how sure, what the second
bot says, and for what is not settled the pairs (and minutes at the run's
pace) that would settle it, or that the card almost never changes a game.
``settle`` works out those pairs for a measure the run left undecided.
"""

from __future__ import annotations

import math
from typing import Any

from prophecy.compiler.model import limits
from prophecy.lab.balance import MIN_DIFFERED, MIN_WITHIN, Measure, fewest_pairs
from prophecy.lab.pairs import FORCED
from prophecy.lab.stats import Sprt, to_settle
from prophecy.lab.twins import PLAIN

STRONGER, WEAKER, ABOUT_RIGHT, CANT_TELL = "stronger", "weaker", "about right", "can't tell yet"
#: Every word a design's verdict may be, in report order.
WORDS = (STRONGER, WEAKER, CANT_TELL, ABOUT_RIGHT)
DECIDED = ("stronger", "weaker")
#: A card that changed fewer than this share of its pairs' games "almost never changes a game".
RARE = 0.05
#: The second bot's words on a finding.
AGREES, DISAGREES, SHORT, UNCHECKED = "agrees", "disagrees", "not enough games", "not checked"
_OLD_CHECK = {"confirmed": AGREES, "not confirmed": DISAGREES, "undecided": SHORT}


def situation(mode: str, kind: str) -> str:
    """The situation a mode measures, in a designer's words."""
    if mode == FORCED:
        return "when held"
    return "when in play" if kind in ("verse", "title") else "when played"


def word(design: dict[str, Any]) -> str:
    """The design's one word: its largest decided difference's direction, else about right
    when every mode is within the margin, else can't tell yet."""
    rows = list(design["modes"].values())
    found = [r for r in rows if r["verdict"] in DECIDED]
    if found:
        return str(max(found, key=lambda r: abs(r["points"]["mean"]))["verdict"])
    if rows and all(r["verdict"] == "within" for r in rows):
        return ABOUT_RIGHT
    return CANT_TELL


def check_word(check: dict[str, Any] | None) -> str:
    """The second bot's word on a finding (runs saved before these words read as them)."""
    if check is None:
        return UNCHECKED
    found = str(check["verdict"])
    return _OLD_CHECK.get(found, found)


# -- what would settle a measure ---------------------------------------------------------


def settle(m: Measure, plan: dict[str, Any], test: Sprt) -> dict[str, Any] | None:
    """For a measure left undecided: why ("never changed", "rarely changes", "more pairs",
    "out of reach") and about how many pairs in all would settle it (None when nothing
    says), were its mean and spread what they are so far."""
    if m.verdict not in ("", "undecided"):
        return None
    n, changed = m.pairs.n, m.differed
    if changed == 0 or m.points.n == 0:
        return {"reason": "never changed", "pairs": None}
    per = n / m.points.n
    # a ceiling at which the card would not change MIN_WITHIN pairs stops it a quarter of the
    # way there or sooner (balance._too_rare), whichever way it is heading: ask for no fewer
    floor = max(MIN_WITHIN, MIN_DIFFERED) * n / changed
    total = max(n + to_settle(m.points, test) * per, floor, fewest_pairs(plan["players"]))
    pairs = None if not math.isfinite(total) or total > limits.PAIRS else _round_up(total)
    if changed < RARE * n:
        reason = "rarely changes"
    else:
        reason = "more pairs" if pairs is not None else "out of reach"
    return {"reason": reason, "pairs": pairs}


def _round_up(x: float) -> int:
    """Up to two significant figures: 2137 -> 2200, 96 -> 96."""
    step = 10 ** max(0, int(math.log10(max(1.0, x))) - 1)
    return int(math.ceil(x / step) * step)


# -- the sentence -------------------------------------------------------------------------


def sentence(design: dict[str, Any], s: dict[str, Any]) -> str:
    """The design's verdict in words (``s``: the summary's run-wide figures: alpha, beta,
    margin, pace in seconds a game)."""
    found = word(design)
    rows = design["modes"]
    kind = design["kind"]
    if found in DECIDED:
        lead = max((r for r in rows.values() if r["verdict"] in DECIDED),
                   key=lambda r: abs(r["points"]["mean"]))
        text = _decided(lead, kind, s)
    elif found == ABOUT_RIGHT:
        return _about_right(list(rows.values()), kind, s)
    else:
        lead = next(r for r in rows.values() if r["verdict"] != "within")
        text = f"Can't tell yet {situation(lead['mode'], kind)}: {_unsettled(lead, s)}"
    for r in rows.values():
        if r is not lead:
            text += f" {situation(r['mode'], kind).capitalize()}: {_short(r, found, s)}."
    return text


def _decided(r: dict[str, Any], kind: str, s: dict[str, Any]) -> str:
    mean, (lo, hi) = r["points"]["mean"], r["points"]["ci"]
    more = "more" if mean > 0 else "fewer"
    return (f"{r['verdict'].capitalize()} {situation(r['mode'], kind)}: a player with it "
            f"scores {abs(mean):.1f} points a game {more} than with {_against(kind, s)}"
            f" ({lo:+.1f} to {hi:+.1f}, {_sure(s)}); {second(r, s.get('confirm'))}.")


def _about_right(rows: list[dict[str, Any]], kind: str, s: dict[str, Any]) -> str:
    each = " and ".join(f"{situation(r['mode'], kind)} (likely {r['likely'][0]:+.1f} to "
                        f"{r['likely'][1]:+.1f})" for r in rows)
    margin = _points(s["margin"])
    return (f"About right: within {margin} a game of {_against(kind, s)} {each}; "
            f"a difference of {margin} would have shown {100 * (1 - s['beta']):g} times in 100.")


def _unsettled(r: dict[str, Any], s: dict[str, Any]) -> str:
    """Why a measure is not settled, and what would settle it."""
    how = r["settle"] or {"reason": "more pairs", "pairs": None}
    changed = f"{r['differed']:,} of {r['pairs']:,} pairs"
    if how["reason"] == "never changed":
        return f"it never changed a game ({changed}), so nothing says what it is worth."
    mean, (lo, hi) = r["points"]["mean"], r["points"]["ci"]
    so_far = f"{mean:+.1f} points a game so far ({lo:+.1f} to {hi:+.1f}, {r['pairs']:,} pairs)"
    need = how["pairs"]
    if need is None:
        return (f"{so_far}; it sits near the edge of ±{_points(s['margin'])}, where no "
                "number of pairs settles it (a wider --margin would).")
    more = max(0, need - r["pairs"])
    wait = _minutes(more * r["games"] / max(1, r["pairs"]), s.get("pace"))
    settles = f"about {more:,} more pairs would settle it (--pairs {need:,}{wait})"
    if how["reason"] == "rarely changes":
        return f"it almost never changes a game ({changed}); {settles}."
    return f"{so_far}; {settles}."


def _short(r: dict[str, Any], lead_word: str, s: dict[str, Any]) -> str:
    """Another mode of the design, in a clause."""
    verdict = r["verdict"]
    if verdict in DECIDED:
        also = "also " if verdict == lead_word else ""
        lo, hi = r["points"]["ci"]
        return (f"{also}{verdict}, {r['points']['mean']:+.1f} a game ({lo:+.1f} to {hi:+.1f}); "
                f"{second(r, s.get('confirm'))}")
    if verdict == "within":
        return f"about right (likely {r['likely'][0]:+.1f} to {r['likely'][1]:+.1f})"
    return "can't tell yet: " + _unsettled(r, s).rstrip(".")


def second(r: dict[str, Any], confirm: str | None) -> str:
    """The second bot's word on a finding, in a clause (``confirm``: the run's second bot,
    "" when it had none)."""
    check = r.get("check")
    said = check_word(check)
    if check is None:
        return "not checked by a second bot" + (" (--confirm none)" if confirm == ""
                                                  else "")
    bot = f"a second bot ({', '.join(check['bots'])})"
    if said == AGREES:
        return f"{bot} agrees"
    if said == DISAGREES:
        return f"{bot} disagrees: it finds no difference that size"
    if said == UNCHECKED:
        return f"not checked by a second bot: {check.get('why') or 'no reason given'}"
    return f"{bot} had not enough games to say ({check['pairs']:,} pairs)"


def why(r: dict[str, Any]) -> str:
    """Why a measure is not settled, in a few words."""
    how = r.get("settle") or {"reason": "more pairs", "pairs": None}
    reason, need = how["reason"], how["pairs"]
    if reason == "never changed":
        return f"never changed a game in {r['pairs']:,} pairs"
    if reason == "rarely changes":
        return f"changed {r['differed']:,} of {r['pairs']:,} pairs" + (
            f", about {need:,} pairs would settle it" if need else "")
    if need is None:
        return f"{r['points']['mean']:+.2f} a game, near the edge of the margin"
    return f"{r['points']['mean']:+.2f} a game so far, about {need:,} pairs would settle it"


def _against(kind: str, s: dict[str, Any]) -> str:
    """What the card was measured against: its plain version, or (A/A) a copy of itself."""
    return str(s.get("against") or PLAIN.get(kind, "its vanilla twin"))


def _sure(s: dict[str, Any]) -> str:
    return f"{100 * (1 - s['alpha']):g}% sure"


def _points(x: float) -> str:
    return f"{x:g} point" + ("" if x == 1 else "s")


def _minutes(games: float, pace: float | None) -> str:
    """', about 8 minutes at this run's pace' ('' with no pace to go by)."""
    if not pace:
        return ""
    minutes = games * pace / 60
    if minutes < 1:
        return ", under a minute at this run's pace"
    if minutes < 120:
        return f", about {minutes:.0f} minute{'s' if round(minutes) != 1 else ''} at this " \
               "run's pace"
    return f", about {minutes / 60:.0f} hours at this run's pace"


__all__ = ["word", "sentence", "settle", "second", "why", "situation", "check_word", "WORDS",
           "ABOUT_RIGHT", "CANT_TELL", "UNCHECKED"]
