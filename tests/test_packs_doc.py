"""docs/packs.md is true: its styles are the renderer's, its YAML is the schemas', its
commands run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from prophecy.compiler.facespec import STYLES
from prophecy.compiler.model.schema import schema
from prophecy.render import fronts
from prophecy.tools import main

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")


def _table(first: str) -> dict[str, list[str]]:
    """The rows of the table whose header starts with ``first``: name -> its other cells."""
    block = DOC.split(f"| {first} |", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in block.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_the_styles_table_is_every_style_with_its_options():
    rows = _table("style")
    assert set(rows) == set(STYLES) == set(fronts.STYLES)
    for style, (_, options) in rows.items():
        assert re.findall(r"`(\w+)`", options) == list(STYLES[style]), style


def test_the_field_types_table_is_every_type():
    from prophecy.compiler.model.pack import FIELD_TYPES

    assert set(_table("field type")) == set(FIELD_TYPES)


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC, re.S)


def test_each_faces_block_is_a_layouts_faces():
    blocks = [yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("faces:")]
    assert blocks
    face = {**schema("layout")["$defs"]["face"], "$defs": schema("layout")["$defs"]}
    for block in blocks:
        for name, spec in block["faces"].items():
            errors = list(Draft202012Validator(face).iter_errors(spec))
            assert not errors, (name, errors[0].message)


def test_each_kinds_block_is_what_game_yaml_admits():
    game = schema("game")
    kinds = [yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("kinds:")]
    assert kinds
    for block in kinds:
        data = {"name": "Doc", "kinds": block["kinds"]}
        errors = list(Draft202012Validator(game).iter_errors(data))
        assert not errors, errors[0].message


@pytest.mark.slow
def test_the_new_game_commands_run_in_order(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    block = re.findall(r"```sh\n(.*?)```", DOC, re.S)[0]
    commands = [shlex.split(line, comments=True) for line in block.splitlines()]
    commands = [c for c in commands if c]
    assert [c[:2] for c in commands] == [["prophecy", "init"], ["prophecy", "init"],
                                          ["cd", "mygame"], ["prophecy", "check"],
                                          ["prophecy", "build"]]
    for words in commands:
        if words[0] == "cd":
            monkeypatch.chdir(words[1])
            continue
        assert main(words[1:]) == 0, capsys.readouterr().err
    assert "./: " in capsys.readouterr().out  # the check was of the folder made
    assert (tmp_path / "mygame-out" / "sheets-a4.pdf").is_file()


@pytest.mark.parametrize("doc", sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"],
                         ids=lambda p: p.name)
def test_every_yaml_example_in_the_docs_is_yaml(doc):
    """A designer copies these blocks into their files: each must load as it is written."""
    for block in re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
        try:
            yaml.safe_load(block)
        except yaml.YAMLError as exc:
            pytest.fail(f"{doc.name}: a yaml block does not load: {exc}\n{block}")


def test_the_glyph_table_names_every_glyph_the_renderer_draws():
    from prophecy.render.icons import ICONS, SYMBOLS

    table = _table("glyph")
    assert set(table) == {*SYMBOLS, *ICONS}
    for name, icon in ICONS.items():
        assert table[name][0] == f"icon (`{icon.colour}`)"
    assert all(table[name][0] == "symbol" for name in SYMBOLS)
