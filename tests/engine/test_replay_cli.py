"""`prophecy simulate --log` writes event logs; `prophecy replay` plays them again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.compiler.cli import main

RUN = ["simulate", "--games", "3", "--players", "3", "--seed", "5", "--bots", "random,greedy"]


@pytest.fixture
def logged(tmp_path: Path, capsys) -> Path:
    path = tmp_path / "games.jsonl"
    assert main([*RUN, "--log", str(path)]) == 0
    capsys.readouterr()
    return path


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_log_holds_every_game_of_the_run(logged):
    events = _events(logged)
    assert [e["seed"] for e in events if e["event"] == "start"] == ["5:0", "5:1", "5:2"]
    assert sum(e["event"] == "end" for e in events) == 3
    assert [p.name for p in logged.parent.iterdir()] == ["games.jsonl"]  # no temp file left


def test_the_same_run_writes_the_same_log(logged, tmp_path, capsys):
    again = tmp_path / "again.jsonl"
    assert main([*RUN, "--jobs", "2", "--log", str(again)]) == 0
    assert again.read_bytes() == logged.read_bytes()


def test_replay_reproduces_every_game(logged, capsys):
    assert main(["replay", str(logged)]) == 0
    assert capsys.readouterr().out == f"{logged}: 3 games replayed, every final state identical\n"


def _rewrite(path: Path, index: int, change) -> int:
    """Change the event at ``index`` (0-based, counting lines); returns its line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    event = json.loads(lines[index])
    change(event)
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index + 1


def test_an_answer_out_of_range_is_named_at_its_line(logged, capsys):
    line = _rewrite(logged, 2, lambda e: e.update(choice=99))
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{logged}:{line}:1: game 1: seat ")
    assert "answered 99" in err and "Traceback" not in err


def test_a_changed_final_state_is_found(logged, capsys):
    lines = logged.read_text(encoding="utf-8").splitlines()
    last = max(i for i, text in enumerate(lines) if '"end"' in text)
    _rewrite(logged, last, lambda e: e.update(state="0" * 16))
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{logged}:{last + 1}:1: game 3: the replayed game ends in a different")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the log holds no game"),
        ('{"event": "choice", "seat": 0}\n', "does not start with a 'start' line"),
        ('{"event": "start", "seed": "1:0", "players": 3}\n{"event": oops\n', "not a JSON line"),
        ('{"event": "start", "seed": "1:0", "players": 9}\n', "a game of 9 players"),
        ('{"event": "start", "seed": "1:0"}\n', "lacks a field"),
    ],
)
def test_a_damaged_log_gets_a_clear_error(tmp_path, capsys, text, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_missing_log_is_named(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert "cannot read the log" in capsys.readouterr().err
