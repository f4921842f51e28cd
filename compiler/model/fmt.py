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

import yaml

from prophecy.compiler.model.cards import Written
from prophecy.compiler.model.files import write_atomic
from prophecy.compiler.model.yamlsafe import Source, compose_text


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
    """The changes that make every effect line canonical, in file order."""
    changes = []
    for item in written:
        node = item.node
        if item.text == item.canonical:
            continue
        src = item.source
        starts = _line_starts(src.text)
        start = starts[node.start_mark.line] + node.start_mark.column
        end = starts[node.end_mark.line] + node.end_mark.column
        raw = src.text[start:end]
        tail = raw[len(raw.rstrip()) :]  # a block scalar's span ends with its line breaks
        style = node.style if node.style in ("'", '"') else None
        changes.append(Change(
            src, node.start_mark.line + 1, node.start_mark.column + 1, item.text,
            item.canonical, start, end, quote(item.canonical, style, item.flow) + tail,
        ))
    return sorted(changes, key=lambda c: (c.source.where, c.start))


def rewrite(changes: list[Change]) -> list[Path]:
    """Apply the changes, one atomic write per file; returns the files written."""
    by_file: dict[str, list[Change]] = {}
    for change in changes:
        by_file.setdefault(change.source.where, []).append(change)
    written = []
    for file_changes in by_file.values():
        src = file_changes[0].source
        text = src.text
        for change in sorted(file_changes, key=lambda c: c.start, reverse=True):
            text = text[: change.start] + change.replacement + text[change.end :]
        write_atomic(src.path, (src.bom + text).encode("utf-8"))
        written.append(src.path)
    return written


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


def _line_starts(text: str) -> list[int]:
    starts = [0]
    index = text.find("\n")
    while index >= 0:
        starts.append(index + 1)
        index = text.find("\n", index + 1)
    return starts
