"""`prophecy diff [OLD] [NEW]`: two states of the content in, the cards that changed out.

OLD and NEW are content folders or git revisions of the repository that
holds the content (default: the last tag, or HEAD, against the working
tree). Lists cards added, removed and changed, field by field and effect
line by effect line (canonical text), the physical cards per kind on each
side and what changed in game.yaml; ``--json`` prints the same as data.
Exit 0 (a difference is not a problem); 1 when a side does not load.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from prophecy.compiler.changes import compare, default_old, snapshot
from prophecy.compiler.model.export import card_json
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import ContentErrors
from prophecy.tools.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", nargs="?", metavar="OLD",
                        help="a content folder or git revision (default: the last tag, or HEAD)")
    parser.add_argument("new", nargs="?", metavar="NEW",
                        help="a content folder or git revision (default: the working tree)")
    parser.add_argument("--json", action="store_true", help="print the changes as JSON")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    root = content_dir(args)
    old_spec = args.old if args.old is not None else default_old(root)
    with snapshot(old_spec, root) as old, snapshot(args.new, root) as new:
        before, after = load_side(old.folder, old.label), load_side(new.folder, new.label)
        changes = compare(before, after)
    if args.json:
        print(json.dumps(as_json(changes, old.label, new.label), indent=2, ensure_ascii=False))
    else:
        print("\n".join(as_text(changes, old.label, new.label)))
    return 0


def load_side(folder: Any, label: str, command: str = "prophecy diff") -> Any:
    """The content of one side; its problems, if any, raised as one error."""
    try:
        return load_content(folder)
    except ContentErrors as exc:
        print(f"{command}: {label} does not load:", file=sys.stderr)
        raise exc from None


def as_text(changes: Any, old: str, new: str) -> list[str]:
    out = [f"diff {old} -> {new}"]
    for key, (a, b) in changes.game.items():
        out.append(f"  game.yaml {key}: {_show(a)} -> {_show(b)}")
    if changes.added:
        out.append(f"added ({len(changes.added)}):")
        out += [f"  + {c.id}  {c.name}" for c in changes.added]
    if changes.removed:
        out.append(f"removed ({len(changes.removed)}):")
        out += [f"  - {c.id}  {c.name}" for c in changes.removed]
    if changes.changed:
        out.append(f"changed ({len(changes.changed)}):")
        for item in changes.changed:
            out += _changed_text(item)
    moved = {k: v for k, v in changes.counts.items() if v[0] != v[1]}
    if moved:
        out.append("cards per kind (copies counted):")
        out += [f"  {kind}: {a} -> {b} ({b - a:+d})" for kind, (a, b) in moved.items()]
    out.append(f"{len(changes.changed)} changed, {len(changes.added)} added, "
               f"{len(changes.removed)} removed")
    return out


def _changed_text(item: Any) -> list[str]:
    out = [f"  ~ {item.card.id}  {item.card.name}"]
    for key, (a, b) in item.fields.items():
        out.append(f"      {key}: {_show(a)} -> {_show(b)}")
    for key, (removed, added) in item.lines.items():
        out.append(f"      {key}:")
        out += [f"        - {line}" for line in removed]
        out += [f"        + {line}" for line in added]
    if item.face:
        out.append("      its printed face (the rules it states)")
    return out


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return "(none)" if value is None or value == "" else repr(value) if isinstance(
        value, str) else str(value)


def as_json(changes: Any, old: str, new: str) -> dict[str, Any]:
    return {
        "old": old,
        "new": new,
        "game": {k: {"old": _plain(a), "new": _plain(b)} for k, (a, b) in changes.game.items()},
        "added": [card_json(c) for c in changes.added],
        "removed": [card_json(c) for c in changes.removed],
        "changed": [{
            "id": item.card.id, "name": item.card.name, "kind": item.card.kind,
            "fields": {k: {"old": a, "new": b} for k, (a, b) in item.fields.items()},
            "effects": {k: {"removed": r, "added": a} for k, (r, a) in item.lines.items()},
            "face": item.face,
        } for item in changes.changed],
        "counts": {kind: {"old": a, "new": b} for kind, (a, b) in changes.counts.items()},
    }


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
