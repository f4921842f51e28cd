"""The grammar, loaded: ``dsl/grammar.lark`` in, Lark's LALR parsers of it out.

Both the parser (``dsl/parser.py``) and the error explainer (``dsl/diagnose.py``)
read lines with these; neither imports the other's module for them.
"""

from __future__ import annotations

from functools import cache

from lark import Lark

from prophecy.dsl.lexer import FastLexer

#: The largest count a line may write: more than any card needs, and small enough
#: that no number a designer types can make the engine loop for long.
MAX_COUNT = 99

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}


@cache
def lark_parser() -> Lark:
    """The LALR parser of the grammar, with positions (built once, cached on disk by Lark).

    Its ``lex`` (the tokens alone, for the error explainer and lint) reuses one lexer:
    Lark builds a new lexer on every call to ``lex`` unless the parser holds one as
    ``lexer``, which an LALR parser does not (that was half of a lint of 1,000 cards).
    """
    parser = _open()
    parser.lexer = parser._build_lexer()
    return parser


def _open() -> Lark:
    return Lark.open(
        "grammar.lark",
        rel_to=__file__,
        parser="lalr",
        lexer="basic",  # keywords are reserved everywhere, so errors land on the right word
        propagate_positions=True,
        maybe_placeholders=True,  # '[part]' is None when absent: every rule has a fixed arity
        cache=True,  # Lark keeps the analysed grammar in a temp file: a faster cold start
    )


@cache
def fast_parser() -> Lark:
    """The same parser over ``dsl.lexer.FastLexer``: for one line of ASCII text, the common case."""
    return Lark.open("grammar.lark", rel_to=__file__, parser="lalr", lexer=FastLexer,
                     propagate_positions=True, maybe_placeholders=True, cache=True)
