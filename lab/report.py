"""The simulation report: summed tallies in, the numbers a designer reads out.

``summarise`` turns a ``Tally`` into plain data (win rate by seat and by bot
with 95% Wilson intervals, mean scores with 95% normal intervals, and per card,
Dark Deed, Title and Verse the figures of the report); ``--json`` prints that
data, ``text`` writes the terminal summary from it, and the HTML report is the
same data through ``compiler/templates/report.html.j2``. Every float is
rounded, so the same run prints the same bytes.
"""

from __future__ import annotations

import math
from typing import Any

from prophecy.engine.cards import Book
from prophecy.lab.simulate import Tally

Z = 1.96  # 95% two-sided


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return (_r(max(0.0, centre - half)), _r(min(1.0, centre + half)))


def mean_ci(total: int, squares: int, n: int) -> dict[str, Any]:
    """Mean and its 95% interval from a sum and a sum of squares."""
    if n == 0:
        return {"mean": 0.0, "ci": [0.0, 0.0]}
    mean = total / n
    var = (squares - total * total / n) / (n - 1) if n > 1 else 0.0
    half = Z * math.sqrt(max(0.0, var) / n)
    return {"mean": _r(mean), "ci": [_r(mean - half), _r(mean + half)]}


def rate(k: int, n: int) -> dict[str, Any]:
    return {"rate": _r(k / n) if n else 0.0, "ci": list(wilson(k, n)), "n": n, "k": k}


def _r(x: float) -> float:
    return round(x, 4)


def summarise(book: Book, tally: Tally, seed: int) -> dict[str, Any]:
    """Everything the report shows, as JSON-ready data."""
    n = tally.games * tally.players
    return {
        "game": book.content.game_name, **totals(tally, seed),
        "cards": _cards(book, tally, n),
        "deeds": _deeds(book, tally),
        "titles": _titles(book, tally),
        "verses": _verses(book, tally),
        "other_lines": _other_lines(book, tally),
    }


def _other_lines(book: Book, tally: Tally) -> list[dict[str, Any]]:
    """The lines of every card but the Arcana (those are under "cards"): how often each was
    usable and used, so that every count of the run is in its report."""
    out = []
    for d, card in enumerate(book.designs):
        if card.kind == "arcana":
            continue
        base = book.line_base.get(d, 0)
        for i in range(len(book.nodes.get(d, ()))):
            out.append({"id": card.id, "line": i + 1, "ready": tally.line_ready[base + i],
                        "used": tally.line_used[base + i]})
    return out


def totals(tally: Tally, seed: int) -> dict[str, Any]:
    """The report's figures that need no cards: the run, its seats, bots and scores."""
    g, p = tally.games, tally.players
    n = g * p
    return {
        "games": g, "players": p, "seed": seed, "bots": list(tally.bots),
        "seats": [
            {"seat": s + 1, "win": rate(tally.seat_wins[s], g),
             "score": mean_ci(tally.seat_score[s], tally.seat_score_sq[s], g)}
            for s in range(p)
        ],
        "no_winner": rate(tally.no_winner, g),
        "by_bot": [
            {"bot": name, "win": rate(tally.bot_wins[i], tally.bot_games[i])}
            for i, name in enumerate(tally.bots)
        ],
        "score": {
            **mean_ci(tally.score_sum, tally.score_sq, n),
            "parts": {part: mean_ci(tally.part_sum[i], tally.part_sq[i], n)
                      for i, part in enumerate(tally.parts)},
        },
        "reshuffles_per_game": _r(tally.reshuffles / g) if g else 0.0,
        "rounds": mean_ci(tally.rounds, tally.rounds_sq, g),
    }


