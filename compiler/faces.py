"""Face models: typed cards (``compiler.model``) in, what each face shows out.

A ``Face`` is everything the renderer draws on one side of a card, decided
here from the AST so that ``render`` never reads effect text: each effect
becomes an ``EffectBox`` with requirement ``Badge``s (level N in the
grimoire's colour, top discard, reveal, a condition) and ``Step``s (an icon
and the whole instruction, verb first: "Add 1 to any Dark Deed"). Grimoire
names in a face are resolved: ``THIS`` becomes the card's own grimoire.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.facespec import TemplateNameError, face_specs, fill, layout_place
from prophecy.compiler.model.files import bundled_content
from prophecy.dsl import ast, printer
from prophecy.dsl.errors import ProphecyError, suggest
from prophecy.dsl.printer import to_text


@dataclass(frozen=True)
class Badge:
    """One requirement: ``kind`` is level, top_discard, reveal or condition."""

    kind: str
    label: str  # "2" for a level; the card type or grimoire to match; a short condition
    grimoire: str | None = None  # the colour to draw it in
    caption: str = ""  # the small word under a level badge


@dataclass(frozen=True)
class Step:
    """One action: an icon and its instruction, verb first ("Add 2 to any Dark Deed").

    ``number`` is the action's count for tools reading the model; the face
    prints it in ``text``, at the text's size, not on the icon.
    """

    icon: str
    text: str
    number: int | None = None
    grimoire: str | None = None


@dataclass(frozen=True)
class EffectBox:
    """One effect line as drawn: requirement badges, then the actions in order.

    ``paid`` is how many of the first steps are a price (ruling 17: what follows
    happens only if it is paid in full): the face shows them apart, "Pay: ... → ...".
    """

    badges: tuple[Badge, ...]
    steps: tuple[Step, ...]
    text: str  # the canonical line, for cards.json and error messages
    paid: int = 0


@dataclass(frozen=True)
class Edge:
    """A rotated band on a Grimoire or the round tracker: 'Level 2' and '4 pts'."""

    label: str
    value: str = ""


@dataclass(frozen=True)
class Face:
    """One side of one card: the layout's face that draws it, its colours, what each box shows.

    ``design`` names the face in the layout's ``faces:``; ``grimoire`` and ``deck``
    choose its palette (a grimoire's colours, else the deck's); ``shown`` holds each
    box's value (a text, the boxes of rules lines, the edges' bands, the summary's
    lines) and each templated option as ``box.option``; ``shared`` names a back
    several cards share (its image is drawn once), '' for a card's own face.
    """

    design: str
    deck: str
    grimoire: str | None = None
    shown: tuple[tuple[str, Any], ...] = ()
    shared: str = ""
    stamp: str = ""  # the content's version, printed small when the layout's stamp is on

    def value(self, box: str, default: Any = "") -> Any:
        """What a box shows (or one of its worked-out options, as ``box.option``)."""
        for name, value in self.shown:
            if name == box:
                return value
        return default

    @property
    def boxes(self) -> tuple[EffectBox, ...]:
        """Every rules line the face shows, in box order (for tools reading the model)."""
        def found(value: Any) -> Iterator[EffectBox]:
            if isinstance(value, EffectBox):
                yield value
            elif isinstance(value, tuple):
                for item in value:
                    yield from found(item)

        return tuple(b for _, value in self.shown for b in found(value))


@dataclass(frozen=True)
class CardFaces:
    """A card's front and back, with what cards.json lists about it."""

    id: str
    name: str
    kind: str
    copies: int
    front: Face
    back: Face
    effects: tuple[str, ...]
    deck_label: str = ""  # the words for the card's kind in the plural ("Dark Deeds")
    where: str = ""  # the content file, line and column the card was written at, for errors
    line: int = 1
    column: int = 1


# ---------------------------------------------------------------- badges
def _grimoire(ref: str | None, card_grimoire: str | None) -> str | None:
    return card_grimoire if ref == ast.THIS else ref


def _match_label(match: str | None, card_grimoire: str | None) -> str:
    if match == ast.THIS:
        return card_grimoire or "matching"
    return match or "any card"


def _condition_label(node: ast.Compare) -> str:
    """'If you have 2 or more stashed cards' → '2 or more stashed cards' (under an 'If')."""
    text = to_text(node)
    for lead in ("If you have ", "If "):
        if text.startswith(lead):
            return text[len(lead):]
    return text


