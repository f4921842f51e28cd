"""The gallery's pages: a snapshot in, HTML out (Jinja templates shipped with the package).

The gallery page leads with what is wrong: the top bar counts the cards
with problems and links to each. A search box and filters (kind, grimoire,
with problems) narrow the cards, each kind's heading counts what is shown,
and a list view shows one compact row a card. A back that several cards of
a kind share is shown once, at the head of the kind; a tile shows its own
back only when it is the card's own. A card's page shows its faces at full
size, its canonical effect lines with what each does in play and its AST,
its fields, and its verdict when a balance run is given.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from prophecy.compiler.explain import explain_line
from prophecy.compiler.model import effect_lines_of
from prophecy.compiler.model.export import card_json
from prophecy.dsl import ast
from prophecy.tools.gallery.census import kind_labels
from prophecy.tools.gallery.state import Snapshot, Tile


@cache
def _environment() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("prophecy.tools.gallery", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined,
    )


def _common(snapshot: Snapshot, root: Path) -> dict[str, Any]:
    broken = [{"id": t.id, "name": t.name, "first": t.problems[0].to_json()}
              for t in snapshot.tiles if t.problems]
    return {"game": snapshot.game or "prophecy", "version": snapshot.version, "root": str(root),
            "problems": [p.to_json() for p in snapshot.problems], "broken": broken}


def shared_backs(tiles: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The backs several cards of one kind share, (image key, how many), in order of use."""
    counts = Counter(t["back"] for t in tiles if t["back"])
    return [(key, n) for key, n in counts.items() if n > 1]


def gallery_page(snapshot: Snapshot, root: Path, verdicts: dict[str, Any] | None = None) -> str:
    verdicts = verdicts or {}
    groups = []
    for kind, label in kind_labels(root):
        tiles = [_tile_json(t, verdicts) for t in snapshot.tiles if t.kind == kind]
        shared = shared_backs(tiles)
        keys = {key for key, _ in shared}
        for tile in tiles:
            tile["shared_back"] = tile["back"] in keys
        groups.append((kind, label, tiles, shared))
    grimoires = sorted({t.grimoire for t in snapshot.tiles if t.grimoire})
    return str(_environment().get_template("gallery.html.j2").render(
        groups=groups, grimoires=grimoires, total=len(snapshot.tiles),
        **_common(snapshot, root)))


def _tile_json(tile: Tile, verdicts: dict[str, Any]) -> dict[str, Any]:
    found = verdicts.get(tile.id) or verdicts.get(tile.name)
    return {**tile.to_json(), "verdict": found.short if found else "",
            "verdict_kind": found.verdict if found else ""}


def card_page(snapshot: Snapshot, tile: Tile, root: Path, balance: dict[str, Any]) -> str:
    return str(_environment().get_template("card.html.j2").render(
        tile=_tile_json(tile, balance), lines=_lines(tile), fields=_fields(tile),
        balance=_balance(tile, balance), **_common(snapshot, root)))


def _lines(tile: Tile) -> list[dict[str, str]]:
    if tile.card is None:
        return []
    return [{"text": line.text, "written": line.written,
             "explain": explain_line(line.node, tile.card.grimoire_of),
             "ast": json.dumps(ast.to_json(line.node), indent=2)}
            for line in effect_lines_of(tile.card)]


def _fields(tile: Tile) -> list[tuple[str, str]]:
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


def _balance(tile: Tile, verdicts: dict[str, Any]) -> list[tuple[str, str]]:
    """The verdict a balance run gives this card (by id or by name), in words."""
    found = verdicts.get(tile.id) or verdicts.get(tile.name)
    return list(found.rows()) if found is not None else []
