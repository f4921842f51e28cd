"""The balance report's numbers and words, held exactly: a fixed run in, golden text out.

A small seeded run of random bots on the synthetic cards is summed, summarised,
printed as the terminal summary, searched for findings and laid out as the HTML
page; each output is compared with its file in ``tests/engine/golden/``. The
charts are drawn from fixed rows. A deliberate change is recorded with
``PROPHECY_UPDATE_GOLDEN=1`` and read in the diff.
"""

from __future__ import annotations

import json

import pytest

from prophecy.lab import balance_report, charts, report, simulate
from prophecy.lab.report_html import (
    render_balance,
    render_report,
    write_balance_report,
    write_report,
)


@pytest.fixture(scope="module")
def data(synthetic):
    tally = simulate.run(synthetic, 12, 3, 4, ("random", "greedy"))
    return report.summarise(synthetic, tally, 4)


def test_the_summary_numbers(data, golden):
    golden("summary.json", json.dumps(data, indent=1, sort_keys=True) + "\n")


def test_the_terminal_summary(data, golden):
    golden("summary.txt", report.text(data))


def test_the_html_report(data, golden):
    golden("report.html", render_report(data))


def test_the_findings(data, golden):
    golden("findings.txt", "\n".join(report.outliers(data)) + "\n")


def test_wilson_interval_values():
    assert report.wilson(30, 100) == (0.2189, 0.3959)  # 0.21895 and 0.39585
    assert report.wilson(0, 10) == (0.0, 0.2775)
    assert report.wilson(10, 10) == (0.7225, 1.0)
    assert report.rate(3, 4) == {"rate": 0.75, "ci": [0.3006, 0.9544], "n": 4, "k": 3}
    assert report.rate(0, 0) == {"rate": 0.0, "ci": [0.0, 0.0], "n": 0, "k": 0}


def test_mean_and_interval_values():
    assert report.mean_ci(0, 0, 0) == {"mean": 0.0, "ci": [0.0, 0.0]}
    assert report.mean_ci(7, 49, 1) == {"mean": 7.0, "ci": [7.0, 7.0]}
    # values 2, 4, 6: mean 4, variance 4, half-width 1.96 * 2 / sqrt(3)
    assert report.mean_ci(12, 56, 3) == {"mean": 4.0, "ci": [1.7368, 6.2632]}


def test_findings_name_each_kind_of_outlier(golden):
    rate = report.rate
    data = {
        "players": 2, "no_winner": rate(0, 100),
        "seats": [{"seat": 1, "win": rate(80, 100)}, {"seat": 2, "win": rate(20, 100)}],
        "cards": [
            {"name": "Strong", "plays": 50, "win_when_played": rate(45, 50),
             "win_when_not": rate(40, 150), "effects": [{"text": "Draw 1 Arcana", "ready": 9}]},
            {"name": "Idle", "plays": 0, "win_when_played": rate(0, 0),
             "win_when_not": rate(100, 200), "effects": []},
            {"name": "Dead Line", "plays": 9, "win_when_played": rate(4, 9),
             "win_when_not": rate(96, 191), "effects": [{"text": "Level up Demonology",
                                                          "ready": 0}]},
        ],
        "deeds": [{"name": n, "held": 100, "completion": rate(k, 100)}
                  for n, k in (("Easy", 95), ("Mid A", 50), ("Mid B", 50), ("Hard", 5))],
        "titles": [{"name": "Rare", "award": rate(20, 100)}, {"name": "Common",
                                                             "award": rate(80, 100)}],
        "verses": [{"name": "Always", "pays": rate(95, 100)}, {"name": "Never",
                                                              "pays": rate(5, 100)},
                   {"name": "Fair", "pays": rate(50, 100)}],
    }
    golden("outliers.txt", "\n".join(report.outliers(data)) + "\n")


def test_the_charts(golden):
    drawn = [
        charts.bars([("seat 1", 0.5, 0.4, 0.6), ("seat <2>", 0.25, 0.1, 0.45)], marker=0.375,
                    title="win rate & seats"),
        charts.bars([("mean", 12.5, 10.0, 15.0)], top=20.0, percent=False, title="scores"),
        charts.bars([], title="empty"),
        charts.pairs([("Card", (0.6, 0.5, 0.7), (0.4, 0.35, 0.45))], marker=0.5, title="pairs"),
        charts.pairs([], title="no pairs"),
        charts.stacked({"grimoires": 10.0, "stash": 3.0, "deeds": 6.0, "titles": 0.5},
                       title="parts"),
        charts.stacked({}, title="nothing"),
    ]
    golden("charts.svg.txt", "\n\n".join(drawn) + "\n")


def test_the_balance_summary_numbers(balance_summary, golden):
    assert balance_summary["findings"], "the sweep must decide something"
    golden("balance.json", json.dumps(balance_summary, indent=1, sort_keys=True) + "\n")


def test_the_balance_terminal_summary(balance_summary, golden):
    golden("balance.txt", balance_report.text(balance_summary))


