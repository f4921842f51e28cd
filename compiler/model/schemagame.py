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
    choice,
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
    props["curse_types"] = listing(
        "Curse types", "Card types of the vocabulary whose cards, played, go in front of an "
        "opponent of the player's choice, where their turn effects ('At the start of your "
        "turn: ...') are not optional.", text("Card type", "A card type of the vocabulary.",
                                              limits.NAME_LENGTH), 0, limits.VOCABULARY_NAMES,
        True)
    order = [*list(RULES_TEXT)[:15], "verses_per_round", *list(RULES_TEXT)[15:], "curse_types"]
    return mapping("Rules constants", "One key per rules constant; a missing key keeps its "
                   "default.", {k: props[k] for k in order}, [])


def _per_players(title: str, description: str, value: dict[str, Any]) -> dict[str, Any]:
    """A mapping keyed by player count ('2 players', '3 players' ...) to ``value``."""
    return {"type": "object", "title": title, "description": description,
            "propertyNames": {"pattern": limits.PLAYERS_KEY}, "additionalProperties": value,
            "minProperties": 1}


def _bounded(key: str, title: str, description: str) -> dict[str, Any]:
    low, high = limits.OPTIONS[key]
    return count(title, description, low, high)


def _options() -> dict[str, Any]:
    depth = _bounded("depth", "Depth", "A depth in the Arcana deck, 1 the top card.")
    window = {"anyOf": [depth, listing("Depths", "The shallowest and the deepest place it may "
                                       "take, at random between them.", depth, 2, 2)],
              "title": "Where one Verse goes",
              "description": "A depth (1: the top card), or [shallowest, deepest]."}
    return mapping("Rules options", "The engine's rules options (docs/content.md); each left "
                   "out plays as the rulebook and its rulings say.", {
        "actions": {
            "type": "object", "title": "Actions",
            "description": "The actions on offer, each with the most a player may take of it a "
                           "turn (0: not on offer); an action left out is not on offer. Leave "
                           "the key out for every action, each at most action_kind_limit a "
                           "turn. Dark Prophecies' actions: play, level up, draw arcana, draw "
                           "deeds, manifest.",
            "propertyNames": {"pattern": "^[a-z][a-z -]*[a-z]$", "maxLength": limits.NAME_LENGTH},
            "additionalProperties": _bounded("actions", "Most a turn", "How many times a "
                                             "player may take this action in one turn."),
            "minProperties": 1},
        "turns": choice("Turns", "How the players take their turns in a round.", {
            "by-player": "each player's Action, Prophecy and Draw phases, then the next "
                         "player's (the rulebook's first game)",
            "by-action": "one action each in turn until every player has ended, then each "
                         "player's Prophecy and Draw phases"}),
        "hand": mapping("Hand", "The hand rule.", {
            "rule": choice("Rule", "How a hand is kept.", {
                "limit": "a hand over rules.hand_limit sheds the cards of its player's choice "
                         "to the center at once; the Draw phase draws as the rulebook says",
                "draw-up-to": "no hand limit; the Draw phase draws cards until the hand holds "
                              "'size'"}),
            "size": _bounded("hand_size", "Size", "The hand the draw-up-to rule fills.")},
            ["rule"]),
        "level_up": mapping("Level up", "What the Level up action costs.", {
            "cost": choice("Cost", "The card discarded to level up a Grimoire.", {
                "any-card": "any card from the hand",
                "power": "a card whose 'power' is at least the Grimoire's level"}),
            "once_per_grimoire": {"type": "boolean", "title": "Once per Grimoire",
                                  "description": "true: each Grimoire is levelled up by the "
                                                 "action at most once a turn."}}, []),
        "verses": mapping("Verses", "Where the Prophecy Verses go.", {
            "place": choice("Place", "Where the Middle and Ending Verses wait.", {
                "row": "face down in the Prophecy Area, turned face up as rules.verses_per_round "
                       "says",
                "deck": "shuffled into the Arcana deck at 'depths'; a Verse drawn goes face "
                        "down to the Prophecy Area and is turned face up at the round's end"}),
            "depths": _per_players("Depths", "By player count, where each Verse after the "
                                   "Starting Verse goes into the Arcana deck once hands are "
                                   "dealt: the Middle Verse, then the Ending Verse.",
                                   listing("Depths", "One place per Verse.", window, 2, 2))},
            ["place"]),
        "dark_deeds": mapping("Dark Deeds", "Where Dark Deeds are drawn from.", {
            "place": choice("Place", "Where a draw of Dark Deeds takes them from.", {
                "private": "the top of the Dark Deed deck, unseen",
                "market": "a row of 'size' face-up Dark Deeds, refilled from the deck"}),
            "size": _bounded("market", "Size", "The face-up Dark Deeds of the market.")},
            ["place"]),
        "discard": choice("Discard piles", "Where a player's discards go.", {
            "personal": "each player's own discard pile; 'to the center' the center",
            "shared": "one pile for everyone, the center"}),
        "end": mapping("End of the game", "When the game ends.", {
            "after": choice("After", "What ends the game.", {
                "rounds": "rules.rounds rounds",
                "deck-emptied": "the round in which the Arcana deck runs out for the 'times'-th "
                                "time, played to its end"}),
            "times": _per_players("Times", "By player count, how often the Arcana deck runs "
                                  "out before the last round.",
                                  _bounded("empties", "Times", "How often the deck runs out.")),
            "most_rounds": _bounded("most_rounds", "Most rounds", "The last round of a game "
                                    "whose deck does not run out often enough.")},
            ["after"]),
    }, [])


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
        "words": listing("Words", "Everyday words an effect line may use, and the words of the "
                         "rules language they are read as (ruling 20); tried before the "
                         "bundled table.", _word(), 1, 200),
    }, ["grimoires", "card_types"])


