"""The gallery's pages: a snapshot in, HTML out (Jinja templates shipped with the package).

The gallery page groups every card's tile by kind, front and back side by
side with its problems under it. A card's page shows its faces at full
size, its canonical effect lines with what each does in play and its AST,
its fields, and its balance figures when a balance run is given.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from prophecy.compiler.cli.gallery.census import kind_labels
from prophecy.compiler.cli.gallery.state import Snapshot, Tile


@cache
def _environment() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("prophecy.compiler.cli.gallery", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined,
    )


def _common(snapshot: Snapshot, root: Path) -> dict[str, Any]:
    return {"game": snapshot.game or "prophecy", "version": snapshot.version, "root": str(root),
            "problems": [p.to_json() for p in snapshot.problems]}


def gallery_page(snapshot: Snapshot, root: Path) -> str:
    groups = []
    for kind, label in kind_labels(root):
        tiles = [t.to_json() for t in snapshot.tiles if t.kind == kind]
        groups.append((kind, label, tiles))
    return str(_environment().get_template("gallery.html.j2").render(
        groups=groups, **_common(snapshot, root)))


def card_page(snapshot: Snapshot, tile: Tile, root: Path, balance: dict[str, Any]) -> str:
    return str(_environment().get_template("card.html.j2").render(
        tile=tile.to_json(), lines=_lines(tile), fields=_fields(tile),
        balance=_balance(tile, balance), **_common(snapshot, root)))


def _lines(tile: Tile) -> list[dict[str, str]]:
    from prophecy.compiler.explain import explain_line
    from prophecy.compiler.model import effect_lines_of
    from prophecy.dsl import ast

    if tile.card is None:
        return []
    return [{"text": line.text, "written": line.written,
             "explain": explain_line(line.node, tile.card.grimoire_of),
             "ast": json.dumps(ast.to_json(line.node), indent=2)}
            for line in effect_lines_of(tile.card)]


def _fields(tile: Tile) -> list[tuple[str, str]]:
    from prophecy.compiler.model.export import card_json

    if tile.card is None:
        return []
    out = []
    for key, value in card_json(tile.card).items():
        if key == "effects":
            continue
        if isinstance(value, dict) and "text" in value:
            value = value["text"]
        elif isinstance(value, list):
            value = ", ".join(str(v["text"] if isinstance(v, dict) else v) for v in value)
        out.append((key, "" if value is None else str(value)))
    return out


def _balance(tile: Tile, balance: dict[str, Any]) -> list[tuple[str, str]]:
    """The figures a balance run gives this card (by id or by name), as label and value."""
    cards = balance.get("cards", balance)
    found: Any = None
    if isinstance(cards, dict):
        found = cards.get(tile.id) or cards.get(tile.name)
    elif isinstance(cards, list):
        found = next((c for c in cards if isinstance(c, dict) and tile.id in (
            c.get("id"), c.get("card")) or isinstance(c, dict) and c.get("name") == tile.name),
                     None)
    if not isinstance(found, dict):
        return []
    return [(str(k), _figure(v)) for k, v in found.items() if k not in ("id", "name", "card")]


def _figure(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}"
    if isinstance(value, list | tuple) and all(isinstance(v, int | float) for v in value):
        return " to ".join(_figure(v) for v in value)
    return str(value)
