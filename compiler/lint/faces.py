"""Layout checks: a pack's own layout in, the faces and regions nothing draws out.

A face the layout declares that no kind shows, and a region no face reads,
are left over from an earlier design or misnamed (a kind's ``front:`` that
differs by a letter draws the plain face instead). The bundled layout a pack
borrows is not the pack's to tidy, so only a layout in the pack's own
``layouts/`` is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from prophecy.compiler.facespec import BUILT_IN, layout_file, specs_of
from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.model import Place
from prophecy.compiler.model.yamlsafe import key_node, load_yaml, lookup
from prophecy.dsl.errors import ProphecyError

rule("PL507", "unread-layout", "warning",
     "a face the layout declares that no kind shows, or a region no face reads")

#: The regions each whole-face style reads (a deck back's disc and labels).
READS = {"deck-back": "back"}


@check("PL507")
def unread_layout(ctx: Context) -> Iterator[Finding]:
    """Faces no kind names, and regions groups no shown face reads."""
    path = layout_file(ctx.content)
    if Path(ctx.root) not in path.parents:
        return
    try:
        _, root, data = load_yaml(path)
    except ProphecyError:
        return  # the layout's own check reports it
    if not isinstance(data, dict):
        return
    specs = specs_of(data)
    shown = set()
    for kind in ctx.content.pack.kinds:
        shown.add(kind.front or (kind.name if kind.name in specs else "plain"))
        shown.add(kind.back or "plain-back")
    file = path.relative_to(Path(ctx.root)).as_posix()
    declared = [str(name) for name in (data.get("faces") or {})]
    # faces a kind names that the layout lacks: an unread face may be one of them, misnamed
    missing = sorted(n for n in shown if n not in specs)
    for name in declared:
        if name not in shown and name not in BUILT_IN:
            hint = (f"a kind names the face {' and '.join(repr(m) for m in missing)}, which the "
                    "layout does not declare: rename one to match" if missing else
                    "name it as a kind's front: or back: in game.yaml, or remove it")
            yield Finding("PL507", f"no kind shows the face '{name}'",
                          _place(root, ["faces", name], file, key=True), hint)
    read = {READS[specs[n].style] for n in shown if n in specs and specs[n].style in READS}
    for group in (data.get("regions") or {}):
        if group not in read:
            yield Finding("PL507", f"no face reads the regions '{group}'",
                          _place(root, ["regions", group], file, key=True),
                          "regions.back places a deck back's disc and label; a face's boxes "
                          "carry their own regions: remove it")


def _place(root: Any, path: list[str], file: str, key: bool = False) -> Place:
    node, _ = lookup(root, path[:-1])
    found = key_node(node, path[-1]) if key else None
    node = found or lookup(root, path)[0]
    return Place(file, node.start_mark.line + 1, node.start_mark.column + 1)
