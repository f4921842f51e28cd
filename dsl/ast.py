"""AST of the rules language: frozen dataclasses in, JSON-ready dicts out.

Every node is immutable, its children are tuples, and its source span is kept
out of equality, so two lines that differ only in spacing or casing give equal
trees. ``to_json``/``from_json`` turn a node into plain data and back; that data
follows the schema ``dsl/schema.py`` makes from these classes.

Grimoire references use reserved words besides a grimoire's name: ``THIS``
(the grimoire of the card the line is printed on), ``ANY`` (the player
chooses one), ``HIGHEST`` and ``LOWEST`` (the player's highest or lowest
Grimoire; on a tie the player chooses).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

THIS = "this"
ANY = "any"
HIGHEST = "highest"
LOWEST = "lowest"

Op = Literal["at_least", "at_most", "exactly"]
QuantityKind = Literal[
    "stashed", "hand", "pile", "deed_cards", "completed", "deeds", "level", "total_level",
    "grimoires",
]
#: Where stashed cards come from: the hand, the top of the player's discard pile, of the
#: Arcana deck, or of the center discard pile (the shared one, ruling 12's reshuffle's).
Source = Literal["hand", "discard", "deck", "center"]
#: Whose discard pile Take takes the top of: the player's own, or the center's.
TakeSource = Literal["discard", "center"]
Destination = Literal["pile", "center"]
Who = Literal["opponent", "player"]
LookRest = Literal["back", "bottom", "pile", "center"]
#: When an effect of a card in play is used: at the start or the end of its owner's turn, or
#: as an action of its owner that exhausts the card (see ``Moment``).
When = Literal["start", "end", "exhaust"]


#: What one use of an action brings its player, as the linter weighs it: cards in hand,
#: stashed cards, cards on a Dark Deed, a Level, points; nothing that scores ('nothing'),
#: or a loss that still counts at scoring ('loss': a Level or stored cards taken away).
Gives = Literal["hand", "stash", "deed", "level", "points", "nothing", "loss"]


@dataclass(frozen=True)
class Verb:
    """What the rules language says of one action, declared once on its AST class.

    Every list about actions is derived from these declarations (``VERBS``): the
    words a line may start with (``dsl/diagnose.py``), what 'Each opponent' may
    do and how it is written after it (``dsl/parser.py``, ``dsl/printer.py``),
    the face's icon (``compiler/faces.py``, drawn by ``render/icons.py``), the
    linter's worth (``compiler/lint/values.py``) and the examples the tests and
    the fuzzer use. A verb with a ``template`` needs no printer, face or sentence
    of its own: they are made from it.

    - ``words``: how a canonical line writes it ("Add", "Level up", "Reveal Arcana");
    - ``third``: its first word after 'Each opponent' ("adds", "levels");
    - ``each``: whether 'Each opponent' and 'Each player' may do it;
    - ``example``: a canonical line using it (it parses and prints to itself: a test);
    - ``hint``: what it does, in a few words, for error hints;
    - ``icon``: its icon on a card face (``render/icons.py``'s ``ICONS``);
    - ``gives``: what one use brings (see ``Gives``);
    - ``template``: its canonical text with the node's values in braces; ``{cards}``
      is the count and noun ('a card', 'up to 2 Creature cards');
    - ``meaning``: the sentence an editor shows for it, with the same placeholders;
    - ``asks``: the question it puts when its player picks cards one at a time (its
      name, and the scenario key that answers it; ``engine/protocol.py`` declares it
      from this), or '' when it asks none of its own;
    - ``cost``: whether, done first, it is a price paid for what follows (ruling 17):
      the printer writes "Discard 1 to Draw 2 Arcana", the face "Pay: ... -> ...".
    - ``also``: its other forms, as canonical lines, where the example shows one of several
      (a refusal of words after the verb names them all).
    """

    words: str
    third: str
    each: bool
    example: str
    hint: str
    icon: str
    gives: Gives
    template: str = ""
    meaning: str = ""
    asks: str = ""
    cost: bool = False
    also: tuple[str, ...] = ()


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
    """Something countable about one player; ``grimoire`` narrows Dark Deeds and names the
    grimoire of a level, ``match`` narrows cards (stashed, in hand, in the discard pile) to
    a card type or grimoire; ``level`` is the Level a Grimoire must be at, or higher, to be
    counted among 'grimoires' (the player's Grimoires at that Level)."""

    quantity: QuantityKind
    grimoire: str | None = None
    match: str | None = None
    level: int | None = None


@dataclass(frozen=True)
class Compare(Node):
    """A Prophecy Verse condition: a quantity compared with a number."""

    subject: Quantity
    op: Op
    value: int


@dataclass(frozen=True)
class RoundReq(Node):
    """The game is in round ``round`` (``op``: exactly, or that round and later or earlier)."""

    round: int
    op: Op = "exactly"


@dataclass(frozen=True)
class Timing:
    """What the rules language says of one moment of a card in play, declared once.

    ``words`` is how a line writes it (first, before any requirement); ``hint`` says
    what it means in a few words; ``badge`` is the word a card face prints in its badge.
    """

    words: str
    hint: str
    badge: str


#: The moments a card in play uses its effects at (``Moment``), by ``When``.
MOMENTS: dict[str, Timing] = {
    "start": Timing("At the start of your turn", "used at the start of its owner's turn, "
                    "while the card is in play", "Start of turn"),
    "end": Timing("At the end of your turn", "used at the end of its owner's turn, while "
                  "the card is in play", "End of turn"),
    "exhaust": Timing("Exhaust this card", "an action of the card's owner while it is in play "
                      "and ready: the card is exhausted until the next Cleanup", "Exhaust"),
}


@dataclass(frozen=True)
class Moment(Node):
    """An effect of a card in play: used at the start or the end of its owner's turn, or as
    an action that exhausts the card (``MOMENTS``). Always written first on its line; a
    card with such a line stays in play when it is played."""

    when: When


@dataclass(frozen=True)
class AnyOf(Node):
    """Requirements joined by 'or': one group (its requirements joined by '+') must hold."""

    options: tuple[tuple[Requirement, ...], ...]


Requirement = (
    Moment
    | LevelReq
    | TopDiscardReq
    | RevealReq
    | Compare
    | RoundReq
    | AnyOf
)


# ----------------------------------------------------------------- actions


@dataclass(frozen=True)
class DeedTarget(Node):
    """Which of the player's Dark Deeds: a selector word, maybe one grimoire's."""

    selector: str
    grimoire: str | None = None


@dataclass(frozen=True)
class AddToDeed(Node):
    """Move ``count`` cards from the Arcana deck face down onto a Dark Deed (up to: or fewer)."""

    verb: ClassVar[Verb] = Verb(
        words="Add",
        third="adds",
        each=True,
        example="Add 1 to any Dark Deed",
        hint="store the top Arcana on one of your Dark Deeds",
        icon="add_deed",
        gives="deed",
    )

    count: int
    target: DeedTarget
    up_to: bool = False


@dataclass(frozen=True)
class RemoveFromDeed(Node):
    """Take ``count`` stored cards off a Dark Deed, to the center (``up_to``: or fewer)."""

    verb: ClassVar[Verb] = Verb(
        words="Remove",
        third="removes",
        each=True,
        example="Remove 1 from highest-points Dark Deed",
        hint="take stored cards off one of your Dark Deeds",
        icon="remove_deed",
        gives="loss",
        cost=True,
    )

    count: int
    target: DeedTarget
    up_to: bool = False


@dataclass(frozen=True)
class Stash(Node):
    """Tuck cards under the reference card; ``match`` filters cards from hand."""

    verb: ClassVar[Verb] = Verb(
        words="Stash",
        third="stashes",
        each=True,
        example="Stash a card from your hand",
        also=("Stash the top card of the Arcana deck", "Stash the top card of your discard pile",
              "Stash the top card of the center discard pile"),
        hint="tuck a card under your Reference card, for points",
        icon="stash",
        gives="stash",
        asks="stash",
    )

    count: int
    source: Source
    match: str | None = None
    up_to: bool = False


@dataclass(frozen=True)
class DrawArcana(Node):
    """Draw ``count`` Arcana cards into the hand (``up_to``: the player may draw fewer)."""

    verb: ClassVar[Verb] = Verb(
        words="Draw",
        third="draws",
        each=True,
        example="Draw 2 Arcana",
        hint="draw Arcana cards",
        icon="draw",
        gives="hand",
    )

    count: int
    up_to: bool = False


@dataclass(frozen=True)
class DrawDeeds(Node):
    """Draw ``count`` Dark Deeds, keep ``keep``, the rest to the deck's bottom."""

    verb: ClassVar[Verb] = Verb(
        words="Draw",
        third="draws",
        each=True,
        example="Draw 3 Dark Deeds, keep 1",
        hint="draw Dark Deeds and keep some",
        icon="draw_deed",
        gives="nothing",
    )

    count: int
    keep: int


@dataclass(frozen=True)
class LevelUp(Node):
    """Level up one Grimoire: a name, THIS, ANY, HIGHEST or LOWEST."""

    verb: ClassVar[Verb] = Verb(
        words="Level up",
        third="levels",
        each=True,
        example="Level up this Grimoire",
        hint="raise a Grimoire one Level",
        icon="level_up",
        gives="level",
    )

    grimoire: str


@dataclass(frozen=True)
class LevelDown(Node):
    """Level down one Grimoire: a name, THIS, ANY, HIGHEST or LOWEST."""

    verb: ClassVar[Verb] = Verb(
        words="Level down",
        third="levels",
        each=True,
        example="Level down any Grimoire",
        hint="lower a Grimoire one Level",
        icon="level_down",
        gives="loss",
        cost=True,
    )

    grimoire: str


@dataclass(frozen=True)
class Discard(Node):
    """Discard ``count`` cards (of a type or grimoire: ``match``) from hand, to a pile."""

    verb: ClassVar[Verb] = Verb(
        words="Discard",
        third="discards",
        each=True,
        example="Discard 1 to the center",
        hint="discard cards from your hand",
        icon="discard",
        gives="nothing",
        cost=True,
    )

    count: int
    to: Destination = "pile"
    up_to: bool = False
    match: str | None = None


@dataclass(frozen=True)
class DiscardTop(Node):
    """Discard the top ``count`` cards of the Arcana deck, unseen, to a pile."""

    verb: ClassVar[Verb] = Verb(
        words="Discard",
        third="discards",
        each=False,
        example="Discard the top 2 cards of the Arcana deck to the center",
        hint="discard the top of the Arcana deck",
        icon="discard",
        gives="nothing",
    )

    count: int
    to: Destination = "pile"


@dataclass(frozen=True)
class RevealUntil(Node):
    """Reveal Arcana until a matching card, take it, discard the rest."""

    verb: ClassVar[Verb] = Verb(
        words="Reveal Arcana",
        third="reveals",
        each=False,
        example=("Reveal Arcana until a Creature card, take it, "
                 "discard the rest to the center"),
        hint="find a card of one type or grimoire in the Arcana deck",
        icon="reveal_until",
        gives="hand",
    )

    match: str | None
    rest: Destination = "center"


@dataclass(frozen=True)
class TakeFromDiscard(Node):
    """Take the top ``count`` cards of the player's discard pile (``source``: or of the
    center discard pile) into hand."""

    verb: ClassVar[Verb] = Verb(
        words="Take",
        third="takes",
        each=True,
        example="Take the top card of your discard pile",
        also=("Take the top card of the center discard pile",),
        hint="take the top of your discard pile into your hand",
        icon="take",
        gives="hand",
    )

    count: int
    source: TakeSource = "discard"


@dataclass(frozen=True)
class ReturnCards(Node):
    """Put ``count`` cards of the player's choice from their discard pile into their hand."""

    verb: ClassVar[Verb] = Verb(
        words="Return",
        third="returns",
        each=True,
        example="Return a card from your discard pile to your hand",
        hint="bring cards of your choice back from your discard pile",
        icon="take",
        gives="hand",
        template="Return {cards} from your discard pile to your hand",
        meaning="choose {cards} in your discard pile, wherever they lie, and put them into "
                "your hand",
        asks="return",
    )

    count: int
    up_to: bool = False
    match: str | None = None


@dataclass(frozen=True)
class Swap(Node):
    """Trade one card of the player's choice from their hand for the top card of their own
    discard pile: the chosen card goes onto the pile, the card that was on top comes to the
    hand. With an empty hand or an empty discard pile, nothing happens."""

    verb: ClassVar[Verb] = Verb(
        words="Swap",
        third="swaps",
        each=True,
        example="Swap a card in your hand with the top card of your discard pile",
        hint="trade a card of your hand for the top card of your discard pile",
        icon="take",
        gives="nothing",
        template="Swap a card in your hand with the top card of your discard pile",
        meaning="put a card of your choice from your hand on top of your discard pile and take "
                "the card that was on top into your hand (with an empty hand or an empty "
                "discard pile, nothing happens)",
        asks="swap",
    )


@dataclass(frozen=True)
class LookAtDeck(Node):
    """Look at the top ``count`` Arcana, take ``take`` of them, and the rest go to ``rest``."""

    verb: ClassVar[Verb] = Verb(
        words="Look at",
        third="looks",
        each=False,
        example=("Look at the top 3 cards of the Arcana deck, take 1, "
                 "put the rest back in any order"),
        hint="look at the top of the Arcana deck",
        icon="look",
        gives="hand",
    )

    count: int
    take: int = 0
    rest: LookRest = "back"


@dataclass(frozen=True)
class LookAtVerse(Node):
    """Look at the next face-down Prophecy Verse (the leftmost not yet revealed) without
    showing it: it stays face down, and the player now knows it. With every Verse face up,
    nothing happens."""

    verb: ClassVar[Verb] = Verb(
        words="Look at",
        third="looks",
        each=False,
        example="Look at the next Prophecy Verse",
        hint="look at the next face-down Prophecy Verse",
        icon="look",
        gives="nothing",
        template="Look at the next Prophecy Verse",
        meaning="look at the next face-down Prophecy Verse without showing it to anyone; it "
                "stays face down (with every Verse face up, nothing happens)",
    )


@dataclass(frozen=True)
class GainPoints(Node):
    """Score ``count`` points at once (the score part 'gained')."""

    verb: ClassVar[Verb] = Verb(
        words="Gain",
        third="gains",
        each=True,
        example="Gain 2 points",
        hint="score points at once",
        icon="points",
        gives="points",
    )

    count: int


@dataclass(frozen=True)
class Scheme(Node):
    """Take one Dark Deed into play: one of the face-up row's (refilled at once), or, in a
    game without a row, the top of the Dark Deed deck."""

    verb: ClassVar[Verb] = Verb(
        words="Scheme",
        third="schemes",
        each=True,
        example="Scheme",
        hint="take a face-up Dark Deed into play",
        icon="draw_deed",
        gives="nothing",
        template="Scheme",
        meaning="take one of the face-up Dark Deeds (or, with none face up, the top of the "
                "Dark Deed deck) and put it into play in front of you",
    )


@dataclass(frozen=True)
class Repeat(Node):
    """Do ``action`` ``times`` times over, each time anew (twice: choices made twice)."""

    times: int
    action: Action


@dataclass(frozen=True)
class ForEach(Node):
    """Do ``action`` once for each of ``subject`` the player has (counted before the first
    time; at most ``most`` times when given), each time anew, as ``Repeat`` does."""

    action: Action
    subject: Quantity
    most: int | None = None


@dataclass(frozen=True)
class Each(Node):
    """Every opponent (or every player), in turn order from the card's owner, does ``action``."""

    who: Who
    action: Action


@dataclass(frozen=True)
class Chosen(Node):
    """One opponent, chosen by the card's owner as the effect resolves, does ``action`` with
    their own cards and their own choices (ruling 21: "Choose an opponent: they discard 1",
    "Remove 1 from an opponent's highest-points Dark Deed"). It may do what ``Each`` may."""

    action: Action


@dataclass(frozen=True)
class Choose(Node):
    """The player chooses one option (a sequence of actions) that can happen, and does it."""

    options: tuple[tuple[Action, ...], ...]


Action = (
    AddToDeed
    | RemoveFromDeed
    | Stash
    | DrawArcana
    | DrawDeeds
    | LevelUp
    | LevelDown
    | Discard
    | DiscardTop
    | RevealUntil
    | TakeFromDiscard
    | ReturnCards
    | Swap
    | LookAtDeck
    | LookAtVerse
    | GainPoints
    | Scheme
    | Repeat
    | ForEach
    | Each
    | Chosen
    | Choose
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


@dataclass(frozen=True)
class PointsRow(Node):
    """One row of a points table: ``points`` for ``stored`` cards stored on the card."""

    stored: int
    points: int


@dataclass(frozen=True)
class PointsTable(Node):
    """A card's points by the cards stored on it: its rows, fewest stored cards first. The
    card scores the points of the last row its stored cards reach (none below the first);
    a completed card, those of the cards it held when it was completed."""

    rows: tuple[PointsRow, ...]

    def points(self, stored: int) -> int:
        """The points of ``stored`` cards: the last row they reach, or 0."""
        found = 0
        for row in self.rows:
            if stored >= row.stored:
                found = row.points
        return found


Line = Effect | Compare | Title | PointsTable

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
#: Every action class that is a verb (not a way of combining actions), with its declaration.
VERBS: dict[type[Node], Verb] = {cls: cls.verb for cls in ACTION_CLASSES if "verb" in vars(cls)}


def listing(words: typing.Iterable[str]) -> str:
    """'a, b or c', each word once, in order (for hints and docs that list verbs)."""
    unique = list(dict.fromkeys(words))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " or " + unique[-1]


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
