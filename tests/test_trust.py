"""A pack's Python runs only when its user asks: reading a pack never runs its engine.py,
playing runs it once trusted (docs/packs.md, "Packs from other people").

The fixture is a copy of examples/draft-mastery whose engine.py appends a line
to a marker file when it runs, as an attacker's would do something worse.
Every command that reads the pack leaves the marker unwritten and imports no
module from the pack; the commands that play refuse until the file is
trusted, then run it, and refuse again once it changes.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from prophecy.compiler.model import plugins, trust
from prophecy.tools import main

ROOT = Path(__file__).resolve().parents[1]
DRAFT = ROOT / "examples" / "draft-mastery"
MARK = '''
import pathlib as _pathlib

with _pathlib.Path({marker!r}).open("a", encoding="utf-8") as _out:
    _out.write("ran\\n")
'''


@dataclass
class Marked:
    pack: Path
    marker: Path
    engine: Path  # the file that writes the marker (the pack's own, or a link's target)

    def runs(self) -> int:
        """How many times the pack's engine.py has run."""
        return len(self.marker.read_text().splitlines()) if self.marker.exists() else 0


def _copy(to: Path) -> Path:
    shutil.copytree(DRAFT, to, ignore=shutil.ignore_patterns("__pycache__"))
    return to


def _mark(engine: Path, marker: Path) -> None:
    engine.write_text(engine.read_text(encoding="utf-8") + MARK.format(marker=str(marker)),
                      encoding="utf-8")


@pytest.fixture(autouse=True)
def _own_config(tmp_path, monkeypatch):
    """Nothing trusted: a fresh settings folder for each test."""
    monkeypatch.setenv("PROPHECY_CONFIG", str(tmp_path / "config"))


@pytest.fixture
def marked(tmp_path) -> Marked:
    pack = _copy(tmp_path / "pack")
    _mark(pack / "engine.py", tmp_path / "marker")
    return Marked(pack, tmp_path / "marker", pack / "engine.py")


def _reading(pack: Path, tmp: Path) -> dict[str, list[str]]:
    other = tmp / "other"
    if not other.exists():
        shutil.copytree(pack, other, symlinks=True)
    p = str(pack)
    return {
        "check": ["check", "--content", p],
        "lint": ["lint", "--content", p],
        "cards": ["cards", "--json", "--content", p],
        "fmt --check": ["fmt", "--check", "--content", p],
        "diff": ["diff", "--content", p, str(other), p],
        "schemas --check": ["schemas", "--check", "--content", p],
        "build --only": ["build", "--only", "Grave Robbing", "--out", str(tmp / "out"),
                         "--content", p],
    }


READING = ["check", "lint", "cards", "fmt --check", "diff", "schemas --check", "build --only"]


def _pack_modules(pack: Path) -> list[str]:
    """The modules imported from the pack's folder (or from a file a link of it points to)."""
    folders = {str(pack), str(pack.resolve())}
    return [name for name, module in list(sys.modules.items())
            if any(str(getattr(module, "__file__", None) or "").startswith(f) for f in folders)]


@pytest.mark.parametrize("command", READING)
def test_a_command_that_reads_the_pack_never_runs_its_engine_trusted_or_not(
        marked, tmp_path, command, capsys):
    argv = _reading(marked.pack, tmp_path)[command]
    assert main(argv) in (0, 1), capsys.readouterr()
    assert marked.runs() == 0 and _pack_modules(marked.pack) == []
    main(["trust", str(marked.pack)])
    main(argv)
    assert marked.runs() == 0, f"'prophecy {command}' ran a trusted engine.py"
    assert _pack_modules(marked.pack) == []


def test_the_gallery_and_the_language_server_run_no_pack_code(marked, tmp_path):
    from prophecy.tools.editor.analysis import analyse_folder
    from prophecy.tools.gallery.state import Gallery

    snapshot = Gallery(marked.pack, tmp_path / "cache").refresh()
    assert snapshot.tiles  # the cards were checked and drawn
    result = analyse_folder(marked.pack, {}, {})  # what the server does for a folder it is given
    assert result.content.cards
    assert marked.runs() == 0 and _pack_modules(marked.pack) == []


def test_check_says_in_one_line_that_the_engine_was_not_run(marked, capsys):
    assert main(["check", "--content", str(marked.pack)]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "engine.py" in line]
    assert len(notes) == 1
    assert "was not run (not trusted)" in notes[0] and "not with checks of engine.py's own" \
        in notes[0] and f"'prophecy trust {marked.pack}'" in notes[0]
    main(["trust", str(marked.pack)])
    capsys.readouterr()
    assert main(["check", "--content", str(marked.pack)]) == 0
    assert "engine.py" not in capsys.readouterr().out


