"""The balance report: a run's raw sums in; findings, intervals, seat tables and roll-ups out.

``summarise(raw)`` reads what ``lab/balance.py`` measured (one run, or the
shards of one run added by ``merge``):

- **One verdict a card first** (``lab/verdict.py``): stronger, weaker, about
  right or can't tell yet, with a sentence a designer can act on.
- **Findings**: every design the sequential test called stronger or weaker
  than its vanilla twin in either mode, in points per game with an interval,
  largest first, each with the second bot's word on it (agrees, disagrees,
  not enough games).
- **The seat table** for every number of players simulated: each seat's share
  of the games won, with a chi-square test that every seat wins equally often.
- The test as run: its error rates, the spread of a pair and of a deal in each
  mode, and the power at ±margin that spread gives (``stats.operating``).
- Roll-ups that pool the deals of the Arcana designs sharing a rules-language
  feature (an action at a Level, a requirement kind, a grimoire), per mode,
  with intervals corrected over the number of features.
- The designs within ±margin of their twins, and the measures not settled,
  each with why (it never or rarely changed a game, or the pairs that would
  settle it).

Intervals are shown at the level each measure was tested at, alpha /
measures, so they hold for every measure of the run at once. ``text`` writes
the terminal summary and ``compare`` what changed since an earlier run.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from prophecy.lab import verdict
from prophecy.lab.balance import MIN_DIFFERED, MIN_WITHIN, Measure
from prophecy.lab.pairs import CHOSEN
from prophecy.lab.report import wilson
from prophecy.lab.stats import Sprt, Sums, interval, operating, seat_chi_square

KIND_NAMES = {"arcana": "Arcana", "deed": "Dark Deed", "verse": "Verse", "hireling": "Hireling",
              "title": "Title", "grimoire": "Manifest"}
MODE_WORDS = {"chosen": "when played", "forced": "when held"}
DECIDED = ("stronger", "weaker")
AA_AGAINST = "an exact copy of it under another name"


def _r(x: float) -> float:
    return round(x, 3)


def summarise(raw: dict[str, Any]) -> dict[str, Any]:
    """Every number of the balance report, as JSON-ready data; decided findings first."""
    plan = raw["plan"]
    modes = list(plan["modes"])
    total = max(1, plan["measures"])
    alpha, beta, margin = plan["alpha"], plan["beta"], plan["margin"]
    level = alpha / total
    test = Sprt(margin, level, beta)
    measures = [Measure.from_json(m) for m in raw["measures"]]
    rows = [_row(m, level, plan, test) for m in measures]
    designs = _designs(rows)
    decided = sorted((d for d in designs if d["decided"]),
                     key=lambda d: (-d["largest"], d["id"]))
    # the pairs' games, the second bot's, and the plain games chosen deals started from
    plain = raw.get("plain_games") or 0
    games = sum(m.games for m in measures) + sum(
        (m.check or {}).get("games", 0) for m in measures) + plain
    seconds = raw.get("seconds")
    # the run's time went to its pairs and to its seat games alike
    every = games + sum(part["games"] for part in (raw.get("seats") or {}).values())
    words = {"alpha": alpha, "beta": beta, "margin": margin, "confirm": plan.get("confirm"),
             "pace": seconds / every if seconds and every else None,
             "against": AA_AGAINST if plan.get("aa") else None}
    for d in designs:
        d["verdict"], d["sentence"] = verdict.word(d), verdict.sentence(d, words)
    return {
        "kind": "balance-summary", "game": raw["game"], "seed": plan["seed"],
        "players": plan["players"], "bots": plan["bots"], "modes": modes,
        "aa": bool(plan.get("aa")),
        "alpha": alpha, "beta": beta, "margin": margin, "confirm": plan.get("confirm") or "",
        "designs_in_run": len(plan["designs"]), "designs_here": len(designs),
        "measures_in_run": total, "level": level, "bounds": [_r(test.lower), _r(test.upper)],
        "ceiling": plan["pairs"], "batch": plan["batch"], "min_differed": MIN_DIFFERED,
        "min_within": MIN_WITHIN,
        "method": "a sequential probability ratio test per design and mode (0 against "
        "±margin, alpha split over every measure of the run); intervals at alpha / measures",
        "pairs_played": sum(m.pairs.n for m in measures),
        "games_played": games,
        "plain_games": plain,
        "seconds": seconds,
        "verdicts": [{k: d[k] for k in ("id", "name", "kind", "verdict", "sentence")}
                     for d in sorted(designs, key=_verdict_order)],
        "test": _test(measures, modes, test, plan),
        "findings": [finding(d) for d in decided],
        "decided": decided,
        "seats": seat_tables(raw.get("seats") or {}),
        "within": [d for d in designs if d["verdicts"] and all(
            v == "within" for v in d["verdicts"].values())],
        "undecided": [r for r in rows if r["verdict"] in ("undecided", "")],
        "features": {mode: rollup([m for m in measures if m.mode == mode], alpha)
                     for mode in modes},
        "designs": designs,
        "measures": rows,
    }


def _verdict_order(d: dict[str, Any]) -> tuple[int, float]:
    """Decided designs first, largest first; then can't tell yet; about right last."""
    rank = {verdict.CANT_TELL: 1, verdict.ABOUT_RIGHT: 2}.get(d["verdict"], 0)
    return (rank, -d["largest"])