def _level_badge(req: ast.LevelReq, g: str | None, grimoires: tuple[str, ...]) -> Badge:
    found = _grimoire(req.grimoire, g)
    caption = "Level" if req.grimoire == ast.THIS else (found or "")
    return Badge("level", str(req.level), found, caption)


def _match_badge(kind: str) -> Callable[[Any, str | None, tuple[str, ...]], Badge]:
    def make(req: Any, g: str | None, grimoires: tuple[str, ...]) -> Badge:
        colour = req.match if req.match in grimoires else None
        return Badge(kind, _match_label(req.match, g), colour)

    return make


def _condition_badge(req: ast.Compare, g: str | None, grimoires: tuple[str, ...]) -> Badge:
    return Badge("condition", _condition_label(req), req.subject.grimoire)


def _round_badge(req: ast.RoundReq, g: str | None, grimoires: tuple[str, ...]) -> Badge:
    """'In round 3 or later' → 'round 3 or later' (under an 'If')."""
    return Badge("condition", to_text(req).removeprefix("In ").lower(), None)


def _either_badge(req: ast.AnyOf, g: str | None, grimoires: tuple[str, ...]) -> Badge:
    """'Grimoire Level 2 or Reveal Spell': one badge that reads the alternatives."""
    return Badge("condition", to_text(req), g)


def _moment_badge(req: ast.Moment, g: str | None, grimoires: tuple[str, ...]) -> Badge:
    """'At the start of your turn', 'Exhaust this card': a badge of its own kind (its icon),
    the rest of the words under it."""
    words = ast.MOMENTS[req.when].words
    return Badge(req.when, _MOMENT_LABELS[req.when] or words, None)


#: The words under a moment's badge (its caption is the renderer's: Start, End, Exhaust).
_MOMENT_LABELS = {"start": "of your turn", "end": "of your turn", "exhaust": "this card"}


#: Requirement class → its badge (kind, label, colour).
BADGES: dict[type[Any], Callable[[Any, str | None, tuple[str, ...]], Badge]] = {
    ast.Moment: _moment_badge,
    ast.LevelReq: _level_badge,
    ast.TopDiscardReq: _match_badge("top_discard"),
    ast.RevealReq: _match_badge("reveal"),
    ast.Compare: _condition_badge,
    ast.RoundReq: _round_badge,
    ast.AnyOf: _either_badge,
}


def badge(req: ast.Node, card_grimoire: str | None, grimoires: tuple[str, ...]) -> Badge:
    """The badge of one requirement node."""
    return BADGES[type(req)](req, card_grimoire, grimoires)


# ----------------------------------------------------------------- steps
# Every step's text is a whole instruction a new player can follow without a
# legend: the verb first ("Add", "Remove", "Stash", "Draw", ...), then its
# count in digits, then its object, with "your" where the thing is the
# player's own. The icon beside it repeats the verb as a picture.
_SELECTOR = {
    "any": "any",
    "each": "each",
    "highest-points": "your highest-points",
    "lowest-points": "your lowest-points",
    "most-cards": "your most-cards",
    "fewest-cards": "your fewest-cards",
}


def _target(t: ast.DeedTarget, g: str | None) -> str:
    """The Dark Deed an action aims at, as the object of a sentence: 'any Dark Deed'."""
    name = _grimoire(t.grimoire, g)
    selector = _SELECTOR.get(t.selector, t.selector)
    if name is None:
        return f"{selector} Dark Deed"
    if selector == "any":
        return f"a {name} Dark Deed"
    return f"{selector} {name} Dark Deed"


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _cards(n: int) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {_plural(n, 'card', 'cards')}"


def _stash(n: ast.Stash, g: str | None) -> Step:
    if n.source == "hand":
        what = _match_label(n.match, g) + " " if n.match else ""
        noun = _plural(n.count, "card", "cards")
        first = (what or noun)[:1].lower()
        count = ("an" if first in "aeiou" else "a") if n.count == 1 else str(n.count)
        text = f"{count} {what}{noun} from your hand"
        if n.up_to:
            text = f"up to {n.count} {what}{_plural(n.count, 'card', 'cards')} from your hand"
    else:
        pile = _PILES[n.source]
        top = "the top card" if n.count == 1 else f"the top {n.count} cards"
        text = f"{top} of {pile}"
    return Step("stash", f"Stash {text}", n.count, _grimoire(n.match, g))