def _cards(book: Book, tally: Tally, n: int) -> list[dict[str, Any]]:
    out = []
    for d, card in enumerate(book.designs):
        if card.kind != "arcana":
            continue
        base = book.line_base[d]
        effects = [
            {"text": line.text, "ready": tally.line_ready[base + i],
             "used": tally.line_used[base + i],
             "use_rate": _r(tally.line_used[base + i] / tally.line_ready[base + i])
             if tally.line_ready[base + i] else 0.0}
            for i, line in enumerate(card.effects)
        ]
        played, wins = tally.played_in[d], tally.played_wins[d]
        total_wins = sum(tally.seat_wins)
        when = rate(wins, played)
        when_not = rate(total_wins - wins, n - played)
        out.append({
            "id": card.id, "name": card.name, "grimoire": card.grimoire,
            "copies": card.copies, "plays": tally.plays[d],
            "plays_per_game": _r(tally.plays[d] / tally.games) if tally.games else 0.0,
            "effects": effects, "win_when_played": when, "win_when_not": when_not,
            "win_delta": _r(when["rate"] - when_not["rate"]),
        })
    return out


def _deeds(book: Book, tally: Tally) -> list[dict[str, Any]]:
    return [
        {"id": card.id, "name": card.name, "grimoire": card.grimoire,
         "cards_needed": book.needed[book.copies_of(card.id)[0]],
         "points": book.deed_points[book.copies_of(card.id)[0]],
         "held": tally.deed_held[d], "completed": tally.deed_done[d],
         "completion": rate(tally.deed_done[d], tally.deed_held[d])}
        for d, card in enumerate(book.designs) if card.kind == "deed"
    ]


def _titles(book: Book, tally: Tally) -> list[dict[str, Any]]:
    return [
        {"id": card.id, "name": card.name, "condition": card.condition.text,
         "points": card.points, "award": rate(tally.awarded[d], tally.in_play[d])}
        for d, card in enumerate(book.designs) if card.kind == "title"
    ]


def _verses(book: Book, tally: Tally) -> list[dict[str, Any]]:
    return [
        {"id": card.id, "name": card.name, "position": card.position,
         "condition": card.condition.text, "games": tally.in_play[d],
         "pays": rate(tally.verse_paid[d], tally.verse_checks[d])}
        for d, card in enumerate(book.designs) if card.kind == "verse"
    ]


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def text(data: dict[str, Any]) -> str:
    """The terminal summary: bots and seed, win rate by seat, mean score and its parts."""
    out = [
        f"{data['game']}: {data['games']} games, {data['players']} players, "
        f"seed {data['seed']}, bots {','.join(data['bots'])}",
        "",
        "win rate by seat (95% CI)              mean score (95% CI)",
    ]
    for seat in data["seats"]:
        w, s = seat["win"], seat["score"]
        out.append(
            f"  seat {seat['seat']}  {_pct(w['rate'])}  [{_pct(w['ci'][0])}, {_pct(w['ci'][1])}]"
            f"     {s['mean']:6.2f}  [{s['ci'][0]:.2f}, {s['ci'][1]:.2f}]"
        )
    nw = data["no_winner"]
    out.append(f"  no winner {_pct(nw['rate'])}")
    if len(data["bots"]) > 1:
        out += ["", "win rate by bot (95% CI)"]
        for b in data["by_bot"]:
            w = b["win"]
            out.append(f"  {b['bot']:<8} {_pct(w['rate'])}  [{_pct(w['ci'][0])}, "
                       f"{_pct(w['ci'][1])}]")
    sc = data["score"]
    out += ["", f"mean score {sc['mean']:.2f}  (95% CI {sc['ci'][0]:.2f} to {sc['ci'][1]:.2f})"]
    for part, m in sc["parts"].items():
        out.append(f"  {part:<10} {m['mean']:6.2f}  [{m['ci'][0]:.2f}, {m['ci'][1]:.2f}]")
    if "rounds" in data:  # (a run saved before game length was counted has none)
        r = data["rounds"]
        out += ["", f"game length {r['mean']:.2f} rounds  (95% CI {r['ci'][0]:.2f} to "
                f"{r['ci'][1]:.2f})"]
    return "\n".join(out) + "\n"


