"""Canonical text held by fixtures: identity lines, non-canonical pairs, broken lines."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "dsl"


def _lines(name: str) -> list[str]:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


IDENTITY = _lines("identity.txt")
PAIRS = [tuple(line.rsplit(" ; ", 1)) for line in _lines("canonical.txt")]
ERRORS = [tuple(line.split(" ; ", 3)) for line in _lines("errors.txt")]


def test_identity_fixture_is_large_enough():
    assert len(IDENTITY) >= 80
    assert len(set(IDENTITY)) == len(IDENTITY), "a line is listed twice"


@pytest.mark.parametrize("line", IDENTITY)
def test_canonical_line_prints_unchanged(line, vocab):
    assert to_text(parse(line, vocab)) == line


@pytest.mark.parametrize("line", IDENTITY)
def test_printing_is_idempotent(line, vocab):
    once = to_text(parse(line, vocab))
    assert to_text(parse(once, vocab)) == once


@pytest.mark.parametrize(("written", "canonical"), PAIRS)
def test_non_canonical_spelling_prints_canonically(written, canonical, vocab):
    node = parse(written, vocab)
    assert to_text(node) == canonical
    assert parse(canonical, vocab) == node


@pytest.mark.parametrize(("line", "column", "message", "hint"), ERRORS)
def test_broken_line_gets_one_clear_error(line, column, message, hint, vocab):
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    error = caught.value
    assert (error.column, error.message, error.hint) == (int(column), message, hint)
    assert error.source == line


@pytest.mark.parametrize(("line", "target"), [
    ("Add 1 to your Dark Deed with the fewest points", "lowest-points"),
    ("Add 1 to the Dark Deed with the most points", "highest-points"),
])
def test_a_dark_deed_by_points_needs_the_games_target(line, target, vocab):
    without = replace(vocab, deed_targets=tuple(t for t in vocab.deed_targets if t != target))
    with pytest.raises(DslError) as caught:
        parse(line, without)
    error = caught.value
    assert error.message == f"this game has no '{target}' Dark Deed target"
    assert error.hint == "use one of the targets game.yaml lists, as in 'Add 1 to any Dark Deed'"
    assert (error.column, error.length) == (10, len(line) - 9)  # the whole target


def test_error_renders_place_source_caret_and_hint(vocab):
    with pytest.raises(DslError) as caught:
        parse("Necromncy Level 2: Draw 1 Arcana", vocab)
    error = caught.value
    error.where = "cards.yaml"
    assert str(error) == (
        "cards.yaml:1:1: unknown grimoire 'Necromncy'\n"
        "    Necromncy Level 2: Draw 1 Arcana\n"
        "    ^^^^^^^^^\n"
        "  hint: did you mean 'Necromancy'?"
    )


@pytest.mark.parametrize("line", ["", "   ", "\t"])
def test_empty_line_is_an_error(line, vocab):
    with pytest.raises(DslError, match="the line is empty"):
        parse(line, vocab)


def test_two_lines_in_one_string_is_an_error(vocab):
    with pytest.raises(DslError, match="an effect is one line") as caught:
        parse("Draw 1 Arcana\nDiscard 1", vocab)
    assert caught.value.column == 14


def test_spans_point_into_the_line(vocab):
    node = parse("Grimoire Level 2: Draw 2 Arcana, then Discard 1", vocab)
    second = node.actions[1]
    assert second.span is not None
    assert "Grimoire Level 2: Draw 2 Arcana, then Discard 1"[second.span.start:second.span.end] == (
        "Discard 1"
    )
