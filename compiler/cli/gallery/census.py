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

import yaml

#: Card kind → (file or files, the key that holds its cards).
SOURCES: dict[str, tuple[str, str]] = {
    "arcana": ("arcana/*.yaml", "cards"),
    "grimoire": ("grimoires.yaml", "grimoires"),
    "deed": ("deeds/*.yaml", "deeds"),
    "verse": ("verses.yaml", "verses"),
    "hireling": ("hirelings.yaml", "hirelings"),
    "title": ("titles.yaml", "titles"),
    "reference": ("reference.yaml", "reference"),
    "tracker": ("tracker.yaml", "tracker"),
}


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
    for kind, (pattern, key) in SOURCES.items():
        for path in sorted(root.glob(pattern)):
            rel = path.relative_to(root).as_posix()
            try:
                found = _entries(kind, key, rel, path.read_text(encoding="utf-8-sig"))
            except (OSError, UnicodeDecodeError):
                found = None
            out[rel] = found if found is not None else previous.get(rel, [])
    return out


def _entries(kind: str, key: str, rel: str, text: str) -> list[Entry] | None:
    from prophecy.compiler.model.cards import slug
    from prophecy.compiler.model.yamlsafe import compose_text

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