def _reveal_until(n: ast.RevealUntil, g: str | None) -> Step:
    what = _match_label(n.match, g) if n.match else "any"
    rest = "to the center" if n.rest == "center" else "to your pile"
    text = f"Reveal Arcana until a {what} card. Take it; the rest go {rest}"
    return Step("reveal_until", text, None, _grimoire(n.match, g))


def _discard(n: ast.Discard, g: str | None) -> Step:
    where = " to the center" if n.to == "center" else ""
    what = _match_label(n.match, g) + " " if n.match else ""
    cards = f"{_up_to(n)}{n.count} {what}{_plural(n.count, 'card', 'cards')}"
    return Step("discard", f"Discard {cards} from your hand{where}", n.count,
                _grimoire(n.match, g))


def _take(n: ast.TakeFromDiscard, g: str | None) -> Step:
    top = "the top card" if n.count == 1 else f"the top {n.count} cards"
    return Step("take", f"Take {top} of {_PILES[n.source]} into your hand", n.count)


_PILES = {"discard": "your discard pile", "deck": "the Arcana deck",
          "center": "the center discard pile"}


#: Action class → its step (icon, number, words: a whole instruction, verb first).
STEPS: dict[type[Any], Callable[[Any, str | None], Step]] = {
    ast.AddToDeed: lambda n, g: Step(
        "add_deed", f"Add {_up_to(n)}{n.count} to {_target(n.target, g)}", n.count,
        _grimoire(n.target.grimoire, g)),
    ast.RemoveFromDeed: lambda n, g: Step(
        "remove_deed", f"Remove {_up_to(n)}{n.count} from {_target(n.target, g)}", n.count,
        _grimoire(n.target.grimoire, g)),
    ast.Stash: _stash,
    ast.DrawArcana: lambda n, g: Step("draw", to_text(n), n.count),
    ast.DrawDeeds: lambda n, g: Step(
        "draw_deed", f"Draw {n.count} {_plural(n.count, 'Dark Deed', 'Dark Deeds')}, keep {n.keep}",
        n.count),
    ast.LevelUp: lambda n, g: Step("level_up", "Level up " + _level_ref(n.grimoire, g), None,
                                   _grimoire(n.grimoire, g)),
    ast.LevelDown: lambda n, g: Step("level_down", "Level down " + _level_ref(n.grimoire, g),
                                     None, _grimoire(n.grimoire, g)),
    ast.Discard: _discard,
    ast.DiscardTop: lambda n, g: Step("discard", to_text(n), n.count),
    ast.RevealUntil: _reveal_until,
    ast.TakeFromDiscard: _take,
    ast.LookAtDeck: lambda n, g: Step("look", to_text(n), n.count),
    ast.GainPoints: lambda n, g: Step("points", to_text(n), n.count),
    # a verb declared with a template: its icon and its canonical words
    **{cls: (lambda n, g: _templated(n, g)) for cls, verb in ast.VERBS.items() if verb.template},
    ast.Repeat: lambda n, g: _repeat(n, g),
    ast.ForEach: lambda n, g: _for_each(n, g),
    ast.Each: lambda n, g: _each(n, g),
    ast.Chosen: lambda n, g: _chosen(n, g),
    ast.Choose: lambda n, g: _choose(n, g),
}


def _templated(n: Any, g: str | None) -> Step:
    """The step of a verb declared with a template: its icon, its words (a 'matching'
    card named by the card's own grimoire), its count."""
    verb = type(n).verb
    match = getattr(n, "match", None)
    if match == ast.THIS and g is not None:
        n = replace(n, match=g)
    return Step(verb.icon, printer.fill(verb.template, n), getattr(n, "count", None),
                _grimoire(match, g))


def _up_to(n: Any) -> str:
    return "up to " if getattr(n, "up_to", False) else ""


def _repeat(n: ast.Repeat, g: str | None) -> Step:
    """'Add 1 to any Dark Deed twice': the inner step's words and icon, then how often."""
    step = STEPS[type(n.action)](n.action, g)
    times = "twice" if n.times == 2 else f"{n.times} times"
    return Step(step.icon, f"{step.text} {times}", step.number, step.grimoire)


