"""The upper bounds of the content: every count and size a content file may hold.

Each bound is chosen from what a real card game needs, with room to spare,
and is low enough that no value can make a command run for minutes or fill
the memory (``copies: 1000000000`` once did). The generated JSON schemas
(``schemagen.py``) carry these numbers, so ``prophecy check`` and an editor
refuse a value past them at its place; ``docs/content.md`` lists them and a
test holds the two equal.
"""

from __future__ import annotations

from typing import Final

#: Copies of one card design: a basic card of a deck-builder may come 60 times.
COPIES: Final = 100
#: Cards listed in one content file, and designs of one kind: room for a set 100 times
#: the bundled one (the scaling benchmark's largest) with a grimoire's cards in one file.
CARDS_PER_FILE: Final = 2000
#: Effect lines on one card, in one reward or bonus.
EFFECTS_PER_CARD: Final = 8
#: Characters in one effect line (the longest bundled line has about 90).
EFFECT_LENGTH: Final = 200
#: Characters in a card's name, a heading, a Manifest name, a vocabulary name, a term.
NAME_LENGTH: Final = 60
#: Characters in a prose field: flavour, verse text, reminder, glossary definition.
PROSE_LENGTH: Final = 400
#: Characters in the game's name and in its version.
GAME_NAME_LENGTH: Final = 100
VERSION_LENGTH: Final = 40
#: Names in each vocabulary list (grimoires, card types).
VOCABULARY_NAMES: Final = 20
#: Glossary entries, and rejected words per entry.
GLOSSARY_TERMS: Final = 500
REJECTED_WORDS: Final = 30
#: Points a Dark Deed, a Title or one Grimoire level is worth.
POINTS: Final = 100
#: Cards a Dark Deed needs.
CARDS_NEEDED: Final = 20
#: Rounds the round tracker shows: an edge a round, four edges a side (faces.EDGES_PER_SIDE).
TRACKER_ROUNDS: Final = 8
#: Cards of one kind in the component list (the bundled game has 72 Arcana; 100 times
#: that still fits).
COMPONENT_COUNT: Final = 10000

#: Each rules constant's (minimum, maximum): what a game of this family could set.
RULES: Final[dict[str, tuple[int, int]]] = {
    "rounds": (1, 20),
    "actions_per_round": (1, 10),
    "action_kind_limit": (1, 10),
    "starting_hand": (0, 20),
    "hand_limit": (1, 30),
    "deed_limit": (1, 10),
    "starting_deeds": (0, 10),
    "deed_draw": (1, 10),
    "deed_keep": (1, 10),
    "stash_points": (0, 100),
    "min_level": (0, 10),
    "max_level": (1, 10),
    # two at least: a Support Hireling goes to another player, the Titles compare players
    "min_players": (2, 8),
    "max_players": (2, 8),
    "titles_in_play": (0, 20),
    "hireling_first_round": (1, 20),
    "hireling_redraw_round": (1, 20),
    "hirelings_revealed": (0, 20),
    "draw_phase_arcana": (0, 20),
    "draw_phase_mixed_arcana": (0, 20),
}
#: The rules options' numbers (game.yaml's ``options:``), each (minimum, maximum): the most
#: of one action a turn (0: not on offer), the hand a draw-up-to rule fills, the face-up
#: Dark Deeds of a market, a Verse's depth in the Arcana deck (1: its top card), how often
#: the deck may run out before the last round, and the most rounds such a game may last.
OPTIONS: Final[dict[str, tuple[int, int]]] = {
    "actions": (0, 10),
    "hand_size": (1, 30),
    "market": (1, 10),
    "depth": (1, 500),
    "empties": (1, 20),
    "most_rounds": (1, 100),
}
#: Player counts a per-player option is keyed by ('2 players'): the bounds of the players.
PLAYERS_KEY: Final = "^[2-8] players$"

