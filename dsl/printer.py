"""Canonical printer: an AST node in, its one canonical line of text out.

``to_text(parse(line))`` is the canonical form of any valid line, and
``parse(to_text(node)) == node`` for every node. Printing is a dispatch table
from node class to function; a test checks every class has an entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prophecy.dsl import ast


def to_text(node: ast.Node) -> str:
    """The canonical text of a line (Effect, Compare or Title) or any node."""
    return PRINTERS[type(node)](node)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _cards(count: int, match: str | None) -> str:
    """'a card', '2 cards', 'a Creature card', 'an Item card', 'a matching card'."""
    noun = "card" if count == 1 else "cards"
    word = "matching" if match == ast.THIS else match
    words = f"{word} {noun}" if word else noun
    return f"{_article(words)} {words}" if count == 1 else f"{count} {words}"


def _top(count: int) -> str:
    return "the top card" if count == 1 else f"the top {count} cards"


_GRIMOIRE_REFS = {
    ast.THIS: "this Grimoire", ast.ANY: "any Grimoire",
    ast.HIGHEST: "your highest Grimoire", ast.LOWEST: "your lowest Grimoire",
}


def _grimoire_ref(ref: str) -> str:
    return _GRIMOIRE_REFS.get(ref, ref)


def _up_to(up_to: bool) -> str:
    return "up to " if up_to else ""


def _destination(to: str) -> str:
    return " to the center" if to == "center" else ""


# ----------------------------------------------------------- requirements
def _level_req(n: ast.LevelReq) -> str:
    grimoire = "Grimoire" if n.grimoire == ast.THIS else n.grimoire
    return f"{grimoire} Level {n.level}"


def _top_discard(n: ast.TopDiscardReq) -> str:
    return f"Top Discard {n.match}"


def _reveal(n: ast.RevealReq) -> str:
    return f"Reveal {n.match}"


def _moment(n: ast.Moment) -> str:
    return ast.MOMENTS[n.when].words


def _points_row(n: ast.PointsRow) -> str:
    cards = _count(n.stored, "stored card", "stored cards")
    return f"{_count(n.points, 'point', 'points')} for {cards}"


def _points_table(n: ast.PointsTable) -> str:
    return ", ".join(_points_row(row) for row in n.rows)


def _any_of(n: ast.AnyOf) -> str:
    return " or ".join(" + ".join(to_text(r) for r in option) for option in n.options)


_BOUND = {"at_least": " or more", "at_most": " or fewer", "exactly": ""}
_LEVEL_BOUND = {"at_least": " or higher", "at_most": " or lower", "exactly": ""}


def _deeds(grimoire: str | None) -> str:
    return f"{grimoire} Dark Deeds" if grimoire else "Dark Deeds"


def _kind(q: ast.Quantity, noun: str) -> str:
    """'cards', 'Creature cards', 'matching cards': the cards a count is narrowed to."""
    word = "matching" if q.match == ast.THIS else q.match
    return f"{word} {noun}" if word else noun


_NOUNS: dict[str, Callable[[ast.Quantity], str]] = {
    "stashed": lambda q: "stashed " + _kind(q, "cards"),
    "hand": lambda q: _kind(q, "cards") + " in hand",
    "pile": lambda q: _kind(q, "cards") + " in your discard pile",
    "deed_cards": lambda q: "cards on Dark Deeds",
    "completed": lambda q: "completed " + _deeds(q.grimoire),
    "deeds": lambda q: _deeds(q.grimoire) + " in play",
    "total_level": lambda q: "Grimoire levels",
    "grimoires": lambda q: f"Grimoires at Level {q.level} or higher",
}

#: The same, one of them: what 'for each' counts ("for each stashed card").
_ONE: dict[str, Callable[[ast.Quantity], str]] = {
    "stashed": lambda q: "stashed " + _kind(q, "card"),
    "hand": lambda q: _kind(q, "card") + " in hand",
    "pile": lambda q: _kind(q, "card") + " in your discard pile",
    "deed_cards": lambda q: "card on Dark Deeds",
    "completed": lambda q: "completed " + _deed(q.grimoire),
    "deeds": lambda q: _deed(q.grimoire) + " in play",
    "total_level": lambda q: "Grimoire level",
    "grimoires": lambda q: f"Grimoire at Level {q.level} or higher",
    "level": lambda q: f"level of your {q.grimoire} Grimoire",
}


def _deed(grimoire: str | None) -> str:
    return f"{grimoire} Dark Deed" if grimoire else "Dark Deed"


def _amount(n: ast.Compare) -> str:
    if n.op == "exactly":
        return f"exactly {n.value}"
    return f"{n.value}{_BOUND[n.op]}"


def _compare(n: ast.Compare) -> str:
    q = n.subject
    one = n.op == "exactly" and n.value == 1  # 'exactly 1 stashed card'
    if q.quantity == "level":  # ruling 19: a bare level is that level or higher
        if n.op == "exactly":
            return f"If your {q.grimoire} is exactly Level {n.value}"
        return f"If your {q.grimoire} is Level {n.value}{_LEVEL_BOUND[n.op]}"
    if q.quantity == "completed":
        return f"If you have completed {_amount(n)} {(_deed if one else _deeds)(q.grimoire)}"
    return f"If you have {_amount(n)} {(_ONE if one else _NOUNS)[q.quantity](q)}"


_ROUND_BOUND = {"at_least": " or later", "at_most": " or earlier", "exactly": ""}


def _round(n: ast.RoundReq) -> str:
    return f"In round {n.round}{_ROUND_BOUND[n.op]}"


def _quantity(q: ast.Quantity) -> str:
    if q.quantity == "level":
        return f"{q.grimoire} Level"
    return _NOUNS[q.quantity](q)


def _title(n: ast.Title) -> str:
    if n.subject.quantity == "level":
        return f"{'Highest' if n.most else 'Lowest'} {n.subject.grimoire} Level"
    return f"{'Most' if n.most else 'Fewest'} {_quantity(n.subject)}"


# ---------------------------------------------------------------- actions
def _target(n: ast.DeedTarget) -> str:
    grimoire = "matching" if n.grimoire == ast.THIS else n.grimoire
    if grimoire is None:
        return f"{n.selector} Dark Deed"
    selector = _article(grimoire) if n.selector == "any" else n.selector
    return f"{selector} {grimoire} Dark Deed"


def _add(n: ast.AddToDeed) -> str:
    return f"Add {_up_to(n.up_to)}{n.count} to {_target(n.target)}"


def _remove(n: ast.RemoveFromDeed) -> str:
    return f"Remove {_up_to(n.up_to)}{n.count} from {_target(n.target)}"


_PILES = {"discard": "your discard pile", "deck": "the Arcana deck",
          "center": "the center discard pile"}


def _stash(n: ast.Stash) -> str:
    if n.source == "hand":
        cards = _cards(n.count, n.match)
        if n.up_to:  # "a card" / "2 Creature cards" -> "up to 2 Creature cards"
            cards = f"up to {n.count} " + cards.split(" ", 1)[1]
        return f"Stash {cards} from your hand"
    return f"Stash {_top(n.count)} of {_PILES[n.source]}"


def _draw_arcana(n: ast.DrawArcana) -> str:
    return f"Draw {_up_to(n.up_to)}{n.count} Arcana"


def _draw_deeds(n: ast.DrawDeeds) -> str:
    return f"Draw {_count(n.count, 'Dark Deed', 'Dark Deeds')}, keep {n.keep}"


def _level_up(n: ast.LevelUp) -> str:
    return f"Level up {_grimoire_ref(n.grimoire)}"


def _level_down(n: ast.LevelDown) -> str:
    return f"Level down {_grimoire_ref(n.grimoire)}"


def _discard(n: ast.Discard) -> str:
    if n.match is None:
        return f"Discard {_up_to(n.up_to)}{n.count}{_destination(n.to)}"
    cards = _cards(n.count, n.match)
    if n.up_to:
        cards = f"up to {n.count} " + cards.split(" ", 1)[1]
    return f"Discard {cards}{_destination(n.to)}"


def _discard_top(n: ast.DiscardTop) -> str:
    return f"Discard {_top(n.count)} of the Arcana deck{_destination(n.to)}"


def _reveal_until(n: ast.RevealUntil) -> str:
    return (
        f"Reveal Arcana until {_cards(1, n.match)}, take it, "
        f"discard the rest{_destination(n.rest)}"
    )


def _take(n: ast.TakeFromDiscard) -> str:
    return f"Take {_top(n.count)} of {_PILES[n.source]}"


_RESTS = {"back": "put {them} back in any order",
          "bottom": "put {them} on the bottom of the Arcana deck",
          "pile": "discard {them}", "center": "discard {them} to the center"}


def _look(n: ast.LookAtDeck) -> str:
    them = ("them" if n.count != 1 else "it") if n.take == 0 else "the rest"
    take = f", take {n.take}" if n.take else ""
    return (f"Look at {_top(n.count)} of the Arcana deck{take}, "
            + _RESTS[n.rest].format(them=them))


def _gain(n: ast.GainPoints) -> str:
    return f"Gain {_count(n.count, 'point', 'points')}"


def _repeat(n: ast.Repeat) -> str:
    times = "twice" if n.times == 2 else f"{n.times} times"
    return f"{to_text(n.action)} {times}"


def one_of_quantity(q: ast.Quantity) -> str:
    """One of what a quantity counts, as 'for each' writes it: 'completed Dark Deed'."""
    return _ONE[q.quantity](q)


def _for_each(n: ast.ForEach) -> str:
    most = f", up to {n.most}" if n.most is not None else ""
    return f"{to_text(n.action)} for each {one_of_quantity(n.subject)}{most}"


#: Verbs as they follow 'Each opponent' or 'Each player': each verb's first word, as its
#: declaration writes it after 'Each'.
THIRD_PERSON = {verb.words.split()[0]: verb.third for verb in ast.VERBS.values()}


def _said_of_them(action: ast.Node) -> tuple[str, str]:
    """An action another player does: its first word, and the rest of its words said of
    them ('your' is 'their'; "to their highest-points Dark Deed")."""
    verb, _, rest = to_text(action).partition(" ")  # 'Scheme' is a whole action
    rest = f" {rest} ".replace(" your ", " their ").strip()
    inner = action.action if isinstance(action, ast.Repeat) else action
    if _own_deed(inner):  # "any" and "each" read right as they are
        joint = " to " if isinstance(inner, ast.AddToDeed) else " from "
        head, _, target = rest.rpartition(joint)
        rest = f"{head}{joint}their {target}"
    return verb, rest


def _own_deed(action: ast.Node) -> bool:
    """Whether an action adds to or removes from one Dark Deed its selector picks."""
    return isinstance(action, ast.AddToDeed | ast.RemoveFromDeed) and \
        action.target.selector not in ("any", "each")


def _each(n: ast.Each) -> str:
    verb, rest = _said_of_them(n.action)
    return f"Each {n.who} {THIRD_PERSON[verb]} {rest}".rstrip()


def _chosen(n: ast.Chosen) -> str:
    """Ruling 21: "Remove 1 from an opponent's highest-points Dark Deed" when the action is
    on one Dark Deed its selector picks, else "Choose an opponent: they discard 1"."""
    if _own_deed(n.action):
        joint = " to " if isinstance(n.action, ast.AddToDeed) else " from "
        head, _, target = to_text(n.action).rpartition(joint)
        return f"{head}{joint}an opponent's {target}"
    verb, rest = _said_of_them(n.action)
    return f"Choose an opponent: they {verb.lower()} {rest}".rstrip()


def _choose(n: ast.Choose) -> str:
    return "Choose one: " + " or ".join(sequence(option) for option in n.options)


def is_cost(action: ast.Node) -> bool:
    """Whether an action, done first, is a price paid (a verb declared ``cost``)."""
    inner = action.action if isinstance(action, ast.Repeat) else action
    verb = ast.VERBS.get(type(inner))
    return verb is not None and verb.cost


def paid(actions: tuple[ast.Action, ...]) -> int:
    """How many actions at the start of a sequence are its price (ruling 17): the leading
    cost verbs, when something that is not one follows them; else 0."""
    n = 0
    while n < len(actions) and is_cost(actions[n]):
        n += 1
    return n if n < len(actions) and not isinstance(
        actions[n], ast.Each | ast.Chosen | ast.Choose) else 0


def sequence(actions: tuple[ast.Action, ...]) -> str:
    """Actions in order; a price paid first is joined to what it pays for with 'to'
    ("Discard 1 to Draw 2 Arcana"), every other join is ', then'."""
    return joined([to_text(a) for a in actions], paid(actions))


def joined(texts: list[str], price: int) -> str:
    """The words of a sequence's actions joined: ' to ' after its price, else ', then '."""
    out = texts[0]
    for i, text in enumerate(texts[1:], 1):
        out += (" to " if i == price else ", then ") + text
    return out


