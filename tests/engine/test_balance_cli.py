"""`prophecy balance`, `prophecy merge` and `simulate --shard/--compare` as a user runs them."""

from __future__ import annotations

import json

import pytest

from prophecy.tools import main

pytestmark = pytest.mark.slow  # whole balance runs

CARDS = [
    "--cards", "Bloodletting", "The Smuggler", "Crimson Chalice", "--pairs", "60", "--seed", "4",
    "--seat-games", "12", "--confirm", "none",
]


def run_json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def numbers(data: dict) -> dict:
    """What a run measured, without the wall time it took."""
    summary = dict(data["summary"])
    summary.pop("seconds")
    return {"measures": data["measures"], "summary": summary}


def test_shards_merge_to_the_numbers_of_the_whole_run(capsys, tmp_path):
    whole = run_json(capsys, "balance", *CARDS, "--json")
    assert list(whole)[:2] == ["kind", "summary"]  # what is decided comes first
    assert [(m["name"], m["mode"]) for m in whole["measures"]] == [
        (name, mode) for name in ("Bloodletting", "Crimson Chalice", "The Smuggler")
        for mode in ("chosen", "forced")]
    files = []
    for i in (1, 2):
        part = run_json(capsys, "balance", *CARDS, "--shard", f"{i}/2", "--json")
        assert len(part["measures"]) == (4 if i == 1 else 2)
        assert sum(t["games"] for t in part["seats"].values()) == 3 * 6  # its share
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(json.dumps(part))
    merged = run_json(capsys, "merge", *map(str, reversed(files)), "--json")
    assert numbers(merged) == numbers(whole)
    again = tmp_path / "merged.json"  # a merged run is itself one shard of one
    again.write_text(json.dumps(merged))
    assert numbers(run_json(capsys, "merge", str(again), "--json")) == numbers(whole)


def test_jobs_do_not_change_the_numbers(capsys):
    argv = [*CARDS[:3], "--pairs", "60", "--seat-games", "6", "--confirm-pairs", "60"]
    one = run_json(capsys, "balance", *argv, "--json")
    two = run_json(capsys, "balance", *argv, "--jobs", "2", "--json")
    assert numbers(one) == numbers(two)


def test_the_text_leads_with_what_is_decided_and_compare_names_changes(capsys, tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps(run_json(capsys, "balance", *CARDS, "--json")))
    argv = [a if a != "4" else "5" for a in CARDS]
    assert main(["balance", *argv, "--compare", str(old)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Dark Prophecies: paired balance games, 3 of 3 designs")
    assert lines[3].startswith("verdicts, one a card")
    assert any(line.startswith("decided (") for line in lines[4:])
    assert "seats: ordinary games of the cards as designed, bots greedy" in lines
    assert "compared with the earlier run (seed 4, bots greedy): the verdicts agree on " in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--cards", "Nope"], "no card design named nope"),
    (["--shard", "3/2"], "expected I/N with 1 <= I <= N"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--kinds", "spells"], "unknown kind 'spells'"),
    (["--players", "9"], "--players must be 2 to 4"),
    (["--margin", "0"], "expected a number of points above 0"),
    (["--margin", "nan"], "expected a number of points above 0"),
    (["--modes", "sometimes"], "unknown mode 'sometimes'; choose from chosen, forced"),
    (["--alpha", "0.7"], "expected a chance above 0 and below 0.5, as in 0.05, not '0.7'"),
    (["--beta", "none"], "expected a chance above 0 and below 0.5"),
    (["--confirm", "planner,greedy"], "expected one bot (or 'none'), not 'planner,greedy'"),
    (["--confirm", "wizard"], "unknown bot 'wizard'"),
    (["--seat-games", "-3"], "expected a whole number of 0 or more, not '-3'"),
    (["--confirm-pairs", "0"], "expected a whole number of 1 or more"),
    (["--aa", "Nope"], "no card design named nope"),
    (["--aa", "Bloodletting", "--cards", "Bloodletting"], "--aa measures one card against a "
     "copy of itself"),
    (["--aa", "Codex of the Red Hour"], "Codex of the Red Hour is not measured"),
])
def test_bad_options_are_usage_errors(capsys, argv, message):
    assert main(["balance", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_simulate_shards_merge_to_the_whole_run(capsys, tmp_path):
    argv = ["simulate", "--games", "25", "--seed", "6", "--bots", "random,greedy"]
    whole = run_json(capsys, *argv, "--json")
    files = []
    for i in (1, 2, 3):
        files.append(tmp_path / f"s{i}.json")
        files[-1].write_text(json.dumps(run_json(capsys, *argv, "--shard", f"{i}/3", "--json")))
    assert run_json(capsys, "merge", *map(str, files), "--json") == whole
    assert main(["merge", str(files[0]), str(files[2])]) == 1
    assert "shard 2/3 missing" in capsys.readouterr().err
    assert main(["merge", str(files[0]), str(files[0]), str(files[1])]) == 1
    assert "given twice" in capsys.readouterr().err


def test_merge_refuses_shards_of_different_runs(capsys, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(run_json(capsys, "simulate", "--games", "6", "--shard", "1/2",
                                     "--json")))
    b.write_text(json.dumps(run_json(capsys, "simulate", "--games", "6", "--seed", "2",
                                     "--shard", "2/2", "--json")))
    assert main(["merge", str(a), str(b)]) == 1
    assert "this shard's seed differs" in capsys.readouterr().err
    b.write_text("{not json")
    assert main(["merge", str(a), str(b)]) == 1
    assert f"{b}:1:2: not JSON: Expecting property name" in capsys.readouterr().err


def test_simulate_compare_shows_score_seats_and_cards_with_intervals(capsys, tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps(run_json(capsys, "simulate", "--games", "20", "--json")))
    assert main(["simulate", "--games", "40", "--seed", "3", "--compare", str(old)]) == 0
    out = capsys.readouterr().out
    assert "compared with the earlier run (20 games, seed 1, bots greedy)" in out
    assert "mean score" in out and "seat 1 wins" in out and "plays/game" in out
    assert main(["simulate", "--games", "5", "--compare", str(tmp_path / "none.json")]) == 1


def test_aa_measures_a_card_against_a_copy_of_itself(capsys):
    """The A/A test from the command line: about right, and said to be an A/A run."""
    data = run_json(capsys, "balance", "--aa", "Bloodletting", "--modes", "forced", "--pairs",
                    "1200", "--confirm", "none", "--json")
    assert data["plan"]["aa"] is True and data["seats"] == {}  # no seat games unless asked
    [verdict] = data["summary"]["verdicts"]
    assert (verdict["name"], verdict["verdict"]) == ("Bloodletting", "about right")
    assert "an exact copy of it under another name" in verdict["sentence"]


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_one_player_past_the_games_limit_is_a_usage_error(command, capsys):
    """Both playing commands hold --players to min_players..max_players of game.yaml (the
    bundled game seats 2 to 4): 5 is refused before any game is played."""
    assert main([command, "--players", "5"]) == 2
    assert "--players must be 2 to 4, not 5" in capsys.readouterr().err
