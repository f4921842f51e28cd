"""A run's JSON read back (`merge`, `--compare`): an impossible value is a placed error.

`merge` once added up shards holding negative, infinite, fractional or
boolean counts and printed a report with exit 0, and ended in an internal
error on most damaged files. Each case here is one value a run never
writes; each must be refused (exit 1) at its line, naming the value.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.tools import main

SIM = ["simulate", "--games", "6", "--bots", "random,greedy"]
BAL = ["balance", "--cards", "Bloodletting", "The Smuggler", "--pairs", "60", "--seat-games",
       "20"]


def _json(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def shards(tmp_path_factory) -> dict[str, list[str]]:
    import contextlib
    import io

    found = {}
    for kind, argv in (("simulate", SIM), ("balance", BAL)):
        parts = []
        for i in (1, 2):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                assert main([*argv, "--shard", f"{i}/2", "--json"]) == 0
            parts.append(out.getvalue())
        found[kind] = parts
    return found


def _set(data, path, value):
    node = data
    for step in path[:-1]:
        node = node[step]
    if value is _DROP:
        del node[path[-1]]
    else:
        node[path[-1]] = value


_DROP = object()

CASES = [
    ("simulate", ("tally", "seat_wins", 0), -1, "tally.seat_wins[0]: -1 is not a count"),
    ("simulate", ("tally", "games"), 1.5, "tally.games: 1.5 is not a number of games"),
    ("simulate", ("tally", "games"), 3.0, "tally.games: 3.0 is not a number of games"),
    ("simulate", ("tally", "plays", 2), True, "tally.plays[2]: true is not a count"),
    ("simulate", ("tally", "no_winner"), "0", 'tally.no_winner: "0" is not a count'),
    ("simulate", ("games",), 0, "games: 0 is not a number of games"),
    ("simulate", ("games",), 4, "games: shard 1/2 of 6 games holds 3 games, not 4"),
    ("simulate", ("tally", "seat_wins", 0), 9, "tally.seat_wins: the wins and the games"),
    ("simulate", ("tally", "plays"), [1, 2], "tally.plays: holds 2 numbers where"),
    ("simulate", ("tally", "plays", 0), 12, "cards[0].plays: this is not what the run's raw "
     "sums give"),
    ("simulate", ("seats", 0, "win", "rate"), 0.9, "seats[0].win.rate: this is not what"),
    ("simulate", ("seats", 0, "win", "rate"), -0.5, "seats[0].win.rate: -0.5 is not a rate"),
    ("simulate", ("shard",), [3, 2], "shard: shard 3/2: I is at most N"),
    ("simulate", ("bots", 1), "planner:5000", "the planner's budget is at most 100"),
    ("simulate", ("extra",), 1, "Additional properties are not allowed ('extra' was "
     "unexpected)"),
    ("simulate", ("tally",), _DROP, "'tally' is a required property"),
    ("simulate", ("tally", "rounds_sq"), 1, "tally.rounds_sq: a sum of squares below the "
     "square of the sum"),
    ("simulate", ("tally", "score_sq"), 0, "tally.score_sq: a sum of squares below"),
    ("simulate", ("tally", "seat_score_sq", 1), 0, "tally.seat_score_sq[1]: a sum of squares"),
    ("simulate", ("tally", "rounds"), 2, "tally.rounds: 2 rounds in 3 games"),
    ("balance", ("measures", 0, "points", 0), -30, "measures[0].points[0]: -30 is not a count"),
    ("balance", ("measures", 0, "points", 2), -1.0, "measures[0].points[2]: -1.0 is not a "
     "number"),
    ("balance", ("measures", 0, "wins", 2), 31, "measures[0].wins: these are not the sums of "
     "differences of -1, 0 and 1"),
    ("balance", ("measures", 0, "points", 2), 0.5, "measures[0].points: a sum of squares "
     "below the square of the sum"),
    ("balance", ("measures", 0, "verdict"), "better", "measures[0].verdict: \"better\" is not "
     "a verdict"),
    ("balance", ("measures", 1, "mode"), "chosen", "measures[1].mode: arcana/bloodletting is "
     "measured once in each of the modes chosen, forced, not again in chosen"),
    ("balance", ("measures", 0, "differed"), 61, "measures[0].differed: 61 pairs differed "
     "of 60"),
    ("balance", ("measures", 0, "pairs", 0), 59, "measures[0].pairs[0]: 59 pairs where 20 "
     "deals of 3 give 60"),
    ("balance", ("measures", 0, "games"), 81, "measures[0].games: 81 games in 20 deals, more "
     "than a deal plays"),
    ("balance", ("measures", 0, "check"), {"bots": ["greedy"]}, "measures[0].check: "),
    ("balance", ("measures", 0, "looks"), 3, "measures[0].looks: 3 looks where 20 deals in "
     "batches give 2"),
    ("balance", ("measures", 0, "verdict"), "within", "measures[0].verdict: 'within' where "
     "the measure's sums give 'undecided'"),
    ("balance", ("plan", "focal_bot"), "greedy", "plan.focal_bot: a run's plan seats its own "
     "bots"),
    ("balance", ("seats", "3", "games"), 11, "seats.3.games: 11 seat games where shard 1/2 of "
     "20 plays 10"),
    ("balance", ("measures", 0, "pairs", 1), 1.5, "measures[0].pairs[1]: the pairs' "
     "differences add up to 1.5, where 20 deals' means of 3 give"),
    ("simulate", ("tally", "line_ready", 158), 5, "other_lines["),
    ("balance", ("plan", "alpha"), 0, "plan.alpha: 0 is not a level between 0 and 1"),
    ("balance", ("plan", "beta"), 1, "plan.beta: 1 is not a level between 0 and 1"),
    ("balance", ("plan", "confirm"), "planner:5000", "the planner's budget is at most 100"),
    ("balance", ("plan", "batch"), 7, "plan.batch: a batch of 3 players is 30 pairs, not 7"),
    ("balance", ("seats", "3", "seat_wins", 0), 999, "seats.3.seat_wins: the wins and the "
     "games without a winner add up to"),
    ("balance", ("seats", "3", "seat_wins"), [1, 2], "seats.3.seat_wins: 2 seats in a game of "
     "3 players"),
    ("balance", ("summary", "measures", 0, "points", "mean"), 9.0,
     "summary.measures[0].points.mean: this is not what the run's raw sums give"),
    ("balance", ("measures",), [], "measures: shard 1/2 measures 1 of the plan's designs"),
    ("balance", ("version",), 1, "version: 1 is not version 2 of the balance run's data"),
]


@pytest.mark.parametrize(("kind", "path", "value", "says"), CASES,
                         ids=[f"{c[0]}-{'.'.join(map(str, c[1]))}={c[2]!r:.12}"
                              for c in CASES])
def test_merge_refuses_an_impossible_value_at_its_place(shards, tmp_path: Path, capsys, kind,
                                                        path, value, says):
    first, second = shards[kind]
    data = json.loads(first)
    _set(data, path, value)
    text = json.dumps(data, indent=1)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(text)
    b.write_text(second)
    assert main(["merge", str(a), str(b)]) == 1
    err = capsys.readouterr().err
    assert says in err, err
    assert "internal error" not in err
    place = err.partition("\n")[2].split(": ", 1)[0]  # after the pack line: a.json:LINE:COL
    assert place.startswith(str(a)) and place.count(":") == 2, err


@pytest.mark.parametrize(("text", "says"), [
    ('{"kind": "simulate", "games": NaN}', "'NaN' is not a JSON number"),
    ('{"kind": "simulate", "games": 1e999}', "1e999 is too large a number"),
    ('{"kind": "simulate", "kind": "balance"}', "the key 'kind' is given twice"),
    ("[" * 100_000, "nested too deeply"),
    ('{"kind": ' + "9" * 5000 + "}", "not JSON that can be read"),
    ('{"kind": "report"}', "not the JSON of a run: 'kind' is \"report\""),
    ("[]", "not the JSON of a run: not a JSON object"),
    ("\xff", "is not UTF-8 text"),
])
def test_merge_refuses_what_is_not_strict_json(tmp_path: Path, capsys, text, says):
    path = tmp_path / "a.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff" else b"\xff")
    assert main(["merge", str(path)]) == 1
    err = capsys.readouterr().err
    assert says in err and "internal error" not in err, err


def test_a_shard_of_no_game_is_refused(shards, tmp_path: Path, capsys):
    data = json.loads(shards["simulate"][0])
    data["games"] = data["tally"]["games"] = 0
    path = tmp_path / "a.json"
    path.write_text(json.dumps(data))
    assert main(["merge", str(path)]) == 1
    assert "is not a number of games (1 to 10,000,000)" in capsys.readouterr().err


def test_merged_output_reads_back_as_a_whole_run(shards, tmp_path: Path, capsys):
    for kind in ("simulate", "balance"):
        a, b = tmp_path / "a.json", tmp_path / "b.json"
        a.write_text(shards[kind][0])
        b.write_text(shards[kind][1])
        whole = tmp_path / "whole.json"
        assert main(["merge", str(a), str(b), "--json"]) == 0
        whole.write_text(capsys.readouterr().out)
        assert main(["merge", str(whole)]) == 0
        capsys.readouterr()


def test_compare_checks_the_earlier_run(shards, tmp_path: Path, capsys):
    old = tmp_path / "old.json"
    data = json.loads(shards["simulate"][0])
    data["score"]["mean"] = -3.0  # what the tally does not give
    old.write_text(json.dumps(data))
    assert main([*SIM, "--compare", str(old)]) == 1
    assert "score.mean: this is not what the run's raw sums give" in capsys.readouterr().err
    data = json.loads(shards["balance"][0])
    data["measures"][0]["looks"] = -1
    old.write_text(json.dumps(data))
    assert main([*BAL, "--compare", str(old)]) == 1
    assert "measures[0].looks: -1 is not a count" in capsys.readouterr().err


def test_a_run_s_verdicts_and_checks_are_made_again_from_its_sums(balance_raw, tmp_path: Path):
    """A finding and the second bot's word on it, edited, are found: the reader plays each
    measure's last look again from its sums."""
    import copy

    from prophecy.dsl.errors import ProphecyError
    from prophecy.lab import balance_report
    from prophecy.lab.shards import read_run

    def written(raw: dict) -> Path:
        path = tmp_path / "run.json"
        path.write_text(json.dumps({"kind": "balance", **raw,
                                    "summary": balance_report.summarise(raw)}, indent=1))
        return path

    read_run(written(balance_raw))
    found = next(i for i, m in enumerate(balance_raw["measures"]) if m["check"])
    assert balance_raw["measures"][found]["check"]["verdict"] == "agrees"
    for key, value, says in (
            (("check", "verdict"), "not enough games", "'not enough games' where the check's "
             "sums give 'agrees'"),
            (("check", "needed"), 90, "'agrees' where the check's sums give 'not checked'"),
            (("verdict",), "weaker", "'weaker' where the measure's sums give 'stronger'")):
        raw = copy.deepcopy(balance_raw)
        node = raw["measures"][found]
        for step in key[:-1]:
            node = node[step]
        node[key[-1]] = value
        with pytest.raises(ProphecyError) as caught:
            read_run(written(raw))
        assert says in str(caught.value)

