"""Parser of the rules language: one line of text in, one AST node out.

``parse(text, vocab)`` runs the Lark LALR parser on ``dsl/grammar.lark``, turns
the tree into ``dsl.ast`` nodes and resolves every name against the
vocabulary. Any problem is raised as a ``DslError`` with the column of the bad
token and a hint (see ``dsl/diagnose.py``); no Lark exception gets out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.vocabulary import Vocabulary


@cache
def lark_parser() -> Lark:
    """The LALR parser that builds parse trees (used to diagnose errors)."""
    return _lark(None)


@cache
def _building_parser() -> tuple[Lark, _Build]:
    """The LALR parser that builds AST nodes directly, and its transformer.

    Running the transformer inside the parser skips the intermediate tree;
    spans come from the tokens instead.
    """
    build = _Build()
    return _lark(build), build


def _lark(transformer: Transformer[Token, Any] | None) -> Lark:
    return Lark.open(
        "grammar.lark",
        rel_to=__file__,
        parser="lalr",
        lexer="basic",  # keywords are reserved everywhere, so errors land on the right word
        transformer=transformer,
        cache=True,  # Lark keeps the analysed grammar in a temp file: a faster cold start
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
    parser, build = _building_parser()
    build.vocab = vocab
    try:
        node: ast.Line = parser.parse(text)  # type: ignore[assignment]  # the transformer's result
        return node
    except UnexpectedInput:
        # Diagnose with the tree-building parser: the catalogue of mistakes is
        # keyed on its LALR states, and state numbers differ between instances.
        from prophecy.dsl.diagnose import diagnose

        try:
            lark_parser().parse(text)
        except UnexpectedInput as exc:
            raise diagnose(exc, text, vocab) from None
        raise  # pragma: no cover - both parsers share one grammar
    except DslError as exc:
        exc.source = text
        raise


class _Part:
    """An intermediate result (a count, a source, a name...) with its place."""

    __slots__ = ("value", "start", "end", "line", "column")

    def __init__(self, value: Any, children: list[Any]) -> None:
        self.value = value
        first, last = children[0], children[-1]
        self.start, self.end = _start(first), _end(last)
        self.line, self.column = _line_column(first)


def _start(child: Any) -> int:
    return int(child.start_pos or 0) if isinstance(child, Token) else int(_place(child).start)


def _end(child: Any) -> int:
    return int(child.end_pos or 0) if isinstance(child, Token) else int(_place(child).end)


def _line_column(child: Any) -> tuple[int, int]:
    if isinstance(child, Token):
        return int(child.line or 1), int(child.column or 1)
    place = _place(child)
    return place.line, place.column


def _place(child: Any) -> Any:
    return child.span if isinstance(child, ast.Node) else child


def _span(children: list[Any]) -> ast.Span:
    line, column = _line_column(children[0])
    return ast.Span(line, column, _start(children[0]), _end(children[-1]))


def _value(child: Any) -> Any:
    return child.value if isinstance(child, _Part) else child


def _ints(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]


def _of(children: list[Any], kind: type) -> Any:
    for child in children:
        if isinstance(child, kind):
            return child
    return None


def _name(children: list[Any]) -> _Part | None:
    for child in children:
        if isinstance(child, _Part) and isinstance(child.value, _Words):
            return child
    return None


class _Words(str):
    """The text of a name (one or more words)."""


_Method = Callable[[Any, list[Any]], Any]


def _part(method: _Method) -> _Method:
    """Wrap a method's plain result in a _Part that knows its place."""

    def wrapper(self: Any, children: list[Any]) -> Any:
        return _Part(method(self, children), children)

    wrapper.__name__ = method.__name__
    return wrapper


