"""What the commands read back, damaged: shards (`merge`), scenario files (`test`), logs (`replay`).

Each input is a real file the project wrote (a shard of a simulation and of a
balance run, a bundled scenario file, an event log of two games) with one
random damage: a character, a line or a value changed, a value replaced by
one no run could write (negative, fractional, infinite, a boolean, a string,
a list), a key dropped or added, lines swapped or cut. ``outcome`` runs the
command in this process on it and says what came of it:

- ``accepted``: exit 0, and the file says what it said before (a damage
  that changes no value: a space, a number written another way);
- ``refused``: exit 1, with a placed message;
- ``internal error``: exit 3, a traceback, or an exception out of ``main``;
- ``wrong verdict``: exit 0 on a file whose values were changed, or any other
  exit code: a damaged file accepted as if it were the real one.

The suite asserts that every outcome is accepted or refused
(``test_fuzz.py``); ``python tests/fuzz/run.py`` counts them on many more.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from prophecy.compiler.model.files import bundled_content

OUTCOMES = ("accepted", "refused", "internal error", "wrong verdict")
#: Values no run writes where a count, a rate or a name is: each must be refused.
HOSTILE = [-1, -10**30, 10**30, 0.5, 1.5, -0.0, 1e300, True, False, None, "", "x", "1", [],
           {}, [1], {"a": 1}, 2**63, 0, 1, 10**9]
#: Text a damaged JSON file may hold.
TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "9" * 5000, "[" * 5000, '"\\ud800"',
          "{}", "null", ",", "\"", "true", "-", "0.1", "\x00", "\u2028"]


# ------------------------------------------------------------------ the real files
def run_main(argv: list[str], stdout_only: bool = False) -> tuple[int, str]:
    """``prophecy ARGV`` in this process: its exit code and everything it printed (what it
    printed on stdout alone, for output a script reads: progress goes to stderr)."""
    from prophecy.tools import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own exits
            code = int(exc.code or 0)
    return code, out.getvalue() if stdout_only else out.getvalue() + err.getvalue()


@cache
def shards() -> dict[str, tuple[str, str]]:
    """The two shards of a small simulation and of a small balance run, as JSON text."""
    found = {}
    for kind, argv in (
            ("simulate", ["simulate", "--games", "6", "--players", "3", "--bots",
                          "random,greedy"]),
            ("balance", ["balance", "--cards", "Bloodletting", "The Smuggler", "Imp Familiar",
                         "--pairs", "60", "--seat-games", "20"])):
        parts = []
        for i in (1, 2):
            code, text = run_main([*argv, "--shard", f"{i}/2", "--json"], stdout_only=True)
            assert code == 0, text
            parts.append(text)
        found[kind] = (parts[0], parts[1])
    return found


@cache
def game_log() -> str:
    """The event log of two games of a simulation, as its text."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.jsonl"
        code, text = run_main(["simulate", "--games", "2", "--bots", "random,greedy",
                               "--log", str(path)])
        assert code == 0, text
        return path.read_text(encoding="utf-8")


def scenario_files() -> list[str]:
    return sorted(p.name for p in (bundled_content() / "scenarios").glob("*.yaml"))


# ------------------------------------------------------------------------- damage
def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path of keys and indices in a JSON-like value, the root included."""
    out = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*path, index))
    return out


def _edit_value(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one value replaced, dropped, added, copied or swapped."""
    paths = [p for p in _paths(data) if p]
    if not paths:
        return draw(st.sampled_from(HOSTILE))
    path = draw(st.sampled_from(paths))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    edit = draw(st.sampled_from(["hostile", "hostile", "number", "drop", "add", "copy",
                                 "swap"]))
    if edit == "hostile":
        parent[last] = draw(st.sampled_from(HOSTILE))
    elif edit == "number":
        old = parent[last]
        parent[last] = (old + draw(st.integers(-3, 3)) if isinstance(old, int | float)
                        and not isinstance(old, bool) else draw(st.integers(-5, 5)))
    elif edit == "drop":
        del parent[last]
    elif edit == "add":
        if isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "n", "kind", "shard"]))] = draw(
                st.sampled_from(HOSTILE))
        else:
            parent.insert(last, draw(st.sampled_from(HOSTILE)))
    elif edit == "copy" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    elif isinstance(parent, list) and len(parent) > 1:  # swap
        other = draw(st.integers(0, len(parent) - 1))
        parent[last], parent[other] = parent[other], parent[last]
    return data


def _edit_text(draw: st.DrawFn, text: str, tokens: list[str]) -> str:
    """``text`` with one line or a few characters changed."""
    rows = text.split("\n")
    at = draw(st.integers(0, max(0, len(rows) - 1)))
    edit = draw(st.sampled_from(["delete", "duplicate", "insert", "truncate", "replace",
                                 "token", "swap"]))
    if edit == "delete":
        del rows[at]
    elif edit == "duplicate":
        rows.insert(at, rows[at])
    elif edit == "insert":
        rows.insert(at, draw(st.text(max_size=30)))
    elif edit == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    elif edit == "swap":
        other = draw(st.integers(0, len(rows) - 1))
        rows[at], rows[other] = rows[other], rows[at]
    else:
        column = draw(st.integers(0, len(rows[at])))
        new = draw(st.sampled_from(tokens)) if edit == "token" else draw(st.text(max_size=6))
        rows[at] = rows[at][:column] + new + rows[at][column + draw(st.integers(0, 3)):]
    return "\n".join(rows)