def _row(m: Measure, level: float, plan: dict[str, Any], test: Sprt) -> dict[str, Any]:
    lo, hi = interval(m.points, level)
    wlo, whi = interval(m.wins, level)
    # the 'within' call's own level: each side missed at most beta of the time
    likely = interval(m.points, 2 * plan["beta"])
    return {
        "id": m.id, "name": m.name, "kind": m.kind, "grimoire": m.grimoire, "mode": m.mode,
        "pairs": m.pairs.n, "deals": m.points.n, "differed": m.differed, "games": m.games,
        "points": {"mean": _r(m.points.mean), "ci": [_r(lo), _r(hi)]},
        "wins": {"mean": _r(m.wins.mean), "ci": [_r(wlo), _r(whi)]},
        "spread": {"pair": _r(_sd(m.pairs)), "deal": _r(_sd(m.points))},
        "verdict": m.verdict or "undecided", "check": _check(m.check, level, plan),
        "likely": [_r(likely[0]), _r(likely[1])], "settle": verdict.settle(m, plan, test),
        "features": m.features,
    }


def _sd(s: Sums) -> float:
    """The standard deviation of the values summed (0 with fewer than two)."""
    return s.se * math.sqrt(s.n)


def _check(check: dict[str, Any] | None, level: float, plan: dict[str, Any]
           ) -> dict[str, Any] | None:
    """The second bot's word on a finding, with the pairs its spread asked for and, when it
    was not checked, why."""
    if check is None:
        return None
    points = Sums.of(check["points"])
    lo, hi = interval(points, level)
    needed = check.get("needed")
    out = {"bots": check["bots"], "verdict": verdict.check_word(check),
           "pairs": check["pairs"], "needed": needed,
           "points": {"mean": _r(points.mean), "ci": [_r(lo), _r(hi)]}}
    if out["verdict"] == verdict.UNCHECKED:
        spread = _sd(points) if points.n > 1 else 0.0
        out["why"] = (f"at its spread ({spread:.1f} points a deal) it would need about "
                      f"{needed:,} pairs to be as sure as the first bot, and --confirm-pairs "
                      f"allows {plan['confirm_pairs']:,}")
    return out


