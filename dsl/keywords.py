"""The grammar's words: its terminals in, its keywords and how each is named in a message out.

Keywords are read from ``dsl/grammar.lark`` itself (every string terminal of
letters), so a word added to the grammar is known here at once; the few
matched by patterns (number words, 'then', 'or more') are added by name.
"""

from __future__ import annotations

import re
from functools import cache

from lark.exceptions import UnexpectedCharacters

from prophecy.dsl.grammar import NUMBER_WORDS, fast_parser, lark_parser
from prophecy.dsl.vocabulary import Vocabulary

WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")

#: How a terminal is named in a message.
SHOWN = {
    "INT": "a number",
    "NUMBER_WORD": "a number",
    "WORD": "a name",
    "_COLON": "':'",
    "_COMMA": "','",
    "_SEMICOLON": "';'",
    "_PLUS": "'+'",
    "_DOT": "'.'",
    "_THEN": "', then'",
    "_PAY_TO": "'to'",
    "OR_MORE": "'or more'",
    "OR_LESS": "'or fewer'",
    "OR_LATER": "'or later'",
    "OR_EARLIER": "'or earlier'",
    "$END": "the end of the line",
}


@cache
def keywords() -> dict[str, str]:
    """Every keyword of the grammar, lowercase, to its terminal name.

    A string terminal of letters is a keyword; so are the number words and
    'then', which the grammar matches with patterns.
    """
    words = {}
    for t in fast_parser().terminals:  # the grammar's terminals (either parser has them)
        if t.pattern.type == "str" and t.pattern.value.isalpha():
            words[t.pattern.value.lower()] = t.name
    words.update(dict.fromkeys(NUMBER_WORDS, "NUMBER_WORD"))
    words["one"] = "_ONE"
    words["then"] = "_THEN"
    words.update(dict.fromkeys(("higher", "greater", "above"), "OR_MORE"))
    words.update(dict.fromkeys(("lower", "below"), "OR_LESS"))
    words.update(dict.fromkeys(("later", "after"), "OR_LATER"))
    words.update(dict.fromkeys(("earlier", "before", "sooner"), "OR_EARLIER"))
    return words


def shown(terminal: str) -> str:
    """A terminal as a message names it: 'a number', "'draw'", "', then'"."""
    if terminal in SHOWN:
        return SHOWN[terminal]
    word = next((w for w, name in keywords().items() if name == terminal),
                terminal.lower().lstrip("_"))
    return f"'{word}'"


def unknown_words(text: str, vocab: Vocabulary) -> list[re.Match[str]]:
    """The words of ``text`` that are neither keywords nor part of a name, in order.

    Found by the grammar's own lexer, so a word inside a longer token ('higher'
    in 'or higher') is not mistaken for an unknown one.
    """
    names = vocab.grimoires + vocab.card_types + vocab.deed_targets
    known = {word.lower() for name in names for word in name.split()}
    out = []
    try:
        for token in lark_parser().lex(text):
            if token.type == "WORD" and token.value.lower() not in known \
                    and vocab.lookup(token.value) is None:
                match = WORD.match(text, token.start_pos or 0)
                if match is not None:
                    out.append(match)
    except UnexpectedCharacters:  # the words before a character the language never uses
        pass
    return out
