"""A lexer for the rules language that gives the tokens of Lark's basic lexer, faster.

Lark's basic lexer spends much of a parse in per-token bookkeeping: a line
counter fed every token, and a second regular expression run on every word to
see whether it is a keyword. An effect is one line of ASCII text, so line and
column follow from the position, and a keyword is a dictionary lookup on the
lowercased word.

It stands on Lark's public interface for custom lexers (``lexer=FastLexer``:
the ``LexerConf`` Lark hands over, ``Token``, ``UnexpectedCharacters``) and is
built from the grammar's own terminals with Lark's rules (terminals ordered by
priority, then width, then length, then name; a string terminal that a regex
terminal of the same priority matches in full is a keyword of that terminal),
so the grammar stays the one source of truth. ``dsl.parser`` gives it only
one-line ASCII text; anything else, and any text it cannot split, goes to
Lark's own basic lexer. A test holds the two token for token equal on every
canonical line and on random text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lark import Token
from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer


def _order(terminal: Any) -> tuple[int, int, int, str]:
    """The order in which Lark's basic lexer tries terminals."""
    pattern = terminal.pattern
    return (-terminal.priority, -pattern.max_width, -len(pattern.value), terminal.name)


class FastLexer(Lexer):
    """Lark's basic lexer for one line of ASCII text (``lexer=FastLexer`` in ``Lark``)."""

    def __init__(self, conf: Any) -> None:
        self._ignore = frozenset(conf.ignore)
        terminals = sorted(conf.terminals, key=_order)
        regexes = [t for t in terminals if t.pattern.type == "re"]
        strings = [t for t in terminals if t.pattern.type == "str"]
        # per regex terminal: its keywords by (lowercased) text, and whether they ignore case
        self._keywords: dict[str, tuple[dict[str, str], bool]] = {}
        embedded: set[str] = set()
        for rx in regexes:
            whole = re.compile(rx.pattern.to_regexp(), conf.g_regex_flags)
            mine = [s for s in strings if s.priority == rx.priority
                    and (m := whole.match(s.pattern.value)) and m.group() == s.pattern.value]
            if not mine:
                continue
            flags = {frozenset(s.pattern.flags) for s in mine}
            if len(flags) > 1 or not flags <= {frozenset(), frozenset("i")} \
                    or not next(iter(flags)) <= frozenset(rx.pattern.flags):
                raise ValueError(f"keywords of {rx.name}: flags the fast lexer does not follow")
            folded = "i" in next(iter(flags))
            words = {s.pattern.value.lower() if folded else s.pattern.value: s.name for s in mine}
            if len(words) != len(mine) or not all(s.pattern.value.isascii() for s in mine):
                raise ValueError(f"keywords of {rx.name}: two spell the same word, or not ASCII")
            self._keywords[rx.name] = (words, folded)
            embedded.update(s.name for s in mine)
        scanned = [t for t in terminals if t.name not in embedded]
        self._match = re.compile(
            "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in scanned),
            conf.g_regex_flags,
        ).match

    def lex(self, text: str) -> Iterator[Token]:  # type: ignore[override]
        """The tokens of one line of ASCII text (``dsl.parser`` sends nothing else)."""
        match, ignore, keywords = self._match, self._ignore, self._keywords
        pos, end = 0, len(text)
        while pos < end:
            m = match(text, pos)
            if m is None or m.end() == pos:
                raise UnexpectedCharacters(text, pos, 1, pos + 1)  # type: ignore[no-untyped-call]
            kind, after = m.lastgroup, m.end()
            assert kind is not None
            if kind not in ignore:
                value = m.group()
                known = keywords.get(kind)
                if known is not None:
                    words, folded = known
                    kind = words.get(value.lower() if folded else value, kind)
                yield Token(kind, value, pos, 1, pos + 1, 1, after + 1, after)
            pos = after