def _for_each(n: ast.ForEach, g: str | None) -> Step:
    """'Draw 1 Arcana for each completed Dark Deed': the inner step, then what it counts."""
    step = STEPS[type(n.action)](n.action, g)
    most = f", up to {n.most}" if n.most is not None else ""
    text = f"{step.text} for each {printer.one_of_quantity(n.subject)}{most}"
    return Step(step.icon, text, step.number, step.grimoire)


def _each(n: ast.Each, g: str | None) -> Step:
    """'Each opponent discards 1 card from their hand': the inner step said of them."""
    step = STEPS[type(n.action)](n.action, g)
    verb, _, rest = step.text.partition(" ")  # 'Scheme' is a whole step
    rest = f" {rest} ".replace(" your ", " their ").strip()
    return Step(step.icon, f"Each {n.who} {printer.THIRD_PERSON[verb]} {rest}".rstrip(),
                step.number, step.grimoire)


def _chosen(n: ast.Chosen, g: str | None) -> Step:
    """'Choose an opponent: they discard 1 card from their hand', or, on one Dark Deed its
    selector picks, the line's words ("Remove 1 from an opponent's highest-points Dark
    Deed"): the inner step said of them."""
    step = STEPS[type(n.action)](n.action, g)
    if to_text(n).startswith("Choose"):
        text = " ".join(f" {step.text} ".replace(" your ", " their ").split())
        text = f"Choose an opponent: they {text[:1].lower()}{text[1:]}"
    else:
        text = to_text(n)
    return Step(step.icon, text, step.number, step.grimoire)


def _choose(n: ast.Choose, g: str | None) -> Step:
    """'Choose one: Draw 1 Arcana or Discard 1 card from your hand'; an option with a price,
    'Discard 1 card from your hand to Draw 2 Arcana', as its line writes it."""
    options = [printer.joined([STEPS[type(a)](a, g).text for a in option], printer.paid(option))
               for option in n.options]
    return Step("choose", "Choose one: " + " or ".join(options))


def _level_ref(ref: str, g: str | None) -> str:
    if ref == ast.ANY:
        return "any Grimoire"
    if ref in (ast.HIGHEST, ast.LOWEST):
        return f"your {ref} Grimoire"
    if ref == ast.THIS:
        return f"this Grimoire ({g})" if g else "this Grimoire"
    return ref


def _effect_box(node: ast.Effect, g: str | None, grimoires: tuple[str, ...]) -> EffectBox:
    badges = tuple(badge(r, g, grimoires) for r in node.requirements)
    steps = tuple(STEPS[type(a)](a, g) for a in node.actions)
    return EffectBox(badges, steps, to_text(node), printer.paid(node.actions))


def _line_box(icon: str) -> Callable[[Any, str | None, tuple[str, ...]], EffectBox]:
    def make(node: Any, g: str | None, grimoires: tuple[str, ...]) -> EffectBox:
        return EffectBox((), (Step(icon, to_text(node), None, node.subject.grimoire),),
                         to_text(node))

    return make


def _points_box(node: ast.PointsTable, g: str | None, grimoires: tuple[str, ...]) -> EffectBox:
    """A points table: one step a row, 'With 3 stored cards: 6 points'."""
    steps = tuple(Step("points", _points_row(row), row.points) for row in node.rows)
    return EffectBox((), steps, to_text(node))


def _points_row(row: ast.PointsRow) -> str:
    cards = "card" if row.stored == 1 else "cards"
    points = "point" if row.points == 1 else "points"
    return f"With {row.stored} stored {cards}: {row.points} {points}"


#: Line class (what a card's field holds) → its box.
BOXES: dict[type[Any], Callable[[Any, str | None, tuple[str, ...]], EffectBox]] = {
    ast.Effect: _effect_box,
    ast.Compare: _line_box("condition"),
    ast.Title: _line_box("title"),
    ast.PointsTable: _points_box,
}

#: The parts of a line that are drawn inside another node's badge or step, as words.
PHRASES: dict[type[Any], Callable[[Any, str | None], str]] = {
    ast.Quantity: lambda n, g: to_text(n),
    ast.DeedTarget: lambda n, g: _target(n, g),
    ast.PointsRow: lambda n, g: _points_row(n),
}


