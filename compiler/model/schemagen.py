"""JSON schemas made from the game: game.yaml's data in, one schema per content file kind out.

``content_schemas(game)`` builds the schemas an editor reads through the
``# yaml-language-server: $schema=...`` line of each content file, and that
``prophecy schemas`` writes into ``<content>/schemas/``: the grimoire names,
card types, verse positions and Hireling roles are enums whose descriptions
come from the glossary; effect lines carry examples made with the game's own
names, a description and a pattern that catches gross mistakes (a blank line,
a list marker or junk before or after the words); every count and size has
the maximum of ``limits.py``.

``content_schemas(None)`` is the checking variant ``prophecy check`` itself
validates with: the same structure and bounds, without the enums of names
(the loader reports an unknown name with a suggestion of its own) and
without the effect-line pattern (the parser names the bad word).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prophecy.compiler.model import limits
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

KINDS = ("game", "arcana", "grimoires", "deeds", "verses", "hirelings", "titles",
         "reference", "tracker")
_POSITIONS = {
    "starting": "Starting Verse", "middle": "Middle Verse", "ending": "Ending Verse",
}
_ROLES = {"support": "Support", "sabotage": "Sabotage"}


class _Game:
    """What the schemas need from game.yaml: names, their glossary definitions."""

    def __init__(self, data: Any) -> None:
        data = data if isinstance(data, dict) else {}
        vocab = data.get("vocabulary") if isinstance(data.get("vocabulary"), dict) else {}
        self.grimoires = _names(vocab.get("grimoires"))
        self.card_types = _names(vocab.get("card_types"))
        glossary = data.get("glossary") if isinstance(data.get("glossary"), list) else []
        self.terms = {
            str(t["term"]).lower(): str(t.get("definition") or "")
            for t in glossary if isinstance(t, dict) and isinstance(t.get("term"), str)
        }

    def describe(self, term: str, fallback: str) -> str:
        return self.terms.get(term.lower()) or fallback


def _names(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _grimoire_field(game: _Game | None) -> dict[str, Any]:
    description = "One of the grimoire names listed in game.yaml's vocabulary, spelt exactly."
    if game is None or not game.grimoires:
        return text("Grimoire", description, limits.NAME_LENGTH)
    values = {g: game.describe(g, f"The grimoire {g}.") for g in game.grimoires}
    return choice("Grimoire", description, values)


def _card_type_field(game: _Game | None) -> dict[str, Any]:
    description = "A card type from game.yaml's vocabulary."
    if game is None or not game.card_types:
        return text("Card type", description, limits.NAME_LENGTH)
    values = {t: game.describe(t, f"The card type {t}.") for t in game.card_types}
    return choice("Card type", description, values)


NAME = text("Name", "The card's name as printed. Names are unique across the whole game, "
            "ignoring case and punctuation.", limits.NAME_LENGTH)
COPIES = count("Copies", "How many identical copies of this card the game holds (default 1).",
               1, limits.COPIES)
FLAVOR = text("Flavour text", "Optional italic text printed under the effects; no rules meaning.",
              limits.PROSE_LENGTH, PROSE_PATTERN)


def effects(title: str, description: str, low: int = 1) -> dict[str, Any]:
    return listing(title, description, {"$ref": "#/$defs/effect"}, low, limits.EFFECTS_PER_CARD)


def effect_def(game: _Game | None) -> dict[str, Any]:
    """The effect line: examples and a loose pattern for editors, just text for the checker."""
    described = ("One line of the rules language, e.g. 'Grimoire Level 2: Add 1 to "
                 "highest-points Dark Deed'. 'prophecy fmt' rewrites it to its canonical "
                 "wording; 'prophecy check' parses it.")
    if game is None:
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


def _with_effects(game: _Game | None) -> dict[str, Any]:
    return {"effect": effect_def(game)}


# ------------------------------------------------------------------- kinds
def _arcana(game: _Game | None) -> dict[str, Any]:
    card = mapping("Arcana card", "One Arcana card design.", {
        "name": NAME,
        "types": listing("Types", "The card's types: at least one of the vocabulary's card "
                         "types.", _card_type_field(game), 1, limits.VOCABULARY_NAMES, True),
        "copies": COPIES,
        "effects": effects("Effects", "1 or more effect lines, top to bottom in the order they "
                           "resolve."),
        "flavor": FLAVOR,
    }, ["name", "types", "effects"])
    return document("arcana", "Arcana cards of one grimoire",
                    "content/arcana/<grimoire>.yaml: the Arcana cards of one grimoire.", {
                        "grimoire": _grimoire_field(game),
                        "cards": listing("Arcana cards", "The grimoire's Arcana cards, in the "
                                         "order they are listed and printed.", card, 1,
                                         limits.CARDS_PER_FILE),
                    }, ["grimoire", "cards"], _with_effects(game))


def _grimoires(game: _Game | None) -> dict[str, Any]:
    points = count("Points", "Points at the end of the game for this level.", -limits.POINTS,
                   limits.POINTS)
    levels = limits.RULES["max_level"][1] + 1
    card = mapping("Grimoire card", "A grimoire design: points per level and the Manifest "
                   "ability at the top level.", {
                       "name": NAME,
                       "grimoire": _grimoire_field(game),
                       "copies": COPIES,
                       "points": listing("Points per level", "Points for each level, from the "
                                         "lowest level (0) to the top level (4): one number per "
                                         "level.", points, 1, levels),
                       "manifest_name": text("Manifest name", "The name of the Manifest ability "
                                             "printed at the top level.", limits.NAME_LENGTH),
                       "manifest": {"$ref": "#/$defs/effect", "description": "The Manifest "
                                    "ability: one effect line, usable at the top level."},
                       "flavor": FLAVOR,
                   }, ["name", "grimoire", "points", "manifest"])
    return document("grimoires", "Grimoire cards",
                    "content/grimoires.yaml: one entry per grimoire design.", {
                        "grimoires": listing("Grimoire designs", "One entry per grimoire design; "
                                             "'copies' says how many of each the game holds.",
                                             card, 1, limits.CARDS_PER_FILE),
                    }, ["grimoires"], _with_effects(game))


def _deeds(game: _Game | None) -> dict[str, Any]:
    deed = mapping("Dark Deed", "A goal: store enough cards on it to complete it.", {
        "name": NAME,
        "copies": COPIES,
        "cards_needed": count("Cards needed", "How many cards must be stored on the deed to "
                              "complete it.", 1, limits.CARDS_NEEDED),
        "points": count("Points", "Points at the end of the game once completed.", 0,
                        limits.POINTS),
        "when_complete": effects("When Complete", "The optional bonus when the deed is "
                                 "completed: effect lines.", 0),
        "flavor": FLAVOR,
    }, ["name", "cards_needed", "points"])
    return document("deeds", "Dark Deeds of one grimoire",
                    "content/deeds/<grimoire>.yaml: the Dark Deeds of one grimoire.", {
                        "grimoire": _grimoire_field(game),
                        "deeds": listing("Dark Deeds", "The grimoire's Dark Deeds.", deed, 1,
                                         limits.CARDS_PER_FILE),
                    }, ["grimoire", "deeds"], _with_effects(game))


def _verses(game: _Game | None) -> dict[str, Any]:
    positions = {k: (game.describe(v, v) if game else v) for k, v in _POSITIONS.items()}
    verse = mapping("Prophecy Verse", "A verse: prose, a condition and the reward for players "
                    "who meet it.", {
                        "name": NAME,
                        "copies": COPIES,
                        "position": choice("Position", "Where the verse sits in the prophecy: "
                                           "starting, middle or ending.", positions),
                        "text": text("Verse text", "The verse's line of the prophecy, read with "
                                     "the other two.", limits.PROSE_LENGTH, PROSE_PATTERN),
                        "condition": {"$ref": "#/$defs/effect", "description": "The condition, "
                                      "such as 'If you have completed 2 or more Dark Deeds'."},
                        "reward": effects("Reward", "Effect lines for each player who meets the "
                                          "condition."),
                        "flavor": FLAVOR,
                    }, ["name", "position", "text", "condition", "reward"])
    return document("verses", "Prophecy Verses", "content/verses.yaml: the Prophecy Verse cards.",
                    {"verses": listing("Verses", "Every Prophecy Verse card.", verse, 1,
                                       limits.CARDS_PER_FILE)},
                    ["verses"], _with_effects(game))


def _hirelings(game: _Game | None) -> dict[str, Any]:
    roles = {k: (game.describe(v, v) if game else v) for k, v in _ROLES.items()}
    hireling = mapping("Hireling", "A Hireling supports (adds to) or sabotages (replaces) a "
                       "verse's reward for one round.", {
                           "name": NAME,
                           "copies": COPIES,
                           "role": choice("Role", "support adds the effect to the verse's reward;"
                                          " sabotage replaces the reward with it.", roles),
                           "reminder": text("Reminder", "Reminder text printed on the card.",
                                            limits.PROSE_LENGTH, PROSE_PATTERN),
                           "effect": effects("Effect", "The extra reward or the sabotage effect: "
                                             "effect lines."),
                           "redraw": {"type": "boolean", "title": "Redraw mark", "description":
                                      "true when the Hireling is redrawn if revealed in round 4."},
                           "flavor": FLAVOR,
                       }, ["name", "role", "reminder", "effect"])
    return document("hirelings", "Hirelings", "content/hirelings.yaml: the Hireling cards.",
                    {"hirelings": listing("Hirelings", "Every Hireling card.", hireling, 1,
                                          limits.CARDS_PER_FILE)},
                    ["hirelings"], _with_effects(game))


def _titles(game: _Game | None) -> dict[str, Any]:
    title = mapping("Title", "A Title: the player who has the most (or fewest) of something "
                    "wins its points.", {
                        "name": NAME,
                        "copies": COPIES,
                        "condition": {"$ref": "#/$defs/effect", "description": "The title's "
                                      "condition, such as 'Most stashed cards'."},
                        "points": count("Points", "Points for the player who wins the title.", 0,
                                        limits.POINTS),
                        "flavor": FLAVOR,
                    }, ["name", "condition", "points"])
    return document("titles", "Titles", "content/titles.yaml: the Title cards.",
                    {"titles": listing("Titles", "Every Title card.", title, 1,
                                       limits.CARDS_PER_FILE)},
                    ["titles"], _with_effects(game))


def _reference(game: _Game | None) -> dict[str, Any]:
    card = mapping("Reference card", "The player aid; its rules summary is generated from "
                   "game.yaml.", {
                       "name": NAME,
                       "heading": text("Heading", "The heading printed on the card.",
                                       limits.NAME_LENGTH),
                       "copies": COPIES,
                       "flavor": FLAVOR,
                   }, ["name"])
    return document("reference", "Reference card",
                    "content/reference.yaml: the player reference card.",
                    {"reference": card}, ["reference"])


def _tracker(game: _Game | None) -> dict[str, Any]:
    card = mapping("Round tracker", "One card that shows the current round, one edge a round: "
                   "turned each round, then flipped.", {
                       "name": NAME,
                       "rounds": count("Rounds", "How many rounds the tracker shows: up to five, "
                                       "all but the last on the front's edges and the last on "
                                       "the back; six to eight, four on the front and the rest "
                                       "on the back's edges. Equal to the rules' rounds.",
                                       1, limits.TRACKER_ROUNDS),
                       "copies": COPIES,
                       "flavor": FLAVOR,
                   }, ["name"])
    return document("tracker", "Round tracker", "content/tracker.yaml: the round tracker card.",
                    {"tracker": card}, ["tracker"])


def _game(game: _Game | None) -> dict[str, Any]:
    return game_schema()


_BUILDERS = {
    "game": _game, "arcana": _arcana, "grimoires": _grimoires, "deeds": _deeds,
    "verses": _verses, "hirelings": _hirelings, "titles": _titles, "reference": _reference,
    "tracker": _tracker,
}


def content_schemas(game_data: Any | None) -> dict[str, dict[str, Any]]:
    """Every content file kind's schema; ``None`` gives the checking variant (see above)."""
    game = None if game_data is None else _Game(game_data)
    return {kind: _BUILDERS[kind](game) for kind in KINDS}


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the file ``prophecy schemas`` writes: sorted nowhere, indented, one newline."""
    import json

    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def stale_schemas(content: Path) -> dict[Path, str]:
    """The schema files of a content folder that differ from what its game.yaml makes.

    Maps each file (``<content>/schemas/<kind>.schema.json``) to its new text;
    a ``ContentErrors`` when game.yaml cannot be read.
    """
    from prophecy.compiler.model.yamlsafe import load_yaml

    _, _, data = load_yaml(content / "game.yaml", "game.yaml", "write the game's name and "
                           "vocabulary")
    out = {}
    for kind, schema in content_schemas(data).items():
        path = content / "schemas" / f"{kind}.schema.json"
        new = schema_text(schema)
        try:
            old = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if old != new:
            out[path] = new
    return out
