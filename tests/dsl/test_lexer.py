"""The fast lexer gives exactly the tokens of Lark's basic lexer, or fails where it fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedCharacters

from prophecy.dsl.lexer import FastLexer
from prophecy.dsl.parser import fast_parser, lark_parser, parse

IDENTITY = Path(__file__).resolve().parents[1] / "fixtures" / "dsl" / "identity.txt"


def _tokens(tokens):
    """The tokens as tuples, and the position of the first character neither could split."""
    out = []
    try:
        for t in tokens:
            out.append((t.type, t.value, t.start_pos, t.end_pos,
                        t.line, t.column, t.end_line, t.end_column))
    except UnexpectedCharacters as exc:
        return out, exc.pos_in_stream
    return out, None


def _both(text: str):
    lark = lark_parser()
    fast = FastLexer(lark.lexer_conf)
    return _tokens(fast.lex(text)), _tokens(lark.lex(text))


def _lines() -> list[str]:
    text = IDENTITY.read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("line", _lines())
def test_same_tokens_on_every_canonical_line(line):
    fast, lark = _both(line)
    assert fast == lark and fast[1] is None


@pytest.mark.parametrize("text", [
    "ADD 1 TO Highest-Points dark deed",
    "Draw 1 Arcana , then   Stash a card",
    "Draw 1 Arcana,then Discard 1",
    "thence then-more athen",
    "Draw 1 Arcana ; Discard 1",
    "Add 1 to the Carrion-King's Dark Deed",
    "Each opponent discards 1, then Level up your highest Grimoire twice",
    "Look at the top 3 cards of the Arcana deck, take 1, put the rest on the bottom",
    "Necromancy Level 2+ or Top Discard Spell: Choose one: Draw 1 Arcana or Gain 2 points",
    "",
    "\t\t",
])
def test_same_tokens_on_awkward_text(text):
    fast, lark = _both(text)
    assert fast == lark


ALPHABET = st.sampled_from(
    list("abcdefghijklmnopqrstuvwxyzADEHLNRST0123456789 \t,:+-'&;.")
    + ["then", "level", "Dark", "or", "up to", "each", "twice"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(ALPHABET, max_size=40).map("".join))
@example("Level 2 + Top Discard Creature: Add 1 to each matching Dark Deed, then Draw 1 Arcana")
def test_same_tokens_on_random_text(text):
    fast, lark = _both(text)
    assert fast == lark


@pytest.mark.parametrize("line", _lines())
def test_both_parsers_build_the_same_tree(line):
    assert fast_parser().parse(line) == lark_parser().parse(line)


@pytest.mark.parametrize(("text", "canonical"), [
    ("\u017ftash a card from your hand", "Stash a card from your hand"),  # a long s
    ("Draw \u212a Arcana", None),  # the Kelvin sign is no digit: an error, as Lark says
])
def test_text_outside_ascii_goes_to_larks_lexer(vocab, text, canonical):
    from prophecy.dsl.errors import DslError
    from prophecy.dsl.printer import to_text

    try:
        got = to_text(parse(text, vocab))
    except DslError:
        got = None
    assert got == canonical


def _lexers(grammar: str):
    from lark import Lark

    lark = Lark(grammar, parser="lalr", lexer="basic")
    return FastLexer(lark.lexer_conf), lark


@pytest.mark.parametrize(("grammar", "text"), [
    # a longer string terminal first: '<=' is one token, not '<' and then '='
    ('start: (LT | LE | EQ)+\nLT: "<"\nLE: "<="\nEQ: "="\n', "<=<<=="),
    # a wider regex first: 'ab' before 'a'
    ('start: (A | AB)+\nA: /a/\nAB: /ab?b/\n', "abab"),
    # equal widths: the longer pattern first ('a[bc]' takes 'ab' before 'ab' can)
    ('start: (A | B)+\nA: /a[bc]/\nB: /ab/\n', "abac"),
    # keywords spelt in one case only stay case-sensitive: 'IF' is a word, 'if' a keyword
    ('start: (IF | WORD)+\nIF: "if"\nWORD: /[a-zA-Z]+/\n%ignore " "\n', "if IF iF"),
    # keywords in any case: every spelling is the keyword
    ('start: (IF | WORD)+\nIF: "if"i\nWORD: /[a-zA-Z]+/i\n%ignore " "\n', "if IF iF word"),
])
def test_other_grammars_get_larks_tokens(grammar, text):
    fast, lark = _lexers(grammar)
    assert _tokens(fast.lex(text)) == _tokens(lark.lex(text))


@pytest.mark.parametrize(("grammar", "words"), [
    # one keyword in any case and one in one case: the fast lexer cannot fold both
    ('start: (IF | DO | WORD)+\nIF: "if"i\nDO: "do"\nWORD: /[a-z]+/i\n', "flags"),
    # keywords in any case over a case-sensitive pattern
    ('start: (IF | WORD)+\nIF: "if"i\nWORD: /[a-z]+/\n', "flags"),
    # two keywords in any case spelt alike but for case
    ('start: (IF | IF2 | WORD)+\nIF: "if"i\nIF2: "IF"i\nWORD: /[a-zA-Z]+/i\n', "same word"),
    # a keyword outside ASCII
    ('start: (IF | WORD)+\nIF: "\u00eff"\nWORD: /[a-z\u00efA-Z]+/\n', "not ASCII"),
])
def test_a_grammar_the_fast_lexer_cannot_follow_is_refused(grammar, words):
    with pytest.raises(ValueError, match=words):
        _lexers(grammar)