def _playing(marked: Marked, tmp_path: Path) -> dict[str, list[str]]:
    p = str(marked.pack)
    log = tmp_path / "games.jsonl"
    return {
        "test": ["test", "--content", p, "-k", "one-mastery-card-a-turn"],
        "simulate": ["simulate", "--content", p, "--games", "2", "--players", "2",
                     "--bots", "greedy", "--json"],
        "balance": ["balance", "--content", p, "--cards", "Grave Robbing", "--pairs", "60",
                    "--modes", "chosen", "--confirm", "none", "--seat-games", "0", "--json"],
        "replay": ["replay", "--content", p, str(log)],
    }


@pytest.mark.parametrize("command", ["test", "simulate", "balance", "replay"])
def test_a_command_that_plays_runs_the_engine_only_once_trusted_and_unchanged(
        marked, tmp_path, command, capsys):
    if command == "replay":  # a log of the pack's games to replay
        assert main(["simulate", "--content", str(marked.pack), "--games", "1", "--players",
                     "2", "--bots", "greedy", "--trust", "--log",
                     str(tmp_path / "games.jsonl")]) == 0
        marked.marker.unlink()
        plugins._loaded.cache_clear()  # as a new process would: nothing of that run kept
    argv = _playing(marked, tmp_path)[command]
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()[1:]  # after the pack line
    assert err == [f"{marked.engine}: not run: it is not trusted; read it, then 'prophecy "
                   f"trust {marked.pack}' (or pass --trust to run it this once)"]
    assert marked.runs() == 0

    assert main(["trust", str(marked.pack)]) == 0
    assert main(argv) == 0, capsys.readouterr()
    assert marked.runs() == 1

    with marked.engine.open("a", encoding="utf-8") as out:  # one byte more: another file
        out.write("#\n")
    capsys.readouterr()
    assert main(argv) == 2
    assert "has changed since it was trusted" in capsys.readouterr().err
    assert marked.runs() == 1

    assert main([*argv, "--trust"]) == 0  # CI: this run only
    assert marked.runs() == 2
    assert main(argv) == 2  # and nothing was recorded
    assert marked.runs() == 2


def test_simulate_with_trust_runs_the_engine_in_its_worker_processes(marked, capsys):
    argv = ["simulate", "--content", str(marked.pack), "--games", "4", "--players", "2",
            "--bots", "greedy", "--jobs", "2", "--trust", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4
    assert marked.runs() >= 1  # the parent; forked workers reuse what it loaded


def test_a_linked_engine_file_outside_the_folder_is_held_the_same(tmp_path, capsys):
    pack = _copy(tmp_path / "pack")
    outside = tmp_path / "elsewhere" / "engine.py"
    outside.parent.mkdir()
    shutil.move(pack / "engine.py", outside)
    _mark(outside, tmp_path / "marker")
    (pack / "engine.py").symlink_to(outside)
    marked = Marked(pack, tmp_path / "marker", outside)
    for argv in _reading(pack, tmp_path).values():
        main(argv)
    assert marked.runs() == 0 and _pack_modules(pack) == []
    play = ["test", "--content", str(pack), "-k", "one-mastery-card-a-turn"]
    assert main(play) == 2
    assert main(["trust", str(pack)]) == 0
    assert str(outside) in trust.records()  # the file that runs, not the link
    assert main(play) == 0 and marked.runs() == 1
    outside.write_text(outside.read_text(encoding="utf-8") + "#\n", encoding="utf-8")
    capsys.readouterr()
    assert main(play) == 2 and marked.runs() == 1
    assert "has changed since it was trusted" in capsys.readouterr().err


def _expansion(marked: Marked, tmp_path: Path) -> Path:
    folder = tmp_path / "ashes"
    (folder / "cards").mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "# yaml-language-server: $schema=schemas/game.schema.json\n"
        'name: "Mastery: Ashes"\nextends: ../pack\n', encoding="utf-8")
    return folder