def _designs(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows grouped by design, in run order: each design's verdict in every mode."""
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        d = out.setdefault(r["id"], {"id": r["id"], "name": r["name"], "kind": r["kind"],
                                     "grimoire": r["grimoire"], "modes": {}, "verdicts": {}})
        d["modes"][r["mode"]] = r
        d["verdicts"][r["mode"]] = r["verdict"]
    for d in out.values():
        found = [r for r in d["modes"].values() if r["verdict"] in DECIDED]
        d["decided"] = bool(found)
        d["largest"] = max((abs(r["points"]["mean"]) for r in found), default=0.0)
    return list(out.values())


def finding(design: dict[str, Any]) -> str:
    """One decided design in a sentence: each mode's verdict, points and the second bot."""
    what = KIND_NAMES.get(design["kind"], design["kind"])
    parts = []
    for mode, r in design["modes"].items():
        pts = r["points"]
        text = (f"{MODE_WORDS.get(mode, mode)} {r['verdict']} {pts['mean']:+.2f} "
                f"[{pts['ci'][0]:+.2f}, {pts['ci'][1]:+.2f}] ({r['pairs']} pairs")
        if r["verdict"] in DECIDED:
            text += ", " + _confirmed(r)
        parts.append(text + ")")
    return f"{design['name']} ({what}), points a game over its vanilla twin: " + "; ".join(parts)


def _confirmed(row: dict[str, Any]) -> str:
    return verdict.second(row, None)


def _test(measures: list[Measure], modes: list[str], test: Sprt, plan: dict[str, Any]
          ) -> dict[str, Any]:
    """The test as run: per mode the median spread of a pair and of a deal, and the chance
    that a design ±margin points off is called stronger (weaker) at that spread."""
    out: dict[str, Any] = {"alpha_each": test.alpha, "beta": test.beta,
                           "lower": _r(test.lower), "upper": _r(test.upper), "modes": {}}
    for mode in modes:
        here = [m for m in measures if m.mode == mode and m.pairs.n > 1]
        if not here:
            continue
        per = plan["players"] if mode == CHOSEN else 1
        deal = statistics.median(_sd(m.points) for m in here)
        power = operating(test, deal, plan["margin"], max(1, plan["batch"] // per),
                          max(1, plan["pairs"] // per), runs=300)
        out["modes"][mode] = {
            "spread_pair": _r(statistics.median(_sd(m.pairs) for m in here)),
            "spread_deal": _r(deal), "pairs_per_deal": per,
            "power": _r(power["stronger"]), "power_within": _r(power["within"]),
            "games_per_pair": _r(sum(m.games for m in here) / max(1, sum(m.pairs.n
                                                                          for m in here))),
        }
    return out


def seat_tables(seats: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each number of players' seat wins: shares with 95% Wilson intervals, the fair share,
    and a chi-square test of equal shares over the games somebody won."""
    out = []
    for n, s in sorted(seats.items(), key=lambda kv: int(kv[0])):
        games, wins = s["games"], s["seat_wins"]
        won = sum(wins)
        x, p = seat_chi_square(wins)
        out.append({
            "players": int(n), "games": games, "no_winner": s["no_winner"],
            "fair": _r(won / max(1, games) / max(1, len(wins))),
            "seats": [{"seat": i + 1, "wins": w, "rate": _r(w / max(1, games)),
                       "ci": list(wilson(w, games))} for i, w in enumerate(wins)],
            "chi_square": _r(x), "df": len(wins) - 1, "p": float(f"{p:.3g}"),
        })
    return out


def rollup(measures: list[Measure], alpha: float) -> list[dict[str, Any]]:
    """Deals pooled by feature over the designs that have it; decided features first."""
    pooled: dict[str, tuple[Sums, Sums, list[str]]] = {}  # feature -> points, wins, names
    for m in measures:
        for f in m.features:
            points, wins, names = pooled.setdefault(f, (Sums(), Sums(), []))
            points.merge(m.points)
            wins.merge(m.wins)
            names.append(m.name)
    level = alpha / max(1, len(pooled))
    out: list[dict[str, Any]] = []
    for f, (points, wins, names) in sorted(pooled.items()):
        lo, hi = interval(points, level)
        wlo, whi = interval(wins, level)
        out.append({
            "feature": f, "designs": len(names), "deals": points.n, "names": names,
            "points": {"mean": _r(points.mean), "ci": [_r(lo), _r(hi)]},
            "wins": {"mean": _r(wins.mean), "ci": [_r(wlo), _r(whi)]},
            "decided": points.n > 1 and (lo > 0 or hi < 0),
        })
    out.sort(key=lambda r: (not r["decided"], -abs(r["points"]["mean"]), r["feature"]))
    return out


def _ci(m: dict[str, Any], scale: float = 1.0, unit: str = "") -> str:
    return (f"{scale * m['mean']:+.2f}{unit} [{scale * m['ci'][0]:+.2f}, "
            f"{scale * m['ci'][1]:+.2f}]")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def seat_lines(table: dict[str, Any]) -> list[str]:
    """One number of players' seat table in words."""
    seats = ", ".join(f"seat {s['seat']} {_pct(s['rate'])} [{_pct(s['ci'][0])}, "
                      f"{_pct(s['ci'][1])}]" for s in table["seats"])
    mark = "  <- the seats do not win alike" if table["p"] < 0.05 else ""
    return [f"  {table['players']} players, {table['games']} games: {seats}",
            f"    fair share {_pct(table['fair'])}; chi-square {table['chi_square']:.1f} on "
            f"{table['df']} df, p = {table['p']:.2g}{mark}"]


def text(s: dict[str, Any]) -> str:
    """The terminal summary: findings first, then the seats, the test, the rest."""
    margin = f"{s['margin']:g} point{'s' if s['margin'] != 1 else ''}"
    out = [
        f"{s['game']}: paired balance games, {s['designs_here']} of {s['designs_in_run']} "
        f"designs, {s['players']} players, seed {s['seed']}, bots {','.join(s['bots'])}",
        f"{s['pairs_played']} pairs ({s['games_played']} games)"
        + (f" in {s['seconds']:.0f} s" if s.get("seconds") is not None else ""),
        "",
        "verdicts, one a card: points a game against the plain version of the card"
        if not s.get("aa") else "verdicts, one a card: points a game against an exact copy of "
        "the card under another name (the A/A test: each should come out about right)",
    ]
    out += [f"  {v['name']} ({KIND_NAMES.get(v['kind'], v['kind'])}): {v['sentence']}"
            for v in s["verdicts"]] or ["  none"]
    out += [
        "",
        f"decided ({len(s['decided'])}): stronger or weaker than the vanilla twin, in points "
        "a game",
    ]
    out += [f"  {f}" for f in s["findings"]] or ["  none"]
    out += ["", "seats: ordinary games of the cards as designed, bots "
            f"{','.join(s['bots'])}"]
    for table in s["seats"]:
        out += seat_lines(table)
    if not s["seats"]:
        out.append("  not simulated (--seat-games 0)")
    t = s["test"]
    out += ["", f"the test: each design {' and '.join(MODE_WORDS[m] for m in s['modes'])}, "
            f"until stronger, weaker or within ±{margin} of its twin, at most "
            f"{s['ceiling']} pairs; at most {100 * s['alpha']:g}% chance of any false "
            f"stronger or weaker in the run, {100 * s['beta']:g}% of missing a design "
            f"{margin} off"]
    for mode, m in t["modes"].items():
        out.append(f"  {MODE_WORDS[mode]}: spread {m['spread_pair']:.2f} points a pair, "
                   f"{m['spread_deal']:.2f} a deal of {m['pairs_per_deal']} "
                   f"pair{'s' if m['pairs_per_deal'] != 1 else ''} (medians); power at "
                   f"±{margin}: {_pct(m['power'])}; {m['games_per_pair']:.2f} games a pair")
    for mode, features in s["features"].items():
        shown = [f for f in features if f["decided"]]
        if shown:
            out += ["", f"by feature, {MODE_WORDS[mode]}, Arcana designs pooled "
                    f"({len(shown)} decided)"]
            out += [f"  {f['feature']:<32} {_ci(f['points'])} points, {f['designs']} design"
                    f"{'s' if f['designs'] != 1 else ''}" for f in shown[:12]]
    within = s["within"]
    out += ["", f"within ±{margin} of the twin in every mode ({len(within)}): "
            + (", ".join(d["name"] for d in within[:20]) + (" ..." if len(within) > 20 else "")
               if within else "none")]
    undecided = s["undecided"]
    out.append(f"not settled ({len(undecided)})" + (": " + "; ".join(
        f"{r['name']} ({MODE_WORDS[r['mode']]}) {verdict.why(r)}" for r in undecided[:12])
        + (" ..." if len(undecided) > 12 else "") if undecided else ": none"))
    return "\n".join(out) + "\n"


def agreement(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """How two summaries' verdicts agree, over the measures both hold: the count alike, the
    measures that differ, and those decided in opposite directions (stronger in one run,
    weaker in the other)."""
    before = {(r["id"], r["mode"]): r["verdict"] for r in old.get("measures", [])}
    both = [(r, before[(r["id"], r["mode"])]) for r in new["measures"]
            if (r["id"], r["mode"]) in before]
    differ = [(r["name"], r["mode"], was, r["verdict"]) for r, was in both
              if was != r["verdict"]]
    opposite = [d for d in differ if {d[2], d[3]} == set(DECIDED)]
    return {"measures": len(both), "agree": len(both) - len(differ),
            "share": _r((len(both) - len(differ)) / max(1, len(both))),
            "differ": differ, "opposite": opposite}


def compare(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed between two balance summaries, measure by measure, with intervals."""
    before = {(r["id"], r["mode"]): r for r in old.get("measures", [])}
    agree = agreement(old, new)
    out = [f"compared with the earlier run (seed {old['seed']}, bots {','.join(old['bots'])}): "
           f"the verdicts agree on {agree['agree']} of {agree['measures']} measures "
           f"({_pct(agree['share'])}); "
           + (f"{len(agree['opposite'])} in opposite directions" if agree["opposite"]
              else "none in opposite directions")]
    changed = 0
    for row in new["measures"]:
        key = (row["id"], row["mode"])
        label = f"{row['name']} ({MODE_WORDS.get(row['mode'], row['mode'])})"
        was = before.get(key)
        if was is None:
            out.append(f"  {label}: new, {_ci(row['points'])} points ({row['verdict']})")
            continue
        if was["verdict"] != row["verdict"] or abs(was["points"]["mean"]
                                                    - row["points"]["mean"]) >= 0.5:
            changed += 1
            out.append(f"  {label}: {_ci(was['points'])} -> {_ci(row['points'])} "
                       f"points ({was['verdict']} -> {row['verdict']})")
    gone = sorted(set(before) - {(r["id"], r["mode"]) for r in new["measures"]})
    out += [f"  {before[k]['name']} ({MODE_WORDS.get(k[1], k[1])}): not in this run"
            for k in gone]
    if not changed and len(out) == 1:
        out.append("  no design changed its verdict or moved by half a point or more")
    return "\n".join(out) + "\n"


__all__ = ["summarise", "text", "compare", "agreement", "finding", "rollup", "seat_tables",
           "MIN_DIFFERED"]
