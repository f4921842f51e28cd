"""The schema of game.yaml: nothing in, the JSON schema of the game file out.

game.yaml defines the vocabulary, so its schema cannot depend on it: it is
the same for every game. Every rules constant has the bounds of
``limits.RULES``; the names of the vocabulary are one-line names (no control
character, at most ``limits.NAME_LENGTH`` characters).
"""

from __future__ import annotations

from typing import Any

from prophecy.compiler.model import limits
from prophecy.compiler.model.schemaparts import (
    NAME_PATTERN,
    PROSE_PATTERN,
    count,
    document,
    listing,
    mapping,
    text,
)

#: Each rules constant's title and description (the bounds are in limits.RULES).
RULES_TEXT: dict[str, tuple[str, str]] = {
    "rounds": ("Rounds", "Rounds in a game."),
    "actions_per_round": ("Actions per round", "Actions each player takes per round."),
    "action_kind_limit": ("Action kind limit",
                          "How many times one kind of action may be taken in a round."),
    "starting_hand": ("Starting hand", "Arcana cards dealt to each player at the start."),
    "hand_limit": ("Hand limit", "Most cards a hand may hold; the excess goes to the center."),
    "deed_limit": ("Deed limit", "Most Dark Deeds a player may have in play."),
    "starting_deeds": ("Starting deeds", "Dark Deeds each player starts with."),
    "deed_draw": ("Deed draw", "Dark Deeds drawn by the draw-deeds action."),
    "deed_keep": ("Deed keep", "How many of those are kept (at most deed_draw)."),
    "stash_points": ("Stash points", "Points for each stashed card."),
    "min_level": ("Min level", "The lowest grimoire level."),
    "max_level": ("Max level", "The top grimoire level (the Manifest level)."),
    "min_players": ("Min players", "Fewest players (at most max_players)."),
    "max_players": ("Max players", "Most players."),
    "titles_in_play": ("Titles in play", "Titles drawn for a game."),
    "hireling_first_round": ("Hireling first round",
                             "The first round in which a Hireling is revealed."),
    "hireling_redraw_round": ("Hireling redraw round",
                              "The round in which a Hireling with the redraw mark is redrawn."),
    "hirelings_revealed": ("Hirelings revealed", "Hirelings revealed over a game."),
    "draw_phase_arcana": ("Draw phase arcana", "Arcana cards drawn in the draw phase."),
    "draw_phase_mixed_arcana": ("Draw phase mixed arcana", "Arcana cards drawn in the draw "
                                "phase by a player who also draws a Dark Deed."),
}
_DEED_TARGETS = ["any", "each", "highest-points", "lowest-points", "most-cards", "fewest-cards"]
#: Component kinds: (title, the per-group key and its description, if any).
_COMPONENTS: dict[str, tuple[str, tuple[str, str] | None]] = {
    "arcana": ("Arcana cards", ("per_grimoire", "Arcana cards per grimoire.")),
    "grimoire": ("Grimoire cards", ("per_grimoire", "Grimoire cards per grimoire.")),
    "deed": ("Dark Deeds", ("per_grimoire", "Dark Deeds per grimoire.")),
    "verse": ("Prophecy Verses", ("per_position", "Verses per position.")),
    "hireling": ("Hirelings", None),
    "title": ("Titles", None),
    "reference": ("Reference cards", None),
    "tracker": ("Round trackers", None),
}


def _rules() -> dict[str, Any]:
    props: dict[str, Any] = {}
    for key, (title, description) in RULES_TEXT.items():
        low, high = limits.RULES[key]
        props[key] = count(title, description, low, high)
    rounds = limits.RULES["rounds"][1]
    per_round = {"type": "integer", "minimum": 0, "maximum": limits.VERSES_FACE_UP}
    props["verses_per_round"] = listing(
        "Verses per round", "How many verses are face up in each round, one number per round.",
        per_round, 1, rounds)
    order = [*list(RULES_TEXT)[:15], "verses_per_round", *list(RULES_TEXT)[15:]]
    return mapping("Rules constants", "One key per rules constant; a missing key keeps its "
                   "default.", {k: props[k] for k in order}, [])


def _vocabulary() -> dict[str, Any]:
    name = text("Name", "A name as printed on the cards: words of letters, none of them a "
                "keyword of the rules language.", limits.NAME_LENGTH)
    return mapping("Vocabulary", "The names effect lines may use.", {
        "grimoires": listing("Grimoires", "The grimoire names, spelt as printed.", name, 1,
                             limits.VOCABULARY_NAMES, True),
        "card_types": listing("Card types", "The Arcana card types.", name, 1,
                              limits.VOCABULARY_NAMES, True),
        "deed_targets": listing("Dark Deed targets", "Selector words for Dark Deeds: a subset "
                                "of any, each, highest-points, lowest-points, most-cards, "
                                "fewest-cards.", {"enum": _DEED_TARGETS}, 1, len(_DEED_TARGETS),
                                True),
    }, ["grimoires", "card_types"])


def _glossary() -> dict[str, Any]:
    term = mapping("Term", "One game term.", {
        "term": text("Term", "The canonical spelling.", limits.NAME_LENGTH),
        "definition": text("Definition", "What the term means.", limits.PROSE_LENGTH,
                           PROSE_PATTERN),
        "rejected": listing("Rejected words", "Words the linter flags, suggesting the term "
                            "instead.", text("Rejected word", "A synonym or old spelling to "
                                             "flag.", limits.NAME_LENGTH), 0,
                            limits.REJECTED_WORDS),
    }, ["term"])
    return listing("Glossary", "Each game term, its canonical spelling and the words to flag "
                   "instead.", term, 0, limits.GLOSSARY_TERMS)


def _components() -> dict[str, Any]:
    props: dict[str, Any] = {}
    for kind, (title, group) in _COMPONENTS.items():
        fields = {"count": count("Count", "How many cards of this kind the game holds, copies "
                                 "included.", 0, limits.COMPONENT_COUNT)}
        if group:
            key, description = group
            fields[key] = count(key.replace("_", " ").capitalize(), description, 0,
                                limits.COMPONENT_COUNT)
        props[kind] = mapping(title, f"The {title} in the box.", fields, ["count"])
    return mapping("Components", "The component list: how many cards of each kind the box "
                   "holds.", props, [])


def game_schema() -> dict[str, Any]:
    """The schema of content/game.yaml."""
    return document("game", "Dark Prophecies game data", "content/game.yaml: the game's name, "
                    "version, vocabulary, rules constants, glossary and component list.", {
                        "name": text("Game name", "The game's name.", limits.GAME_NAME_LENGTH),
                        "version": text("Version", "The content's version, such as 1.2 or "
                                        "2025-playtest-3: printed small on each face when the "
                                        "layout asks for it, so printed runs can be told apart.",
                                        limits.VERSION_LENGTH, NAME_PATTERN),
                        "vocabulary": _vocabulary(),
                        "rules": _rules(),
                        "glossary": _glossary(),
                        "components": _components(),
                    }, ["name", "vocabulary"])
