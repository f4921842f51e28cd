"""Cards as JSON data: a typed card in, a dict of every field (ready for ``json.dumps``) out.

``prophecy cards --json``, ``prophecy diff`` and the live gallery all show
cards this way, so a script reading any of them sees the same fields.
"""

from __future__ import annotations

from typing import Any

from prophecy.compiler.model import Card, EffectLine, Place
from prophecy.dsl import ast


def card_json(card: Card) -> dict[str, Any]:
    """One card as JSON-ready data: every field of the card, effect lines with their ASTs.

    Identity first (id, name, kind, grimoire, copies, place as ``file:line:col``),
    then the fields its kind declares, in the order declared (each rules line as
    ``{"text", "ast"}``), and ``effects``: every rules-language line of the card,
    top to bottom.
    """
    out: dict[str, Any] = {
        "id": card.id, "name": card.name, "kind": card.kind, "grimoire": card.grimoire_of,
        "copies": card.copies, "place": str(card.place),
    }
    if card.set:
        out["set"] = card.set
    for name, value in card.fields.items():
        if name not in out:
            out[name] = _plain(value)
    out["effects"] = [_plain(line) for line in card.lines]
    return out


def _plain(value: Any) -> Any:
    """A field's value as JSON data: effect lines with their AST, places as text."""
    if isinstance(value, EffectLine):
        return {"text": value.text, "ast": ast.to_json(value.node)}
    if isinstance(value, Place):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
