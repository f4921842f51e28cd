"""Game packs: a new game from a pack that ships, the version, and commands that need an engine.

A game folder's game.yaml names its engine; a game without one is checked,
linted and built, and the commands that play a game say in one line (exit 2)
that it has none, never playing another game on its cards.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.tools import main

NO_ENGINE = '''# yaml-language-server: $schema=schemas/game.schema.json
name: Tokens
kinds:
  token:
    label: Token
    files: tokens.yaml
    list: tokens
    fields:
      value: {type: integer, min: 1, max: 9, required: true}
components:
  token: {count: 2}
'''


def test_init_copies_the_bundled_game_with_its_schemas(tmp_path, capsys):
    target = tmp_path / "mygame"
    assert main(["init", str(target)]) == 0
    assert f"made {target}: a copy of Dark Prophecies" in capsys.readouterr().out
    assert (target / "schemas" / "arcana.schema.json").is_file()
    assert not list(target.rglob("*.py")) and not list(target.rglob("__pycache__"))
    ours = {p.relative_to(target) for p in target.rglob("*") if p.is_file()}
    bundled = {p.relative_to(bundled_content()) for p in bundled_content().rglob("*")
               if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts}
    assert ours == bundled
    assert [c.id for c in load_content(target).cards] == [
        c.id for c in load_content(bundled_content()).cards]


def test_init_never_writes_into_a_folder_that_holds_something(tmp_path, capsys):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep me")
    assert main(["init", str(target)]) == 2
    assert "already exists and is not an empty folder" in capsys.readouterr().err
    assert [p.name for p in target.iterdir()] == ["notes.txt"]
    assert main(["init", str(tmp_path / "x"), "--from", "dark-prophecy"]) == 2
    assert "did you mean 'dark-prophecies'?" in capsys.readouterr().err
    assert not (tmp_path / "x").exists() and [p.name for p in tmp_path.iterdir()] == ["mine"]


def test_the_version_is_the_installed_one(capsys):
    from importlib.metadata import version

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"prophecy {version('dark-prophecies')}\n"


@pytest.fixture
def tokens(tmp_path: Path) -> Path:
    root = tmp_path / "tokens"
    root.mkdir()
    (root / "game.yaml").write_text(NO_ENGINE)
    (root / "tokens.yaml").write_text(
        "# yaml-language-server: $schema=schemas/token.schema.json\n"
        "tokens:\n  - {name: Ember, value: 3}\n  - {name: Ash, value: 1}\n")
    return root


@pytest.mark.parametrize("command", ["simulate", "balance", "test", "replay"])
def test_a_game_without_an_engine_is_not_played(tokens, command, capsys, tmp_path):
    extra = [str(tmp_path / "none.jsonl")] if command == "replay" else []
    assert main([command, *extra, "--content", str(tokens)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[1].endswith(
        f"Tokens has no engine: 'prophecy {command}' plays a game, and this one only "
        "checks, lints, formats, builds, serves and diffs")


def test_a_game_without_an_engine_loads_its_own_kinds(tokens):
    content = load_content(tokens)
    assert content.kinds == ("token",) and content.pack.engine == ""
    assert [(c.id, c.value) for c in content.cards] == [("token/ember", 3), ("token/ash", 1)]


def test_an_engine_that_is_not_installed_is_a_placed_problem(tmp_path, capsys):
    root = tmp_path / "game"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
    game = root / "game.yaml"
    game.write_text(game.read_text().replace("engine: dark-prophecies", "engine: dark-prophecie"))
    assert main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().out
    assert "no engine named 'dark-prophecie' is installed" in out
    assert "did you mean 'dark-prophecies'?" in out


EXPANSION = '''# yaml-language-server: $schema=schemas/game.schema.json
name: Ashes of the Prophecy
extends: bundled
kinds:
  arcana:
    files: arcana/*.yaml
components:
  arcana: {count: 3}
'''
ASH = '''# yaml-language-server: $schema=../schemas/arcana.schema.json
grimoire: Necromancy
cards:
  - name: Ember Skull
    types: [Item]
    effects:
      - "Return a card from your discard pile to your hand"
  - name: Cinder Rite
    types: [Spell]
    copies: 2
    effects:
      - "Grimoire Level 2: Add 2 to any Dark Deed"
'''


@pytest.fixture
def ashes(tmp_path: Path) -> Path:
    root = tmp_path / "ashes"
    (root / "arcana").mkdir(parents=True)
    (root / "game.yaml").write_text(EXPANSION)
    (root / "arcana" / "ash.yaml").write_text(ASH)
    return root


def test_an_expansion_adds_its_cards_to_the_base_game_untouched(ashes):
    base = load_content(bundled_content())
    content = load_content(ashes)
    added = [c for c in content.cards if c.set]
    assert [(c.id, c.set, c.copies) for c in added] == [
        ("arcana/ember-skull", "Ashes of the Prophecy", 1),
        ("arcana/cinder-rite", "Ashes of the Prophecy", 2)]
    assert [c.id for c in content.cards if not c.set] == [c.id for c in base.cards]
    assert content.rules == base.rules and content.grimoires == base.grimoires
    assert [(s.name, s.components.get("arcana")) for s in content.sets] == [
        ("", {"count": 72, "per_grimoire": 24}), ("Ashes of the Prophecy", {"count": 3})]


def test_an_expansion_counts_its_own_set_checks_simulates_and_builds(ashes, tmp_path, capsys):
    assert main(["lint", "--content", str(ashes)]) == 0  # 3 cards, as its own list says
    assert main(["simulate", "--content", str(ashes), "--games", "20", "--seed", "3"]) == 0
    assert "Ashes of the Prophecy: 20 games" in capsys.readouterr().out
    out = tmp_path / "out"
    assert main(["build", "--content", str(ashes), "--out", str(out), "--only",
                 "Ember Skull"]) == 0
    assert (out / "cards" / "arcana-ember-skull.png").is_file()
    (ashes / "game.yaml").write_text(EXPANSION.replace("count: 3", "count: 4"))
    assert main(["lint", "--content", str(ashes)]) == 1
    # placed at components:' arcana entry (line 8), not at the kind under kinds: (line 5)
    assert "ashes/game.yaml:8:3: PL501 3 Arcana cards, the component list says 4" in \
        capsys.readouterr().out


def test_an_expansion_of_a_missing_game_is_placed(ashes, capsys):
    (ashes / "game.yaml").write_text(EXPANSION.replace("extends: bundled", "extends: ../base"))
    assert main(["check", "--content", str(ashes)]) == 1
    assert "game.yaml:3:10: the base game '../base' has no game.yaml" in capsys.readouterr().out


def test_init_blank_makes_a_one_kind_game_that_checks_and_builds_from_inside(tmp_path, capsys,
                                                                            monkeypatch):
    """`prophecy init mygame --blank && cd mygame && prophecy check && prophecy build`: one
    kind, its face and back, two cards, schemas wired for the editor; no --content."""
    monkeypatch.chdir(tmp_path)
    assert main(["init", "mygame", "--blank"]) == 0
    monkeypatch.chdir(tmp_path / "mygame")
    assert (Path("schemas") / "card.schema.json").is_file()
    assert Path("cards.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=schemas/card.schema.json")
    capsys.readouterr()
    assert main(["check"]) == 0
    assert capsys.readouterr().out.startswith("./: 2 card designs (3 cards with copies")
    assert main(["build", "--out", "../out"]) == 0
    fronts = sorted(p.name for p in (tmp_path / "out" / "cards").glob("*.png"))
    assert fronts == ["card-first-light.png", "card-second-wind.png"]
    assert [p.name for p in (tmp_path / "out" / "backs").glob("*.png")] == ["card.png"]


def test_init_blank_and_from_name_two_starting_points(tmp_path, capsys):
    assert main(["init", str(tmp_path / "g"), "--blank", "--from", "fate-deduction"]) == 2
    assert "--blank and --from" in capsys.readouterr().err