class _Build(Transformer[Token, Any]):
    """Parse tree → AST, run inside the parser. Method names are the grammar's aliases."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.vocab: Vocabulary

    # names, resolved against the vocabulary ------------------------------
    def _grimoire(self, name: _Part) -> str:
        return self.vocab.grimoire(name.value, (name.column, name.end - name.start))

    def _match(self, name: _Part) -> str:
        return self.vocab.match(name.value, (name.column, name.end - name.start))

    def _optional_grimoire(self, children: list[Any]) -> str | None:
        name = _name(children)
        return None if name is None else self._grimoire(name)

    # lines -------------------------------------------------------------
    def start(self, children: list[Any]) -> Any:
        return children[0]

    condition_line = start

    def effect(self, children: list[Any]) -> Any:
        return ast.Effect(tuple(children[0].value), tuple(children[2].value), span=_span(children))

    def bare_effect(self, children: list[Any]) -> Any:
        return ast.Effect((), tuple(children[0].value), span=_span(children))

    @_part
    def requirements(self, children: list[Any]) -> Any:
        return [c for c in children if isinstance(c, ast.Node)]

    actions = requirements

    # requirements -------------------------------------------------------
    def own_level(self, children: list[Any]) -> Any:
        return ast.LevelReq(ast.THIS, _ints(children)[0], span=_span(children))

    def named_level(self, children: list[Any]) -> Any:
        grimoire = self._grimoire(children[0])
        return ast.LevelReq(grimoire, _ints(children)[0], span=_span(children))

    def top_discard(self, children: list[Any]) -> Any:
        return ast.TopDiscardReq(self._match(children[-1]), span=_span(children))

    def reveal(self, children: list[Any]) -> Any:
        return ast.RevealReq(self._match(children[-1]), span=_span(children))

    # verse conditions and titles ---------------------------------------
    def cond_completed(self, children: list[Any]) -> Any:
        value, op = children[4].value
        subject = ast.Quantity(
            "completed", self._optional_grimoire(children[5:]), span=_span(children[3:])
        )
        return ast.Compare(subject, op, value, span=_span(children))

    def cond_level(self, children: list[Any]) -> Any:
        op: ast.Op = children[6].value if len(children) == 7 else "exactly"
        subject = ast.Quantity("level", self._grimoire(children[2]), span=_span(children[1:3]))
        return ast.Compare(subject, op, _ints(children)[0], span=_span(children))

    def cond_have(self, children: list[Any]) -> Any:
        value, op = children[3].value
        return ast.Compare(children[4], op, value, span=_span(children))

    @_part
    def bound_amount(self, children: list[Any]) -> Any:
        return (int(children[0]), children[1].value if len(children) > 1 else "at_least")

    @_part
    def exactly(self, children: list[Any]) -> Any:
        return (int(children[1]), "exactly")

    @_part
    def at_least(self, children: list[Any]) -> Any:
        return "at_least"

    @_part
    def at_most(self, children: list[Any]) -> Any:
        return "at_most"

    def _quantity(self, kind: ast.QuantityKind, children: list[Any]) -> ast.Quantity:
        grimoire = self._optional_grimoire(children)
        return ast.Quantity(kind, grimoire, span=_span(children))

    def q_stashed(self, children: list[Any]) -> Any:
        return self._quantity("stashed", children)

    def q_hand(self, children: list[Any]) -> Any:
        return self._quantity("hand", children)

    def q_deed_cards(self, children: list[Any]) -> Any:
        return self._quantity("deed_cards", children)

    def q_completed(self, children: list[Any]) -> Any:
        return self._quantity("completed", children)

    def q_deeds(self, children: list[Any]) -> Any:
        return self._quantity("deeds", children)

    def q_total_level(self, children: list[Any]) -> Any:
        return self._quantity("total_level", children)

    def most(self, children: list[Any]) -> Any:
        return ast.Title(True, children[1], span=_span(children))

    def fewest(self, children: list[Any]) -> Any:
        return ast.Title(False, children[1], span=_span(children))

    def highest_level(self, children: list[Any]) -> Any:
        return ast.Title(True, self._quantity("level", children[1:]), span=_span(children))

    def lowest_level(self, children: list[Any]) -> Any:
        return ast.Title(False, self._quantity("level", children[1:]), span=_span(children))

    # actions ------------------------------------------------------------
    def add(self, children: list[Any]) -> Any:
        return ast.AddToDeed(int(children[1]), children[-1], span=_span(children))

    def remove(self, children: list[Any]) -> Any:
        return ast.RemoveFromDeed(int(children[1]), children[-1], span=_span(children))

    def deed_target(self, children: list[Any]) -> Any:
        words = children[:-2]
        if words[0].type in ("THE", "YOUR"):  # 'to your highest-points Dark Deed'
            words = words[1:]
        selector, rest = self._selector(words)
        grimoire = None
        if rest:
            if len(rest) == 1 and rest[0].type == "MATCHING":
                grimoire = ast.THIS
            else:
                grimoire = self._grimoire(_Part(_Words(" ".join(rest)), rest))
        return ast.DeedTarget(selector, grimoire, span=_span(children))

    def _selector(self, words: list[Token]) -> tuple[str, list[Token]]:
        first = words[0].value.lower()
        if words[0].type in ("A", "AN"):
            return "any", words[1:]
        found = self.vocab.target(first)
        if found:
            return found, words[1:]
        if words[0].type == "MATCHING" or self.vocab.lookup(" ".join(words)):
            return "any", words
        from prophecy.dsl.diagnose import unknown_target

        raise unknown_target(words[0], self.vocab)

    def stash(self, children: list[Any]) -> Any:
        count, match = children[1].value
        source = children[-1].value
        if match is not None and source != "hand":
            raise DslError(
                "only cards from your hand can be chosen by type or grimoire",
                column=children[0].column,
                length=_end(children[-1]) - _start(children[0]),
                hint="write 'Stash a card from your hand' or 'Stash the top card of ...'",
            )
        return ast.Stash(count, source, match, span=_span(children))

    def stash_top(self, children: list[Any]) -> Any:
        return ast.Stash(children[1].value, children[-1].value, span=_span(children))

    @_part
    def some_cards(self, children: list[Any]) -> Any:
        match = _value(children[1]) if len(children) == 3 else None
        return (int(_value(children[0])), match)

    @_part
    def top_cards(self, children: list[Any]) -> Any:
        ints = _ints(children)
        return ints[0] if ints else 1

    @_part
    def from_hand(self, children: list[Any]) -> Any:
        return "hand"

    @_part
    def source(self, children: list[Any]) -> Any:
        return children[-1].value

    @_part
    def discard_pile(self, children: list[Any]) -> Any:
        return "discard"

    @_part
    def arcana_deck(self, children: list[Any]) -> Any:
        return "deck"

    @_part
    def to_center(self, children: list[Any]) -> Any:
        return "center"

    @_part
    def to_pile(self, children: list[Any]) -> Any:
        return "pile"

    @_part
    def rest(self, children: list[Any]) -> Any:
        return children[4].value if len(children) == 5 else "pile"

    def draw_arcana(self, children: list[Any]) -> Any:
        return ast.DrawArcana(int(children[1]), span=_span(children))

    def draw_deeds(self, children: list[Any]) -> Any:
        count, *keep = _ints(children)
        if not keep and count != 1:  # 'Draw 1 Dark Deed' keeps it; of more, say how many
            raise DslError(
                "say how many of the drawn Dark Deeds to keep",
                column=_span(children).column + _end(children[-1]) - _start(children[0]),
                hint=f"write 'Draw {count} Dark Deeds, keep 1'",
            )
        return ast.DrawDeeds(count, keep[0] if keep else 1, span=_span(children))

    def level_up(self, children: list[Any]) -> Any:
        return ast.LevelUp(children[-1].value, span=_span(children))

    def level_down(self, children: list[Any]) -> Any:
        return ast.LevelDown(children[-1].value, span=_span(children))

    @_part
    def any_grimoire(self, children: list[Any]) -> Any:
        return ast.ANY

    @_part
    def this_grimoire(self, children: list[Any]) -> Any:
        return ast.THIS

    @_part
    def named_grimoire(self, children: list[Any]) -> Any:
        return self._grimoire(children[0])

    def discard(self, children: list[Any]) -> Any:
        last = children[-1]
        to: ast.Destination = "pile"
        if isinstance(last, _Part) and last.value in ("center", "pile"):
            to = last.value
        return ast.Discard(int(_value(children[1])), to, span=_span(children))

    @_part
    def one(self, children: list[Any]) -> Any:
        return 1

    def reveal_until(self, children: list[Any]) -> Any:
        match = None if isinstance(children[4], Token) else children[4].value
        rest: ast.Destination = "center" if isinstance(children[-1], Token) else children[-1].value
        return ast.RevealUntil(match, rest, span=_span(children))

    @_part
    def this_match(self, children: list[Any]) -> Any:
        return ast.THIS

    @_part
    def named_match(self, children: list[Any]) -> Any:
        return self._match(children[0])

    def take_discard(self, children: list[Any]) -> Any:
        return ast.TakeFromDiscard(children[1].value, span=_span(children))

    # words --------------------------------------------------------------
    @_part
    def name(self, children: list[Any]) -> Any:
        return _Words(" ".join(children))

    def card_noun(self, children: list[Any]) -> Any:
        return children[0]

    deed_noun = card_noun
    article = card_noun
