"""What a line does in play: an AST node in, a plain sentence for a person out.

The language server shows this when the pointer rests on an effect line.
It says what the engine does (``compiler/handlers.py`` and the rulings of
DESIGN.md), in the game's own words: a requirement must hold when the effect
resolves, every effect is optional, an unmet one is skipped, actions run in
order. ``EXPLAIN`` maps every AST class to its sentence; like the other
tables keyed by AST class it must cover every class (``tests/test_tables.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prophecy.dsl import ast, printer


def _own(grimoire: str | None, card: str | None) -> str:
    """A grimoire reference as words: 'this card's grimoire (Necromancy)', 'any Grimoire'."""
    if grimoire == ast.THIS:
        return f"this card's grimoire ({card})" if card else "this card's grimoire"
    if grimoire == ast.ANY:
        return "any Grimoire of your choice"
    if grimoire == ast.HIGHEST:
        return "your Grimoire at the highest Level (your choice on a tie)"
    if grimoire == ast.LOWEST:
        return "your Grimoire at the lowest Level (your choice on a tie)"
    return grimoire or "any grimoire"


def _up_to(n: Any, words: str) -> str:
    """'2 cards' as 'up to 2 cards (you choose how many, 0 included)' when the line says so."""
    return f"up to {words} (you choose how many, none included)" if n.up_to else words


def _match(match: str | None, card: str | None) -> str:
    if match is None:
        return "any card"
    if match == ast.THIS:
        return f"a card of this card's grimoire ({card})" if card else "a matching card"
    return f"{'an' if match[:1].lower() in 'aeiou' else 'a'} {match} card"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _top(n: int, of: str) -> str:
    return f"the top card of {of}" if n == 1 else f"the top {n} cards of {of}"


_QUANTITIES = {
    "stashed": "cards stashed under your Reference card",
    "hand": "cards in your hand",
    "pile": "cards in your discard pile",
    "deed_cards": "cards stored on your Dark Deeds",
    "completed": "Dark Deeds you completed",
    "deeds": "your Dark Deeds in play",
    "level": "the Level of {g}",
    "total_level": "the Levels of all your Grimoires added up",
    "grimoires": "your Grimoires at Level {level} or higher",
}
_TAKE_FROM = {"discard": "your discard pile", "center": "the center discard pile"}
_OPS = {"at_least": "at least", "at_most": "at most", "exactly": "exactly"}
_SELECTORS = {
    "any": "one of your Dark Deeds of your choice",
    "each": "each of your Dark Deeds",
    "highest-points": "your Dark Deed worth the most points",
    "lowest-points": "your Dark Deed worth the fewest points",
    "most-cards": "your Dark Deed holding the most cards",
    "fewest-cards": "your Dark Deed holding the fewest cards",
}


def _quantity(n: ast.Quantity, g: str | None) -> str:
    text = _QUANTITIES[n.quantity].format(g=_own(n.grimoire, g), level=n.level)
    if n.match is not None:  # 'Creature cards', 'Necromancy cards' (a matching card's)
        kind = (g or "matching") if n.match == ast.THIS else n.match
        text = text.replace("cards", f"{kind} cards", 1)
    if n.grimoire and n.quantity in ("completed", "deeds", "deed_cards"):
        text += f" (of {_own(n.grimoire, g)} only)"
    return text


def _target(n: ast.DeedTarget, g: str | None) -> str:
    text = _SELECTORS.get(n.selector, f"your '{n.selector}' Dark Deed")
    if n.grimoire:
        text += f", among those of {_own(n.grimoire, g)}"
    return text


def _any_of(n: ast.AnyOf, g: str | None) -> str:
    groups = [" and ".join(explain(r, g) for r in group) for group in n.options]
    return "either " + ", or ".join(groups)


_REST = {
    "back": "put the rest back on top of the deck in the order you choose",
    "bottom": "put the rest on the bottom of the deck in the order you saw them",
    "pile": "put the rest on your discard pile",
    "center": "put the rest in the center",
}


