"""The AST's shape: frozen nodes, spans out of equality, JSON schema kept in step."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from prophecy.dsl import ast
from prophecy.dsl.parser import parse
from prophecy.dsl.schema import ast_schema

SCHEMA_FILE = Path(ast.__file__).with_name("ast.schema.json")


def test_committed_schema_matches_the_node_classes():
    committed = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    regenerate = "python -m prophecy.dsl.schema > dsl/ast.schema.json"
    assert committed == ast_schema(), f"regenerate: {regenerate}"


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
