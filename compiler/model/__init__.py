"""Typed content: what the loader makes of ``content/`` and everyone else reads.

The loader (``compiler/model/loader.py``) turns validated YAML (or CSV) into
these frozen dataclasses, as the game's own declarations of its kinds say
(``pack.py``), with every rules line parsed into its AST. The engine, the
renderer and the linter read only these objects, never YAML or effect text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from prophecy.compiler.model.pack import KindSpec, Pack

if TYPE_CHECKING:  # the AST's classes are made when a line is parsed or a card unpickled,
    # not by every command that names this module (check's start, with nothing changed)
    from prophecy.dsl import ast


@dataclass(frozen=True)
class Place:
    """Where something was written: file (relative to the content folder), 1-based line, column."""

    file: str
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class EffectLine:
    """One line of the rules language on a card: its canonical text and AST."""

    text: str
    node: ast.Line
    place: Place
    written: str = ""  # the text as the author wrote it, when not canonical


@dataclass(frozen=True, kw_only=True)
class Card:
    """One card design: the fields every card has, and the fields its kind declares.

    ``id`` is unique: the kind and a slug of the name. ``fields`` holds the
    kind's fields by name, each with a value of the declared type (a rules field
    holds its ``EffectLine``s); ``lines`` is every rules line on the card, top to
    bottom. A field is also read as an attribute (``card.points``), for the code
    of a game that knows its kinds (its engine and its checks).
    """

    id: str
    name: str
    kind: str
    copies: int = 1
    place: Place
    fields: dict[str, Any] = field(default_factory=dict, hash=False)
    lines: tuple[EffectLine, ...] = field(default=(), hash=False)
    own: str | None = None  # what 'this Grimoire' and 'matching' mean on this card
    set: str = ""  # the pack the card comes from: "" for the game, an expansion's name
    places: dict[str, Place] = field(default_factory=dict, hash=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__.get("fields")
        if fields is not None and name in fields:
            return fields[name]
        raise AttributeError(f"a {self.__dict__.get('kind', '?')} card has no field {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        """A field's value, or ``default`` when the kind has no such field."""
        return self.fields.get(name, default)

    @property
    def grimoire_of(self) -> str | None:
        """The grimoire that 'this Grimoire' and 'matching' mean on this card."""
        return self.own


@dataclass(frozen=True)
class Rules:
    """The rules constants from ``content/game.yaml``."""

    rounds: int = 5
    actions_per_round: int = 3
    action_kind_limit: int = 2
    starting_hand: int = 5
    hand_limit: int = 7
    deed_limit: int = 4
    starting_deeds: int = 2
    deed_draw: int = 3
    deed_keep: int = 1
    stash_points: int = 3
    min_level: int = 0
    max_level: int = 4
    min_players: int = 2
    max_players: int = 4
    titles_in_play: int = 2
    verses_per_round: tuple[int, ...] = (1, 2, 3, 3, 3)
    hireling_first_round: int = 2
    hireling_redraw_round: int = 4
    hirelings_revealed: int = 3
    draw_phase_arcana: int = 3
    draw_phase_mixed_arcana: int = 2
    #: card types whose cards, played, go in front of an opponent of the player's choice,
    #: and whose turn effects there are not optional (a Curse)
    curse_types: tuple[str, ...] = ()


#: Each rules option's words, the first its default (the rulebook's way): docs/content.md.
TURNS = ("by-player", "by-action")
HAND_RULES = ("limit", "draw-up-to")
LEVEL_COSTS = ("any-card", "power")
VERSE_PLACES = ("row", "deck")
DEED_PLACES = ("private", "market")
DISCARD_PILES = ("personal", "shared")
GAME_ENDS = ("rounds", "deck-emptied")


@dataclass(frozen=True)
class Options:
    """The engine's rules options from game.yaml's ``options:``; each default is the way of
    the rulebook and its rulings (DESIGN.md), so a game that leaves one out plays as before.

    - ``actions``: the actions on offer as (name, most a turn), in the order written; None
      offers every action of the engine, each at most ``Rules.action_kind_limit`` a turn.
    - ``turns``: ``by-player`` (each player's Action, Prophecy and Draw phases, then the
      next player's) or ``by-action`` (the players take one action each in turn until all
      have ended, then each plays the Prophecy and Draw phases).
    - ``hand``: ``limit`` (a hand over ``Rules.hand_limit`` sheds to the center at once) or
      ``draw-up-to`` (no limit; the Draw phase draws up to ``hand_size`` cards).
    - ``level_cost``: ``any-card`` or ``power`` (a card whose ``power`` is at least the
      Grimoire's level); ``level_once``: each Grimoire levelled up at most once a turn.
    - ``verses``: ``row`` (the Prophecy Area, revealed by ``Rules.verses_per_round``) or
      ``deck`` (after the Starting Verse, the others shuffled into the Arcana deck at
      ``verse_depths`` by player count: one (shallowest, deepest) per Verse, 1 the top card).
    - ``deeds``: ``private`` (drawn from the deck) or ``market`` (a row of ``market``
      face-up Dark Deeds that draws take from, refilled from the deck).
    - ``discard``: ``personal`` piles or one ``shared`` pile (the center).
    - ``end``: ``rounds`` (after ``Rules.rounds``) or ``deck-emptied`` (the round in which
      the Arcana deck runs out for the ``deck_empties`` time, by player count, is played
      to its end; at most ``most_rounds`` rounds).
    """

    actions: tuple[tuple[str, int], ...] | None = None
    turns: str = TURNS[0]
    hand: str = HAND_RULES[0]
    hand_size: int = 5
    level_cost: str = LEVEL_COSTS[0]
    level_once: bool = False
    verses: str = VERSE_PLACES[0]
    verse_depths: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    deeds: str = DEED_PLACES[0]
    market: int = 3
    discard: str = DISCARD_PILES[0]
    end: str = GAME_ENDS[0]
    deck_empties: tuple[tuple[int, int], ...] = ()
    most_rounds: int = 30
    #: where each option was written ("actions.draw arcana", "hand"...), for placed errors
    places: dict[str, Place] = field(default_factory=dict, hash=False, compare=False)

    def action_limits(self, names: dict[str, str], default: int) -> dict[str, int]:
        """Each action kind of an engine (``names``: name -> kind) -> its most a turn, 0 when
        it is not on offer."""
        if self.actions is None:
            return dict.fromkeys(names.values(), default)
        given = dict(self.actions)
        return {kind: given.get(name, 0) for name, kind in names.items()}

    def depths(self, players: int) -> tuple[tuple[int, int], ...]:
        """Where the Verses go into the Arcana deck in a game of ``players`` players."""
        return dict(self.verse_depths).get(players, ())

    def empties(self, players: int) -> int:
        """How often the Arcana deck runs out before the game's last round, by players."""
        return dict(self.deck_empties).get(players, 1)


