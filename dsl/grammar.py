"""The grammar, loaded: ``dsl/grammar.lark`` and the verbs of ``dsl/ast.py`` in, Lark's
LALR parsers of them out.

Both the parser (``dsl/parser.py``) and the error explainer (``dsl/diagnose.py``)
read lines with these; neither imports the other's module for them. The one list
of verbs the grammar needs, the words after which 'to' joins a price to what it
buys (``_PAY_TO``), is put in from the verbs' declarations (``ast.VERBS``), so a
new verb is never missing from it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark

from prophecy.dsl import ast
from prophecy.dsl.lexer import FastLexer

GRAMMAR = Path(__file__).with_name("grammar.lark")
#: The placeholder in ``_PAY_TO`` for the first words of the declared verbs.
VERB_WORDS = "(VERB_WORDS)"

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


def verb_words() -> list[str]:
    """The first word of every declared verb, lowercased, once each ('add', 'level'...)."""
    return sorted({verb.words.split()[0].lower() for verb in ast.VERBS.values()})


@cache
def language_words() -> tuple[str, ...]:
    """The language's own keywords of more than three letters ('matching', 'center'): the
    nearest spelling for a word that is neither a name nor a keyword."""
    return tuple(sorted({t.pattern.value.lower() for t in fast_parser().terminals
                         if t.pattern.type == "str" and t.pattern.value.isalpha()
                         and len(t.pattern.value) > 3}))


@cache
def grammar_text() -> str:
    """``dsl/grammar.lark`` with the declared verbs' first words in ``_PAY_TO``."""
    text = GRAMMAR.read_text(encoding="utf-8")
    assert text.count(VERB_WORDS) == 1, "dsl/grammar.lark: VERB_WORDS once, in _PAY_TO"
    return text.replace(VERB_WORDS, "(" + "|".join(verb_words()) + ")")


def _load(**options: Any) -> Lark:
    return Lark(grammar_text(), **options)


def _open() -> Lark:
    return _load(
        parser="lalr",
        lexer="basic",  # keywords are reserved everywhere, so errors land on the right word
        propagate_positions=True,
        maybe_placeholders=True,  # '[part]' is None when absent: every rule has a fixed arity
        cache=True,  # Lark keeps the analysed grammar in a temp file: a faster cold start
    )


@cache
def fast_parser() -> Lark:
    """The same parser over ``dsl.lexer.FastLexer``: for one line of ASCII text, the common case."""
    return _load(parser="lalr", lexer=FastLexer, propagate_positions=True,
                 maybe_placeholders=True, cache=True)
