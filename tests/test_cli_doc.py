"""docs/cli.md: its exit-code table is the one `prophecy --help` ends with (both are
``EXIT_CODES``), and its commands run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from prophecy.tools import EXIT_CODES, main

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def _doc_table() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Exit codes"):]
    section = section[:section.index("\n## ", 1)]
    return [(int(code), meaning) for code, meaning in
            re.findall(r"^\| (\d+) \| (.*) \|$", section, re.M)]


def test_the_docs_table_is_the_exit_codes():
    assert _doc_table() == list(EXIT_CODES)


def test_help_ends_with_the_exit_codes(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("\nexit codes:\n") + len("\nexit codes:\n"):]
    rows = re.split(r"\n(?=  \d)", table.strip("\n"))
    shown = [(int(row.split()[0]), " ".join(row.split()[1:])) for row in rows]
    assert shown == list(EXIT_CODES)


def _commands() -> list[list[str]]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    out = []
    for line in "".join(blocks).splitlines():
        words = shlex.split(line.split(">")[0], comments=True)
        if words and words[0] == "prophecy":
            out.append(words[1:])
    return out


@pytest.mark.parametrize("argv", _commands(), ids=" ".join)
def test_the_docs_commands_run(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    assert main(argv) == 0, capsys.readouterr().err