def _word() -> dict[str, Any]:
    said = "^[A-Za-z0-9.' \\-]*$"
    return mapping("Word", "One entry of the words table.", {
        "written": text("Written", "The words as a designer writes them; '...' stands for "
                        "the words between.", limits.NAME_LENGTH, said),
        "means": text("Means", "The words of the rules language they are read as (empty: "
                      "a preamble, dropped where a clause starts).", limits.NAME_LENGTH, said),
        "before": text("Before", "Words that must follow in the same clause for the entry "
                       "to apply.", limits.NAME_LENGTH, said),
    }, ["written", "means"])


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


#: The rules language's nouns a game may print in words of its own (docs/packs.md, "Words").
LANGUAGE_NOUNS = ("Grimoire", "Dark Deed")


def _words() -> dict[str, Any]:
    say = mapping("Printed as", "This game's word for one and for several.", {
        "one": text("One", "The word for one, as in 'Level up any Discipline'.",
                    limits.NAME_LENGTH, NAME_PATTERN),
        "many": text("Several", "The word for several, as in '2 Disciplines'.",
                     limits.NAME_LENGTH, NAME_PATTERN),
    }, ["one", "many"])
    return {"type": "object", "title": "Words",
            "description": "How the faces print the rules language's own nouns: 'Grimoire: {one: "
                           "Discipline, many: Disciplines}' prints 'Grimoire Level 2' as "
                           "'Discipline Level 2'. The rules lines keep the language's words.",
            "propertyNames": {"enum": list(LANGUAGE_NOUNS)},
            "additionalProperties": say}


def _components() -> dict[str, Any]:
    spec = {"type": "object", "title": "A kind's count",
            "description": "How many cards of the kind the box holds (count, copies included), "
                           "and how many of them share each value of a field (per_<field>).",
            "required": ["count"], "additionalProperties": False,
            "patternProperties": {"^per_[a-z][a-z0-9_]*$": count(
                "Per value", "Cards of the kind per value of a field.", 0,
                limits.COMPONENT_COUNT)},
            "properties": {"count": count("Count", "How many cards of this kind the game "
                                          "holds, copies included.", 0,
                                          limits.COMPONENT_COUNT)}}
    return {"type": "object", "title": "Components",
            "description": "The component list: how many cards of each kind the box holds.",
            "additionalProperties": spec}


_KEY = "^[a-z][a-z0-9_-]*$"


def _field() -> dict[str, Any]:
    words = text("Word", "The words a face prints for this value ('words.<field>' in a "
                 "template); what the value means goes in the field's description.",
                 limits.NAME_LENGTH)
    return mapping("Field", "One field of the kind's cards: its type and bounds.", {
        "type": choice("Type", "What the field holds.", {
            "text": "one line of text", "prose": "text that may run over lines",
            "integer": "a whole number", "boolean": "true or false",
            "choice": "one of the words of 'values'", "name": "a name of the vocabulary",
            "image": "a picture file in the pack", "rules": "a line of the rules language"}),
        "required": {"type": "boolean", "title": "Required",
                     "description": "true when every card must write it."},
        "list": {"type": "boolean", "title": "List",
                 "description": "true when the field holds a list of values."},
        "min": count("Min", "The least value (an integer), or the fewest items (a list).",
                     -limits.COMPONENT_COUNT, limits.COMPONENT_COUNT),
        "max": count("Max", "The greatest value (an integer), the longest text, or the most "
                     "items (a list).", 0, limits.COMPONENT_COUNT),
        "values": {"type": "object", "title": "Values",
                   "description": "The values a choice may take, each with the words a face "
                                  "prints for it (empty: the value itself).",
                   "additionalProperties": {"anyOf": [words, {"type": "null"}]},
                   "minProperties": 1},
        "names": choice("Names", "The vocabulary list a name field draws from.",
                        {"grimoires": "the grimoires", "card_types": "the card types",
                         "deed_targets": "the Dark Deed targets"}),
        "line": choice("Line", "What a rules field holds.", {
            "effect": "an effect", "condition": "a condition ('If you have ...')",
            "title": "a Title condition ('Most ...')",
            "points": "a points table ('1 point for 1 stored card, 3 points for 2 stored "
                      "cards')"}),
        "default": {"title": "Default", "description": "The value of a card that leaves the "
                    "field out."},
        "size": listing("Least size", "An image's least width and height in pixels.",
                        count("Pixels", "Pixels.", 1, 20000), 2, 2),
        "title": text("Title", "The field's name in the editor.", limits.NAME_LENGTH),
        "description": text("Description", "What the field means, shown by the editor.",
                            limits.PROSE_LENGTH, PROSE_PATTERN),
    }, ["type"])