def effect_box(line: model.EffectLine, g: str | None, grimoires: tuple[str, ...],
               words: tuple[tuple[str, str, str], ...] = ()) -> EffectBox:
    """The box of one effect line (an Effect, a Compare condition or a Title), its words
    printed as the game says its nouns (``Content.words``)."""
    box = BOXES[type(line.node)](line.node, g, grimoires)
    if words:
        say = printed_words(words)
        box = EffectBox(tuple(replace(b, label=say(b.label), caption=say(b.caption))
                              for b in box.badges),
                        tuple(replace(st, text=say(st.text)) for st in box.steps),
                        box.text, box.paid)
    return EffectBox(box.badges, box.steps, line.text, box.paid)


def printed_words(words: tuple[tuple[str, str, str], ...]) -> Callable[[str], str]:
    """A text with the rules language's nouns in this game's words: each noun, whole and
    in its plural ('Grimoires', 'Dark Deeds'), replaced by the game's word for several or
    for one."""
    import re

    pairs = [(re.compile(rf"\b{re.escape(word)}(s?)\b"), one, many) for word, one, many in words]

    def say(text: str) -> str:
        for pattern, one, many in pairs:
            text = pattern.sub(_noun(one, many), text)
        return text

    return say


def _noun(one: str, many: str) -> Callable[[Any], str]:
    """A replacement for a noun matched with its plural 's' (group 1) or without it."""
    return lambda m: many if m.group(1) else one


# ------------------------------------------------------------ faces as data
#: A card has four edges a side: the most bands an 'edges' box shows.
EDGES_PER_SIDE = 4


def card_faces(card: model.Card, content: model.Content) -> CardFaces:
    """Front and back of one card, as the faces its kind names show it."""
    specs = face_specs(content)
    kind = content.pack.kind(card.kind)
    where = str(Path(content.root) / card.place.file)
    if kind is None:
        raise ProphecyError(f"the game declares no kind '{card.kind}'", where=where)
    front_name = kind.front or (kind.name if kind.name in specs else "plain")
    front = _face(specs, front_name, card, content, f"the {kind.label}'s front")
    back = _face(specs, kind.back or "plain-back", card, content, f"the {kind.label}'s back")
    if content.version:
        front = replace(front, stamp=content.version)
    effects = tuple(line.text for line in card.lines)
    return CardFaces(card.id, card.name, card.kind, card.copies, front, back, effects,
                     kind.plural, where, card.place.line, card.place.column)


def all_faces(content: model.Content) -> tuple[CardFaces, ...]:
    """Every card's faces, in content order."""
    return tuple(card_faces(card, content) for card in content.cards)


def _face(specs: dict[str, Any], name: str, card: model.Card, content: model.Content,
          what: str) -> Face:
    spec = specs.get(name)
    if spec is None:
        raise _card_error(card, content, f"{what} is the face '{name}', which the layout does "
                          "not declare", suggest(name, specs) or
                          f"add '{name}' under the layout's faces: "
                          f"(its faces are {', '.join(sorted(specs)) or 'none'})")
    context = _context(card, content)
    try:
        grimoire = fill(spec.palette_grimoire, context, f"face '{name}'") or None
        deck = fill(spec.palette_deck, context, f"face '{name}'") or card.kind
        shown = [(box.name, _shown(box, card, content, context, name)) for box in spec.boxes]
        for box in spec.boxes:
            shown += [(f"{box.name}.{key}", fill(str(value), context, f"face '{name}'",
                                                 ("boxes", box.name, key)))
                      for key, value in box.options if key in ("icon", "caption")]
        for key in ("label", "sublabel"):
            if spec.option(key) is not None:
                shown.append((key, fill(str(spec.option(key)), context, f"face '{name}'",
                                        (key,))))
        shared = fill(str(spec.option("deck", "")), context, f"face '{name}'")
        if spec.style == "deck-back" and not shared:
            shared = deck  # a deck back is one image for its deck's cards
    except TemplateNameError as exc:  # the layout's mistake: said at its line, once
        where, line, column, source = layout_place(content, name, exc.keys) if exc.keys \
            else ("", 0, 0, "")
        if not where:
            raise _card_error(card, content, exc.message, exc.hint) from None
        raise ProphecyError(exc.message, line=line, column=column, hint=exc.hint,
                            where=where, source=source, length=len(source.strip()) or 1
                            ) from None
    except TemplateError:  # the pack's reference template: said at its own line
        raise
    except ProphecyError as exc:
        raise _card_error(card, content, exc.message, exc.hint) from None
    return Face(design=name, deck=deck, grimoire=grimoire, shown=tuple(shown), shared=shared)


