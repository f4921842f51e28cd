"""`prophecy simulate --log` writes event logs; `prophecy replay` plays them again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.tools import main

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
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{logged}:{line}:1: 'choice' is not one of the options listed")
    assert "Traceback" not in err


def test_a_changed_final_state_is_found(logged, capsys):
    last = _end_line(logged, 3)
    _rewrite(logged, last, lambda e: e.update(state="0" * 16))
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{logged}:{last + 1}:1: game 3: the replayed game ends otherwise "
                          "than the log (state: the log says \"0000000000000000\"")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the log holds no game"),
        ('{"event": "choice", "round": 1, "seat": 0, "ask": "action", "options": ["end"], '
         '"choice": 0}\n', "this line is not inside a game"),
        ('{"event": "start", "seed": "1:0", "players": 3}\n{"event": oops\n', "not a JSON line"),
        ('{"event": "start", "seed": "1:0", "players": 9}\n'
         '{"event": "end", "scores": [], "winner": null, "state": "x"}\n', "a game of 9 players"),
        ('{"event": "start", "seed": "1:0"}\n', "a 'start' line has exactly the fields"),
        ('{"event": "start", "seed": "1:0", "players": 3}\n', "has no 'end' line"),
        ('{"event": "start", "seed": "1:0", "players": -3}\n', "'players' cannot be negative"),
        ('{"event": "start", "seed": "1:0", "players": true}\n', "'players' has the wrong kind"),
        ('[1, 2]\n', "whose 'event' is 'start', 'choice' or 'end'"),
    ],
)
def test_a_damaged_log_gets_a_clear_error(tmp_path, capsys, text, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _index(path: Path, event: str, n: int = 1, **fields) -> int:
    """The 0-based line of the n-th event of a kind (with the given field values)."""
    found = [i for i, e in enumerate(_events(path)) if e["event"] == event
             and all(e.get(k) == v for k, v in fields.items())]
    return found[n - 1]


def _end_line(path: Path, game: int) -> int:
    return _index(path, "end", game)


def test_a_log_missing_its_last_line_is_not_accepted(logged, capsys):
    lines = logged.read_text(encoding="utf-8").splitlines()
    logged.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    starts = [i for i, e in enumerate(_events(logged)) if e["event"] == "start"]
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{logged}:{starts[-1] + 1}:1: the game that starts here has no "
                          "'end' line: the log was cut short")


@pytest.mark.parametrize(("field", "edit"), [
    ("scores", lambda e: e.update(scores=[s + 1 for s in e["scores"]])),
    ("winner", lambda e: e.update(winner=None if e["winner"] is not None else 0)),
])
def test_edited_scores_or_winner_are_found(logged, capsys, field, edit):
    index = _end_line(logged, 2)
    _rewrite(logged, index, edit)
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{logged}:{index + 1}:1: game 2: the replayed game ends otherwise "
                          f"than the log ({field}: the log says")


def test_an_edited_option_is_found_at_its_line(logged, capsys):
    index = _index(logged, "choice", ask="action")
    _rewrite(logged, index, lambda e: e.update(options=list(reversed(e["options"]))))
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{logged}:{index + 1}:1: game 1: the log's ")
    assert "is not what the game asks and answers when replayed" in err


def test_an_answer_the_game_never_asks_for_is_found(logged, capsys):
    lines = logged.read_text(encoding="utf-8").splitlines()
    index = _end_line(logged, 1)
    lines.insert(index, lines[index - 1])  # the last answer, twice
    logged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(logged)]) == 1
    err = capsys.readouterr().err
    assert f"{logged}:{index + 1}:1: game 1: the game ends before this answer" in err


def test_a_missing_log_is_named(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert "cannot read the log" in capsys.readouterr().err
