"""`prophecy completion bash|zsh|fish`: each script, loaded in its shell, completes what the
command line's parser accepts now (commands, options, choices, paths)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from prophecy.tools import COMMANDS, main


def script(shell: str, capsys) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.fixture
def bash_script(tmp_path, capsys) -> Path:
    path = tmp_path / "prophecy.bash"
    path.write_text(script("bash", capsys), encoding="utf-8")
    return path


def bash_complete(script_path: Path, line: str, folder: Path | None = None) -> list[str]:
    """What bash offers for the last word of ``line`` (a trailing space: a new word)."""
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    program = (f"source {shlex.quote(str(script_path))}\n"
               f"COMP_WORDS=({' '.join(shlex.quote(w) for w in words)})\n"
               f"COMP_CWORD={len(words) - 1}\n"
               "_prophecy\n"
               'printf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "-c", program], capture_output=True, text=True,
                          cwd=folder, check=True, timeout=30)
    return [w for w in done.stdout.splitlines() if w]


def test_bash_completes_the_commands(bash_script):
    assert set(bash_complete(bash_script, "prophecy ")) >= set(COMMANDS)
    assert bash_complete(bash_script, "prophecy ba") == ["balance"]
    assert bash_complete(bash_script, "prophecy co") == ["completion"]


def test_bash_completes_a_commands_own_options(bash_script):
    assert bash_complete(bash_script, "prophecy test --j") == ["--json", "--junit"]
    assert bash_complete(bash_script, "prophecy check --j") == ["--json"]
    assert "--no-color" in bash_complete(bash_script, "prophecy lint --")
    assert bash_complete(bash_script, "prophecy --deb") == ["--debug"]


def test_bash_completes_an_options_choices(bash_script):
    assert bash_complete(bash_script, "prophecy build --paper ") == ["a4", "both", "letter"]
    assert bash_complete(bash_script, "prophecy build --preset m") == ["mpc"]
    assert bash_complete(bash_script, "prophecy completion ") == ["bash", "fish", "zsh"]


def test_bash_completes_paths_where_a_path_goes_and_nothing_where_a_name_does(
        bash_script, tmp_path):
    (tmp_path / "mygame").mkdir()
    assert bash_complete(bash_script, "prophecy check --content my", tmp_path) == ["mygame"]
    assert bash_complete(bash_script, "prophecy build --only my", tmp_path) == []


def test_bash_keeps_up_with_the_parser(bash_script, capsys):
    """Every option of every command is in the script: it is written from the parser."""
    from prophecy.tools.completion import tree

    _, commands = tree()
    text = bash_script.read_text(encoding="utf-8")
    for command in commands:
        listed = bash_complete(bash_script, f"prophecy {command.name} -")
        assert set(listed) == {f for o in command.options for f in o.flags}, command.name
    assert "--changed-since" in text


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_commands_options_and_choices(tmp_path, capsys):
    path = tmp_path / "prophecy.fish"
    path.write_text(script("fish", capsys), encoding="utf-8")

    def offered(line: str) -> list[str]:
        done = subprocess.run(["fish", "--no-config", "-c",
                               f"source {shlex.quote(str(path))}; complete -C {shlex.quote(line)}"],
                              capture_output=True, text=True, check=True, timeout=30)
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert "balance" in offered("prophecy ba")
    assert offered("prophecy test --ju") == ["--junit"]
    assert offered("prophecy build --paper ") == ["a4", "both", "letter"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_script_loads_and_names_every_command(tmp_path, capsys):
    path = tmp_path / "_prophecy"
    path.write_text(script("zsh", capsys), encoding="utf-8")
    subprocess.run(["zsh", "-n", str(path)], check=True, timeout=30)
    # sourced after compinit it registers itself for `prophecy`
    done = subprocess.run(["zsh", "-f", "-c", "autoload -U compinit && compinit -u -D && "
                           f"source {shlex.quote(str(path))} && print -r -- $_comps[prophecy]"],
                          capture_output=True, text=True, check=True, timeout=30)
    assert done.stdout.strip() == "_prophecy"
    text = path.read_text(encoding="utf-8")
    assert all(f"'{name}:" in text for name in COMMANDS)
