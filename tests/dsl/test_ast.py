"""The AST's shape: frozen nodes, spans out of equality, JSON schema kept in step."""

from __future__ import annotations

import dataclasses
import json

import pytest

from prophecy.dsl import ast
from prophecy.dsl.parser import parse
from prophecy.dsl.schema import ast_schema


def test_parse_schema_prints_the_schema_of_the_node_classes(capsys):
    from prophecy.tools import main

    assert main(["parse", "--schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == ast_schema()
    assert set(printed["$defs"]) == {cls.__name__ for cls in ast.NODE_CLASSES}


def test_parse_without_a_line_is_a_usage_error(capsys):
    from prophecy.tools import main

    assert main(["parse"]) == 2
    assert "no line to parse" in capsys.readouterr().err


def test_nodes_are_frozen(vocab):
    node = parse("Draw 1 Arcana", vocab)
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.actions = ()  # type: ignore[misc]


def test_spacing_and_casing_do_not_change_the_tree(vocab):
    a = parse("Grimoire Level 2: Add 1 to highest-points Dark Deed", vocab)
    b = parse("  grimoire   LEVEL 2 :add 1 to HIGHEST-POINTS dark deeds", vocab)
    assert a == b and hash(a) == hash(b)
    assert a.span != b.span


def test_level_requirement_on_own_grimoire(vocab):
    node = parse("Grimoire Level 2: add 1 to highest-points Dark Deed", vocab)
    assert node == ast.Effect(
        (ast.LevelReq(ast.THIS, 2),),
        (ast.AddToDeed(1, ast.DeedTarget("highest-points")),),
    )


def test_from_json_rejects_what_is_not_a_node():
    with pytest.raises(ValueError, match="not an AST node"):
        ast.from_json({"node": "Teleport"})


def test_walk_visits_every_node_in_source_order(vocab):
    node = parse("Necromancy Level 4 + Top Discard Creature: Add 1 to any Dark Deed", vocab)
    names = [type(n).__name__ for n in ast.walk(node)]
    assert names == ["Effect", "LevelReq", "TopDiscardReq", "AddToDeed", "DeedTarget"]
