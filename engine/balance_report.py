"""The balance report: a run's raw sums in, decided findings, intervals and roll-ups out.

``summarise(raw)`` reads what ``engine/balance.py`` measured (one run, or the
shards of one run added by ``merge``) and decides, for each design, whether it
is stronger or weaker than its vanilla twin:

- Each design's evidence is its sequential p-value: the smallest p-value of
  its looks times the number of looks (Bonferroni over the looks, so stopping
  early when a look is decided costs nothing in false findings).
- The designs are decided together with **Holm's** step-down method at
  ``alpha`` over every design of the run, and only on enough pairs in which
  the card changed the game (``MIN_DIFFERED``).
- Intervals are shown at the level every look was tested at,
  alpha / (designs x looks), so they hold for all designs and looks at once
  (Bonferroni; a design Holm decides may sit just inside one).
- A design whose interval lies within ``margin`` points of zero is "no
  different from its twin"; anything else is undecided.

Roll-ups pool the pairs of the Arcana designs that share a rules-language
feature (an action at a Level, a requirement kind, a grimoire), with
intervals corrected over the number of features. ``text`` writes the
terminal summary and ``compare`` what changed since an earlier run.
"""

from __future__ import annotations

from typing import Any

from prophecy.engine.balance import MIN_DIFFERED, Measure
from prophecy.engine.stats import Sums, holm, interval

KIND_NAMES = {"arcana": "Arcana", "deed": "Dark Deed", "verse": "Verse", "hireling": "Hireling",
              "title": "Title", "grimoire": "Manifest"}


def _r(x: float) -> float:
    return round(x, 3)


def summarise(raw: dict[str, Any]) -> dict[str, Any]:
    """Every number of the balance report, as JSON-ready data; decided findings first."""
    plan = raw["plan"]
    total = max(1, len(plan["designs"]))
    looks = max(1, -(-plan["pairs"] // plan["batch"]))
    alpha, margin = plan["alpha"], plan["margin"]
    level = alpha / (total * looks)
    measures = [Measure.from_json(m) for m in raw["measures"]]
    p_seq = [min(1.0, looks * m.p_min) for m in measures]
    rejected = holm(p_seq + [1.0] * (total - len(measures)), alpha)
    rows = [_row(m, p, r, level, margin) for m, p, r in zip(measures, p_seq, rejected,
                                                              strict=False)]
    decided = sorted((r for r in rows if r["verdict"] in ("stronger", "weaker")),
                     key=lambda r: (-abs(r["points"]["mean"]), r["id"]))
    return {
        "kind": "balance-summary", "game": raw["game"], "seed": plan["seed"],
        "players": plan["players"], "bots": plan["bots"], "alpha": alpha, "margin": margin,
        "designs_in_run": total, "designs_here": len(rows), "looks": looks,
        "level": level, "method": "Holm step-down over every design; intervals at "
        "alpha / (designs x looks)",
        "pairs_played": sum(m.points.n for m in measures),
        "games_played": 2 * sum(m.points.n for m in measures),
        "seconds": raw.get("seconds"),
        "findings": [finding(r) for r in decided],
        "decided": decided,
        "neutral": [r for r in rows if r["verdict"] == "neutral"],
        "undecided": [r for r in rows if r["verdict"] == "undecided"],
        "features": rollup(measures, alpha),
        "designs": rows,
    }


def _row(m: Measure, p: float, rejected: bool, level: float, margin: float) -> dict[str, Any]:
    lo, hi = interval(m.points, level)
    wlo, whi = interval(m.wins, level)
    if rejected and m.differed >= MIN_DIFFERED and m.points.mean != 0:
        verdict = "stronger" if m.points.mean > 0 else "weaker"
    elif -margin < lo and hi < margin and m.points.n and (
            m.differed >= MIN_DIFFERED or m.stopped == "limit"):
        verdict = "neutral"  # early only once the card has mattered often enough
    else:
        verdict = "undecided"
    return {
        "id": m.id, "name": m.name, "kind": m.kind, "grimoire": m.grimoire,
        "pairs": m.points.n, "differed": m.differed, "stopped": m.stopped,
        "points": {"mean": _r(m.points.mean), "ci": [_r(lo), _r(hi)]},
        "wins": {"mean": _r(m.wins.mean), "ci": [_r(wlo), _r(whi)]},
        "p": float(f"{p:.3g}"), "verdict": verdict, "features": m.features,
    }


def finding(row: dict[str, Any]) -> str:
    """One decided design in a sentence."""
    pts, wins = row["points"], row["wins"]
    what = KIND_NAMES.get(row["kind"], row["kind"])
    return (f"{row['name']} ({what}) is {row['verdict']} than its vanilla twin: "
            f"{pts['mean']:+.2f} points [{pts['ci'][0]:+.2f}, {pts['ci'][1]:+.2f}], "
            f"{100 * wins['mean']:+.1f}% wins [{100 * wins['ci'][0]:+.1f}, "
            f"{100 * wins['ci'][1]:+.1f}], {row['pairs']} pairs")


def rollup(measures: list[Measure], alpha: float) -> list[dict[str, Any]]:
    """Pairs pooled by feature over the designs that have it; decided features first."""
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
            "feature": f, "designs": len(names), "pairs": points.n, "names": names,
            "points": {"mean": _r(points.mean), "ci": [_r(lo), _r(hi)]},
            "wins": {"mean": _r(wins.mean), "ci": [_r(wlo), _r(whi)]},
            "decided": points.n > 1 and (lo > 0 or hi < 0),
        })
    out.sort(key=lambda r: (not r["decided"], -abs(r["points"]["mean"]), r["feature"]))
    return out


