"""Cards as JSON data: a typed card in, a dict of every field (ready for ``json.dumps``) out.

``prophecy cards --json``, ``prophecy diff`` and the live gallery all show
cards this way, so a script reading any of them sees the same fields.
"""

from __future__ import annotations

from typing import Any

from prophecy.compiler.model import Card


def card_json(card: Card) -> dict[str, Any]:
    """One card as JSON-ready data: every field of the card, effect lines with their ASTs.

    Identity first (id, name, kind, grimoire, copies), then the fields of the
    card's kind in their model order (types, points, cards_needed, position,
    text, role, reminder, redraw, ...), each effect line as ``{"text", "ast"}``,
    ``place`` as ``file:line:col``, and ``effects``: every rules-language line
    of the card, top to bottom.
    """
    from dataclasses import fields

    from prophecy.compiler.model import effect_lines_of

    out: dict[str, Any] = {
        "id": card.id, "name": card.name, "kind": card.kind, "grimoire": card.grimoire_of,
        "copies": card.copies,
    }
    for item in fields(card):
        if item.name not in out:
            out[item.name] = _plain(getattr(card, item.name))
    out["effects"] = [_plain(line) for line in effect_lines_of(card)]
    return out


def _plain(value: Any) -> Any:
    """A field's value as JSON data: effect lines with their AST, places as text."""
    from prophecy.compiler.model import EffectLine, Place
    from prophecy.dsl import ast

    if isinstance(value, EffectLine):
        return {"text": value.text, "ast": ast.to_json(value.node)}
    if isinstance(value, Place):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
