"""The error classes as a person reads them: places, carets, hints, summaries, suggestions."""

from __future__ import annotations

import pytest

from prophecy.dsl.errors import (
    ContentErrors,
    DslError,
    ProphecyError,
    UsageError,
    one_of,
    suggest,
    window,
)


def test_an_error_shows_its_place_source_caret_and_hint():
    error = ProphecyError("unknown word 'Drw'", line=3, column=5, hint="did you mean 'Draw'?",
                          where="cards.yaml", source="  - Drw 1 Arcana\n", length=3)
    assert str(error) == (
        "cards.yaml:3:5: unknown word 'Drw'\n"
        "      - Drw 1 Arcana\n"
        "        ^^^\n"
        "  hint: did you mean 'Draw'?"
    )


def test_a_caret_is_at_least_one_character_and_no_source_means_no_caret():
    error = ProphecyError("m", column=2, where="f", source="ab", length=0)
    assert str(error) == "f:1:2: m\n    ab\n     ^"
    assert str(ProphecyError("m", where="f")) == "f:1:1: m"


def test_line_zero_is_a_problem_with_no_place_in_a_text():
    assert str(ProphecyError("no game.yaml here", line=0, where="content")) == (
        "content: no game.yaml here")


def test_a_usage_error_names_the_command_and_has_no_place():
    error = UsageError("--players must be 2 to 4", "prophecy simulate", "pass --players 3")
    assert (error.line, error.column, error.where) == (0, 0, "prophecy simulate")
    assert str(error) == "prophecy simulate: --players must be 2 to 4\n  hint: pass --players 3"
    assert str(UsageError("bad", "prophecy x")) == "prophecy x: bad"


def test_several_problems_read_as_the_first_and_list_every_one():
    first = ProphecyError("a", line=2, column=3, hint="h", where="f", source="src", length=2)
    second = ProphecyError("b", line=5, where="g")
    both = ContentErrors([first, second])
    assert (both.message, both.line, both.column, both.hint, both.where, both.source,
            both.length) == ("a", 2, 3, "h", "f", "src", 2)
    assert both.errors == [first, second]
    assert str(both) == f"{first}\n{second}\n2 problems in the content"
    assert str(ContentErrors([second])) == "g:5:1: b\n1 problem in the content"


def test_a_dsl_error_is_a_prophecy_error_moved_to_its_file():
    error = DslError("m", column=4, length=2, hint="h")
    moved = error.at("cards.yaml", 7, 12, "  - x")
    assert (moved.where, moved.line, moved.column, moved.source, moved.length) == (
        "cards.yaml", 7, 12, "  - x", 2)
    assert error.where == "<line>"


@pytest.mark.parametrize(("word", "hint"), [
    ("Necromncy", "did you mean 'Necromancy'?"),
    ("necromancy", "did you mean 'Necromancy'?"),
    ("Demonolgy", "did you mean 'Demonology'?"),
    ("Xylophone", ""),
])
def test_suggest_names_the_closest_choice_or_nothing(word, hint):
    assert suggest(word, ["Blood Magic", "Demonology", "Necromancy"]) == hint


def test_one_of_lists_the_choices_in_words():
    assert one_of([]) == ""
    assert one_of(["a"]) == "'a'"
    assert one_of(["a", "b"]) == "'a' or 'b'"
    assert one_of(["a", "b", "c"]) == "'a', 'b' or 'c'"


def test_the_source_line_loses_only_its_line_break():
    error = ProphecyError("m", column=1, where="f", source="Draw 1 X  \n")
    assert str(error).splitlines()[1] == "    Draw 1 X  "


def test_a_long_line_is_cut_to_a_window_with_its_column_in_the_middle():
    line = "".join(f"{i:03d}," for i in range(100))  # 400 characters, each place readable
    shown, column = window(line, 201)  # column 201 is the '0' of '050'
    assert shown == "..." + line[150:250] + "..."
    assert column == 54 and shown[column - 1 : column + 2] == "050"


def test_only_card_types_are_read_in_the_plural(vocab):
    assert vocab.lookup("Creatures") == ("card type", "Creature")
    assert vocab.lookup("necromancy") == ("grimoire", "Necromancy")
    assert vocab.lookup("Necromancys") is None  # a grimoire has no plural
