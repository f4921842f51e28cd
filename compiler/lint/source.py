"""Places for findings: a card, a field or a word in it, a node of an effect line.

The loader gives each card and each effect line a ``Place``. Prose fields
(names, flavour, verse text, reminders, headings) have none of their own, so
the linter finds them in the file's text: the field's key below the card's
first line, then the word after it. The text is searched, never parsed again.
"""

from __future__ import annotations

import re

from prophecy.compiler.lint.core import Context
from prophecy.compiler.model import Card, EffectLine, Place
from prophecy.dsl import ast

#: The YAML key of each prose field of the model (flavour may be spelt either way).
FIELD_KEYS: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "flavor": ("flavor", "flavour"),
    "text": ("text",),
    "reminder": ("reminder",),
    "heading": ("heading",),
    "manifest_name": ("manifest_name",),
}


def _card_span(ctx: Context, card: Card) -> tuple[int, int]:
    """0-based [first, last) line numbers of a card's entry in its file."""
    lines = ctx.lines(card.place.file)
    first = max(0, min(card.place.line - 1, len(lines) - 1)) if lines else 0
    if not lines:
        return 0, 0
    head = lines[first]
    indent = len(head) - len(head.lstrip(" "))
    dash = head.lstrip(" ").startswith("- ")
    for n in range(first + 1, len(lines)):
        text = lines[n]
        stripped = text.lstrip(" ")
        width = len(text) - len(stripped)
        if stripped and not stripped.startswith("#") and (
            width < indent or (dash and width == indent and stripped.startswith("- "))
        ):
            return first, n
    return first, len(lines)


def field_place(ctx: Context, card: Card, field: str) -> Place:
    """Where the value of ``field`` of ``card`` starts (the card's place if not found)."""
    found = _field_offset(ctx, card, field)
    if found is None:
        return card.place
    line, column = found
    return Place(card.place.file, line + 1, column + 1)


def _field_offset(ctx: Context, card: Card, field: str) -> tuple[int, int] | None:
    lines = ctx.lines(card.place.file)
    first, last = _card_span(ctx, card)
    keys = "|".join(re.escape(k) for k in FIELD_KEYS.get(field, (field,)))
    pattern = re.compile(rf"^(\s*(?:-\s+)?)(?:{keys})\s*:\s*")
    for n in range(first, last):
        m = pattern.match(lines[n])
        if m:
            return n, m.end()
    return None


def word_place(ctx: Context, card: Card, field: str, value: str, start: int) -> Place:
    """The place of ``value[start:]``'s first word, for a prose field of a card.

    The word is the k-th occurrence of itself in the value; the k-th
    occurrence after the field's key in the file is its place, which holds
    for plain, quoted and folded scalars alike.
    """
    found = _field_offset(ctx, card, field)
    if found is None:
        return card.place
    word = re.match(r"\S+", value[start:])
    if word is None:
        return Place(card.place.file, found[0] + 1, found[1] + 1)
    needle = word.group(0)
    k = value[:start].count(needle)
    lines = ctx.lines(card.place.file)
    _, last = _card_span(ctx, card)
    line, column = found
    for n in range(line, last):
        text = lines[n]
        pos = column if n == line else 0
        while (hit := text.find(needle, pos)) >= 0:
            if k == 0:
                return Place(card.place.file, n + 1, hit + 1)
            k -= 1
            pos = hit + len(needle)
    return Place(card.place.file, line + 1, column + 1)


def node_place(line: EffectLine, node: ast.Node | None = None) -> Place:
    """Where a node of an effect line was written (the line's place without a span)."""
    span = getattr(node, "span", None)
    if span is None:
        return line.place
    if span.line <= 1:
        return Place(line.place.file, line.place.line, line.place.column + span.column - 1)
    return Place(line.place.file, line.place.line + span.line - 1, span.column)