def _shown(box: Any, card: model.Card, content: model.Content, context: dict[str, Any],
           face: str) -> Any:
    """What one box shows for a card, by its style."""
    where = f"the '{box.name}' box of face '{face}'"
    if box.style == "rules":
        found = card.get(box.show)
        lines = found if isinstance(found, tuple) else (found,) if found else ()
        return tuple(effect_box(line, card.own, content.grimoires, content.words)
                     for line in lines)
    if box.style == "summary":
        return reference_lines(content)
    if box.style == "fields":
        return _fields(card, content)
    text = fill(box.show, context, where, ("boxes", box.name, "show"))
    if box.style == "image":
        return _picture(Path(content.root), text, where) if text.strip() else ""
    if box.style != "edges":
        return text
    bands = tuple(Edge(*[part.strip() for part in (line.split("|", 1) + [""])[:2]])
                  for line in text.splitlines() if line.strip())
    if len(bands) > EDGES_PER_SIDE:
        raise ProphecyError(f"{where} shows {len(bands)} bands, but a card has "
                            f"{EDGES_PER_SIDE} edges a side",
                            hint="show fewer: the rest can go on the other side")
    return bands


@dataclass(frozen=True)
class Picture:
    """A picture a box shows: its file, and a digest of its bytes (so a build redraws the
    faces that show it when the file changes, and only those)."""

    path: str
    digest: str


def _picture(root: Path, written: str, where: str) -> Picture:
    path = root / written
    try:
        stat = path.stat()
    except OSError:
        raise ProphecyError(f"{where} shows the picture '{written}', which is not a file in "
                            "the game's folder", hint="fix the path, or add the file") from None
    if not path.is_file():
        raise ProphecyError(f"{where} shows '{written}', which is not a file",
                            hint="name a PNG or JPEG file of the game's folder")
    return Picture(str(path), _digest(str(path), stat.st_mtime_ns, stat.st_size))


def pictures_of(face: Face) -> tuple[Picture, ...]:
    """The pictures a face shows."""
    return tuple(value for _, value in face.shown if isinstance(value, Picture))


def picture_digest(path: str) -> str:
    """The digest of a picture file's bytes (an OSError when it cannot be read)."""
    stat = Path(path).stat()
    return _digest(path, stat.st_mtime_ns, stat.st_size)


def picture_unchanged(picture: Picture) -> bool:
    """Whether the picture's file still holds the bytes its digest was made from."""
    try:
        return picture_digest(picture.path) == picture.digest
    except OSError:
        return False


@cache
def _digest(path: str, mtime: int, size: int) -> str:
    import hashlib

    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _context(card: model.Card, content: model.Content) -> dict[str, Any]:
    """What a face's templates may name: the card's fields (rules lines as their text), the
    words of its choice fields, the game's rules and name."""
    kind = content.pack.kind(card.kind)
    out: dict[str, Any] = {name: _plain(value) for name, value in card.fields.items()}
    out.update(name=card.name, copies=card.copies, id=card.id, rules=content.rules,
               game={"name": content.game_name, "version": content.version},
               kind={"name": card.kind, "label": kind.label if kind else card.kind,
                     "plural": kind.plural if kind else card.kind})
    words = {}
    for spec in kind.fields if kind else ():
        if spec.type == "choice":
            value = card.get(spec.name)
            words[spec.name] = dict(spec.values).get(value) or str(value or "")
    out["words"] = words
    return out


def _fields(card: model.Card, content: model.Content
            ) -> tuple[tuple[str, ...], tuple[EffectBox, ...]]:
    """What a 'fields' box shows: each field the card fills as 'Title: value', in the order
    its kind declares them, and the boxes of its rules lines."""
    kind = content.pack.kind(card.kind)
    texts: list[str] = []
    rules: list[EffectBox] = []
    for spec in kind.fields if kind else ():
        value = card.get(spec.name)
        if value is None or value == "" or value == () or spec.type == "image":
            continue
        title = spec.title or spec.name.replace("_", " ").capitalize()
        if spec.type == "rules":
            lines = value if isinstance(value, tuple) else (value,)
            rules += [effect_box(line, card.own, content.grimoires, content.words)
                      for line in lines]
        elif spec.type == "boolean":
            if value:
                texts.append(title)
        else:
            words = dict(spec.values)
            items = value if isinstance(value, tuple) else (value,)
            shown = ", ".join(words.get(str(v)) or str(v) for v in items)
            texts.append(f"{title}: {shown}")
    return tuple(texts), tuple(rules)