#: verses_per_round: one number per round (at most RULES['rounds'] of them), each at most this.
VERSES_FACE_UP: Final = 10

# The bounds of a run: its count options, and so the files it writes (its shards).
#: Games in one simulation: 10 million take about nine hours on one core.
GAMES: Final = 10_000_000
#: Pairs of games per design in a balance run.
PAIRS: Final = 1_000_000
#: Parts a run is split into with --shard I/N.
SHARDS: Final = 10_000


_OPTION_WORDS = {
    "actions": "the most of one action a turn", "hand_size": "`hand.size`",
    "market": "`dark_deeds.size`", "depth": "a Verse's depth in the Arcana deck",
    "empties": "`end.times`", "most_rounds": "`end.most_rounds`",
}


#: Each card kind's entry in game.yaml's component list, and its share of one card:
#: (key of a per-group count, the words for that group).
_SHARES = {"arcana": ("per_grimoire", "of one grimoire"), "deed": ("per_grimoire",
           "of one grimoire"), "grimoire": ("per_grimoire", "of one grimoire"),
           "verse": ("per_position", "of one position")}


def copies_bound(kind: str, components: object) -> tuple[int, str]:
    """The most ``copies`` one card of ``kind`` may have, and where that bound comes from.

    A card cannot come more times than the box holds cards of its kind (of its
    grimoire, of its verse position): the component list of game.yaml says how
    many; without an entry for the kind, the bound is ``COPIES``.
    """
    spec = components.get(kind) if isinstance(components, dict) else None
    if not isinstance(spec, dict):
        return COPIES, f"at most {COPIES} copies of a card"
    key, group = _SHARES.get(kind, ("count", ""))
    value = spec.get(key)
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        key, group, value = "count", "", spec.get("count")
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return COPIES, f"at most {COPIES} copies of a card"
    where = f"components.{kind}.{key}"
    if value >= COPIES:
        return COPIES, f"at most {COPIES} copies of a card"
    return value, f"the component list holds {value} {kind} cards{' ' + group if group else ''}" \
        f" ({where} in game.yaml)"


def table() -> list[tuple[str, str]]:
    """(what, bound) rows for the documentation, in the order docs/content.md lists them."""
    rows = [
        ("`copies` of a card", f"1 to {COPIES}, at most its kind's share of `components`"),
        ("cards in one file", f"{CARDS_PER_FILE}"),
        ("effect lines in one field (`effects`, `reward`, ...)", f"{EFFECTS_PER_CARD}"),
        ("characters in an effect line", f"{EFFECT_LENGTH}"),
        ("characters in a name, heading, Manifest name or term", f"{NAME_LENGTH}"),
        ("characters in flavour, verse text, reminder or definition", f"{PROSE_LENGTH}"),
        ("characters in the game's `name`", f"{GAME_NAME_LENGTH}"),
        ("characters in the game's `version`", f"{VERSION_LENGTH}"),
        ("names in each vocabulary list", f"{VOCABULARY_NAMES}"),
        ("glossary terms; rejected words per term", f"{GLOSSARY_TERMS}; {REJECTED_WORDS}"),
        ("`points` of a Dark Deed, a Title or a Grimoire level", f"{POINTS}"),
        ("`cards_needed` of a Dark Deed", f"1 to {CARDS_NEEDED}"),
        ("`rounds` of the Round Tracker", f"1 to {TRACKER_ROUNDS}"),
        ("`count` of a kind in `components`", f"{COMPONENT_COUNT}"),
        ("`verses_per_round`: numbers; each number", f"{RULES['rounds'][1]}; {VERSES_FACE_UP}"),
    ]
    rows += [(f"`rules.{key}`", f"{low} to {high}") for key, (low, high) in RULES.items()]
    rows += [(f"`options`: {_OPTION_WORDS[key]}", f"{low} to {high}")
             for key, (low, high) in OPTIONS.items()]
    return rows