def _kinds() -> dict[str, Any]:
    words = {"label": ("Label", "How one card of the kind is called on faces and in messages."),
             "plural": ("Plural", "How several are called."),
             "title": ("Title", "The kind's name in the editor."),
             "files": ("Files", "Where its cards are written: a pattern of YAML files such as "
                       "arcana/*.yaml, or one CSV file such as arcana.csv."),
             "list": ("List key", "The key each YAML file lists its cards under."),
             "own": ("Own grimoire", "The field 'this Grimoire' and 'matching' mean in its "
                     "rules lines."),
             "front": ("Front", "The face of the layout its front shows."),
             "back": ("Back", "The face of the layout its back shows.")}
    props: dict[str, Any] = {k: text(title, description, limits.NAME_LENGTH * 2)
                             for k, (title, description) in words.items()}
    props["description"] = text("Description", "What the kind is, shown by the editor.",
                                limits.PROSE_LENGTH, PROSE_PATTERN)
    props["header"] = listing("Header fields", "Fields written once at the top of a file, for "
                              "each of its cards.", {"type": "string", "pattern": _KEY,
                                                         "maxLength": limits.NAME_LENGTH}, 0,
                              limits.VOCABULARY_NAMES, True)
    props["single"] = {"type": "boolean", "title": "One card a file",
                       "description": "true when each file holds one card, a mapping under "
                                      "the list key."}
    props["fields"] = {"type": "object", "title": "Fields",
                       "description": "The kind's fields, by name (every card also has a name "
                                      "and copies).",
                       "propertyNames": {"pattern": _KEY, "maxLength": limits.NAME_LENGTH,
                                         "not": {"enum": ["name", "copies"]}},
                       "additionalProperties": _field()}
    kind = mapping("Kind", "One kind of card: where its cards are, their fields, words and "
                   "faces.", props, [])
    return {"type": "object", "title": "Kinds of card",
            "description": "The game's kinds of card, by name (docs/packs.md).",
            "propertyNames": {"pattern": _KEY, "maxLength": limits.NAME_LENGTH},
            "additionalProperties": kind}


def game_schema() -> dict[str, Any]:
    """The schema of a game's game.yaml."""
    return document("game", "Game pack", "game.yaml: the game's name, version, engine, kinds of "
                    "card, vocabulary, rules, options, glossary and component list "
                    "(docs/packs.md).", {
                        "name": text("Game name", "The game's name.", limits.GAME_NAME_LENGTH),
                        "version": text("Version", "The content's version, such as 1.2 or "
                                        "2025-playtest-3: printed small on each face when the "
                                        "layout asks for it, so printed runs can be told apart.",
                                        limits.VERSION_LENGTH, NAME_PATTERN),
                        "engine": text("Engine", "The engine that plays the game: a name of the "
                                       "prophecy.engines entry points (dark-prophecies), or a "
                                       "Python file of the pack. Leave it out for a game "
                                       "without one.", limits.NAME_LENGTH * 2),
                        "extends": text("Extends", "The folder of the game this one adds to (an "
                                        "expansion), relative to this one, or 'bundled'.",
                                        limits.NAME_LENGTH * 4),
                        "layout": text("Layout", "The layout of layouts/<name>.yaml the faces "
                                       "are drawn with.", limits.NAME_LENGTH),
                        "kinds": _kinds(),
                        "vocabulary": _vocabulary(),
                        "rules": _rules(),
                        "options": _options(),
                        "glossary": _glossary(),
                        "words": _words(),
                        "components": _components(),
                    }, ["name"])