def _look(n: ast.LookAtDeck, g: str | None) -> str:
    take = f", take {n.take} of them into your hand" if n.take else ""
    rest = _REST[n.rest] if n.take else _REST[n.rest].replace("the rest", "them")
    return f"look at {_top(n.count, 'the Arcana deck')}{take} and {rest}"


def _for_each(n: ast.ForEach, g: str | None) -> str:
    most = f", at most {n.most} times" if n.most is not None else ""
    return (f"{explain(n.action, g)}, once for each of the {_quantity(n.subject, g)} (counted "
            f"before the first time){most}, choosing anew each time")


def _repeat(n: ast.Repeat, g: str | None) -> str:
    times = "twice" if n.times == 2 else f"{n.times} times"
    return f"{explain(n.action, g)}, {times} over, choosing anew each time"


def _each(n: ast.Each, g: str | None) -> str:
    who = ("every other player" if n.who == "opponent"
           else "every player, you included")
    return (f"{who}, one after another in turn order from you, must "
            f"{explain(n.action, g)} (their own cards, their own choices; 'you' and 'your' "
            "mean each of them)")


def _chosen(n: ast.Chosen, g: str | None) -> str:
    what = f" {explain(n.action, g)} ".replace(" your ", " their ").strip()
    return (f"you choose one opponent as the effect resolves, and they must {what} (their "
            "own choices)")


def _choose(n: ast.Choose, g: str | None) -> str:
    options = [_steps(option, g) for option in n.options]
    return ("choose one of these that can happen now and do it: "
            + " OR ".join(f"({o})" for o in options) + "; if none can, nothing happens")


def _discard(n: ast.Discard, g: str | None) -> str:
    if n.match is None:
        what = _cards(n.count)
    elif n.match == ast.THIS:
        what = f"{_cards(n.count)} of this card's grimoire" + (f" ({g})" if g else "")
    else:
        what = f"{n.count} {n.match} card{'s' if n.count != 1 else ''}"
    return (f"discard {_up_to(n, what)} from your hand to "
            + ("the center" if n.to == "center" else "your own discard pile"))


def _steps(actions: tuple[ast.Action, ...], g: str | None) -> str:
    """Actions in order (ruling 17): a price first, 'pay ...; only if you paid it in full,
    ...'; each later action only if the one before it happened in full."""
    price = printer.paid(actions)
    if price:
        paid = "; then ".join(explain(a, g) for a in actions[:price])
        rest = "; then ".join(explain(a, g) for a in actions[price:])
        return f"pay: {paid}; only if you paid it in full, {rest}"
    steps = "; then ".join(explain(a, g) for a in actions)
    if len(actions) > 1:
        steps += " (each only if the one before it happened in full)"
    return steps


def _effect(n: ast.Effect, g: str | None) -> str:
    steps = _steps(n.actions, g)
    if not n.requirements:
        return f"{steps[:1].upper()}{steps[1:]}. Like every effect it is optional."
    needs = " and ".join(explain(r, g) for r in n.requirements)
    return (f"Only if {needs}: {steps}. The effect is optional, and skipped when a "
            "requirement is not met as it resolves.")


def _title(n: ast.Title, g: str | None) -> str:
    most = "the most" if n.most else "the fewest"
    return (f"At the end of the game, the player with {most} {_quantity(n.subject, g)} wins "
            "this Title's points; a tie is settled as the rulebook says.")


_MOMENTS = {
    "start": "it is the start of your turn and this card is in play in front of you",
    "end": "it is the end of your turn and this card is in play in front of you",
    "exhaust": ("this card is in play in front of you and ready, and you use it as an action "
                "of your turn, which exhausts it until your next Cleanup"),
}


def _points_table(n: ast.PointsTable, g: str | None) -> str:
    rows = "; ".join(explain(row, g) for row in n.rows)
    return ("At the end of the game this card scores the points of the last row its stored "
            f"cards reach ({rows}), and nothing below the first; once completed, it keeps the "
            "number of cards it held when it was completed.")


