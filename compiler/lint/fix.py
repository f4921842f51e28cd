"""Applying fixes: findings' edits in, files rewritten atomically out.

Effect lines go through the machinery of ``prophecy fmt``
(``compiler/content_fmt.py``): the line's YAML scalar is found by the loader,
given the fix's text as its new canonical text, quoted as fmt quotes and
written as fmt writes. Prose edits (a word in a flavour, a name, a document)
replace the expected text at its place, escaped for the quotes around it. An
edit whose expected text is not at its place, or that overlaps another, is
left for the next pass; nothing is ever half-written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from prophecy.compiler.lint.core import Edit
from prophecy.compiler.model.files import write_atomic
from prophecy.compiler.model.loader import analyse


def apply_edits(root: Path, edits: Iterable[Edit]) -> int:
    """Apply what fits; returns how many edits were made."""
    edits = list(edits)
    made = _apply_effect_edits(root, [e for e in edits if e.effect])
    by_file: dict[str, list[Edit]] = {}
    for edit in edits:
        if not edit.effect:
            by_file.setdefault(edit.place.file, []).append(edit)
    for file, file_edits in sorted(by_file.items()):
        made += _apply_to_file(root / file, file_edits)
    return made


def _apply_effect_edits(root: Path, edits: list[Edit]) -> int:
    """Whole effect lines, rewritten the way ``prophecy fmt`` rewrites them."""
    if not edits:
        return 0
    from prophecy.compiler.model.fmt import plan, rewrite  # deferred: start-up time (lint)

    written = {(w.source.rel, w.node.start_mark.line + 1, w.text): w
               for w in analyse(root).written}
    chosen = {}
    for edit in edits:
        key = (edit.place.file, edit.place.line, edit.old)
        if key in written and key not in chosen:
            chosen[key] = replace(written[key], canonical=edit.new)
    rewrite(plan(list(chosen.values())))
    return len(chosen)


def write_text(path: Path, text: str) -> None:
    """Write ``text`` atomically (a temporary file in the same folder, then a rename)."""
    write_atomic(path, text.encode("utf-8"))


def _apply_to_file(path: Path, edits: list[Edit]) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return 0
    starts = [0, *(m.end() for m in re.finditer("\n", text))]
    spans: list[tuple[int, int, str]] = []
    for edit in edits:
        span = _locate(text, starts, edit)
        if span and not any(a < span[1] and span[0] < b for a, b, _ in spans):
            spans.append(span)
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    if spans:
        write_text(path, text)
    return len(spans)


def _locate(text: str, starts: list[int], edit: Edit) -> tuple[int, int, str] | None:
    line, column = edit.place.line, edit.place.column
    if not 1 <= line <= len(starts):
        return None
    at = starts[line - 1] + column - 1
    quote = _quote_around(text, starts[line - 1], at)
    old = _escaped(edit.old, quote)
    if text.startswith(old, at):
        return at, at + len(old), _escaped(edit.new, quote)
    return None


def _quote_around(text: str, line_start: int, at: int) -> str:
    """The quote of a one-line quoted scalar the place sits in ('' for plain text)."""
    before = text[line_start:at]
    m = re.search(r":\s+([\"'])", before)
    return m.group(1) if m else ""


def _escaped(value: str, quote: str) -> str:
    if quote == '"':
        return value.replace("\\", "\\\\").replace('"', '\\"')
    if quote == "'":
        return value.replace("'", "''")
    return value
