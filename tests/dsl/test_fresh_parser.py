"""A parser built anew from the grammar file, not the one cached at the first parse.

The parsers and the catalogue's keys are built once per process and cached;
these tests build them again, so what builds them (the grammar file, the LALR
and lexer settings, the transformer) is checked as well as what they do.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.dsl import catalogue, diagnose, parser, repair
from prophecy.dsl.errors import DslError
from prophecy.dsl.printer import to_text

IDENTITY = Path(__file__).resolve().parents[1] / "fixtures" / "dsl" / "identity.txt"


@pytest.fixture()
def fresh():
    """Every cache of the parser emptied before the test (and refilled by it)."""
    for cached in (parser.lark_parser, catalogue._example_keys, diagnose.keywords,
                   diagnose.intents, repair._table, repair._spelling, repair._phrase):
        cached.cache_clear()
    repair._FED.clear()
    repair._ACCEPTS.clear()
    yield


def test_a_fresh_parser_reads_every_canonical_line(fresh, vocab):
    lines = [line for line in IDENTITY.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    for line in lines:
        node = parser.parse(line, vocab)
        assert to_text(node) == line
        assert node.span is not None and node.span.column == 1


def test_a_fresh_parser_puts_errors_on_the_right_word(fresh, vocab):
    with pytest.raises(DslError) as caught:
        parser.parse("Grimoire Level 2 Draw 1 Arcana", vocab)
    assert (caught.value.message, caught.value.column, caught.value.length) == (
        "missing ':' after the requirements", 18, 1)
    with pytest.raises(DslError) as caught:
        parser.parse("Draw 1 Arcana, thn Discard 1", vocab)
    assert (caught.value.message, caught.value.column) == ("unknown word 'thn'", 16)


def test_the_fresh_parser_is_an_lalr_parser_of_the_grammar_file(fresh):
    built = parser.lark_parser()
    assert built.options.parser == "lalr" and built.options.lexer == "basic"
    names = {t.name for t in built.terminals}
    assert {"_THEN", "_COLON", "INT", "WORD", "_ARCANA"} <= names
    assert diagnose.keywords()["arcana"] == "_ARCANA" and diagnose.keywords()["then"] == "_THEN"
