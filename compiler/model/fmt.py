"""Canonical effect text in place: a checked content folder in, rewritten files out.

Each effect line whose text is not canonical is replaced by its canonical
text, and nothing else in the file changes: only the characters of that one
YAML scalar are swapped. The scalar keeps its quoting style when the new text
is safe in it; otherwise it is single-quoted. Files are written atomically (a
temporary file in the same folder, then a rename: ``model/files.py``), so a file
is either the old one or the new one, never half of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler.model.cards import Written
from prophecy.compiler.model.files import write_atomic
from prophecy.compiler.model.yamlsafe import Source, compose_text
from prophecy.dsl.errors import ProphecyError


@dataclass(frozen=True)
class Change:
    """One effect line to rewrite: where, the text as written, the canonical text."""

    source: Source
    line: int
    column: int
    old: str
    new: str
    start: int  # character offsets of the scalar in the file's text
    end: int
    replacement: str  # the new scalar as YAML source, quoted as needed

    def __str__(self) -> str:
        return f"{self.source.where}:{self.line}:{self.column}: {self.old!r} -> {self.new!r}"


def plan(written: list[Written]) -> list[Change]:
    """The changes that make every effect line canonical, in file order.

    Offsets are the character positions PyYAML's marks give, so they hold
    whatever line breaks the file uses (``\\r``, U+2028 and U+0085 among them).
    """
    changes = []
    for item in written:
        node = item.node
        if item.text == item.canonical:
            continue
        src = item.source
        start, end = node.start_mark.index, node.end_mark.index
        raw = src.text[start:end]
        tail = raw[len(raw.rstrip()) :]  # a block scalar's span ends with its line breaks
        style = node.style if node.style in ("'", '"') else None
        changes.append(Change(
            src, node.start_mark.line + 1, node.start_mark.column + 1, item.text,
            item.canonical, start, end, quote(item.canonical, style, item.flow) + tail,
        ))
    return sorted(changes, key=lambda c: (c.source.where, c.start))


def rewrite(changes: list[Change]) -> tuple[list[Path], list[ProphecyError]]:
    """Apply the changes, one checked atomic write per file: (files written, files refused).

    Each file's new text must read back as the old one with only the planned
    values changed; a file that would not is left as it was, and a
    ProphecyError says where (the other files are still written).
    """
    by_file: dict[str, list[Change]] = {}
    for change in changes:
        by_file.setdefault(change.source.where, []).append(change)
    written, refused = [], []
    for file_changes in by_file.values():
        src = file_changes[0].source
        text = apply(src.text, file_changes)
        problem = verify(src, text, file_changes)
        if problem is not None:
            refused.append(problem)
            continue
        write_atomic(src.path, (src.bom + text).encode("utf-8"))
        written.append(src.path)
    return written, refused


def apply(text: str, changes: list[Change]) -> str:
    """The text with each change's span replaced, in one pass (linear in the file)."""
    pieces, at = [], 0
    for change in sorted(changes, key=lambda c: c.start):
        pieces.append(text[at : change.start])
        pieces.append(change.replacement)
        at = change.end
    pieces.append(text[at:])
    return "".join(pieces)


def verify(src: Source, new_text: str, changes: list[Change]) -> ProphecyError | None:
    """None when ``new_text`` reads as the old tree with only the planned values changed."""
    expected = {c.start: c.new for c in changes}
    try:
        old, new = compose_text(src.text), compose_text(new_text)
    except yaml.YAMLError:
        old, new = None, None
    where = _difference(old, new, expected) if new is not None else old
    if where is None and new is not None:
        return None
    line = where.start_mark.line + 1 if isinstance(where, yaml.Node) else 1
    return src.error(
        "fmt would change more than the values it rewrites here, so this file is left "
        "as it was", line, 1, "report this with the file; the other files were rewritten",
    )


def _difference(old: Any, new: Any, expected: dict[int, str]) -> Any:
    """The first old node whose counterpart in ``new`` is not what it should be, or None."""
    stack = [(old, new)]
    while stack:
        a, b = stack.pop()
        if type(a) is not type(b) or a.tag != b.tag:
            return a
        if isinstance(a, yaml.ScalarNode):
            if b.value != expected.get(a.start_mark.index, a.value):
                return a
        elif len(a.value) != len(b.value):
            return a
        elif isinstance(a, yaml.MappingNode):
            stack.extend(pair for ka_va, kb_vb in zip(a.value, b.value, strict=True)
                         for pair in zip(ka_va, kb_vb, strict=True))
        else:
            stack.extend(zip(a.value, b.value, strict=True))
    return None


def quote(text: str, style: str | None, flow: bool) -> str:
    """``text`` as a one-line YAML scalar, in ``style`` if it reads back unchanged there."""
    if style is None and _reads_back(text, text, flow):
        return text
    if style == '"':
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "'" + text.replace("'", "''") + "'"


def _reads_back(source: str, text: str, flow: bool) -> bool:
    """True when ``source`` as a plain list item is read back as the string ``text``."""
    document = f"[{source}]\n" if flow else f"- {source}\n"
    try:
        node = compose_text(document)
    except yaml.YAMLError:
        return False
    items = node.value if isinstance(node, yaml.SequenceNode) else []
    return (
        len(items) == 1
        and isinstance(items[0], yaml.ScalarNode)
        and items[0].tag == "tag:yaml.org,2002:str"
        and items[0].value == text
    )


