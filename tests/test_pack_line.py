"""Every command says first which pack it works on: the folder found from where it is
run (or given by --content), with the game's name; a script's stdout stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.tools import main


@pytest.fixture
def mygame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A blank pack named 'Night Market', the current folder one level inside it."""
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "cache"))
    assert main(["init", str(tmp_path / "mygame"), "--blank"]) == 0
    game = tmp_path / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("name: My Game",
                                                             "name: Night Market"))
    (tmp_path / "mygame" / "notes").mkdir()
    monkeypatch.chdir(tmp_path / "mygame" / "notes")
    return tmp_path / "mygame"


@pytest.mark.parametrize("argv", [["cards"], ["lint"], ["fmt", "--check"],
                                  ["schemas", "--check"], ["cards", "--json"]])
def test_the_first_line_names_the_pack_found_upward(mygame, capsys, argv):
    main(argv)
    err = capsys.readouterr().err
    assert err.splitlines()[0] == f"pack: Night Market, in {mygame}/"


def test_content_wins_over_the_folder_run_in(mygame, tmp_path, capsys):
    assert main(["init", str(tmp_path / "other"), "--blank"]) == 0
    capsys.readouterr()
    assert main(["cards", "--content", str(tmp_path / "other")]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[0] == f"pack: My Game, in {tmp_path / 'other'}/"
    assert "Night Market" not in captured.err + captured.out


def test_machine_readable_stdout_stays_clean(mygame, capsys):
    assert main(["cards", "--json"]) == 0
    captured = capsys.readouterr()
    assert [c["name"] for c in json.loads(captured.out)] == ["First Light", "Second Wind"]
    assert captured.err.startswith("pack: Night Market")
    main(["parse", "Gain 2 points", "--content", str(mygame)])
    captured = capsys.readouterr()
    assert "pack:" not in captured.out and captured.err.startswith("pack: Night Market")


def test_check_names_its_pack_in_the_summary_and_the_json(mygame, capsys):
    assert main(["check", "--no-fit"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1].startswith(f"{mygame}/: 2 card designs")
    assert "pack:" not in captured.err  # said once, in the summary
    assert main(["check", "--no-fit", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["pack"], data["content"]) == ("Night Market", str(mygame))


def test_the_bundled_game_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    main(["cards", "--kind", "dark_deed"])
    assert capsys.readouterr().err.splitlines()[0].startswith(
        "pack: Dark Prophecies, the bundled game (")
