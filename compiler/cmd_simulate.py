"""`prophecy simulate`: the content, a seed and bots in; a balance summary (and report) out.

Plays ``--games`` complete games between bots (``engine/simulate.py``), then
prints the bots and seed, the win rate by seat, and the mean score with its
parts, each with a 95% interval. ``--json`` prints every number of the report
instead; ``--report FILE.html`` writes the HTML report with charts. A progress
bar goes to stderr when stderr is a terminal. The same arguments always print
the same output, whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from compiler.options import add_content, content_dir

BOT_NAMES = ("random", "greedy")


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in BOT_NAMES]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {', '.join(unknown) or text!r}; choose from {', '.join(BOT_NAMES)}"
        )
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
    parser.add_argument("--players", type=_positive, default=3, help="players per game (3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    parser.add_argument("--bots", type=_bots, default=("random",),
                        help="bots taking turns at the chairs, e.g. random,greedy (random)")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes (1)")
    parser.add_argument("--report", type=Path, metavar="FILE.html", help="write the HTML report")
    parser.add_argument("--json", action="store_true", help="print every number as JSON")
    parser.add_argument("--log", type=Path, metavar="FILE.jsonl",
                        help="write every game's event log as JSON lines (see 'prophecy replay')")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from compiler.content import load_content
    from dsl.errors import UsageError
    from engine import report, simulate
    from engine.cards import book_of

    book = book_of(load_content(content_dir(args)))
    rules = book.rules
    if not rules.min_players <= args.players <= rules.max_players:
        raise UsageError(
            f"--players must be {rules.min_players} to {rules.max_players}, not {args.players}",
            where="prophecy simulate", hint="the limits are min_players and max_players in "
            "game.yaml",
        )
    bar = _Progress(args.games) if sys.stderr.isatty() else None
    tally = simulate.run(book, args.games, args.players, args.seed, args.bots, args.jobs,
                         progress=bar.update if bar else None)
    if bar:
        bar.close()
    data = report.summarise(book, tally, args.seed)
    if args.log:
        from engine import log

        games = (simulate.play_one(book, args.seed, i, args.players, args.bots, log=True)
                 for i in range(args.games))
        log.write_games(games, args.log)
    if args.report:
        write_report(data, args.report)
    if args.json:
        print(json.dumps(data, indent=1, sort_keys=False))
    else:
        sys.stdout.write(report.text(data))
        if args.report:
            print(f"\nreport: {args.report}")
    return 0


def render_report(data: dict[str, Any]) -> str:
    """The HTML balance report of ``report.summarise`` data."""
    import jinja2

    from engine import charts
    from engine.report import outliers

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("compiler", "templates"),
        autoescape=True, keep_trailing_newline=True,
    )
    fair = (1 - data["no_winner"]["rate"]) / data["players"]
    cards = sorted(data["cards"], key=lambda c: (-c["win_delta"], c["id"]))

    def triple(r: dict) -> tuple[float, float, float]:
        return (r["rate"], r["ci"][0], r["ci"][1])

    made = {
        "seats": charts.bars([(f"seat {s['seat']}", *triple(s["win"])) for s in data["seats"]],
                             marker=fair, title="win rate by seat"),
        "bots": charts.bars([(b["bot"], *triple(b["win"])) for b in data["by_bot"]],
                            marker=fair, title="win rate by bot"),
        "parts": charts.stacked({k: v["mean"] for k, v in data["score"]["parts"].items()},
                                title="mean score by part"),
        "cards": charts.pairs([(c["name"], triple(c["win_when_played"]),
                                triple(c["win_when_not"])) for c in cards],
                              marker=fair, title="win rate when played and when not"),
        "deeds": charts.bars([(f"{d['name']} ({d['cards_needed']}/{d['points']}pt)",
                               *triple(d["completion"])) for d in data["deeds"]],
                             title="completion rate of Dark Deeds"),
        "titles": charts.bars([(t["name"], *triple(t["award"])) for t in data["titles"]],
                              title="how often each title is awarded"),
        "verses": charts.bars([(v["name"], *triple(v["pays"])) for v in data["verses"]],
                              title="how often each verse pays"),
    }
    template = env.get_template("report.html.j2")
    return template.render(d=data, charts=made, cards_sorted=cards, fair=fair,
                           findings=outliers(data), pct=lambda x: f"{100 * x:.1f}%")


def write_report(data: dict[str, Any], path: Path) -> None:
    """Write the report beside its final place, then rename it there."""
    html = render_report(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(html, encoding="utf-8")
    os.replace(tmp, path)


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int) -> None:
        self.total = total

    def update(self, done: int) -> None:
        width = 30
        filled = width * done // max(1, self.total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r" + " " * 60 + "\r")
        sys.stderr.flush()
