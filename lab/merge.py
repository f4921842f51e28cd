"""Shards added up: the JSON of each shard of one run in, the JSON of the whole run out.

``prophecy simulate --shard I/N --json`` and ``prophecy balance --shard I/N
--json`` each play one N-th of a run. A simulation's shards hold integer
tallies, which add up exactly; a balance run's shards hold whole designs,
each measured exactly as the whole run measures it. So the merged numbers are
the numbers of the run played whole. Shards must come from the same run (the
same plan, seed, bots and players) and be complete: every ``I`` of ``N``,
each once.
"""

from __future__ import annotations

from typing import Any

from prophecy.dsl.errors import ProphecyError
from prophecy.lab.simulate import Tally

_SAME = {
    "simulate": ("seed", "players", "bots", "games_total", "game"),
    "balance": ("plan", "game", "version"),
}


def merge(runs: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The raw data of the whole run from the raw data of its shards."""
    kinds = {r.get("kind") for r in runs if isinstance(r, dict)}
    if len(kinds) != 1 or not kinds <= {"simulate", "balance"} or not all(
            isinstance(r, dict) for r in runs):
        raise ProphecyError("the files are not shards of one kind of run", where=names[0], line=0,
                            hint="merge the --json output of 'prophecy simulate' or "
                            "'prophecy balance' run with --shard I/N")
    kind = str(kinds.pop())
    first = {k: v for k, v in runs[0].items() if k != "summary"}  # recomputed from the sums
    for run, name in zip(runs, names, strict=True):
        for key in _SAME[kind]:
            if run.get(key) != first.get(key):
                raise ProphecyError(f"this shard's {key} differs from {names[0]}'s", where=name,
                                    line=0, hint="merge the shards of one run only")
    _complete([tuple(r["shard"]) for r in runs], names)
    if kind == "simulate":
        total = Tally.from_json(runs[0]["tally"])
        for run in runs[1:]:
            total.add(Tally.from_json(run["tally"]))
        return {**first, "tally": total.to_json(), "shard": [1, 1]}
    order = {d: i for i, d in enumerate(first["plan"]["designs"])}
    modes = {m: i for i, m in enumerate(first["plan"]["modes"])}
    measures = sorted((m for r in runs for m in r["measures"]),
                      key=lambda m: (order[m["id"]], modes[m["mode"]]))
    return {**first, "measures": measures, "shard": [1, 1], "seats": _seats(runs),
            "seconds": max(r.get("seconds") or 0 for r in runs),
            "plain_games": sum(r.get("plain_games") or 0 for r in runs)}


def _seats(runs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The seat games of every shard added up, by number of players."""
    out: dict[str, dict[str, Any]] = {}
    for run in runs:
        for n, part in (run.get("seats") or {}).items():
            total = out.setdefault(n, {"games": 0, "no_winner": 0,
                                       "seat_wins": [0] * len(part["seat_wins"])})
            total["games"] += part["games"]
            total["no_winner"] += part["no_winner"]
            total["seat_wins"] = [a + b for a, b in zip(total["seat_wins"], part["seat_wins"],
                                                         strict=True)]
    return out


def _complete(shards: list[tuple[int, int]], names: list[str]) -> None:
    counts = {n for _, n in shards}
    if len(counts) != 1:
        raise ProphecyError("the shards split the run in different numbers of parts",
                            where=names[0], line=0, hint="merge shards I/N with one N")
    n = counts.pop()
    seen: dict[int, str] = {}
    for (i, _), name in zip(shards, names, strict=True):
        if i in seen:
            raise ProphecyError(f"shard {i}/{n} is given twice (also {seen[i]})", where=name,
                                line=0, hint="name each shard's file once")
        seen[i] = name
    missing = [f"{i}/{n}" for i in range(1, n + 1) if i not in seen]
    if missing:
        raise ProphecyError(f"shard {', '.join(missing)} missing", where=names[0], line=0,
                            hint="merge every shard of the run, 1/N to N/N")
