"""Every `prophecy` command in the README's shell blocks runs and succeeds.

The commands run in an empty folder, so they read the bundled content and
write their output there, as on a fresh checkout.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from prophecy.compiler.cli import main

pytestmark = pytest.mark.slow  # every command of the README

README = Path(__file__).resolve().parents[1] / "README.md"


def _commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    out = []
    for block in blocks:
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and words[0] == "prophecy":
                    out.append(shlex.join(words))
    return out


def test_the_readme_has_commands_to_run():
    assert len(_commands()) >= 8


@pytest.mark.parametrize("command", _commands())
def test_readme_command_runs(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    argv = shlex.split(command)[1:]
    if argv[0] == "replay":  # reads the log its README line writes first
        assert main(["simulate", "--games", "3", "--log", argv[1]]) == 0
    assert main(argv) == 0, capsys.readouterr().err