def outliers(data: dict[str, Any]) -> list[str]:
    """Plain-language findings: seats, cards, deeds, titles and verses out of line."""
    found: list[str] = []
    fair = (1 - data["no_winner"]["rate"]) / data["players"]
    for seat in data["seats"]:
        lo, hi = seat["win"]["ci"]
        if not lo <= fair <= hi:
            word = "ahead" if lo > fair else "behind"
            found.append(f"seat {seat['seat']} is {word}: wins {_pct(seat['win']['rate'])}"
                         f" against a fair {_pct(fair)}")
    # Played or not is a correlation (players who play more cards win more), never a
    # verdict on a card: 'prophecy balance' measures cards against their twins.
    for card in data["cards"]:
        if card["plays"] == 0:
            found.append(f"{card['name']} was never played")
            continue
        for e in card["effects"]:
            if e["ready"] == 0:
                found.append(f"{card['name']}: '{e['text']}' was never usable when played")
    rates = sorted(d["completion"]["rate"] for d in data["deeds"])
    if rates:
        median = rates[len(rates) // 2]
        low, high = median / 2, min(1.0, median * 1.5)
        for d in data["deeds"]:
            r = d["completion"]["rate"]
            lo, hi = d["completion"]["ci"]
            if d["held"] and (hi < low or lo > high):
                found.append(f"Dark Deed {d['name']} is completed {_pct(r)} of the times it is "
                             f"held (median {_pct(median)})")
    for t in data["titles"]:
        r = t["award"]["rate"]
        if t["award"]["n"] and r < 0.5:
            found.append(f"Title {t['name']} goes to nobody in {_pct(1 - r)} of its games")
    for v in data["verses"]:
        r = v["pays"]["rate"]
        if v["pays"]["n"] and (r < 0.1 or r > 0.9):
            found.append(f"Verse {v['name']} pays {_pct(r)} of the time")
    return found


def _mci(m: dict[str, Any]) -> str:
    return f"{m['mean']:.2f} [{m['ci'][0]:.2f}, {m['ci'][1]:.2f}]"


def _rci(r: dict[str, Any]) -> str:
    return f"{_pct(r['rate']).strip()} [{_pct(r['ci'][0]).strip()}, {_pct(r['ci'][1]).strip()}]"


def _apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two 95% intervals do not overlap (the change is more than noise)."""
    return bool(a["ci"][1] < b["ci"][0] or b["ci"][1] < a["ci"][0])


def compare(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed since an earlier run: score and parts, seats, each card; '*' marks a
    change whose two 95% intervals do not overlap."""
    out = [f"compared with the earlier run ({old['games']} games, seed {old['seed']}, "
           f"bots {','.join(old['bots'])}); * = intervals apart"]

    def line(label: str, a: dict[str, Any], b: dict[str, Any], fmt: Any) -> None:
        out.append(f" {'*' if _apart(a, b) else ' '}{label:<22} {fmt(a)} -> {fmt(b)}")

    line("mean score", old["score"], new["score"], _mci)
    for part, m in new["score"]["parts"].items():
        if part in old["score"]["parts"]:
            line(f"  {part}", old["score"]["parts"][part], m, _mci)
    for a, b in zip(old["seats"], new["seats"], strict=False):
        line(f"seat {b['seat']} wins", a["win"], b["win"], _rci)
    before = {c["id"]: c for c in old["cards"]}
    moved = []
    for card in new["cards"]:
        was = before.get(card["id"])
        if was is not None and (_apart(was["win_when_played"], card["win_when_played"])
                                or abs(was["plays_per_game"] - card["plays_per_game"]) >= 0.1):
            moved.append((card, was))
    out.append(f" cards whose plays per game moved by 0.1 or more, or whose win rate when "
               f"played moved apart ({len(moved)}):")
    for card, was in moved:
        out.append(f"   {card['name']:<24} plays/game {was['plays_per_game']:.2f} -> "
                   f"{card['plays_per_game']:.2f}, win when played "
                   f"{_rci(was['win_when_played'])} -> {_rci(card['win_when_played'])}")
    return "\n".join(out) + "\n"
