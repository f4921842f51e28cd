"""The simulation and balance reports as web pages: their summaries in, one HTML file out.

The page is the same data as ``prophecy simulate --json``, laid out by the
Jinja2 template ``lab/templates/report.html.j2`` with the SVG charts of
``lab/charts.py``; it needs no script and no network.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import write_atomic
from prophecy.lab import charts
from prophecy.lab.balance_report import KIND_NAMES, MODE_WORDS
from prophecy.lab.report import outliers
from prophecy.lab.verdict import check_word


def render_report(data: dict[str, Any]) -> str:
    """The HTML simulation report of ``report.summarise`` data."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("prophecy.lab", "templates"),
        autoescape=True, keep_trailing_newline=True,
    )
    fair = (1 - data["no_winner"]["rate"]) / data["players"]
    cards = sorted(data["cards"], key=lambda c: (-c["win_delta"], c["id"]))

    def triple(r: dict[str, Any]) -> tuple[float, float, float]:
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
    """Write the HTML report to ``path`` (atomically: the old file or the new, never half)."""
    write_atomic(path, render_report(data).encode("utf-8"), durable=False)


def render_balance(summary: dict[str, Any]) -> str:
    """The HTML balance report of ``balance_report.summarise`` data: a verdict a card first."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("prophecy.lab", "templates"),
        autoescape=True, keep_trailing_newline=True,
    )


    decided = [(f"{d['name']} ({MODE_WORDS[mode]})", r["points"]["mean"], *r["points"]["ci"])
               for d in summary["decided"] for mode, r in d["modes"].items()
               if r["verdict"] in ("stronger", "weaker")]
    features: list[dict[str, Any]] = next(iter(summary["features"].values()), [])
    made = {
        "decided": charts.diffs(decided, title="points a game over the vanilla twin"),
        "features": charts.diffs([(f["feature"], f["points"]["mean"], *f["points"]["ci"])
                                  for f in features],
                                 title="points a game over the vanilla twin, by feature"),
    }
    return env.get_template("balance.html.j2").render(
        s=summary, charts=made, kinds=KIND_NAMES, modes=MODE_WORDS, check_word=check_word,
        pct=lambda x: f"{100 * x:.1f}%",
        pm=lambda m, scale=1.0: f"{scale * m['mean']:+.2f} [{scale * m['ci'][0]:+.2f}, "
                                f"{scale * m['ci'][1]:+.2f}]")


def write_balance_report(summary: dict[str, Any], path: Path) -> None:
    """Write the balance report to ``path`` (atomically)."""
    write_atomic(path, render_balance(summary).encode("utf-8"), durable=False)