def _ci(m: dict[str, Any], scale: float = 1.0, unit: str = "") -> str:
    return (f"{scale * m['mean']:+.2f}{unit} [{scale * m['ci'][0]:+.2f}, "
            f"{scale * m['ci'][1]:+.2f}]")


def text(s: dict[str, Any]) -> str:
    """The terminal summary: what is decided first, then the roll-up and the rest."""
    out = [
        f"{s['game']}: paired balance games, {s['designs_here']} of {s['designs_in_run']} "
        f"designs, {s['players']} players, seed {s['seed']}, bots {','.join(s['bots'])}",
        f"{s['pairs_played']} pairs ({s['games_played']} games)"
        + (f" in {s['seconds']:.0f} s" if s.get("seconds") is not None else ""),
        f"decided by Holm at {100 * s['alpha']:.0f}% over {s['designs_in_run']} designs; "
        f"intervals at {s['level']:.2g} (every design and look at once)",
        "",
        f"decided ({len(s['decided'])}): stronger or weaker than the vanilla twin",
    ]
    out += [f"  {f}" for f in s["findings"]] or ["  none"]
    decided_features = [f for f in s["features"] if f["decided"]]
    out += ["", f"by feature, Arcana designs pooled ({len(decided_features)} decided)"]
    for f in s["features"][:12]:
        mark = "*" if f["decided"] else " "
        out.append(f" {mark}{f['feature']:<32} {_ci(f['points'])} points, "
                   f"{f['designs']} design{'s' if f['designs'] != 1 else ''}, {f['pairs']} pairs")
    neutral = s["neutral"]
    out += ["", f"no different from the twin, within {s['margin']:g} point ({len(neutral)}): "
            + (", ".join(r["name"] for r in neutral[:20]) + (" ..." if len(neutral) > 20 else "")
               if neutral else "none"),
            f"undecided ({len(s['undecided'])}): more pairs (--pairs) would tell"]
    return "\n".join(out) + "\n"


def compare(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed between two balance summaries, design by design, with intervals."""
    before = {r["id"]: r for r in old["designs"]}
    out = [f"compared with the earlier run (seed {old['seed']}, bots {','.join(old['bots'])}):"]
    changed = 0
    for row in new["designs"]:
        was = before.get(row["id"])
        if was is None:
            out.append(f"  {row['name']}: new, {_ci(row['points'])} points ({row['verdict']})")
            continue
        if was["verdict"] != row["verdict"] or abs(was["points"]["mean"]
                                                    - row["points"]["mean"]) >= 0.5:
            changed += 1
            out.append(f"  {row['name']}: {_ci(was['points'])} -> {_ci(row['points'])} "
                       f"points ({was['verdict']} -> {row['verdict']})")
    gone = sorted(set(before) - {r["id"] for r in new["designs"]})
    out += [f"  {before[i]['name']}: not in this run" for i in gone]
    if not changed and len(out) == 1:
        out.append("  no design changed its verdict or moved by half a point or more")
    return "\n".join(out) + "\n"
