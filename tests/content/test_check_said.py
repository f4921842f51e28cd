"""A check with nothing changed says again what the last one said, without loading anything
(``tools/check.py``, ``compiler/model/inputs.py``); any change to what the last one read
is noticed, and the check is worked out again.

Each test checks a copy whose files are older than ``inputs.SETTLED`` (so the check is
kept), proves that the next check is said again (the loader, made to fail, is not
called), then changes one kind of input and asserts that what the check says follows the
change: a kept result that was stale would say the old thing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from prophecy.compiler.model import inputs, loader, memo
from prophecy.compiler.model.files import bundled_content
from prophecy.tools import check, main
from prophecy.tools.cache import content_cache

from .test_packs import ASH

SUMMARY = "106 card designs"


def _age(*folders: Path) -> None:
    """Every file and folder under ``folders`` written a minute ago: settled."""
    past = time.time_ns() - 60 * 1_000_000_000
    for folder in folders:
        for path in [folder, *folder.rglob("*")]:
            os.utime(path, ns=(past, past))


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Checks in this process keep what they said (as the command does), in a cache folder
    of their own."""
    monkeypatch.setattr(check, "SAY_AGAIN", True)
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def game(tmp_path: Path, said: None) -> Path:
    root = tmp_path / "game"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    _age(root)
    return root


def _check(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    capsys.readouterr()
    memo.forget()
    code = main(["check", *extra, "--content", str(root)])
    return code, capsys.readouterr().out


def _said_again(root: Path, capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[int, str]:
    """A check that must be said again: the loader fails if it is called."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the check was worked out again")

    with monkeypatch.context() as m:
        m.setattr(loader, "analyse", refuse)
        return _check(root, capsys, *extra)


def _kept(root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          *extra: str) -> tuple[int, str]:
    """Check ``root`` and prove the next check, nothing changed, says the same again."""
    for _ in range(5):  # a check is not kept while its code is being written (a busy tree)
        first = _check(root, capsys, *extra)
        if (content_cache(root, "check") / check.SAID).exists():
            break
        time.sleep(1.5)
    assert _said_again(root, capsys, monkeypatch, *extra) == first
    return first


def test_nothing_changed_says_the_same_again(game, capsys, monkeypatch):
    code, out = _kept(game, capsys, monkeypatch)
    assert code == 0 and SUMMARY in out
    # as asked another way (--json), it is worked out for that way, and kept
    code, out = _kept(game, capsys, monkeypatch, "--json")
    assert out.lstrip().startswith("{")


def test_a_card_edited_is_noticed(game, capsys, monkeypatch):
    assert _kept(game, capsys, monkeypatch)[0] == 0
    path = game / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("grimoire: Necromancy", "grimoire: Necromancyy", 1),
                    encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "Necromancyy" in out
    path.write_text(text, encoding="utf-8")  # the same bytes again: clean again
    assert _check(game, capsys)[0] == 0


def test_a_card_edited_to_the_same_size_in_the_same_instant_is_noticed(game, capsys,
                                                                         monkeypatch):
    """A file's time is not all: one written with its old size and time back is compared by
    its bytes' digest."""
    assert _kept(game, capsys, monkeypatch)[0] == 0
    path = game / "arcana" / "necromancy.yaml"
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert "copies: 2\n" in text
    path.write_text(text.replace("copies: 2\n", "copies: X\n", 1), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1))
    code, out = _check(game, capsys)
    assert code == 1 and "'copies' must be" in out


def test_a_new_card_file_is_noticed(game, capsys, monkeypatch):
    assert SUMMARY in _kept(game, capsys, monkeypatch)[1]
    extra = (game / "arcana" / "necromancy.yaml").read_text(encoding="utf-8")
    extra = extra.replace("- name: ", "- name: Other ")
    (game / "arcana" / "more.yaml").write_text(extra, encoding="utf-8")
    code, out = _check(game, capsys)
    assert SUMMARY not in out and "card designs" in out


def test_a_file_deleted_is_noticed(game, capsys, monkeypatch):
    assert SUMMARY in _kept(game, capsys, monkeypatch)[1]
    (game / "deeds" / "necromancy.yaml").unlink()
    code, out = _check(game, capsys)
    assert SUMMARY not in out and "card designs" in out


def test_an_unknown_file_added_beside_game_yaml_is_noticed(game, capsys, monkeypatch):
    assert _kept(game, capsys, monkeypatch)[0] == 0
    (game / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "unknown content file 'notes.yaml'" in out


def test_game_yaml_changed_is_noticed(game, capsys, monkeypatch):
    assert _kept(game, capsys, monkeypatch)[0] == 0
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "card_types: [Spell, Item, Creature]"
    assert old in text
    path.write_text(text.replace(old, "card_types: [Spell, Item, Creature, Dark Relic]"),
                    encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "'Dark Relic' holds 'Dark', a keyword" in out


def test_the_layout_changed_is_noticed(game, capsys, monkeypatch):
    assert _kept(game, capsys, monkeypatch)[0] == 0
    path = game / "layouts" / "poker.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("font: title", "font: titel", 1), encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "uses the font 'titel', which fonts: does not list" in out


def test_a_layout_written_where_none_was_is_noticed(game, capsys, monkeypatch):
    """The game's folder had no layouts/ (the shipped layout was read): a file looked for
    and not found is an input too."""
    shutil.rmtree(game / "layouts")
    _age(game)
    assert _kept(game, capsys, monkeypatch)[0] == 0
    (game / "layouts").mkdir()
    text = (bundled_content() / "layouts" / "poker.yaml").read_text(encoding="utf-8")
    (game / "layouts" / "poker.yaml").write_text(text.replace("font: title", "font: titel", 1),
                                                 encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "uses the font 'titel', which fonts: does not list" in out


def test_a_scenario_changed_is_noticed(game, capsys, monkeypatch):
    assert _kept(game, capsys, monkeypatch)[0] == 0
    path = game / "scenarios" / "setup.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - id: ", "  - idd: ", 1), encoding="utf-8")
    code, out = _check(game, capsys)
    assert code == 1 and "setup.yaml" in out


def test_a_scenario_file_added_is_noticed(game, capsys, monkeypatch):
    code, out = _kept(game, capsys, monkeypatch)
    before = out.splitlines()[-1]
    shutil.copy(game / "scenarios" / "setup.yaml", game / "scenarios" / "again.yaml")
    code, out = _check(game, capsys)
    assert out.splitlines()[-1] != before


def test_the_base_game_of_an_expansion_changed_is_noticed(tmp_path, said, capsys,
                                                          monkeypatch):
    base = tmp_path / "base"
    shutil.copytree(bundled_content(), base, ignore=shutil.ignore_patterns("__*"))
    ashes = tmp_path / "ashes"
    (ashes / "arcana").mkdir(parents=True)
    (ashes / "game.yaml").write_text(
        "# yaml-language-server: $schema=schemas/game.schema.json\n"
        "name: Ashes of the Prophecy\nextends: ../base\nkinds:\n  arcana:\n"
        "    files: arcana/*.yaml\ncomponents:\n  arcana: {count: 3}\n", encoding="utf-8")
    (ashes / "arcana" / "ash.yaml").write_text(ASH, encoding="utf-8")
    _age(base, ashes)
    code, out = _kept(ashes, capsys, monkeypatch)
    assert code == 0, out
    path = base / "deeds" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("grimoire: Necromancy", "grimoire: Necromancyy", 1),
                    encoding="utf-8")
    code, out = _check(ashes, capsys)
    assert code == 1 and "Necromancyy" in out


def test_a_run_whose_inputs_were_just_written_keeps_nothing(game, capsys, monkeypatch):
    """A file written inside ``SETTLED`` of the run's start may be written again within the
    same tick of the clock: nothing of that run is kept; once it has settled, it is."""
    path = game / "titles.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# written just now\n",
                    encoding="utf-8")
    with inputs.recording() as read:
        path.read_text(encoding="utf-8")
    assert read.states() is None
    code, out = _check(game, capsys)  # worked out, not kept: said again only once settled
    _age(game)
    assert _kept(game, capsys, monkeypatch) == (code, out)


