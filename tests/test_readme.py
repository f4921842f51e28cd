"""Every `prophecy` command in the README runs and succeeds.

The commands run in an empty folder, so they read the bundled content and
write their output there, as on a fresh checkout (the examples that name a
revision name one every clone has). A ```sh line stands alone; a ```text
block's lines are steps run one after another in one folder, and the
servers among them (serve, lsp) are only parsed.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from prophecy.tools import main

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


#: Commands that serve until stopped: their lines are parsed, not run.
SERVERS = ("serve", "lsp")


def _text_blocks() -> list[list[str]]:
    """The `prophecy` lines of each ```text block: steps that follow one another in one
    folder (make a game, then check it)."""
    blocks = re.findall(r"```text\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    out = []
    for block in blocks:
        steps = [shlex.join(shlex.split(part, comments=True)) for line in block.splitlines()
                 for part in line.split("&&")]
        out.append([step for step in steps if step.startswith("prophecy ")])
    return [steps for steps in out if steps]


@pytest.mark.parametrize("steps", _text_blocks(), ids=lambda steps: steps[0])
def test_readme_text_block_runs_step_by_step(steps, tmp_path, monkeypatch, capsys):
    """A fresh folder, a trust record of its own, and each step as written, in order."""
    from prophecy.tools import build_parser

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PROPHECY_CONFIG", str(tmp_path / "config"))
    for step in steps:
        argv = shlex.split(step)[1:]
        if argv[0] in SERVERS:
            build_parser(argv[0]).parse_args(argv)  # a server runs until stopped
            continue
        assert main(argv) == 0, f"{step}\n{capsys.readouterr().err}"


def _quick_start() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Quick start"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```sh\n(.*?)```", section, re.S)[0].strip().splitlines()


def test_the_quick_start_is_two_commands_that_make_and_use_a_virtual_environment():
    # A system Python that refuses `pip install` (PEP 668: Debian's, Ubuntu's) must not be
    # asked to install anything: the first command makes a venv, and every pip, prophecy
    # and python after it is the venv's own (.ci/run runs these two lines as written).
    first, second = _quick_start()
    steps = [step.strip() for line in (first, second) for step in line.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    for step in steps[1:]:
        program = shlex.split(step)[0]
        assert program.startswith(".venv/bin/"), step
    assert any("pip install -e ." in s for s in steps) and any("pytest" in s for s in steps)


def test_the_venv_folder_is_ignored_by_git():
    ignored = (README.parent / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".venv/" in ignored or "/.venv/" in ignored
