"""The loader on valid content: typed cards, copies, places, the rules and the schemas."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from prophecy.compiler import model
from prophecy.compiler.model.files import schemas_dir
from prophecy.compiler.model.loader import check_content, counts, expand_copies, load_content, slug
from prophecy.compiler.model.schema import iter_findings, schema, schema_errors
from prophecy.dsl import ast

HERE = Path(__file__).resolve().parent
DEFECTS = HERE / "fixtures" / "defects"
SCHEMA_OF = {
    "game.yaml": "game", "grimoires.yaml": "grimoires", "verses.yaml": "verses",
    "hirelings.yaml": "hirelings", "titles.yaml": "titles", "reference.yaml": "reference",
    "tracker.yaml": "tracker", "arcana": "arcana", "deeds": "deeds",
}


@pytest.fixture(scope="module")
def content(minimal_content: Path) -> model.Content:
    return load_content(minimal_content)


def test_minimal_content_checks_clean(minimal_content):
    loaded, errors = check_content(minimal_content)
    assert errors == []
    assert isinstance(loaded, model.Content)


def test_counts_expand_copies(content):
    assert counts(content) == {
        "arcana": 4, "grimoire": 2, "deed": 2, "verse": 1, "hireling": 1, "title": 1,
        "reference": 1, "tracker": 1,
    }
    assert len(content.cards) == 12
    assert len(expand_copies(content.cards)) == 13


def test_game_data(content):
    assert content.game_name == "Minimal Prophecies"
    assert content.grimoires == ("Blood Magic", "Necromancy")
    assert content.card_types == ("Spell", "Item", "Creature")
    assert content.rules == model.Rules()
    assert content.glossary == (
        model.Term("Grimoire", "A school of dark arts a player levels up.",
                   ("Discipline", "Mastery")),
    )
    assert content.components["arcana"] == 3


def test_arcana_card_is_typed_with_parsed_effects(content):
    pact = next(c for c in content.cards if c.name == "Crimson Pact")
    assert pact.kind == "arcana"
    assert (pact.id, pact.kind, pact.grimoire, pact.types, pact.copies) == (
        "arcana/crimson-pact", "arcana", "Blood Magic", ("Spell",), 2,
    )
    first, second = pact.effects
    assert first.text == "Grimoire Level 1: Add 1 to any Dark Deed"
    assert first.node == ast.Effect(
        (ast.LevelReq(ast.THIS, 1),), (ast.AddToDeed(1, ast.DeedTarget("any")),)
    )
    assert first.place == model.Place("arcana/blood-magic.yaml", 8, 10)
    assert second.place == model.Place("arcana/blood-magic.yaml", 9, 9)
    assert pact.place == model.Place("arcana/blood-magic.yaml", 4, 5)


def test_every_kind_is_built(content):
    by_kind = {c.kind: c for c in reversed(content.cards)}  # the first of each kind
    grimoire = by_kind["grimoire"]
    assert grimoire.kind == "grimoire"
    assert grimoire.points == (0, 1, 3, 6, 10) and grimoire.manifest_name == "Bloodletting"
    assert isinstance(grimoire.manifest.node.actions[0], ast.RevealUntil)
    verse = by_kind["verse"]
    assert isinstance(verse.condition.node, ast.Compare) and verse.position == "starting"
    hireling = by_kind["hireling"]
    assert hireling.role == "sabotage" and hireling.redraw is True
    title = by_kind["title"]
    assert isinstance(title.condition.node, ast.Title) and title.points == 5
    assert by_kind["reference"].heading == "A round, step by step"
    assert by_kind["tracker"].rounds == 5
    assert by_kind["deed"].when_complete[0].text == "Level up this Grimoire"


def test_cards_are_in_kind_order(content):
    kinds = [c.kind for c in content.cards]
    assert kinds == sorted(kinds, key=content.kinds.index)


def test_non_canonical_text_is_kept_as_written(make_content):
    header = "# yaml-language-server: $schema=schemas/title.schema.json\n"
    root = make_content(files={"titles.yaml": header +
                               "titles:\n  - name: T\n    condition: most   "
                               "STASHED cards\n    points: 5\n"})
    title = load_content(root).of_kind("title")[0]
    assert title.condition.text == "Most stashed cards"
    assert title.condition.written == "most   STASHED cards"


@pytest.mark.parametrize(("name", "expected"), [
    ("Crimson Pact", "crimson-pact"), ("Raven's  Eye!", "raven-s-eye"), ("  X-1 ", "x-1"),
])
def test_slug(name, expected):
    assert slug(name) == expected


# schemas -----------------------------------------------------------------------------
SCHEMA_NAMES = sorted(
    p.name.removesuffix(".schema.json") for p in schemas_dir().glob("*.schema.json")
    if p.name != "layout.schema.json"
)


def test_rules_schema_lists_every_rules_field():
    properties = schema("game")["properties"]["rules"]["properties"]
    assert list(properties) == [f.name for f in dataclasses.fields(model.Rules)]


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_valid_draft_2020_12_with_id_titles_descriptions(name):
    from jsonschema.validators import Draft202012Validator

    data = schema(name)
    Draft202012Validator.check_schema(data)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["$id"].endswith(f"/{name}.schema.json")
    for sub in _subschemas(data):
        if sub.get("type") == "object":
            # closed, or a map whose keys the game names (kinds, fields) with typed values
            assert sub.get("additionalProperties") is False or isinstance(
                sub.get("additionalProperties"), dict)
            assert sub.get("title") and sub.get("description")


def _subschemas(node):
    if isinstance(node, dict):
        if any(k in node for k in ("type", "enum", "$ref")):
            yield node
        for key, value in node.items():
            if key in ("properties", "$defs"):
                for child in value.values():
                    yield from _subschemas(child)
            elif key == "items":
                yield from _subschemas(value)


def test_schemas_are_pretty_json():
    for path in schemas_dir().glob("*.schema.json"):
        if path.name != "layout.schema.json":
            text = path.read_text(encoding="utf-8")
            assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(("name", "data"), [
    ("arcana", {"grimoire": 1, "cards": [
        {"name": " ", "types": ["Spell", "Spell"], "effects": [], "copies": 0, "x": 1},
        "a card", {"name": True, "types": "Spell", "effects": [3, None], "copies": 2.0},
    ]}),
    ("game", {"name": "G", "vocabulary": {"grimoires": [], "deed_targets": ["all"]},
              "rules": {"rounds": "5", "verses_per_round": [1, -2, True]},
              "components": {"arcana": {"count": 1.5, "per_grimoire": None}, "token": {}}}),
    ("verse", {"verses": [{"name": "V", "position": "START", "text": "", "condition": [],
                            "reward": ["a", ""], "redraw": False}]}),
    ("hireling", {"hirelings": [{"name": "H", "role": "support", "reminder": "r",
                                  "effect": ["x"], "redraw": "yes"}], "extra": 1}),
    ("tracker", ["not", "a", "mapping"]),
    ("title", {"titles": []}),
])
def test_bad_data_is_found_by_jsonschema_under_the_strict_integer_rule(name, data):
    from jsonschema.validators import Draft202012Validator

    theirs = {(tuple(e.absolute_path), e.validator)
              for e in Draft202012Validator(schema(name)).iter_errors(data)}
    ours = {(tuple(f.absolute_path), f.validator) for f in iter_findings(name, data)}
    assert ours
    # The one difference: a whole number written as a float is a type error here.
    floats = {(p, "type") for p, _ in ours if _at(data, p).__class__ is float}
    assert ours - floats == theirs - floats


def _at(data, path):
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize("text", ["copies: 2.0", "copies: 3."])
def test_a_whole_number_written_as_a_float_is_a_type_error_at_its_place(tmp_path, text):
    from prophecy.compiler.model.yamlsafe import load_yaml

    path = tmp_path / "necromancy.yaml"
    path.write_text("grimoire: Necromancy\ncards:\n  - name: A\n    types: [Spell]\n"
                    f"    {text}\n    effects: ['Draw 1 Arcana']\n")
    src, node, data = load_yaml(path)
    errors = schema_errors("arcana", src, node, data)
    assert [(e.line, e.column, e.message) for e in errors] == [
        (5, 13, f"'copies' must be a whole number, not the number {data['cards'][0]['copies']}")
    ]