def _same_json(text: str, original: str) -> bool:
    """Whether a JSON text says exactly what the original says (keys given once)."""
    def strict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key given twice")
        return dict(pairs)

    try:
        return bool(json.loads(text, object_pairs_hook=strict) == json.loads(original))
    except (ValueError, RecursionError):
        return False


# ------------------------------------------------------------------------- inputs
@st.composite
def damaged_shards(draw: st.DrawFn) -> tuple[list[str], bool]:
    """The shard files of one run, one of them damaged; and whether a value changed."""
    kind = draw(st.sampled_from(["simulate", "balance"]))
    files = list(shards()[kind])
    which = draw(st.integers(0, 1))
    original = files[which]
    if draw(st.booleans()):
        files[which] = _edit_text(draw, original, TOKENS)
    else:
        files[which] = json.dumps(_edit_value(draw, json.loads(original)), indent=1)
    edited = not _same_json(files[which], original)
    arrangement = draw(st.sampled_from(["both", "both", "alone", "twice"]))
    if arrangement == "alone":
        files = [files[which]]
    elif arrangement == "twice":
        files = [*files, files[which]]
    return files, edited


@st.composite
def damaged_scenarios(draw: st.DrawFn) -> tuple[str, str]:
    """A bundled scenario file (its name) with one damage to its text or its values."""
    name = draw(st.sampled_from(scenario_files()))
    text = (bundled_content() / "scenarios" / name).read_text(encoding="utf-8")
    if draw(st.booleans()):
        return name, _edit_text(draw, text, ["{", "[", ":", "- ", "&a", "*a", "!!str", "~",
                                             "99999999999", "-1", "\t", "'", '"', "player 9"])
    data = yaml.safe_load(text)
    edited = _edit_value(draw, data)
    header = text.split("\n", 1)[0]
    return name, header + "\n" + yaml.safe_dump(edited, allow_unicode=True, sort_keys=False)


@st.composite
def damaged_logs(draw: st.DrawFn) -> tuple[str, bool]:
    """The log of two games with one damage; and whether what it says changed."""
    original = game_log()
    lines = original.splitlines()
    if draw(st.booleans()):
        text = _edit_text(draw, original, TOKENS)
    else:
        at = draw(st.integers(0, len(lines) - 1))
        lines[at] = json.dumps(_edit_value(draw, json.loads(lines[at])),
                               separators=(",", ":"))
        text = "\n".join(lines) + "\n"
    return text, _events(text) != _events(original)


def _events(text: str) -> list[Any] | None:
    """The log's events, each answer's index left out; None if a line is not strict JSON.

    Another answer to a question is another game, which may end in the same state
    (a Hireling enlisted to no effect): a log of that game is a true log, accepted.
    """
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if not _same_json(line, line):
            return None
        event = json.loads(line)
        options = event.get("options") if isinstance(event, dict) else None
        if isinstance(options, list) and event.get("event") == "choice" and (
                type(event.get("choice")) is int and 0 <= event["choice"] < len(options)):
            event["choice"] = "an index of the options"
        out.append(event)
    return out


# ----------------------------------------------------------------------- outcomes
def outcome(code: int, text: str, edited: bool | None) -> str:
    """What a run on a damaged input came to (one of ``OUTCOMES``)."""
    if code == 3 or "Traceback" in text or "internal error" in text:
        return "internal error"
    if code == 1:
        return "refused"
    if code == 0 and not edited:
        return "accepted"
    return "wrong verdict"


def merge_outcome(case: tuple[list[str], bool]) -> tuple[str, str]:
    files, edited = case
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for index, text in enumerate(files):
            path = Path(tmp) / f"shard{index}.json"
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        code, said = run_main(["merge", *paths])
    return outcome(code, said, edited), said


def test_outcome(case: tuple[str, str]) -> tuple[str, str]:
    name, text = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        code, said = run_main(["test", "-q", str(path)])
    # a damaged scenario may still be a scenario that passes: exit 0 is no verdict here
    return outcome(code, said, False), said


def replay_outcome(case: tuple[str, bool]) -> tuple[str, str]:
    text, edited = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.jsonl"
        path.write_text(text, encoding="utf-8")
        code, said = run_main(["replay", str(path)])
    return outcome(code, said, edited), said


#: Command -> (its damaged inputs, what one of them comes to).
COMMANDS = {
    "merge": (damaged_shards(), merge_outcome),
    "test": (damaged_scenarios(), test_outcome),
    "replay": (damaged_logs(), replay_outcome),
}


def holds(command: str, case: Any) -> None:
    """The promise for one input: accepted (unchanged) or refused with a placed message."""
    found, said = COMMANDS[command][1](case)
    assert found in ("accepted", "refused"), f"{found}:\n{said}\nthe damage:\n{damage(case)}"


def damage(case: Any) -> str:
    """The lines a damaged input changed, as a diff against its original (for a report)."""
    import difflib

    if isinstance(case[0], list):  # shards: the first differing file
        kind = "simulate" if '"simulate"' in case[0][0][:40] else "balance"
        pairs = list(zip(case[0], shards()[kind], strict=False))
    elif isinstance(case[1], bool):  # a log
        pairs = [(case[0], game_log())]
    else:
        pairs = [(case[1], (bundled_content() / "scenarios" / case[0]).read_text())]
    out = []
    for new, old in pairs:
        out += list(difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0))
    return "\n".join(line[:300] for line in out[:12])
