"""Where the cursor is in a content file: the file's lines and a position in, the value there out.

Read from the line's text and the keys above it, not from a YAML parse, so
it works while the file is half-typed and does not parse: ``- "Draw 1 Ar|``
is a value of the list under ``effects:``, starting after the quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Keys whose values are lines of the rules language.
EFFECT_KEYS = frozenset({"effects", "when_complete", "reward", "effect", "manifest", "condition"})

_ITEM = re.compile(r"^(?P<lead>\s*(?:-\s+)?)(?:(?P<key>[A-Za-z_][\w ]*?):(?:\s+|$))?")
_KEY_LINE = re.compile(r"^(?P<indent>\s*)(?:-\s+)?(?P<key>[A-Za-z_][\w ]*?):\s*(?:#.*)?$")


@dataclass(frozen=True)
class Spot:
    """A scalar value on one line: its key (a list's key for a list item), where its text starts."""

    key: str | None
    start: int  # 0-based column of the value's first character (after an opening quote)
    text: str  # the value from its start to the end of the line, closing quote and comment cut
    quote: str  # '"', "'" or '' for a plain value
    list_item: bool

    @property
    def is_effect(self) -> bool:
        return self.key in EFFECT_KEYS

    @property
    def value(self) -> str:
        """The text as YAML reads it: quotes' escapes undone."""
        if self.quote == "'":
            return self.text.replace("''", "'")
        if self.quote == '"':
            return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)),
                          self.text)
        return self.text


def spot(lines: list[str], line: int, column: int) -> Spot | None:
    """The value under a 0-based (line, column), or None when the cursor is on a key or blank."""
    if not 0 <= line < len(lines):
        return None
    text = lines[line]
    found = _ITEM.match(text)
    if found is None:  # pragma: no cover - the pattern matches every line
        return None
    lead, key = found.group("lead"), found.group("key")
    start = found.end()
    list_item = "-" in lead
    if key is None and not list_item:
        return None
    if key is None:
        key = _parent_key(lines, line, len(lead) - len(lead.lstrip()))
    rest = text[start:]
    if rest.startswith("[") or rest.startswith("{"):
        return _in_flow(key, text, start, column)
    quote = rest[:1] if rest[:1] in ("'", '"') else ""
    start += len(quote)
    if column < start:
        return None
    return Spot(key, start, _value(text[start:], quote), quote, list_item)


def _in_flow(key: str | None, text: str, start: int, column: int) -> Spot | None:
    """An item of a one-line [flow] list: from the last ',' or '[' before the cursor."""
    cut = max(text.rfind(",", start, column), text.rfind("[", start, column),
              text.rfind("{", start, column), text.rfind(":", start, column))
    if cut < 0:
        return None
    begin = cut + 1
    while begin < len(text) and text[begin] == " ":
        begin += 1
    end = len(text)
    for stop in ",]}":
        at = text.find(stop, begin)
        if at >= 0:
            end = min(end, at)
    return Spot(key, begin, text[begin:end].rstrip(), "", True)


def _value(rest: str, quote: str) -> str:
    if quote == '"':
        end = re.search(r'(?<!\\)"', rest)
        return rest[: end.start()] if end else rest
    if quote == "'":
        end = re.match(r"(?:[^']|'')*", rest)  # '' is a quote inside the text
        return end.group() if end else rest
    comment = rest.find(" #")
    return (rest[:comment] if comment >= 0 else rest).rstrip()


def _parent_key(lines: list[str], line: int, indent: int) -> str | None:
    """The key of the list an item at ``indent`` belongs to: the nearest key line above."""
    for n in range(line - 1, -1, -1):
        found = _KEY_LINE.match(lines[n])
        if found is None:
            continue
        if len(found.group("indent")) <= indent:
            return found.group("key")
    return None
