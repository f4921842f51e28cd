"""`prophecy simulate`: totals, determinism, jobs, JSON, the HTML report, bad arguments."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

import pytest

from prophecy.lab import report, simulate
from prophecy.tools import main

SMALL = ["simulate", "--games", "40", "--players", "3", "--seed", "3"]


def test_totals_do_not_depend_on_the_number_of_jobs(synthetic):
    one = simulate.run(synthetic, 30, 3, 9, ("random", "greedy"), jobs=1)
    two = simulate.run(synthetic, 30, 3, 9, ("random", "greedy"), jobs=2)
    assert one == two and one.games == 30


def test_every_seat_game_is_counted(synthetic):
    tally = simulate.run(synthetic, 50, 4, 2)
    assert sum(tally.seat_wins) + tally.no_winner == 50
    assert sum(tally.bot_games) == 200
    assert tally.score_sum == sum(tally.part_sum)


def test_bots_take_turns_at_the_chairs(synthetic):
    tally = simulate.run(synthetic, 30, 3, 1, ("random", "greedy"))
    assert tally.bot_games == [45, 45]


def test_a_win_is_counted_for_the_bot_that_played_the_winning_seat(synthetic):
    bots = ("random", "greedy", "planner:1")
    for index in (1, 2, 4, 5):
        game = simulate.play_one(synthetic, 3, index, 3, bots)
        tally = simulate.play_chunk(synthetic, 3, index, index + 1, 3, bots)
        expected = [0, 0, 0]
        winner = game.results["winner"]
        if winner is not None:
            expected[[b.partition(":")[0] for b in bots].index(
                game.controllers[winner].name)] = 1
        assert tally.bot_wins == expected and tally.bot_games == [1, 1, 1]


def test_the_bundled_content_plays_without_an_illegal_move(capsys):
    assert main(SMALL) == 0
    out, err = capsys.readouterr()
    # stderr is not a terminal: no bar drawn in place, at most a plain line now and then
    assert "\r" not in err and all(line.startswith("prophecy simulate: ")
                                   for line in err.splitlines()[1:])  # after the pack line
    assert "40 games, 3 players, seed 3, bots greedy" in out  # greedy by default
    assert "seat 3" in out and "mean score" in out and "titles" in out


def test_the_same_command_prints_the_same_output(capsys):
    argv = [*SMALL[:2], "12", *SMALL[3:], "--bots", "random,greedy"]
    main(argv)
    first = capsys.readouterr().out
    main([*argv, "--jobs", "2"])
    assert capsys.readouterr().out == first


def test_json_has_the_numbers_of_the_report(capsys):
    assert main([*SMALL, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 40 and len(data["seats"]) == 3
    assert {"win", "score"} <= set(data["seats"][0])
    assert set(data["score"]["parts"]) == {"grimoires", "stash", "deeds", "titles", "gained"}
    card = data["cards"][0]
    assert {"plays", "effects", "win_when_played", "win_when_not"} <= set(card)
    assert all("completion" in d for d in data["deeds"])
    assert all("award" in t for t in data["titles"]) and all("pays" in v for v in data["verses"])


def test_the_html_report_is_self_contained(tmp_path, capsys):
    path = tmp_path / "out" / "report.html"
    assert main([*SMALL, "--report", str(path)]) == 0
    html = path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 6
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<script" not in html and "Dark Deeds" in html
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        ElementTree.fromstring(svg)  # each chart is well-formed SVG
    assert [p.name for p in path.parent.iterdir()] == ["report.html"]


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--bots", "clever"], 2),
        (["--games", "0"], 2),
        (["--players", "9"], 2),
    ],
)
def test_bad_arguments_are_refused(argv, code, capsys):
    assert main(["simulate", *argv]) == code
    assert "Traceback" not in capsys.readouterr().err


def test_wilson_intervals_hold_the_rate():
    lo, hi = report.wilson(30, 100)
    assert lo < 0.3 < hi and report.wilson(0, 0) == (0.0, 0.0)
    m = report.mean_ci(10, 50, 2)  # values 5, 5
    assert m == {"mean": 5.0, "ci": [5.0, 5.0]}


def test_the_greedy_bot_beats_the_random_one(capsys):
    """The look-ahead is worth something: a broken estimate would play no better than chance."""
    assert main(["simulate", "--games", "24", "--players", "3", "--seed", "11",
                 "--bots", "random,greedy", "--json"]) == 0
    by_bot = {b["bot"]: b["win"] for b in json.loads(capsys.readouterr().out)["by_bot"]}
    assert by_bot["greedy"]["k"] >= 20 and by_bot["random"]["k"] <= 2


def test_a_report_path_that_cannot_be_written_is_an_error_not_a_traceback(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main([*SMALL, "--report", str(blocker / "report.html")]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith("prophecy simulate: ") and str(blocker) in err
    assert "Traceback" not in err


def test_the_report_is_a_simulation_report_played_by_greedy_bots_by_default(tmp_path, capsys):
    # random bots seldom meet an effect line's requirements: their report listed mostly
    # lines "never usable when played", and it was titled like the paired balance report
    path = tmp_path / "report.html"
    assert main(["simulate", "--games", "30", "--report", str(path)]) == 0
    page = path.read_text(encoding="utf-8")
    assert "<h1>Dark Prophecies: simulation report</h1>" in page
    assert "bots greedy." in page and "balance report</h1>" not in page
    assert "bots greedy" in capsys.readouterr().out
