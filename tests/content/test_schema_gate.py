"""The fast first look at a file (jsonschema-rs, ``schema.surely_valid``) says "valid" only of
data jsonschema finds nothing wrong with, as the checker configures it: whole numbers only
for 'integer', Python's patterns. Every file of the bundled game and the draft packs, and
each of them changed at random in many ways, are put to both."""

from __future__ import annotations

import copy
import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prophecy.compiler.model import schema
from prophecy.compiler.model.files import bundled_content

ROOT = Path(__file__).resolve().parents[2]
GAMES = [bundled_content(), ROOT / "examples" / "draft-mastery",
         ROOT / "examples" / "draft-disciplines"]


def _files() -> list[tuple[Any, Any]]:
    """(schema, data) of every file the checker reads in the games, as it checks them."""
    from prophecy.compiler.model import memo
    from prophecy.compiler.model.loader import analyse
    from prophecy.engine.scenarios.source import read_files
    from prophecy.render.layoutfile import load_layout

    seen: list[tuple[Any, Any]] = []
    real = schema.surely_valid

    def spy(which: Any, data: Any) -> bool:
        seen.append((which, copy.deepcopy(data)))
        return real(which, data)

    memo.forget()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schema, "surely_valid", spy)
        for game in GAMES:
            analyse(game)
            read_files([game / "scenarios"])
            load_layout(game)
    memo.forget()
    return seen


FILES = _files()


def _agrees(which: Any, data: Any) -> None:
    if schema.surely_valid(which, data):
        assert list(schema.iter_findings(which, data)) == [], data


def test_every_file_of_the_games_is_valid_at_first_look():
    """The layouts too, which write whole millimetres as decimals ('63.0')."""
    assert len(FILES) >= 50
    assert any(which == "layout" for which, _ in FILES)
    for which, data in FILES:
        assert schema.surely_valid(which, data)
        assert list(schema.iter_findings(which, data)) == []


def _numbers(data: Any) -> list[tuple[Any, ...]]:
    return [p for p in _paths(data) if type(_get(data, p)) in (int, float)]


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize("change", [
    lambda v: float(v), lambda v: float(int(v)), lambda v: float(int(v) + 1),
    lambda v: float(int(v) - 1), lambda v: -float(int(v)), lambda v: 0.0, lambda v: -0.0,
    lambda v: 1e15, lambda v: 2.0**52, lambda v: 2.0**53, lambda v: int(v), lambda v: v + 0.5,
], ids=["as-decimal", "whole", "one-up", "one-down", "negated", "zero", "minus-zero",
        "huge", "2**52", "2**53", "integer", "half-up"])
def test_every_number_made_a_whole_decimal_is_read_alike(change):
    """Numbers all over each file, in turn, made a whole number written as a decimal (and a
    few neighbours): where the schema wants an 'integer', or bounds it, the first look
    says 'valid' only when jsonschema finds nothing wrong either."""
    for which, data in FILES:
        numbers = _numbers(data)  # at most 30 a file, spread over it, the same each run
        for path in numbers[:: max(1, len(numbers) // 30)]:
            _agrees(which, _set(copy.deepcopy(data), path, change(_get(data, path))))


@pytest.mark.parametrize("schema_", [
    {"type": "integer"}, {"type": "number", "minimum": 5}, {"type": "number", "maximum": 5},
    {"type": "number", "exclusiveMinimum": 5}, {"type": "number", "exclusiveMaximum": 5},
    {"enum": [5]}, {"const": 5}, {"type": "number", "multipleOf": 5},
    {"not": {"type": "integer"}}, {"not": {"enum": [5]}},
    {"anyOf": [{"type": "integer", "maximum": 9}, {"type": "number", "minimum": 20}]},
    {"anyOf": [{"type": "integer", "maximum": 9}, {"type": "number", "minimum": 5.2}]},
    {"oneOf": [{"type": "integer"}, {"type": "number"}]},
    {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
    {"type": "object", "properties": {"minimum": {"type": "integer"}}},
    {"$defs": {"n": {"type": "integer", "minimum": 5}}, "$ref": "#/$defs/n"},
    {"type": ["integer", "string"]}, {"type": ["number", "string"], "maximum": 5},
], ids=repr)
@pytest.mark.parametrize("value", [5.0, 4.0, 6.0, 0.0, -5.0, [5.0], [5.0, 5], [5.0, 6.0],
                                   {"minimum": 5.0}, {"minimum": 5}, 5, 5.5], ids=repr)
def test_a_whole_decimal_against_each_kind_of_rule_is_read_alike(schema_, value):
    _agrees(schema_, value)


#: Values jsonschema-rs could read otherwise than jsonschema does here.
ODD = [1.0, 2.0, -0.0, True, False, None, 2**53, 2**64, -(2**70), float("nan"), float("inf"),
       "abc\n", "Ab\n", "\n", " ", "\t", "\u00a0", "\u2028", "\x1c", "\ud800", "x" * 5000,
       datetime.date(2024, 1, 1), b"bytes", (1, 2), {1: "a"}, {None: 1}, {True: 1}, [], {},
       "Draw 1 Arcana\n", "a$", "[", "\\", "é", "𝔸", 0, -1, 99, 100, 1000, 1.5, "1", ""]


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*at, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return data


@pytest.mark.parametrize("odd", ODD, ids=repr)
def test_an_odd_value_anywhere_is_left_to_jsonschema_or_read_alike(odd):
    for which, data in FILES[::3]:
        paths = _paths(data)
        for path in paths[:: max(1, len(paths) // 20)]:
            _agrees(which, _set(copy.deepcopy(data), path, odd))


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(ODD[:-1]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["name", "copies", "effects", "id", "then"]),
        inner, max_size=3),
    max_leaves=6)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(FILES) - 1), st.integers(0, 10**6), VALUES,
       st.sampled_from(["set", "delete", "add"]))
def test_a_file_changed_at_random_is_read_alike(index, where, value, how):
    which, data = FILES[index]
    data = copy.deepcopy(data)
    paths = _paths(data)
    path = paths[where % len(paths)]
    if how == "set":
        data = _set(data, path, value)
    elif path and how == "delete":
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        del parent[path[-1]]
    elif how == "add":
        target = data
        for step in path:
            target = target[step]
        if isinstance(target, dict):
            target["extra" if where % 2 else "name"] = value
        elif isinstance(target, list):
            target.append(value)
    _agrees(which, data)


@pytest.mark.parametrize(("schema_", "value"), [
    ({"type": "number", "maximum": 5}, 5.0), ({"type": "number", "minimum": 5}, 5.0),
    ({"type": "number", "enum": [5]}, 5.0), ({"type": "number", "const": 0}, -0.0),
    ({"type": "array", "items": {"type": "number", "maximum": 5}, "uniqueItems": True},
     [5.0, 4.0]),
    ({"type": "object", "properties": {"size": {"type": "number", "exclusiveMinimum": 0}}},
     {"size": 63.0}),
], ids=repr)
def test_a_whole_decimal_the_schema_takes_is_valid_at_first_look(schema_, value):
    """Where the schema wants a number and the decimal meets its bounds, lists and
    equalities, the first look says so, and jsonschema is not needed."""
    assert schema.surely_valid(schema_, value)
    assert list(schema.iter_findings(schema_, value)) == []
