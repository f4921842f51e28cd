"""docs/scenarios.md: its example files run as the text says, and its sample reports are real."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prophecy.tools import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
MARK = re.compile(r"<!-- scenario file(?:: (\w+))? -->\n```yaml\n(.*?)```", re.S)
REPORT = re.compile(r"```text\n(.*?)```", re.S)


def examples() -> list[tuple[str, str, str]]:
    """(kind, file text, the report shown after it): kind '' passes, 'fails' or 'error'."""
    text = DOC.read_text(encoding="utf-8")
    out = []
    for found in MARK.finditer(text):
        kind, body = found.group(1) or "", found.group(2)
        report = REPORT.search(text, found.end())
        out.append((kind, body, report.group(1) if kind and report else ""))
    return out


def test_the_doc_shows_passing_failing_and_broken_examples():
    assert sorted(kind for kind, _, _ in examples()) == ["", "", "", "error", "fails"]


@pytest.mark.parametrize(("kind", "body", "report"), examples(),
                         ids=[k or "passes" for k, _, _ in examples()])
def test_each_example_runs_as_the_doc_says(kind, body, report, tmp_path, monkeypatch, capsys):
    (tmp_path / "scenarios.yaml").write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["test", "scenarios.yaml"])
    out = capsys.readouterr().out
    if not kind:
        assert code == 0 and "0 failed, 0 errors" in out, out
    else:
        assert code == 1 and out == report


def test_every_move_key_and_expectation_is_in_the_doc():
    """Every key is in this doc, but the key of a question a verb declares (``ast.Verb.asks``,
    which card it picks): that one is in the verb's own section of docs/dsl.md, so a new
    verb is written up in one place."""
    from prophecy.dsl import ast
    from prophecy.engine.scenarios.answers import ANSWER_KEYS
    from prophecy.engine.scenarios.expect import TABLE
    from prophecy.engine.scenarios.moves import MOVES

    text = DOC.read_text(encoding="utf-8")
    language = (DOC.parent / "dsl.md").read_text(encoding="utf-8")
    verbs = {verb.asks for verb in ast.VERBS.values() if verb.asks}
    missing = [f"`{k}" for k in (*MOVES, *ANSWER_KEYS, *TABLE)
               if f"`{k}" not in (language if k in verbs else text)]
    assert missing == []
    assert "the key its section of docs/dsl.md names" in " ".join(text.split())