def test_the_balance_html_report(balance_summary, golden, tmp_path):
    page = render_balance(balance_summary)
    golden("balance.html", page)
    write_balance_report(balance_summary, tmp_path / "b.html")
    assert (tmp_path / "b.html").read_text(encoding="utf-8") == page


def test_the_report_is_written_as_rendered(data, tmp_path):
    write_report(data, tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == render_report(data)


def test_the_fair_share_leaves_out_games_nobody_wins(data):
    share = {**data, "no_winner": report.rate(40, 100), "players": 3}
    assert "(20.0%, after games nobody wins)" in render_report(share)


def test_names_in_the_reports_are_escaped(data, balance_summary):
    card = {**data["cards"][0], "name": "Blood & <i>Bone</i>"}
    page = render_report({**data, "cards": [card, *data["cards"][1:]]})
    assert "Blood &amp; &lt;i&gt;Bone&lt;/i&gt;" in page and "<i>Bone" not in page
    row = {**balance_summary["decided"][0], "name": "A <b>bold</b> card"}
    page = render_balance({**balance_summary, "decided": [row], "findings": [row["name"]]})
    assert "A &lt;b&gt;bold&lt;/b&gt; card" in page and "<b>bold" not in page


def test_charts_at_their_edges():
    assert charts._x(0.5, 0) == charts.LABEL  # nothing to scale by: the left edge
    assert charts._x(2.0, 1.0) == charts.LABEL + charts.PLOT  # clipped to the top
    assert 'aria-label=""' in charts.bars([("a", 0.5, 0.4, 0.6)])
    assert 'aria-label=""' in charts.pairs([("a", (0.5, 0.4, 0.6), (0.5, 0.4, 0.6))])
    assert 'aria-label=""' in charts.stacked({"a": 1.0})
    # all zeros: the axis runs to 100%, never to nothing
    assert ">100%</text>" in charts.bars([("a", 0.0, 0.0, 0.0)], top=0.0)
    assert ">100%</text>" in charts.pairs([("a", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))])
    # a part is labelled only when its width is over 60 (of 700)
    assert ">a 60.0</text>" not in charts.stacked({"a": 60.0, "b": 640.0})
    assert ">a 61.0</text>" in charts.stacked({"a": 61.0, "b": 639.0})


def test_the_balance_text_says_none_and_names_designs_gone(balance_summary):
    quiet = {**balance_summary, "within": [], "seats": []}
    text = balance_report.text(quiet)
    assert "within ±1 point of the twin in every mode (0): none" in text
    assert "  not simulated (--seat-games 0)" in text
    gone = {**balance_summary, "measures": balance_summary["measures"][1:]}
    first = balance_summary["measures"][0]
    assert (f"  {first['name']} (when played): not in this run"
            in balance_report.compare(balance_summary, gone))


def test_the_balance_text_leads_with_a_verdict_a_card_then_findings_then_the_seats(
        balance_summary):
    lines = balance_report.text(balance_summary).splitlines()
    assert lines[3].startswith("verdicts, one a card")
    cards = lines[4:4 + len(balance_summary["verdicts"])]
    assert [line.split(" (")[0].strip() for line in cards] == [
        "Windfall", "Blood Magic 0", "Necromancy 4"]  # decided first
    assert cards[0].startswith("  Windfall (Arcana): Stronger when held: a player with it "
                               "scores 5.4 points a game more")
    decided = lines.index("", 4) + 1
    assert lines[decided].startswith("decided (") and lines[decided + 1].startswith(
        "  Windfall (Arcana)")
    seats = lines.index("seats: ordinary games of the cards as designed, bots greedy")
    assert seats > decided and "chi-square" in lines[seats + 2]
    assert all(not line.startswith("  ") or "points a game" in line
               for line in lines[decided:seats - 1])  # nothing but findings before the seats


def test_the_balance_page_opens_with_the_verdicts(balance_summary):
    page = render_balance(balance_summary)
    first = page.index("<h2>")
    assert page[first:].startswith("<h2>Verdicts, one a card</h2>")
    assert page.index('<td class="text word">stronger</td>') < page.index("<h2>Seats</h2>")
    assert page.index("<h2>Every design, in each situation</h2>") < page.index(
        "<h2>How to read it</h2>")


def test_the_seat_table_marks_seats_that_do_not_win_alike():
    [table] = balance_report.seat_tables({"4": {"games": 1000, "no_winner": 12,
                                               "seat_wins": [262, 264, 227, 235]}})
    assert table["fair"] == 0.247 and table["df"] == 3 and table["p"] > 0.05
    assert not balance_report.seat_lines(table)[1].endswith("do not win alike")
    [table] = balance_report.seat_tables({"4": {"games": 1000, "no_winner": 12,
                                               "seat_wins": [310, 292, 193, 193]}})
    assert table["p"] < 0.05 and balance_report.seat_lines(table)[1].endswith(
        "<- the seats do not win alike")


def test_the_balance_page_names_each_kind(balance_summary):
    row = {**balance_summary["measures"][0], "kind": "deed", "name": "Open the Crypt"}
    page = render_balance({**balance_summary, "measures": [row]})
    assert "<td>Open the Crypt</td><td class=\"text\">Dark Deed</td>" in page