def test_what_a_check_read_names_its_files_its_folders_and_its_code(game, capsys):
    cache = Path(os.environ["PROPHECY_CACHE"])
    with inputs.recording([str(cache)]) as read:
        assert main(["check", "--content", str(game)]) == 0
    states = read.states()
    assert states is not None
    named = {(s[0], s[1]) for s in states}
    assert ("f", str(game / "game.yaml")) in named
    assert ("f", str(game / "arcana" / "necromancy.yaml")) in named
    assert ("f", str(game / "scenarios" / "setup.yaml")) in named
    assert ("l", str(game / "arcana")) in named  # listed: a file added there is seen
    assert ("l", str(game / "scenarios")) in named
    assert ("f", loader.__file__) in named  # the code that worked it out
    assert not any(p.startswith(str(cache)) for _, p in named)  # the cache is no input
    assert inputs.unchanged(states)
    (game / "arcana" / "new.yaml").write_text("x", encoding="utf-8")
    assert not inputs.unchanged(states)


def test_a_damaged_said_file_is_only_a_slower_check(game, capsys, monkeypatch):
    expected = _kept(game, capsys, monkeypatch)
    path = content_cache(game, "check") / check.SAID
    blob = path.read_bytes()
    path.write_bytes(blob[:-7] + bytes([blob[-7] ^ 1]) + blob[-6:])
    assert _check(game, capsys) == expected


@pytest.mark.slow
def test_the_command_with_nothing_changed_imports_no_loader(game, tmp_path):
    """As its own process, a check with nothing changed imports none of what checking needs:
    it prints what it printed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PROPHECY_CACHE"] = str(tmp_path / "cache")
    command = [sys.executable, "-X", "importtime", "-m", "prophecy.tools", "check",
               "--content", str(game)]
    first = subprocess.run(command, capture_output=True, text=True, env=env)
    for _ in range(5):  # a check is not kept while its code is being written (a busy tree)
        again = subprocess.run(command, capture_output=True, text=True, env=env)
        if "prophecy.compiler.model.loader" not in again.stderr:
            break
        time.sleep(1.5)
    assert first.returncode == again.returncode == 0
    assert first.stdout == again.stdout and SUMMARY in again.stdout
    assert "prophecy.compiler.model.loader" in first.stderr
    assert "prophecy.compiler.model.loader" not in again.stderr
