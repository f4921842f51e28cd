"""Applying fixes: findings' edits in, files rewritten atomically out.

An edit names a place, the text expected there and its replacement. Effect
lines are YAML scalars, so an effect edit keeps the scalar valid: the new text
is escaped for the quotes around it, and a plain scalar that would stop being
one (a ``: `` or `` #`` in it) is put in double quotes. An edit whose expected
text is not at its place, or that overlaps another edit, is left for the next
pass; nothing is ever half-written (temporary file, then ``os.replace``).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

from compiler.lint.core import Edit

_NEEDS_QUOTES = re.compile(r":\s|:$| #|^[\s\-?:,\[\]{}#&*!|>'\"%@`]|\s$")


def apply_edits(root: Path, edits: Iterable[Edit]) -> int:
    """Apply what fits; returns how many edits were made."""
    by_file: dict[str, list[Edit]] = {}
    for edit in edits:
        by_file.setdefault(edit.place.file, []).append(edit)
    made = 0
    for file, file_edits in sorted(by_file.items()):
        made += _apply_to_file(root / file, file_edits)
    return made


def _apply_to_file(path: Path, edits: list[Edit]) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return 0
    starts = _line_starts(text)
    spans: list[tuple[int, int, str]] = []
    for edit in edits:
        span = _locate(text, starts, edit)
        if span and not any(a < span[1] and span[0] < b for a, b, _ in spans):
            spans.append(span)
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    if spans:
        write_atomic(path, text)
    return len(spans)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _locate(text: str, starts: list[int], edit: Edit) -> tuple[int, int, str] | None:
    line, column = edit.place.line, edit.place.column
    if not 1 <= line <= len(starts):
        return None
    offset = starts[line - 1] + column - 1
    for at in (offset, offset + 1):
        quote = text[at - 1] if at > 0 and text[at - 1] in "\"'" else ""
        if text.startswith(_escaped(edit.old, quote), at):
            end = at + len(_escaped(edit.old, quote))
            if edit.effect:
                return _scalar(text, at, end, edit.new, quote)
            return at, end, _escaped(edit.new, quote)
    return None


def _escaped(value: str, quote: str) -> str:
    if quote == '"':
        return value.replace("\\", "\\\\").replace('"', '\\"')
    if quote == "'":
        return value.replace("'", "''")
    return value


def _scalar(text: str, start: int, end: int, new: str, quote: str) -> tuple[int, int, str]:
    """Replace a whole scalar's text, quoting it when a plain scalar could not hold it."""
    if quote or not _NEEDS_QUOTES.search(new):
        return start, end, _escaped(new, quote)
    return start, end, '"' + _escaped(new, '"') + '"'


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