def _plain(value: Any) -> Any:
    if isinstance(value, model.EffectLine):
        return value.text
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _card_error(card: model.Card, content: model.Content, message: str, hint: str
                ) -> ProphecyError:
    return ProphecyError(f"{card.id}: {message}", where=str(Path(content.root) / card.place.file),
                         line=card.place.line, column=card.place.column, hint=hint)


def reference_template(content: model.Content) -> Path:
    """The reference card's template: the game's own ``templates/reference.txt.j2``, else the
    bundled game's."""
    own = Path(content.root) / "templates" / "reference.txt.j2"
    return own if own.is_file() else bundled_content() / "templates" / "reference.txt.j2"


def reference_lines(content: model.Content) -> tuple[str, ...]:
    """The reference card's rules summary: the game's Jinja2 template filled from its rules
    data and rules options (``options.hand``, ``options.hand_size``...), its kinds' words
    (``kinds.deed.label``) and its name."""
    import jinja2

    path = reference_template(content)
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(path.parent)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    kinds = {k.name: {"label": k.label, "plural": k.plural} for k in content.pack.kinds}
    names = {"rules": content.rules, "options": content.options, "game": content.game_name,
             "grimoires": content.grimoires, "kinds": kinds, "gains": _gains(content)}
    try:
        text = env.get_template(path.name).render(**names)
    except jinja2.TemplateSyntaxError as exc:
        raise _template_error(path, exc.lineno, f"the reference template does not read: "
                              f"{exc.message}", "a value is written {{ rules.hand_limit }}, "
                              "a test {% if gains %} ... {% endif %}") from None
    except (jinja2.UndefinedError, AttributeError, TypeError) as exc:
        raise _unknown_name(path, str(exc), names) from None
    return tuple(line.rstrip() for line in text.strip().splitlines())


class TemplateError(ProphecyError):
    """A problem of the reference template, placed in the template file itself."""


def _template_error(path: Path, line: int, message: str, hint: str, column: int = 1
                    ) -> ProphecyError:
    try:
        source = path.read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        source = ""
    return TemplateError(message, where=str(path), line=line, column=column, hint=hint,
                         source=source)


def _unknown_name(path: Path, said: str, names: dict[str, Any]) -> ProphecyError:
    """A name the reference template reads that the game has not ('rules.hand_limt'), placed
    at its first use, with the nearest name the template could have meant."""
    found = re.search(r"no attribute '(\w+)'|'(\w+)' is undefined", said)
    word = next((g for g in found.groups() if g), "") if found else ""
    known = sorted(names) + [f"rules.{f}" for f in _field_names(names["rules"])] + \
        [f"options.{f}" for f in _field_names(names["options"])]
    text = path.read_text(encoding="utf-8", errors="replace")
    at = re.search(rf"\b(?:\w+\.)?{re.escape(word)}\b", text) if word else None
    line = text.count("\n", 0, at.start()) + 1 if at else 1
    column = at.start() - (text.rfind("\n", 0, at.start()) + 1) + 1 if at else 1
    written = at.group() if at else word or said
    hint = suggest(written, known) or ("the template can read " + ", ".join(sorted(names)) +
                                       " and the fields of rules and options")
    return _template_error(path, line, f"the reference template reads '{written}', which the "
                           "game does not have", hint, column)


def _field_names(value: Any) -> list[str]:
    return [f.name for f in fields(value)] if is_dataclass(value) else []


def _gains(content: model.Content) -> bool:
    """Whether any card's effect gains points (the summary then says how points are won)."""
    return any(isinstance(node, ast.GainPoints) for line in content.effect_lines()
               for node in ast.walk(line.node))


def shared_inputs(content: model.Content) -> str:
    """Everything a card's faces are made from besides the card and the layout, as text: the
    game's settings (the content without its cards), what the reference summary reads of
    the cards, and its templates' files. Two contents with the same text and the same card
    give that card the same faces."""
    folder = reference_template(content).parent
    files = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    templates = [f"{p.name}\0{p.read_bytes()!r}" for p in files]
    return "\0".join([repr(replace(content, cards=())), str(_gains(content)), str(folder),
                       *templates])
