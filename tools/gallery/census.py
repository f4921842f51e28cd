"""The cards a content folder holds as written: its files in, one entry per card (file, lines) out.

The gallery shows a tile for every card written in the files, including a
card the loader could not build (its verse condition does not parse, say),
so that the card's problem has a place to appear. Each entry is found by
composing the file's YAML (no schema, no parsing of effect lines): its kind,
its id as the loader would give it, and the lines it spans, to which a
problem at a line of that file belongs. A file whose YAML does not compose
keeps the entries it had the last time it did.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler.model import slug
from prophecy.compiler.model.csvcards import cells
from prophecy.compiler.model.files import is_regular
from prophecy.compiler.model.pack import Pack, pack_of
from prophecy.compiler.model.yamlsafe import compose_text, load_yaml
from prophecy.dsl.errors import ProphecyError


def sources(root: Path) -> list[tuple[str, str, str]]:
    """(kind, its files' pattern, the key its YAML files list cards under) for each kind the
    game.yaml of ``root`` declares, in the order declared (none when it does not read)."""
    return [(kind.name, kind.pattern, kind.list) for kind in _pack(root).kinds]


def kind_labels(root: Path) -> list[tuple[str, str]]:
    """(kind, the words for its cards together) for each kind the game declares, in order."""
    return [(kind.name, kind.plural) for kind in _pack(root).kinds]


def _pack(root: Path) -> Any:
    try:
        _, _, data = load_yaml(root / "game.yaml")
    except ProphecyError:
        return Pack()  # check reports it; the gallery shows it as a problem outside any card
    return pack_of(data)


@dataclass(frozen=True)
class Entry:
    """One card as written: id, kind, name, file (relative), first and last line (1-based)."""

    id: str
    kind: str
    name: str
    file: str
    first: int
    last: int


def census(root: Path, previous: dict[str, list[Entry]]) -> dict[str, list[Entry]]:
    """Every card entry of every file, by file (a file that does not read keeps its last)."""
    out: dict[str, list[Entry]] = {}
    for kind, pattern, key in sources(root):
        for path in sorted(p for p in root.glob(pattern) if is_regular(p)):
            rel = path.relative_to(root).as_posix()
            try:
                text = path.read_text(encoding="utf-8-sig")
                found = (_rows(kind, rel, text) if path.suffix.lower() == ".csv" else
                         _entries(kind, key, rel, text))
            except (OSError, UnicodeDecodeError):
                found = None
            out[rel] = found if found is not None else previous.get(rel, [])
    return out


def _rows(kind: str, rel: str, text: str) -> list[Entry]:
    """The cards of a CSV file: a row each, under the first row's headings."""
    rows = cells(text)
    if not rows:
        return []
    headings = [c.text.strip().lower() for c in rows[0]]
    column = headings.index("name") if "name" in headings else 0
    out = []
    for index, row in enumerate(rows[1:]):
        name = row[column].text.strip() if column < len(row) else ""
        name = name or f"{kind} {index + 1}"
        first = row[0].line + 1
        last = max(c.line for c in row) + 1
        out.append(Entry(f"{kind}/{slug(name) or index + 1}", kind, name, rel, first, last))
    return out


def _entries(kind: str, key: str, rel: str, text: str) -> list[Entry] | None:
    try:
        root = compose_text(text)
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return []
    items = next((v for k, v in root.value if getattr(k, "value", None) == key), None)
    nodes = items.value if isinstance(items, yaml.SequenceNode) else [items] if isinstance(
        items, yaml.MappingNode) else []
    out = []
    for index, node in enumerate(nodes):
        name = _name(node) or f"{kind} {index + 1}"
        out.append(Entry(f"{kind}/{slug(name) or index + 1}", kind, name, rel,
                         node.start_mark.line + 1, node.end_mark.line + 1))
    return out


def _name(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if getattr(key, "value", None) == "name" and isinstance(value, yaml.ScalarNode):
                return str(value.value)
    return ""


def entry_at(entries: list[Entry], line: int) -> Entry | None:
    """The entry of a file that spans ``line`` (the last one starting before it)."""
    found = None
    for entry in entries:
        if entry.first <= line:
            found = entry
    return found