def _effect(n: ast.Effect) -> str:
    actions = sequence(n.actions)
    if not n.requirements:
        return actions
    return " + ".join(to_text(r) for r in n.requirements) + ": " + actions


def cards_phrase(n: Any) -> str:
    """A verb's cards, as its template's ``{cards}`` writes them: 'a card', '2 cards',
    'up to 2 cards', 'a Creature card', 'a matching card' (from its count, match, up_to)."""
    cards = _cards(n.count, getattr(n, "match", None))
    if getattr(n, "up_to", False):
        cards = f"up to {n.count} " + cards.split(" ", 1)[1]
    return cards


def fill(template: str, n: ast.Node) -> str:
    """A verb's template with the node's values put in (``{cards}``, ``{count}``...)."""
    values = {f.name: getattr(n, f.name) for f in ast.data_fields(type(n))}
    if "count" in values:
        values["cards"] = cards_phrase(n)
    return template.format(**values)


def _templated(n: ast.Node) -> str:
    return fill(ast.VERBS[type(n)].template, n)


PRINTERS: dict[type[Any], Callable[[Any], str]] = {
    ast.Moment: _moment,
    ast.LevelReq: _level_req,
    ast.TopDiscardReq: _top_discard,
    ast.RevealReq: _reveal,
    ast.RoundReq: _round,
    ast.Quantity: _quantity,
    ast.Compare: _compare,
    ast.Title: _title,
    ast.DeedTarget: _target,
    ast.AddToDeed: _add,
    ast.RemoveFromDeed: _remove,
    ast.Stash: _stash,
    ast.DrawArcana: _draw_arcana,
    ast.DrawDeeds: _draw_deeds,
    ast.LevelUp: _level_up,
    ast.LevelDown: _level_down,
    ast.Discard: _discard,
    ast.DiscardTop: _discard_top,
    ast.RevealUntil: _reveal_until,
    ast.TakeFromDiscard: _take,
    ast.LookAtDeck: _look,
    ast.GainPoints: _gain,
    ast.Repeat: _repeat,
    ast.ForEach: _for_each,
    ast.Each: _each,
    ast.Chosen: _chosen,
    ast.Choose: _choose,
    ast.AnyOf: _any_of,
    ast.Effect: _effect,
    ast.PointsRow: _points_row,
    ast.PointsTable: _points_table,
    # a verb declared with a template is printed from it
    **{cls: _templated for cls, verb in ast.VERBS.items() if verb.template},
}
