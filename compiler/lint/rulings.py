"""Rulings that fix one form across cards: the Grimoires' Manifest lines in, findings out.

Every Grimoire's Manifest uses the same steps (DESIGN.md ruling 14): reveal
Arcana until one of that Grimoire's cards, take it, the rest to the center.
Each Manifest line is read with its own grimoire's name turned into "this
Grimoire" ("a Necromancy card" on the Necromancy Grimoire is "a matching
card"); the form most Grimoires share is the reference (on a tie, the
rulebook's steps, then the first Grimoire), and each line that differs from
it is reported, with the reference written for that Grimoire as the fix.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator

from prophecy.compiler.lint.core import Context, Edit, Finding, check, rule
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.model.nouns import noun
from prophecy.dsl import ast
from prophecy.dsl.printer import to_text

rule("PL510", "manifest-differs", "error",
     "a Grimoire's Manifest line differs from the other Grimoires' in more than the grimoire")

#: The rulebook's steps: reveal until one of this Grimoire's cards, take it, the rest to the center.
STEPS = ast.Effect((), (ast.RevealUntil(ast.THIS, "center"),))
_OWN_FIELDS = ("grimoire", "match")


def as_own(node: ast.Node, grimoire: str) -> ast.Node:
    """The node with every reference to ``grimoire`` by name made a reference to THIS."""
    changes: dict[str, object] = {}
    for f in ast.data_fields(type(node)):
        value = getattr(node, f.name)
        if isinstance(value, ast.Node):
            changes[f.name] = as_own(value, grimoire)
        elif isinstance(value, tuple):
            changes[f.name] = tuple(
                as_own(v, grimoire) if isinstance(v, ast.Node) else v for v in value)
        elif f.name in _OWN_FIELDS and value == grimoire:
            changes[f.name] = ast.THIS
    return dataclasses.replace(node, **changes)  # type: ignore[arg-type]


def reference_form(forms: list[ast.Node]) -> ast.Node:
    """The form most lines share; on a tie the rulebook's steps, then the first one."""
    counts = Counter(forms)
    most = max(counts.values())
    shared = [f for f in forms if counts[f] == most]
    return STEPS if STEPS in shared else shared[0]


@check("PL510", engine="dark-prophecies")
def manifest_differs(ctx: Context) -> Iterator[Finding]:
    """Manifest lines that differ from the other Grimoires' in more than the grimoire."""
    grimoires = [c for c in designs(ctx)  # (a game whose Grimoires have no Manifest: none)
                 if c.kind == "grimoire" and c.get("manifest") is not None]
    if len(grimoires) < 2:
        return
    forms = [as_own(g.manifest.node, g.grimoire) for g in grimoires]
    reference = reference_form(forms)
    text = to_text(reference)
    content = ctx.content
    one, several = noun(content, "Grimoire"), noun(content, "Grimoire", many=True)
    for card, form in zip(grimoires, forms, strict=True):
        if form == reference:
            continue
        line = card.manifest
        yield Finding(
            "PL510",
            f"the Manifest of '{card.name}' differs from the other {several}' in more than "
            f"its {noun(content, 'grimoire')}: '{line.text}'",
            line.place,
            f"every {one}'s Manifest uses the same steps (ruling 14): write '{text}'",
            Edit(line.place, line.written or line.text, text, effect=True),
        )
