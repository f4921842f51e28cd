"""Property tests: for every AST, parse(print(ast)) == ast and printing is idempotent."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.dsl import ast
from prophecy.dsl.parser import EACH_ACTIONS, parse
from prophecy.dsl.printer import to_text
from prophecy.dsl.schema import ast_schema

VOCAB = read_vocabulary(Path(__file__).resolve().parents[2] / "content")
VALIDATOR = jsonschema.Draft202012Validator(ast_schema())

counts = st.integers(min_value=0, max_value=12)
grimoires = st.sampled_from(VOCAB.grimoires)
matches = st.sampled_from(VOCAB.grimoires + VOCAB.card_types)
own_or_named = st.one_of(st.just(ast.THIS), grimoires)
refs = st.one_of(st.sampled_from([ast.THIS, ast.ANY, ast.HIGHEST, ast.LOWEST]), grimoires)
filters = st.one_of(st.none(), st.just(ast.THIS), matches)
places = st.sampled_from(["pile", "center"])


@st.composite
def quantities(draw: st.DrawFn) -> ast.Quantity:
    kind = draw(st.sampled_from(ast.QuantityKind.__args__))
    if kind == "level":
        return ast.Quantity(kind, draw(grimoires))
    if kind in ("completed", "deeds"):
        return ast.Quantity(kind, draw(st.one_of(st.none(), grimoires)))
    if kind == "grimoires":
        return ast.Quantity(kind, level=draw(st.integers(0, 4)))
    return ast.Quantity(kind)


compares = st.builds(
    ast.Compare, quantities(), st.sampled_from(ast.Op.__args__), counts
)
plain_requirements = st.one_of(
    st.builds(ast.LevelReq, own_or_named, st.integers(0, 6)),
    st.builds(ast.TopDiscardReq, matches),
    st.builds(ast.RevealReq, matches),
    compares,
)
groups = st.lists(plain_requirements, min_size=1, max_size=2).map(tuple)
requirement_lists = st.one_of(
    st.lists(plain_requirements, max_size=3).map(tuple),
    st.lists(groups, min_size=2, max_size=3).map(lambda g: (ast.AnyOf(tuple(g)),)),
)
targets = st.builds(
    ast.DeedTarget,
    st.sampled_from(VOCAB.deed_targets),
    st.one_of(st.none(), st.just(ast.THIS), grimoires),
)


@st.composite
def stashes(draw: st.DrawFn) -> ast.Stash:
    source = draw(st.sampled_from(ast.Source.__args__))
    if source != "hand":
        return ast.Stash(draw(counts), source)
    return ast.Stash(draw(counts), source, draw(filters), draw(st.booleans()))


@st.composite
def looks(draw: st.DrawFn) -> ast.LookAtDeck:
    count = draw(st.integers(0, 6))
    return ast.LookAtDeck(count, draw(st.integers(0, count)),
                          draw(st.sampled_from(ast.LookRest.__args__)))


ups = st.booleans()
simple = st.one_of(
    st.builds(ast.AddToDeed, counts, targets, ups),
    st.builds(ast.RemoveFromDeed, counts, targets, ups),
    stashes(),
    st.builds(ast.DrawArcana, counts, ups),
    st.builds(ast.DrawDeeds, counts, counts),
    st.builds(ast.LevelUp, refs),
    st.builds(ast.LevelDown, refs),
    st.builds(ast.Discard, counts, places, ups),
    st.builds(ast.RevealUntil, filters, places),
    st.builds(ast.TakeFromDiscard, counts, st.sampled_from(ast.TakeSource.__args__)),
    looks(),
    st.builds(ast.GainPoints, counts),
)
times = st.one_of(st.just(0), st.integers(2, 5))
repeated = st.builds(ast.Repeat, times, simple)
for_each = st.builds(
    ast.Each, st.sampled_from(ast.Who.__args__),
    st.one_of(simple, repeated).filter(
        lambda a: isinstance(a, EACH_ACTIONS)
        and (not isinstance(a, ast.Repeat) or isinstance(a.action, EACH_ACTIONS))
    ),
)
# ruling 21: one chosen opponent does what 'Each opponent' may, maybe repeated; on one Dark
# Deed its selector picks, written "Remove 1 from an opponent's highest-points Dark Deed"
one_opponent = st.builds(
    ast.Chosen,
    st.one_of(simple, repeated).filter(
        lambda a: isinstance(a, EACH_ACTIONS)
        and (not isinstance(a, ast.Repeat) or isinstance(a.action, EACH_ACTIONS))
    ),
)
single = st.one_of(simple, repeated, for_each, one_opponent)
chosen = st.builds(
    ast.Choose, st.lists(st.lists(single, min_size=1, max_size=2).map(tuple),
                         min_size=2, max_size=3).map(tuple),
)
action_lists = st.one_of(
    st.lists(single, min_size=1, max_size=3).map(tuple),
    st.tuples(st.lists(single, max_size=2), chosen).map(lambda t: (*t[0], t[1])),
)
effects = st.builds(ast.Effect, requirement_lists, action_lists)
lines = st.one_of(effects, compares, st.builds(ast.Title, st.booleans(), quantities()))


@settings(max_examples=400, deadline=None)
@given(lines)
def test_parse_of_print_is_identity(node):
    text = to_text(node)
    assert parse(text, VOCAB) == node
    assert to_text(parse(text, VOCAB)) == text


@settings(max_examples=300, deadline=None)
@given(lines)
def test_json_round_trip_follows_the_schema(node):
    data = json.loads(json.dumps(ast.to_json(node)))
    VALIDATOR.validate(data)
    assert ast.from_json(data) == node


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ:,+-0123456789!", max_size=40))
def test_any_text_parses_or_gets_a_placed_error(text):
    from prophecy.dsl.errors import DslError

    try:
        parse(text, VOCAB)
    except DslError as error:
        assert error.message and error.hint or error.message == "the line is empty"
        assert 1 <= error.column <= max(1, len(text) + 1)


def _word_pool() -> list[str]:
    from prophecy.dsl.diagnose import keywords

    names = list(VOCAB.grimoires + VOCAB.card_types + VOCAB.deed_targets)
    return sorted(keywords()) + names + ["1", "2", "0", ":", ",", "+", ", then", "-1", "and"]


_SALAD = st.lists(st.sampled_from(_word_pool()), min_size=1, max_size=12).map(" ".join)


def _salad(text: str) -> None:
    from prophecy.dsl.errors import DslError

    try:
        node = parse(text, VOCAB)
    except DslError as error:
        assert error.message and error.hint
        assert 1 <= error.column <= len(text) + 1
    else:
        assert parse(to_text(node), VOCAB) == node


@settings(max_examples=200, deadline=None)
@given(_SALAD)
def test_word_salad_parses_or_gets_a_placed_error(text):
    _salad(text)


@pytest.mark.slow  # the same, seven times over: an error's repair search is dearer than a parse
@settings(max_examples=1500, deadline=None)
@given(_SALAD)
def test_any_word_salad_parses_or_gets_a_placed_error(text):
    _salad(text)