#: Every AST class → the words for what it does (card grimoire for 'this' and 'matching').
EXPLAIN: dict[type[Any], Callable[[Any, str | None], str]] = {
    ast.Moment: lambda n, g: _MOMENTS[n.when],
    ast.LevelReq: lambda n, g: f"{_own(n.grimoire, g)} is at Level {n.level} or higher",
    ast.TopDiscardReq: lambda n, g: (
        f"the top card of your discard pile is {_match(n.match, g)}"),
    ast.RevealReq: lambda n, g: (
        f"you show {_match(n.match, g)} from your hand (it stays in your hand)"),
    ast.Quantity: _quantity,
    ast.RoundReq: lambda n, g: (
        f"the game is in round {n.round}"
        + {"at_least": " or a later one", "at_most": " or an earlier one", "exactly": ""}[n.op]),
    ast.Compare: lambda n, g: (
        f"{'' if n.subject.quantity in ('level', 'total_level') else 'the number of '}"
        f"{_quantity(n.subject, g)} is {_OPS[n.op]} {n.value}"),
    ast.DeedTarget: _target,
    ast.AddToDeed: lambda n, g: (
        f"put {_up_to(n, _top(n.count, 'the Arcana deck'))} face down on "
        f"{_target(n.target, g)}"),
    ast.RemoveFromDeed: lambda n, g: (
        f"take {_up_to(n, _cards(n.count))} off {_target(n.target, g)} and put them in the "
        "center"),
    ast.Stash: lambda n, g: (
        f"tuck {_up_to(n, _cards(n.count))} under your Reference card (each scores at the "
        "end) from "
        + {"hand": f"your hand ({_match(n.match, g)})", "discard": "the top of your discard "
           "pile", "deck": "the top of the Arcana deck",
           "center": "the top of the center discard pile"}[n.source]),
    ast.DrawArcana: lambda n, g: f"draw {_up_to(n, _cards(n.count))} from the Arcana deck",
    ast.DrawDeeds: lambda n, g: (
        f"draw {n.count} Dark Deeds, keep {n.keep} and put the rest on the bottom of their "
        "deck"),
    ast.LevelUp: lambda n, g: f"turn {_own(n.grimoire, g)} to its next Level (never past the top)",
    ast.LevelDown: lambda n, g: (
        f"turn {_own(n.grimoire, g)} back to its previous Level (never below the lowest)"),
    ast.Discard: _discard,
    ast.DiscardTop: lambda n, g: (
        f"put {_top(n.count, 'the Arcana deck')}, unseen, "
        + ("in the center" if n.to == "center" else "on your discard pile")),
    ast.RevealUntil: lambda n, g: (
        f"reveal Arcana from the deck until {_match(n.match, g)} shows, take it into your hand"
        " and put the other revealed cards "
        + ("in the center" if n.rest == "center" else "on your discard pile")),
    ast.TakeFromDiscard: lambda n, g: (
        f"take {_top(n.count, _TAKE_FROM[n.source])} into your hand"),
    ast.LookAtDeck: _look,
    ast.GainPoints: lambda n, g: f"score {n.count} point{'s' if n.count != 1 else ''} at once",
    # a verb declared with a meaning: its sentence, the node's values put in
    **{cls: (lambda n, g: printer.fill(type(n).verb.meaning, n))
       for cls, verb in ast.VERBS.items() if verb.meaning},
    ast.Repeat: _repeat,
    ast.ForEach: _for_each,
    ast.Each: _each,
    ast.Chosen: _chosen,
    ast.Choose: _choose,
    ast.AnyOf: _any_of,
    ast.Effect: _effect,
    ast.Title: _title,
    ast.PointsRow: lambda n, g: (
        f"{n.points} point{'s' if n.points != 1 else ''} with {n.stored} stored "
        f"card{'s' if n.stored != 1 else ''}"),
    ast.PointsTable: _points_table,
}


def explain(node: ast.Node, card_grimoire: str | None = None) -> str:
    """What ``node`` does in play, as a sentence (or a clause, for a part of a line)."""
    return EXPLAIN[type(node)](node, card_grimoire)


def explain_line(node: ast.Node, card_grimoire: str | None = None) -> str:
    """A whole line: an effect, a verse condition or a Title condition."""
    if isinstance(node, ast.Compare):
        return (f"Met by each player for whom {explain(node, card_grimoire)} when the verse "
                "is resolved; those players take its reward.")
    return explain(node, card_grimoire)
