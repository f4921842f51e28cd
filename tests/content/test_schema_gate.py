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
    """All but the layouts, which write whole millimetres as decimals ('63.0')."""
    assert len(FILES) >= 50
    for which, data in FILES:
        assert schema.surely_valid(which, data) is (which != "layout")
        assert list(schema.iter_findings(which, data)) == []


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
