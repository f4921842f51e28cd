"""JSON schemas made from the game: game.yaml's data in, one schema per kind of card out.

``content_schemas(game)`` builds, from the kinds game.yaml declares
(``pack.py``), the schemas an editor reads through the ``# yaml-language-server:
$schema=...`` line of each content file, and that ``prophecy schemas`` writes into
``<content>/schemas/<kind>.schema.json``: each field of a kind becomes a property
with its type and bounds, its title and description; a name field is an enum
of the vocabulary's names whose descriptions come from the glossary; a rules
line carries examples made with the game's own names and a pattern that catches
gross mistakes (a blank line, a list marker or junk before or after the words).

``content_schemas(game, checking=True)`` is the variant ``prophecy check``
itself validates with: the same structure and bounds, without the enums of
names (the loader reports an unknown name with a suggestion of its own) and
without the rules-line pattern (the parser names the bad word).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prophecy.compiler.model import limits
from prophecy.compiler.model.files import schemas_dir
from prophecy.compiler.model.pack import (
    INTEGER_MAX,
    INTEGER_MIN,
    PROSE_MAX,
    TEXT_MAX,
    FieldSpec,
    KindSpec,
    Pack,
    pack_of,
)
from prophecy.compiler.model.schemagame import game_schema
from prophecy.compiler.model.schemaparts import (
    EFFECT_PATTERN,
    PROSE_PATTERN,
    choice,
    count,
    document,
    listing,
    mapping,
    text,
)
from prophecy.compiler.model.yamlsafe import load_yaml


class _Game:
    """What the schemas need from game.yaml: the kinds, the names, their glossary definitions."""

    def __init__(self, data: Any) -> None:
        data = data if isinstance(data, dict) else {}
        vocab = data.get("vocabulary") if isinstance(data.get("vocabulary"), dict) else {}
        self.names = {key: _names(vocab.get(key)) for key in ("grimoires", "card_types",
                                                                "deed_targets")}
        self.grimoires, self.card_types = self.names["grimoires"], self.names["card_types"]
        glossary = data.get("glossary") if isinstance(data.get("glossary"), list) else []
        self.terms = {
            str(t["term"]).lower(): str(t.get("definition") or "")
            for t in glossary if isinstance(t, dict) and isinstance(t.get("term"), str)
        }
        self.pack = pack_of(data)
        self.components = data.get("components")

    def describe(self, term: str, fallback: str) -> str:
        return self.terms.get(term.lower()) or fallback


def _names(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


NAME = text("Name", "The card's name as printed. Names are unique across the whole game, "
            "ignoring case and punctuation.", limits.NAME_LENGTH)
COPIES = count("Copies", "How many identical copies of this card the game holds (default 1).",
               1, limits.COPIES)
_NAME_WORDS = {"grimoires": "grimoire", "card_types": "card type",
               "deed_targets": "Dark Deed target"}


def effect_def(game: _Game, checking: bool) -> dict[str, Any]:
    """The rules line: examples and a loose pattern for editors, just text for the checker."""
    described = ("One line of the rules language, e.g. 'Grimoire Level 2: Add 1 to "
                 "highest-points Dark Deed'. 'prophecy fmt' rewrites it to its canonical "
                 "wording; 'prophecy check' parses it.")
    if checking:
        return text("Effect line", described, limits.EFFECT_LENGTH, "\\S")
    out = text("Effect line", described, limits.EFFECT_LENGTH, EFFECT_PATTERN)
    out["examples"] = examples(game)
    return out


def examples(game: _Game) -> list[str]:
    """Example lines spelt with this game's names (a test parses each one)."""
    g = game.grimoires[-1] if game.grimoires else "Necromancy"
    t = game.card_types[0] if game.card_types else "Spell"
    return [
        "Draw 2 Arcana, then Discard 1 to the center",
        "Grimoire Level 2: Add 1 to highest-points Dark Deed",
        f"{g} Level 3: Level up any Grimoire",
        f"Reveal {t}: Stash a card from your hand",
        f"Top Discard {t}: Take the top card of your discard pile",
        f"If you have completed 2 or more {g} Dark Deeds: Draw 1 Arcana",
    ]


# ------------------------------------------------------------------ fields
def field_schema(spec: FieldSpec, game: _Game, checking: bool) -> dict[str, Any]:
    """One field's schema: its value's, or a list of them, with its words."""
    title = spec.title or spec.name.replace("_", " ").capitalize()
    one = _value_schema(spec, title, game, checking)
    if not spec.many:
        return one
    item = {k: v for k, v in one.items() if k not in ("title", "description")}
    return listing(title, spec.description or f"The card's {title.lower()}.", item,
                   spec.min_items, spec.max_items, spec.type == "name")


