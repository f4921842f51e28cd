"""Typed content: what the loader makes of ``content/`` and everyone else reads.

The loader (``compiler/content.py``) turns validated YAML into these frozen
dataclasses, with every effect line parsed into its AST. The engine, the
renderer and the linter read only these objects, never YAML or effect text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from prophecy.dsl import ast

Kind = Literal[
    "arcana", "grimoire", "deed", "verse", "hireling", "title", "reference", "tracker"
]
KINDS: tuple[Kind, ...] = (
    "arcana", "grimoire", "deed", "verse", "hireling", "title", "reference", "tracker"
)


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
    """Fields every card has. ``id`` is unique: kind and a slug of the name."""

    id: str
    name: str
    kind: Kind
    copies: int = 1
    place: Place
    flavor: str = ""

    @property
    def grimoire_of(self) -> str | None:
        """The grimoire that 'this Grimoire' and 'matching' mean on this card."""
        return getattr(self, "grimoire", None)


@dataclass(frozen=True, kw_only=True)
class Arcana(Card):
    grimoire: str
    types: tuple[str, ...]
    effects: tuple[EffectLine, ...]


@dataclass(frozen=True, kw_only=True)
class Grimoire(Card):
    """One grimoire design; ``points[level]`` for levels 0..max, Manifest at the top."""

    grimoire: str
    points: tuple[int, ...]
    manifest: EffectLine
    manifest_name: str = ""


@dataclass(frozen=True, kw_only=True)
class DarkDeed(Card):
    grimoire: str
    cards_needed: int
    points: int
    when_complete: tuple[EffectLine, ...] = ()


VersePosition = Literal["starting", "middle", "ending"]


@dataclass(frozen=True, kw_only=True)
class Verse(Card):
    """A Prophecy Verse: prose, the condition (an ``ast.Compare``) and its reward."""

    position: VersePosition
    text: str
    condition: EffectLine
    reward: tuple[EffectLine, ...]


@dataclass(frozen=True, kw_only=True)
class Hireling(Card):
    """Support adds ``effect`` to a verse's reward; Sabotage replaces the reward with it."""

    role: Literal["support", "sabotage"]
    reminder: str
    effect: tuple[EffectLine, ...]
    redraw: bool = False


@dataclass(frozen=True, kw_only=True)
class Title(Card):
    condition: EffectLine  # an ast.Title
    points: int


@dataclass(frozen=True, kw_only=True)
class Reference(Card):
    """A player aid; its rules summary is generated from the rules data."""

    heading: str = ""


@dataclass(frozen=True, kw_only=True)
class Tracker(Card):
    """The round tracker: rounds 1..front_rounds on the front edges, the last on the back."""

    rounds: int = 5


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


@dataclass(frozen=True)
class Term:
    """A glossary entry: the canonical spelling and the words to flag instead."""

    term: str
    definition: str = ""
    rejected: tuple[str, ...] = ()


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

    def of_kind(self, kind: Kind) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == kind)

    def effect_lines(self) -> tuple[EffectLine, ...]:
        """Every effect line of every card, in card order."""
        out: list[EffectLine] = []
        for card in self.cards:
            out.extend(effect_lines_of(card))
        return tuple(out)


def effect_lines_of(card: Card) -> tuple[EffectLine, ...]:
    """The rules-language lines printed on one card, top to bottom."""
    if isinstance(card, Arcana):
        return card.effects
    if isinstance(card, Grimoire):
        return (card.manifest,)
    if isinstance(card, DarkDeed):
        return card.when_complete
    if isinstance(card, Verse):
        return (card.condition, *card.reward)
    if isinstance(card, Hireling):
        return card.effect
    if isinstance(card, Title):
        return (card.condition,)
    return ()