@dataclass(frozen=True)
class Term:
    """A glossary entry: the canonical spelling and the words to flag instead."""

    term: str
    definition: str = ""
    rejected: tuple[str, ...] = ()


@dataclass(frozen=True)
class ComponentSet:
    """One set of a game's cards (the game, or an expansion) and what its box holds."""

    name: str
    game_file: str
    components: dict[str, dict[str, int]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Content:
    """The whole game as loaded: rules, glossary, component counts and cards."""

    root: str
    game_name: str
    rules: Rules
    grimoires: tuple[str, ...]
    card_types: tuple[str, ...]
    deed_targets: tuple[str, ...]
    glossary: tuple[Term, ...] = ()
    components: dict[str, int] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    version: str = ""  # game.yaml's 'version:', printed small on faces when the layout asks
    pack: Pack = field(default_factory=Pack)
    #: each set of the game's cards ("" the game, then each expansion): its name, its
    #: game.yaml (relative to ``root``) and its component list ({kind: {count, per_<field>}})
    sets: tuple[ComponentSet, ...] = ()
    options: Options = field(default_factory=Options)  # game.yaml's 'options:'
    #: how the faces print the rules language's own nouns: (the language's word, this
    #: game's word for one, for several), from game.yaml's 'words:' ("Grimoire" printed
    #: "Discipline"); the rules lines themselves keep the language's words
    words: tuple[tuple[str, str, str], ...] = ()

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == kind)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of card the game declares, in the order declared."""
        return self.pack.names

    def effect_lines(self) -> tuple[EffectLine, ...]:
        """Every effect line of every card, in card order."""
        out: list[EffectLine] = []
        for card in self.cards:
            out.extend(effect_lines_of(card))
        return tuple(out)


def slug(name: str) -> str:
    """The id part of a name: lowercase, each run of other characters a '-'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def new_card(kind: KindSpec, name: str, *, place: Place, copies: int = 1, set: str = "",
             id: str = "", **fields: Any) -> Card:
    """A card of a kind from its field values (a field left out takes its empty value); its
    rules lines and its own grimoire are read off the fields as the kind declares them."""
    values = {f.name: fields.pop(f.name, f.empty) for f in kind.fields}
    if fields:
        raise TypeError(f"a {kind.name} card has no field {sorted(fields)[0]!r}")
    own = values.get(kind.own) if kind.own else None
    return Card(id=id or f"{kind.name}/{slug(name)}", name=name, kind=kind.name, copies=copies,
                place=place, fields=values, lines=_lines(kind, values),
                own=own if isinstance(own, str) and own else None, set=set)


def with_fields(card: Card, kind: KindSpec, **changes: Any) -> Card:
    """The card with some fields changed (its rules lines read again)."""
    values = {**card.fields, **changes}
    return replace(card, fields=values, lines=_lines(kind, values))


def _lines(kind: KindSpec, values: dict[str, Any]) -> tuple[EffectLine, ...]:
    out: list[EffectLine] = []
    for spec in kind.rules_fields:
        found = values.get(spec.name)
        out.extend(found if isinstance(found, tuple) else (found,) if found else ())
    return tuple(out)


def effect_lines_of(card: Card) -> tuple[EffectLine, ...]:
    """The rules-language lines printed on one card, top to bottom."""
    return card.lines


def prose_fields(card: Card, pack: Pack) -> Iterator[tuple[str, str]]:
    """(field, text) for every field of words printed on a card: its name, then each field
    its kind declares as text or prose, in the order declared (the flavour last)."""
    yield "name", card.name
    kind = pack.kind(card.kind)
    fields = [f for f in kind.fields if f.type in ("text", "prose")] if kind else []
    for spec in sorted(fields, key=lambda f: f.name == "flavor"):
        value = card.get(spec.name)
        if isinstance(value, str) and value:
            yield spec.name, value