def _value_schema(spec: FieldSpec, title: str, game: _Game, checking: bool) -> dict[str, Any]:
    description = spec.description or f"The card's {title.lower()}."
    if spec.type == "text":
        return text(title, description, spec.high or TEXT_MAX)
    if spec.type == "prose":
        return text(title, description, spec.high or PROSE_MAX, PROSE_PATTERN)
    if spec.type == "integer":
        low = INTEGER_MIN if spec.low is None else spec.low
        return count(title, description, low, INTEGER_MAX if spec.high is None else spec.high)
    if spec.type == "boolean":
        return {"type": "boolean", "title": title, "description": description}
    if spec.type == "choice":
        values = {k: (game.describe(v, v) if v else k) for k, v in spec.values}
        return choice(title, description, values, any_case=not checking)
    if spec.type == "image":
        return text(title, description + " (a PNG or JPEG file, relative to the game's folder)",
                    limits.NAME_LENGTH * 4)
    if spec.type == "rules":
        return {"$ref": "#/$defs/effect", "title": title, "description": description}
    names = game.names.get(spec.names, [])  # a name from the vocabulary
    word = _NAME_WORDS.get(spec.names, spec.names)
    if checking or not names:
        return text(title, description, limits.NAME_LENGTH)
    return choice(title, description, {n: game.describe(n, f"The {word} {n}.") for n in names},
                  any_case=True)


def copies_field(game: _Game, kind: str) -> dict[str, Any]:
    """``copies`` in the editor's schema: at most the kind's share of the component list.
    ``prophecy check`` holds the same bound itself (``cards.py``)."""
    bound, why = limits.copies_bound(kind, game.components)
    return count("Copies", "How many identical copies of this card the game holds (default "
                 f"1): at most {bound}, as {why}.", 1, bound)


def kind_schema(kind: KindSpec, game: _Game, checking: bool) -> dict[str, Any]:
    """The schema of one content file of a kind: its header fields, then its list of cards."""
    props = {"name": NAME, "copies": COPIES if checking else copies_field(game, kind.name)}
    props.update({f.name: field_schema(f, game, checking) for f in kind.card_fields})
    required = ["name", *(f.name for f in kind.card_fields if f.required)]
    card = mapping(kind.label, f"One {kind.label}.", props, required)
    header = {h: field_schema(f, game, checking) for h in kind.header
              if (f := kind.field(h)) is not None}
    listed: dict[str, Any] = card if kind.single else listing(
        kind.plural, f"The {kind.plural} of the file, in the order they are printed.", card,
        1, limits.CARDS_PER_FILE)
    defs = {"effect": effect_def(game, checking)} if kind.rules_fields else None
    return document(kind.name, kind.title or kind.plural,
                    kind.description or f"{kind.pattern}: {kind.plural}.",
                    {**header, kind.list: listed}, [*kind.header, kind.list], defs)


def content_schemas(game_data: Any, checking: bool = False) -> dict[str, dict[str, Any]]:
    """game.yaml's schema and each kind's (``checking``: the variant ``check`` uses)."""
    game = _Game(game_data)
    out = {"game": game_schema()}
    out.update({k.name: kind_schema(k, game, checking) for k in game.pack.kinds})
    return out


def schema_names(pack: Pack) -> tuple[str, ...]:
    """The schema files a pack has: game.yaml's and one per kind."""
    return ("game", *pack.names)


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the file ``prophecy schemas`` writes: sorted nowhere, indented, one newline."""
    import json

    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def stale_schemas(content: Path) -> tuple[dict[Path, str], int]:
    """The schema files of a content folder that differ from what its game.yaml makes, and
    how many files its schemas are.

    Maps each file (``<content>/schemas/<kind>.schema.json``) to its new text;
    a ``ContentErrors`` when game.yaml cannot be read.
    """
    _, _, data = load_yaml(content / "game.yaml", "game.yaml", "write the game's name and "
                           "kinds")
    out = {}
    schemas = content_schemas(data)
    texts = {content / "schemas" / f"{kind}.schema.json": schema_text(schema)
             for kind, schema in schemas.items()}
    if (content / "layouts").is_dir():
        # a pack's own layout is checked in the editor by the layout schema that ships
        texts[content / "schemas" / "layout.schema.json"] = (
            schemas_dir() / "layout.schema.json").read_text(encoding="utf-8")
    for path, new in texts.items():
        try:
            old = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if old != new:
            out[path] = new
    return out, len(texts)
