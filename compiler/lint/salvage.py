"""Effect lines of cards that did not load: a content folder's files in, PL401 findings out.

A card that breaks its schema, or a file whose YAML stops halfway, is not in the
loaded content, but its effect lines are still in the file, and a designer fixing
the load error wants the rest of the file's wording checked as well. Each file is
read as far as PyYAML can read it (its events, which stop at a syntax error, not
its tree); every string under a key that holds effect lines in the cards that did
load (``effects``, ``when_complete``... as the content itself uses them) is parsed,
and one written other than canonically is reported. Such a finding carries no fix:
``fmt`` rewrites a file only once it loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import yaml

from prophecy.compiler.lint.core import Context, Finding
from prophecy.compiler.lint.requirements import lines_with_cards
from prophecy.compiler.model import Place
from prophecy.compiler.model.files import regular_files
from prophecy.dsl import parser
from prophecy.dsl.errors import DslError
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary

#: Folders of a content folder that hold no cards.
NOT_CARDS = ("schemas", "scenarios", "layouts")
_KEY = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*:")


def unloaded_text(ctx: Context, loaded: set[tuple[str, int]]) -> Iterator[Finding]:
    """PL401 for the non-canonical effect lines of the files' cards that did not load."""
    keys = effect_keys(ctx)
    content = ctx.content
    vocab = Vocabulary(content.grimoires, content.card_types, content.deed_targets)
    for path in regular_files(ctx.root, "*.yaml"):  # a pipe named *.yaml is never read
        rel = path.relative_to(ctx.root).as_posix()
        if rel.split("/")[0] in NOT_CARDS or rel == "game.yaml":
            continue
        for found in scalars(ctx, rel, keys):
            if (rel, found.line) in loaded:
                continue
            try:
                canonical = to_text(parser.parse(found.value, vocab))
            except DslError:  # the load error itself, reported by check
                continue
            if canonical != found.value:
                yield Finding(
                    "PL401", f"'{found.value}' is written '{canonical}' canonically",
                    Place(rel, found.line, found.column),
                    "the card this line is on does not load: fix that first (prophecy "
                    "check), then 'prophecy fmt' rewrites it")


def effect_keys(ctx: Context) -> frozenset[str]:
    """The keys under which the content's loaded cards hold effect lines."""
    keys: set[str] = set()
    for _card, line in lines_with_cards(ctx):
        keys.update(_key_of(ctx.lines(line.place.file), line.place.line))
    return frozenset(keys)


def _key_of(lines: list[str], number: int) -> list[str]:
    """The key a value on a line belongs to: its own line's, or, for an item of a list, the
    key the list is the value of: the first line above that is indented less, or as much
    when it is no item itself (YAML lets a key's list start at the key's own indent, as
    PyYAML writes it)."""
    if not 0 < number <= len(lines):
        return []
    own = lines[number - 1]
    found = _KEY.match(own)
    if found:  # 'key: value', or '- key: value' (the first key of a list's mapping)
        return [found.group(1)]
    item = own.lstrip().startswith("-")
    indent = len(own) - len(own.lstrip())
    for above in reversed(lines[: number - 1]):
        text = above.lstrip()
        if not text or text.startswith("#"):
            continue
        depth = len(above) - len(text)
        if depth < indent or (item and depth == indent and not text.startswith("-")):
            found = _KEY.match(above)
            return [found.group(1)] if found else []
    return []


@dataclass(frozen=True)
class Scalar:
    value: str
    line: int
    column: int


@dataclass
class _Level:
    """One mapping or sequence open while reading a file's events."""

    sequence: bool
    key: str | None = None  # a mapping's last key; a sequence's: the key it is the value of
    want_key: bool = True


def scalars(ctx: Context, rel: str, keys: frozenset[str]) -> list[Scalar]:
    """The strings of a file under ``keys`` (as values, or items of a list that is one), as
    far as the file's YAML can be read."""
    text = "\n".join(ctx.lines(rel))
    out: list[Scalar] = []
    stack: list[_Level] = []
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            _step(event, stack, keys, out)
    except yaml.YAMLError:
        pass  # what was read before the error is kept
    return out


def _step(event: yaml.Event, stack: list[_Level], keys: frozenset[str],
          out: list[Scalar]) -> None:
    top = stack[-1] if stack else None
    if isinstance(event, yaml.SequenceStartEvent):
        stack.append(_Level(True, top.key if top is not None else None))
    elif isinstance(event, yaml.MappingStartEvent):
        stack.append(_Level(False))
    elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
        stack.pop()
        if stack and not stack[-1].sequence:
            stack[-1].want_key = True  # the collection was the value of the key before it
        return
    elif isinstance(event, yaml.ScalarEvent) and top is not None:
        if not top.sequence and top.want_key:
            top.key, top.want_key = event.value, False
            return
        if top.key in keys and event.start_mark is not None:
            quoted = 1 if event.style in ("'", '"') else 0
            out.append(Scalar(event.value, event.start_mark.line + 1,
                              event.start_mark.column + 1 + quoted))
        if not top.sequence:
            top.want_key = True
