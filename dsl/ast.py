"""AST of the rules language: frozen dataclasses in, JSON-ready dicts out.

Every node is immutable, its children are tuples, and its source span is kept
out of equality, so two lines that differ only in spacing or casing give equal
trees. ``to_json``/``from_json`` turn a node into plain data and back; that data
follows the schema in ``dsl/ast.schema.json`` (see ``dsl/schema.py``).

Grimoire references use two reserved words besides a grimoire's name:
``THIS`` (the grimoire of the card the line is printed on) and ``ANY`` (the
player chooses one).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, Literal

THIS = "this"
ANY = "any"

Op = Literal["at_least", "at_most", "exactly"]
QuantityKind = Literal[
    "stashed", "hand", "deed_cards", "completed", "deeds", "level", "total_level"
]
Source = Literal["hand", "discard", "deck"]
Destination = Literal["pile", "center"]


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node was written: 1-based line and column, 0-based offsets."""

    line: int
    column: int
    start: int
    end: int


@dataclass(frozen=True, kw_only=True)
class Node:
    """Base of every AST node. ``span`` never takes part in equality."""

    span: Span | None = field(default=None, compare=False, repr=False, hash=False)


# ------------------------------------------------------------ requirements


@dataclass(frozen=True)
class LevelReq(Node):
    """The player's grimoire (``THIS`` or a name) is at ``level`` or higher."""

    grimoire: str
    level: int


@dataclass(frozen=True)
class TopDiscardReq(Node):
    """The top card of the player's discard pile is of this type or grimoire."""

    match: str


@dataclass(frozen=True)
class RevealReq(Node):
    """The player has a card of this type or grimoire in hand to show."""

    match: str


@dataclass(frozen=True)
class Quantity(Node):
    """Something countable about one player; ``grimoire`` narrows it."""

    quantity: QuantityKind
    grimoire: str | None = None


@dataclass(frozen=True)
class Compare(Node):
    """A Prophecy Verse condition: a quantity compared with a number."""

    subject: Quantity
    op: Op
    value: int


Requirement = (
    LevelReq
    | TopDiscardReq
    | RevealReq
    | Compare
)


# ----------------------------------------------------------------- actions


@dataclass(frozen=True)
class DeedTarget(Node):
    """Which of the player's Dark Deeds: a selector word, maybe one grimoire's."""

    selector: str
    grimoire: str | None = None


@dataclass(frozen=True)
class AddToDeed(Node):
    """Move ``count`` cards from the Arcana deck face down onto a Dark Deed."""

    count: int
    target: DeedTarget


@dataclass(frozen=True)
class RemoveFromDeed(Node):
    """Take ``count`` stored cards off a Dark Deed, to the center."""

    count: int
    target: DeedTarget


@dataclass(frozen=True)
class Stash(Node):
    """Tuck cards under the reference card; ``match`` filters cards from hand."""

    count: int
    source: Source
    match: str | None = None


@dataclass(frozen=True)
class DrawArcana(Node):
    count: int


@dataclass(frozen=True)
class DrawDeeds(Node):
    """Draw ``count`` Dark Deeds, keep ``keep``, the rest to the deck's bottom."""

    count: int
    keep: int


@dataclass(frozen=True)
class LevelUp(Node):
    grimoire: str


@dataclass(frozen=True)
class LevelDown(Node):
    grimoire: str


@dataclass(frozen=True)
class Discard(Node):
    """Discard ``count`` cards from hand, to the player's pile or the center."""

    count: int
    to: Destination = "pile"


@dataclass(frozen=True)
class RevealUntil(Node):
    """Reveal Arcana until a matching card, take it, discard the rest."""

    match: str | None
    rest: Destination = "center"


@dataclass(frozen=True)
class TakeFromDiscard(Node):
    """Take the top ``count`` cards of the player's discard pile into hand."""

    count: int


Action = (
    AddToDeed
    | RemoveFromDeed
    | Stash
    | DrawArcana
    | DrawDeeds
    | LevelUp
    | LevelDown
    | Discard
    | RevealUntil
    | TakeFromDiscard
)


# ------------------------------------------------------------------- lines


@dataclass(frozen=True)
class Effect(Node):
    """One effect line: every requirement must hold, then the actions in order."""

    requirements: tuple[Requirement, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Title(Node):
    """A Title's condition: the most (or fewest) of a quantity."""

    most: bool
    subject: Quantity


Line = Effect | Compare | Title

#: Every concrete node class, in the order of this module: found, not listed, so a new
#: class cannot be left out of the tables keyed by class (printer, handlers, faces, lint).
NODE_CLASSES: tuple[type[Node], ...] = tuple(
    cls for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Node) and cls is not Node
)
REQUIREMENT_CLASSES = typing.get_args(Requirement)
ACTION_CLASSES = typing.get_args(Action)
LINE_CLASSES = typing.get_args(Line)
_BY_NAME = {cls.__name__: cls for cls in NODE_CLASSES}


def data_fields(cls: type[Node]) -> list[dataclasses.Field[Any]]:
    """The fields that carry meaning (all but the span)."""
    return [f for f in dataclasses.fields(cls) if f.name != "span"]


def to_json(node: Node) -> dict[str, Any]:
    """The node as plain JSON-ready data, tagged with its class name."""
    out: dict[str, Any] = {"node": type(node).__name__}
    for f in data_fields(type(node)):
        out[f.name] = _value_to_json(getattr(node, f.name))
    return out


def _value_to_json(value: Any) -> Any:
    if isinstance(value, Node):
        return to_json(value)
    if isinstance(value, tuple):
        return [_value_to_json(v) for v in value]
    return value


def from_json(data: dict[str, Any]) -> Node:
    """Rebuild a node from ``to_json`` output; raises ValueError on bad data."""
    try:
        cls = _BY_NAME[data["node"]]
    except (KeyError, TypeError):
        raise ValueError(f"not an AST node: {data!r}") from None
    kwargs = {f.name: _value_from_json(data[f.name]) for f in data_fields(cls) if f.name in data}
    return cls(**kwargs)


def _value_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        return from_json(value)
    if isinstance(value, list):
        return tuple(_value_from_json(v) for v in value)
    return value


def walk(node: Node) -> typing.Iterator[Node]:
    """The node and every node below it, depth first, in source order."""
    yield node
    for f in data_fields(type(node)):
        value = getattr(node, f.name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if isinstance(child, Node):
                yield from walk(child)
