"""Parser of the rules language: one line of text in, one AST node out.

``parse(text, vocab)`` runs Lark's LALR parser on ``dsl/grammar.lark`` with
positions kept, then ``_Build`` turns the tree into ``dsl.ast`` nodes and
resolves every name against the vocabulary. Keywords never reach the tree
(the grammar names them with a leading '_'); each rule's alias says what the
words meant, so a method reads values, not token positions. Any problem is
raised as a ``DslError`` with the column of the bad words and a hint (see
``dsl/diagnose.py``); no Lark exception gets out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput
from lark.tree import Meta

from prophecy.dsl import ast
from prophecy.dsl.diagnose import diagnose, unknown_target
from prophecy.dsl.errors import DslError
from prophecy.dsl.grammar import MAX_COUNT, NUMBER_WORDS, fast_parser, lark_parser
from prophecy.dsl.vocabulary import Vocabulary

#: What "Each opponent ..." and "Each player ..." may do: the actions a player does
#: alone with their own cards. Looking, revealing and choosing stay with the card's owner.
EACH_ACTIONS = (
    ast.AddToDeed, ast.RemoveFromDeed, ast.Stash, ast.DrawArcana, ast.DrawDeeds, ast.LevelUp,
    ast.LevelDown, ast.Discard, ast.TakeFromDiscard, ast.GainPoints, ast.Repeat,
)


def parse(text: str, vocab: Vocabulary) -> ast.Line:
    """Parse one line into an Effect, a verse condition (Compare) or a Title."""
    if not text.strip():
        raise DslError(
            "the line is empty",
            hint="write an effect such as 'Draw 1 Arcana', or delete the line",
            source=text,
        )
    if "\n" in text.strip():
        column = text.index("\n") + 1
        raise DslError(
            "an effect is one line",
            column=column,
            hint="put each effect on its own line",
            source=text.split("\n", 1)[0],
        )
    try:
        try:  # Lark's own lexer for text the fast one was not built for, and for every error
            if not text.isascii() or "\n" in text:
                raise UnexpectedInput
            tree = fast_parser().parse(text)
        except UnexpectedInput:
            tree = lark_parser().parse(text)
    except UnexpectedInput as exc:
        raise diagnose(exc, text, vocab, parse) from None
    try:
        node: ast.Line = _Build(vocab).build(tree)
    except DslError as error:
        error.source = text
        raise error from None
    return node


# ------------------------------------------------------------------- parts
@dataclass(frozen=True)
class _Name:
    """A name as written (one or more words) and where."""

    text: str
    column: int
    length: int


@dataclass(frozen=True)
class _Match:
    """A card type or grimoire a card must be (``ast.THIS`` for 'matching')."""

    value: str


@dataclass(frozen=True)
class _Amount:
    """A count and whether the player may choose fewer ('up to')."""

    count: int
    up_to: bool = False


def _span(meta: Meta) -> ast.Span:
    return ast.Span(meta.line, meta.column, meta.start_pos, meta.end_pos)


def _error(message: str, meta: Meta, hint: str) -> DslError:
    return DslError(message, column=meta.column, hint=hint,
                    length=max(1, meta.end_pos - meta.start_pos))


def _count(token: Token) -> int:
    text = str(token)
    if text.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[text.lower()]
    if len(text) > 3 or int(text) > MAX_COUNT:
        raise DslError(
            f"{text[:12]}{'...' if len(text) > 12 else ''} is more than any card needs",
            column=token.column or 1, length=len(text),
            hint=f"counts go from 0 to {MAX_COUNT}",
        )
    return int(text)


class _Build:
    """Parse tree → AST. Method names are the grammar's rule names and aliases.

    Each such method takes the rule's ``meta`` (its place) and its children,
    already built; a rule without a method stays a ``Tree`` for its parent to
    read. The walk is Lark's ``Transformer`` with ``v_args(meta=True)`` written
    out: without its per-call wrappers it takes a quarter less time per line.
    """

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab

    def build(self, tree: Tree[Token]) -> Any:
        children = [self.build(c) if isinstance(c, Tree) else c for c in tree.children]
        method = _RULES.get(tree.data)
        if method is None:
            return Tree(tree.data, children, tree.meta)
        return method(self, tree.meta, children)

    # names, resolved against the vocabulary ---------------------------------------
    def _grimoire(self, name: _Name, also: dict[str, str] | None = None) -> str:
        return self.vocab.grimoire(name.text, (name.column, name.length), also or {})

    def _match(self, name: _Name) -> str:
        return self.vocab.match(name.text, (name.column, name.length))

    def _optional_grimoire(self, children: list[Any]) -> str | None:
        name = next((c for c in children if isinstance(c, _Name)), None)
        return None if name is None else self._grimoire(name)

    def name(self, meta: Meta, children: list[Token]) -> _Name:
        return _Name(" ".join(children), meta.column, meta.end_pos - meta.start_pos)

    # lines ------------------------------------------------------------------------
    def effect(self, meta: Meta, children: list[Any]) -> ast.Effect:
        requirements, actions = children
        return ast.Effect(requirements, actions, span=_span(meta))

    def bare_effect(self, meta: Meta, children: list[Any]) -> ast.Effect:
        return ast.Effect((), children[0], span=_span(meta))

    def requirements_line(self, meta: Meta, children: list[Any]) -> ast.Compare:
        requirements = children[0]
        if len(requirements) == 1 and isinstance(requirements[0], ast.Compare):
            return requirements[0]  # a Prophecy Verse condition standing alone
        raise DslError(
            "missing ':' and an action after the requirements",
            column=meta.end_column, hint="write what happens after a ':', as in "
            "'Grimoire Level 2: Draw 1 Arcana'",
        )

    def title_line(self, meta: Meta, children: list[Any]) -> ast.Title:
        title: ast.Title = children[0]
        return title

    # requirements ----------------------------------------------------------------
    def requirements(self, meta: Meta, children: list[Any]) -> tuple[ast.Requirement, ...]:
        if len(children) == 1:
            only: tuple[ast.Requirement, ...] = children[0]
            return only
        return (ast.AnyOf(tuple(children), span=_span(meta)),)

    def all_of(self, meta: Meta, children: list[Any]) -> tuple[ast.Requirement, ...]:
        if isinstance(children[-1], Tree):  # trailing_plus: "Level 3+" means 3 or more
            children = [*children[:-2], _plus(children[-2], children[-1].meta)]
        return tuple(children)

    def own_level(self, meta: Meta, children: list[Any]) -> ast.Requirement:
        level, op = children[0], children[1] if len(children) > 1 else "at_least"
        if op == "at_most":
            raise _error("'Grimoire Level N or lower' needs the grimoire's name", meta,
                         "write 'If your Necromancy is Level 1 or lower' with the grimoire")
        return ast.LevelReq(ast.THIS, level, span=_span(meta))

    def named_level(self, meta: Meta, children: list[Any]) -> ast.Requirement:
        grimoire = self._grimoire(children[0], {"grimoire": "Grimoire"})
        level, op = children[1], children[2] if len(children) > 2 else "at_least"
        if op == "at_most":
            subject = ast.Quantity("level", grimoire, span=_span(meta))
            return ast.Compare(subject, "at_most", level, span=_span(meta))
        return ast.LevelReq(grimoire, level, span=_span(meta))

    def top_discard(self, meta: Meta, children: list[Any]) -> ast.TopDiscardReq:
        name = next(c for c in children if isinstance(c, _Name))
        return ast.TopDiscardReq(self._match(name), span=_span(meta))

    def reveal(self, meta: Meta, children: list[Any]) -> ast.RevealReq:
        name = next(c for c in children if isinstance(c, _Name))
        return ast.RevealReq(self._match(name), span=_span(meta))

    def at_least(self, meta: Meta, children: list[Any]) -> ast.Op:
        return "at_least"

    def at_most(self, meta: Meta, children: list[Any]) -> ast.Op:
        return "at_most"

    # verse conditions and titles ---------------------------------------------------
    def cond_completed(self, meta: Meta, children: list[Any]) -> ast.Compare:
        value, op = children[0]
        subject = ast.Quantity("completed", self._optional_grimoire(children[1:]),
                               span=_span(meta))
        return ast.Compare(subject, op, value, span=_span(meta))

    def cond_level(self, meta: Meta, children: list[Any]) -> ast.Compare:
        name, (value, op) = children
        subject = ast.Quantity("level", self._grimoire(name), span=_span(meta))
        return ast.Compare(subject, op, value, span=_span(meta))

    def cond_have(self, meta: Meta, children: list[Any]) -> ast.Compare:
        (value, op), subject = children
        return ast.Compare(subject, op, value, span=_span(meta))

    def level_exact(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0], children[1] if len(children) > 1 else "exactly"

    def level_at_least(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0], "at_least"

    def level_at_most(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[-1], "at_most"

    def amount_bound(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0], children[1] if len(children) > 1 else "at_least"

    def amount_plus(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0], "at_least"

    at_least_amount = amount_plus

    def exactly(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0], "exactly"

    def at_most_amount(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[-1], "at_most"

    def more_than(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return children[0] + 1, "at_least"

    def fewer_than(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        if children[0] == 0:
            raise _error("fewer than 0 can never hold", meta, "write 'exactly 0' or 'no'")
        return children[0] - 1, "at_most"

    def no_amount(self, meta: Meta, children: list[Any]) -> tuple[int, ast.Op]:
        return 0, "exactly"

    def _quantity(self, kind: ast.QuantityKind, meta: Meta, children: list[Any]) -> ast.Quantity:
        return ast.Quantity(kind, self._optional_grimoire(children), span=_span(meta))

    def q_stashed(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("stashed", meta, children)

    def q_hand(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("hand", meta, children)

    def q_deed_cards(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("deed_cards", meta, children)

    def q_completed(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("completed", meta, children)

    def q_deeds(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("deeds", meta, children)

    def q_total_level(self, meta: Meta, children: list[Any]) -> ast.Quantity:
        return self._quantity("total_level", meta, children)

    def most(self, meta: Meta, children: list[Any]) -> ast.Title:
        return ast.Title(True, children[-1], span=_span(meta))

    def fewest(self, meta: Meta, children: list[Any]) -> ast.Title:
        return ast.Title(False, children[-1], span=_span(meta))

    def _level_title(self, most: bool, meta: Meta, children: list[Any]) -> ast.Title:
        name = next(c for c in children if isinstance(c, _Name))
        subject = ast.Quantity("level", self._grimoire(name), span=_span(meta))
        return ast.Title(most, subject, span=_span(meta))

    def highest_level(self, meta: Meta, children: list[Any]) -> ast.Title:
        return self._level_title(True, meta, children)

    def lowest_level(self, meta: Meta, children: list[Any]) -> ast.Title:
        return self._level_title(False, meta, children)

    def most_levels(self, meta: Meta, children: list[Any]) -> ast.Title:
        return ast.Title(True, ast.Quantity("total_level", span=_span(meta)), span=_span(meta))

    def fewest_levels(self, meta: Meta, children: list[Any]) -> ast.Title:
        return ast.Title(False, ast.Quantity("total_level", span=_span(meta)), span=_span(meta))

    # actions ------------------------------------------------------------------------
    def actions(self, meta: Meta, children: list[Any]) -> tuple[ast.Action, ...]:
        return tuple(children)

    def option(self, meta: Meta, children: list[Any]) -> tuple[ast.Action, ...]:
        return tuple(children)

    def choose(self, meta: Meta, children: list[Any]) -> ast.Choose:
        return ast.Choose(tuple(children), span=_span(meta))

    def repeat(self, meta: Meta, children: list[Any]) -> ast.Action:
        action, times = children
        return action if times == 1 else ast.Repeat(times, action, span=_span(meta))

    def each(self, meta: Meta, children: list[Any]) -> ast.Each:
        who, action, *times = children
        if times and times[0] != 1:
            action = ast.Repeat(times[0], action, span=action.span)
        if not isinstance(action, EACH_ACTIONS):
            raise _error(f"'Each {who}' cannot be followed by this action", meta,
                         "each player may add, remove, stash, draw, level up or down, "
                         "discard, take or gain, as in 'Each opponent discards 1'")
        return ast.Each(who, action, span=_span(meta))

    def each_subject(self, meta: Meta, children: list[Any]) -> str:
        return str(children[-1])

    def opponents(self, meta: Meta, children: list[Any]) -> str:
        return "opponent"

    def players(self, meta: Meta, children: list[Any]) -> str:
        return "player"

    def twice(self, meta: Meta, children: list[Any]) -> int:
        return 2

    def once(self, meta: Meta, children: list[Any]) -> int:
        return 1

    def n_times(self, meta: Meta, children: list[Any]) -> int:
        return int(children[0])

    def add(self, meta: Meta, children: list[Any]) -> ast.AddToDeed:
        amount, target = children[0], children[-1]
        return ast.AddToDeed(amount.count, target, amount.up_to, span=_span(meta))

    def remove(self, meta: Meta, children: list[Any]) -> ast.RemoveFromDeed:
        amount, target = children[0], children[-1]
        return ast.RemoveFromDeed(amount.count, target, amount.up_to, span=_span(meta))

    def stash(self, meta: Meta, children: list[Any]) -> ast.Stash:
        (amount, match), source = children
        if match is not None and source != "hand":
            raise _error("only cards from your hand can be chosen by type or grimoire", meta,
                         "write 'Stash a card from your hand' or 'Stash the top card of "
                         "the Arcana deck'")
        if amount.up_to and source != "hand":
            raise _error("'up to' goes with cards from your hand", meta,
                         f"write 'Stash up to {amount.count} cards from your hand' or "
                         f"'Stash the top {amount.count} cards of the Arcana deck'")
        return ast.Stash(amount.count, source, match, amount.up_to, span=_span(meta))

    def stash_top(self, meta: Meta, children: list[Any]) -> ast.Stash:
        (count, _), source = children
        return ast.Stash(count, source, span=_span(meta))

    def draw_arcana(self, meta: Meta, children: list[Any]) -> ast.DrawArcana:
        amount = children[0]
        return ast.DrawArcana(amount.count, amount.up_to, span=_span(meta))

    draw_cards = draw_arcana

    def draw_deeds(self, meta: Meta, children: list[Any]) -> ast.DrawDeeds:
        amount, keep = children[0], [c for c in children[1:] if isinstance(c, int)]
        if not keep and amount.count != 1:  # 'Draw 1 Dark Deed' keeps it; of more, say how many
            raise DslError(
                "say how many of the drawn Dark Deeds to keep",
                column=meta.end_column,
                hint=f"write 'Draw {amount.count} Dark Deeds, keep 1'",
            )
        if amount.up_to:
            raise _error("'up to' does not go with drawing Dark Deeds", meta,
                         "write 'Draw 3 Dark Deeds, keep 1'")
        return ast.DrawDeeds(amount.count, keep[0] if keep else 1, span=_span(meta))

    def keep(self, meta: Meta, children: list[Any]) -> int:
        return int(children[0])

    def level_up(self, meta: Meta, children: list[Any]) -> ast.LevelUp:
        return ast.LevelUp(children[0], span=_span(meta))

    def level_down(self, meta: Meta, children: list[Any]) -> ast.LevelDown:
        return ast.LevelDown(children[0], span=_span(meta))

    def discard(self, meta: Meta, children: list[Any]) -> ast.Discard:
        amount, match = children[0], _matched(children)
        to: ast.Destination = "center" if "center" in children[1:] else "pile"
        return ast.Discard(amount.count, to, amount.up_to, match, span=_span(meta))

    def reveal_until(self, meta: Meta, children: list[Any]) -> ast.RevealUntil:
        rest: ast.Destination = children[-1] if children[-1] in ("pile", "center") else "center"
        return ast.RevealUntil(_matched(children), rest, span=_span(meta))

    def take_discard(self, meta: Meta, children: list[Any]) -> ast.TakeFromDiscard:
        return ast.TakeFromDiscard(children[0][0], span=_span(meta))

    def look(self, meta: Meta, children: list[Any]) -> ast.LookAtDeck:
        count, arcana = children[0]
        if not arcana and not any(isinstance(c, Tree) and c.data == "deck_phrase"
                                  for c in children):
            raise _error("say which cards to look at", meta,
                         f"write 'Look at the top {count} cards of the Arcana deck, put them "
                         "back in any order'")
        take = next((c for c in children[1:] if isinstance(c, int)), 0)  # look_take
        rest: ast.LookRest = next((c for c in children[1:] if c in _LOOK_RESTS), "back")
        if take > count:
            raise _error(f"you cannot take {take} of the {count} cards you look at", meta,
                         f"write 'Look at the top {max(take, 2)} cards of the Arcana deck, "
                         f"take {take}, put the rest back in any order'")
        return ast.LookAtDeck(count, take, rest, span=_span(meta))

    def look_take(self, meta: Meta, children: list[Any]) -> int:
        return int(children[0])

    def back(self, meta: Meta, children: list[Any]) -> str:
        return "back"

    def bottom(self, meta: Meta, children: list[Any]) -> str:
        return "bottom"

    def discard_rest(self, meta: Meta, children: list[Any]) -> str:
        return "center" if "center" in children else "pile"

    def gain(self, meta: Meta, children: list[Any]) -> ast.GainPoints:
        amount = children[0]
        if amount.up_to:
            raise _error("points are gained in full, not 'up to'", meta,
                         f"write 'Gain {amount.count} points'")
        return ast.GainPoints(amount.count, span=_span(meta))

    # the parts of actions ------------------------------------------------------------
    def deed_target(self, meta: Meta, children: list[Any]) -> ast.DeedTarget:
        words = [c for c in children if isinstance(c, Token)]
        if any(w.value.lower().startswith("opponent") for w in words):
            raise _error("a Dark Deed target is always one of your own", meta,
                         "to act on an opponent's Dark Deeds write 'Each opponent removes 1 "
                         "from their most-cards Dark Deed'")
        selector, rest = self._selector(words)
        grimoire = None
        if rest:
            if len(rest) == 1 and rest[0].type == "MATCHING":
                grimoire = ast.THIS
            else:
                start, end = rest[0].start_pos or 0, rest[-1].end_pos or 0
                name = _Name(" ".join(rest), rest[0].column or 1, end - start)
                grimoire = self._grimoire(name)
        return ast.DeedTarget(selector, grimoire, span=_span(meta))

    def _selector(self, words: list[Token]) -> tuple[str, list[Token]]:
        first = words[0].value.lower()
        if words[0].type in ("A", "AN"):
            return "any", words[1:]
        if words[0].type == "ALL" and self.vocab.target("each"):
            return "each", words[1:]
        found = self.vocab.target(first)
        if found:
            return found, words[1:]
        if words[0].type == "MATCHING" or self.vocab.lookup(" ".join(words)):
            return "any", words
        raise unknown_target(words[0], self.vocab)

    def some_cards(self, meta: Meta, children: list[Any]) -> tuple[_Amount, str | None]:
        return children[0], _matched(children)

    def top_cards(self, meta: Meta, children: list[Any]) -> tuple[int, bool]:
        """(how many, whether 'Arcana' was written before 'cards')."""
        count = next((c for c in children if isinstance(c, int)), 1)
        return count, any(isinstance(c, Tree) and c.data == "arcana_word" for c in children)

    # deck_phrase, arcana_word and points_word have no method: each stays a Tree of no
    # children (its words are keywords), which its parent reads by name.

    def deed_with(self, meta: Meta, children: list[Any]) -> ast.DeedTarget:
        most = children[-2].type == "MOST"
        points = isinstance(children[-1], Tree) and children[-1].data == "points_word"
        wanted = {(True, True): "highest-points", (False, True): "lowest-points",
                  (True, False): "most-cards", (False, False): "fewest-cards"}[(most, points)]
        found = self.vocab.target(wanted)
        if found is None:
            raise _error(f"this game has no '{wanted}' Dark Deed target", meta,
                         "use one of the targets game.yaml lists, as in "
                         "'Add 1 to any Dark Deed'")
        return ast.DeedTarget(found, span=_span(meta))

    def amount(self, meta: Meta, children: list[Any]) -> _Amount:
        return _Amount(children[0])

    def one(self, meta: Meta, children: list[Any]) -> _Amount:
        return _Amount(1)

    def up_to(self, meta: Meta, children: list[Any]) -> _Amount:
        return _Amount(children[0], up_to=True)

    def count(self, meta: Meta, children: list[Token]) -> int:
        return _count(children[0])

    def count_one(self, meta: Meta, children: list[Any]) -> int:
        return 1

    def from_hand(self, meta: Meta, children: list[Any]) -> str:
        return "hand"

    def source(self, meta: Meta, children: list[Any]) -> str:
        return str(children[-1])

    def discard_pile(self, meta: Meta, children: list[Any]) -> str:
        return "discard"

    def arcana_deck(self, meta: Meta, children: list[Any]) -> str:
        return "deck"

    def to_center(self, meta: Meta, children: list[Any]) -> str:
        return "center"

    def to_pile(self, meta: Meta, children: list[Any]) -> str:
        return "pile"

    def rest(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0]) if children else "pile"

    def any_grimoire(self, meta: Meta, children: list[Any]) -> str:
        return ast.ANY

    def this_grimoire(self, meta: Meta, children: list[Any]) -> str:
        return ast.THIS

    def highest_grimoire(self, meta: Meta, children: list[Any]) -> str:
        return ast.HIGHEST

    def lowest_grimoire(self, meta: Meta, children: list[Any]) -> str:
        return ast.LOWEST

    def named_grimoire(self, meta: Meta, children: list[Any]) -> str:
        name = children[0]
        selector = _SELECTOR_WORDS.get(name.text.lower())
        if selector is not None:
            return selector
        return self._grimoire(name, {"grimoire": "this Grimoire", "any": "any Grimoire"})

    def this_match(self, meta: Meta, children: list[Any]) -> _Match:
        return _Match(ast.THIS)

    def named_match(self, meta: Meta, children: list[Any]) -> _Match:
        return _Match(self._match(children[0]))

    def article(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def card_noun(self, meta: Meta, children: list[Any]) -> Tree[Any]:
        return Tree("card_noun", [], meta)

    deed_noun = card_noun


_LOOK_RESTS: tuple[ast.LookRest, ...] = ("back", "bottom", "pile", "center")
_SELECTOR_WORDS = {
    "highest-level": ast.HIGHEST, "lowest-level": ast.LOWEST,
    "strongest": ast.HIGHEST, "weakest": ast.LOWEST,
}


#: Rule name -> the _Build method that builds it.
_RULES: dict[str, Callable[..., Any]] = {
    name: f for name, f in vars(_Build).items()
    if callable(f) and not name.startswith("_") and name != "build"
}


def _matched(children: list[Any]) -> str | None:
    """The card type or grimoire among a rule's children, if one was written."""
    return next((c.value for c in children if isinstance(c, _Match)), None)


def _plus(requirement: ast.Requirement, meta: Meta) -> ast.Requirement:
    """A requirement followed by '+' ("Level 3+"): at least that much."""
    if isinstance(requirement, ast.LevelReq):
        return requirement
    if isinstance(requirement, ast.Compare) and requirement.op in ("exactly", "at_least"):
        return ast.Compare(requirement.subject, "at_least", requirement.value,
                           span=requirement.span)
    raise _error("a '+' here joins nothing", meta,
                 "join requirements with '+' between them, as in "
                 "'Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana'")