def test_an_engine_file_reached_through_extends_is_held_the_same(marked, tmp_path, capsys):
    expansion = _expansion(marked, tmp_path)
    main(["check", "--content", str(expansion)])  # (the base game's own layout aside)
    assert f"note: {marked.engine} was not run (not trusted)" in capsys.readouterr().out
    main(["lint", "--content", str(expansion)])
    assert marked.runs() == 0 and _pack_modules(marked.pack) == []
    play = ["simulate", "--content", str(expansion), "--games", "1", "--players", "2",
            "--bots", "greedy"]
    assert main(play) == 2
    assert str(marked.engine) in capsys.readouterr().err  # the base game's file, named
    assert main(["trust", str(expansion)]) == 0
    assert str(marked.engine.resolve()) in trust.records()
    assert main(play) == 0 and marked.runs() == 1


def test_a_trusted_engine_is_held_to_its_declaration(marked, tmp_path, capsys):
    declaration = marked.pack / "engine.yaml"
    text = declaration.read_text(encoding="utf-8")
    declaration.write_text(text.replace("actions: []", "actions: [scheme]"), encoding="utf-8")
    main(["trust", str(marked.pack)])
    assert main(["check", "--content", str(marked.pack)]) == 0  # the declaration is data
    capsys.readouterr()
    assert main(["simulate", "--content", str(marked.pack), "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert (f"{declaration}:7:1: engine.py offers the actions 'play', 'level up', 'draw "
            "arcana', 'draw deeds', 'manifest', 'exhaust', but engine.yaml declares the actions "
            "'play', 'level up', 'draw arcana', 'draw deeds', 'manifest', 'exhaust', 'scheme'"
            ) in err
    assert "hint: make engine.yaml say what engine.py registers" in err


@pytest.mark.parametrize(("change", "message", "column", "hint"), [
    ("built_on: dark-prophecies", "built_on: dark-prophecy", 11,
     "no engine named 'dark-prophecy' is installed"),
    ("name: mastery-draft", "name: Mastery Draft", 7,
     "'name' is the engine's name: lowercase words joined by '-'"),
    ("actions: []", "actoins: []", 1, "unknown key 'actoins'"),
])
def test_a_wrong_declaration_is_a_placed_problem_of_check(marked, capsys, change, message,
                                                          column, hint):
    declaration = marked.pack / "engine.yaml"
    declaration.write_text(declaration.read_text(encoding="utf-8").replace(change, message),
                           encoding="utf-8")
    assert main(["check", "--content", str(marked.pack)]) == 1
    out = capsys.readouterr().out
    line = next(n for n, t in enumerate(declaration.read_text().splitlines(), 1) if message in t)
    assert f"{declaration}:{line}:{column}: {hint}" in out
    assert marked.runs() == 0


def test_an_engine_file_without_a_declaration_is_refused_by_check(marked, capsys):
    (marked.pack / "engine.yaml").unlink()
    assert main(["check", "--content", str(marked.pack)]) == 1
    out = capsys.readouterr().out
    assert f"{marked.pack / 'game.yaml'}: engine.py has no declaration engine.yaml beside it" \
        in out
    assert "hint: write engine.yaml: write the engine's name" in out
    assert marked.runs() == 0


def test_trust_lists_and_forgets(marked, capsys):
    assert main(["trust", "--list"]) == 0
    assert "no engine file is trusted" in capsys.readouterr().out
    main(["trust", str(marked.pack)])
    capsys.readouterr()
    main(["trust", "--list"])
    assert capsys.readouterr().out == f"{marked.engine}: trusted\n"
    with marked.engine.open("a", encoding="utf-8") as out:
        out.write("#\n")
    main(["trust", "--list"])
    assert "changed since: refused until trusted again" in capsys.readouterr().out
    assert main(["trust", "--forget", str(marked.pack)]) == 0
    assert trust.records() == {}
    assert (Path(os.environ["PROPHECY_CONFIG"]) / "trusted.json").is_file()


def test_installed_engines_need_no_trust(capsys):
    assert main(["trust", str(ROOT / "content")]) == 2
    assert "installed code that needs no trust" in capsys.readouterr().err
    assert main(["test", "-q", "-k", "three-actions"]) == 0  # the bundled engine plays


def test_a_cluster_worker_plays_the_engine_file_its_client_sent(marked, monkeypatch):
    """The client checked the trust (simulate --executor dask runs require_engine first); a
    worker builds the book from the files sent, and its games are the pack's engine's."""
    from prophecy.engine.plugin import game_class
    from prophecy.lab import executors

    monkeypatch.setattr(executors, "_WORKER_BOOKS", {})
    book = executors.book_from_files(executors.content_files(marked.pack))
    assert game_class(book).__name__ == "MasteryGame" and marked.runs() == 1
    assert not trust.granted()  # for the book's class only, not for what comes after
