"""Parser of the rules language: one line of text in, one AST node out.

``parse(text, vocab)`` runs the Lark LALR parser on ``dsl/grammar.lark``, turns
the tree into ``dsl.ast`` nodes and resolves every name against the
vocabulary. Any problem is raised as a ``DslError`` with the column of the bad
token and a hint (see ``dsl/diagnose.py``); no Lark exception gets out.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError

from dsl import ast
from dsl.errors import DslError
from dsl.vocabulary import Vocabulary


@cache
def lark_parser() -> Lark:
    """The LALR parser, built once per process."""
    return Lark.open(
        "grammar.lark",
        rel_to=__file__,
        parser="lalr",
        lexer="basic",  # keywords are reserved everywhere, so errors land on the right word
        propagate_positions=True,
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
        tree = lark_parser().parse(text)
    except UnexpectedInput as exc:
        from dsl.diagnose import diagnose

        raise diagnose(exc, text, vocab) from None
    try:
        return _Build(vocab).transform(tree)
    except VisitError as exc:
        inner = exc.orig_exc
        if isinstance(inner, DslError):
            inner.source = text
            raise inner from None
        raise


class _Name:
    """Words that name something, with where they stand in the line."""

    __slots__ = ("text", "column", "length")

    def __init__(self, tokens: list[Token]) -> None:
        self.text = " ".join(t.value for t in tokens)
        self.column = tokens[0].column
        self.length = tokens[-1].end_column - tokens[0].column

    @property
    def span(self) -> tuple[int, int]:
        return (self.column, self.length)


def _span(meta: Any) -> ast.Span | None:
    if getattr(meta, "empty", True):
        return None
    return ast.Span(meta.line, meta.column, meta.start_pos, meta.end_pos)


def _ints(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]


def _first(children: list[Any], kind: type) -> Any:
    for child in children:
        if isinstance(child, kind):
            return child
    return None


@v_args(meta=True)
class _Build(Transformer):
    """Parse tree → AST. Method names are the grammar's aliases."""

    def __init__(self, vocab: Vocabulary) -> None:
        super().__init__(visit_tokens=False)
        self.vocab = vocab

    # lines -------------------------------------------------------------
    def start(self, meta, children):
        return children[0]

    condition_line = start

    def effect(self, meta, children):
        reqs, actions = children[0], children[2]
        return ast.Effect(tuple(reqs), tuple(actions), span=_span(meta))

    def bare_effect(self, meta, children):
        return ast.Effect((), tuple(children[0]), span=_span(meta))

    def requirements(self, meta, children):
        return [c for c in children if isinstance(c, ast.Node)]

    actions = requirements

    # requirements -------------------------------------------------------
    def own_level(self, meta, children):
        return ast.LevelReq(ast.THIS, _ints(children)[0], span=_span(meta))

    def named_level(self, meta, children):
        grimoire = self.vocab.grimoire(children[0].text, children[0].span)
        return ast.LevelReq(grimoire, _ints(children)[0], span=_span(meta))

    def top_discard(self, meta, children):
        name = children[-1]
        return ast.TopDiscardReq(self.vocab.match(name.text, name.span), span=_span(meta))

    def reveal(self, meta, children):
        name = children[-1]
        return ast.RevealReq(self.vocab.match(name.text, name.span), span=_span(meta))

    # verse conditions and titles ---------------------------------------
    def cond_completed(self, meta, children):
        value, op = _first(children, tuple)
        subject = ast.Quantity("completed", self._grimoire(children), span=_span(meta))
        return ast.Compare(subject, op, value, span=_span(meta))

    def cond_level(self, meta, children):
        name = _first(children, _Name)
        op = children[6] if len(children) == 7 else "exactly"
        grimoire = self.vocab.grimoire(name.text, name.span)
        subject = ast.Quantity("level", grimoire, span=_span(meta))
        return ast.Compare(subject, op, _ints(children)[0], span=_span(meta))

    def cond_have(self, meta, children):
        value, op = _first(children, tuple)
        return ast.Compare(_first(children, ast.Quantity), op, value, span=_span(meta))

    def bound_amount(self, meta, children):
        op = children[1] if len(children) > 1 else "at_least"
        return (int(children[0]), op)

    def exactly(self, meta, children):
        return (int(children[1]), "exactly")

    def at_least(self, meta, children):
        return "at_least"

    def at_most(self, meta, children):
        return "at_most"

    def _quantity(self, kind: str, meta: Any, children: list[Any]) -> ast.Quantity:
        return ast.Quantity(kind, self._grimoire(children), span=_span(meta))

    def q_stashed(self, meta, children):
        return self._quantity("stashed", meta, children)

    def q_hand(self, meta, children):
        return self._quantity("hand", meta, children)

    def q_deed_cards(self, meta, children):
        return self._quantity("deed_cards", meta, children)

    def q_completed(self, meta, children):
        return self._quantity("completed", meta, children)

    def q_deeds(self, meta, children):
        return self._quantity("deeds", meta, children)

    def q_total_level(self, meta, children):
        return self._quantity("total_level", meta, children)

    def most(self, meta, children):
        return ast.Title(True, children[1], span=_span(meta))

    def fewest(self, meta, children):
        return ast.Title(False, children[1], span=_span(meta))

    def highest_level(self, meta, children):
        return ast.Title(True, self._quantity("level", meta, children), span=_span(meta))

    def lowest_level(self, meta, children):
        return ast.Title(False, self._quantity("level", meta, children), span=_span(meta))

    def _grimoire(self, children: list[Any]) -> str | None:
        name = _first(children, _Name)
        return None if name is None else self.vocab.grimoire(name.text, name.span)

    # actions ------------------------------------------------------------
    def add(self, meta, children):
        return ast.AddToDeed(_ints(children)[0], children[-1], span=_span(meta))

    def remove(self, meta, children):
        return ast.RemoveFromDeed(_ints(children)[0], children[-1], span=_span(meta))

    def deed_target(self, meta, children):
        words = [c for c in children if isinstance(c, Token)][:-2]
        selector, rest = self._selector(words)
        grimoire = None
        if rest:
            if len(rest) == 1 and rest[0].value.lower() == "matching":
                grimoire = ast.THIS
            else:
                name = _Name(rest)
                grimoire = self.vocab.grimoire(name.text, name.span)
        return ast.DeedTarget(selector, grimoire, span=_span(meta))

    def _selector(self, words: list[Token]) -> tuple[str, list[Token]]:
        first = words[0].value.lower()
        if first in ("a", "an"):
            return "any", words[1:]
        found = self.vocab.target(first)
        if found:
            return found, words[1:]
        if self.vocab.lookup(" ".join(w.value for w in words)) or first == "matching":
            return "any", words
        from dsl.diagnose import unknown_target

        raise unknown_target(words[0], self.vocab)

    def stash(self, meta, children):
        count, match = children[1]
        source = children[-1]
        if match is not None and source != "hand":
            raise DslError(
                "only cards from your hand can be chosen by type or grimoire",
                column=meta.column,
                length=meta.end_column - meta.column,
                hint="write 'Stash a card from your hand' or 'Stash the top card of ...'",
            )
        return ast.Stash(count, source, match, span=_span(meta))

    def stash_top(self, meta, children):
        return ast.Stash(children[1], children[-1], span=_span(meta))

    def some_cards(self, meta, children):
        count = children[0] if isinstance(children[0], int) else int(children[0])
        match = children[1] if len(children) == 3 else None
        return (count, match)

    def top_cards(self, meta, children):
        ints = _ints(children)
        return ints[0] if ints else 1

    def from_hand(self, meta, children):
        return "hand"

    def source(self, meta, children):
        return children[-1]

    def discard_pile(self, meta, children):
        return "discard"

    def arcana_deck(self, meta, children):
        return "deck"

    def to_center(self, meta, children):
        return "center"

    def to_pile(self, meta, children):
        return "pile"

    def rest(self, meta, children):
        return children[4] if len(children) == 5 else "pile"

    def draw_arcana(self, meta, children):
        return ast.DrawArcana(_ints(children)[0], span=_span(meta))

    def draw_deeds(self, meta, children):
        count, keep = _ints(children)
        return ast.DrawDeeds(count, keep, span=_span(meta))

    def level_up(self, meta, children):
        return ast.LevelUp(children[-1], span=_span(meta))

    def level_down(self, meta, children):
        return ast.LevelDown(children[-1], span=_span(meta))

    def any_grimoire(self, meta, children):
        return ast.ANY

    def this_grimoire(self, meta, children):
        return ast.THIS

    def named_grimoire(self, meta, children):
        return self.vocab.grimoire(children[0].text, children[0].span)

    def discard(self, meta, children):
        count = children[1] if isinstance(children[1], int) else int(children[1])
        to = children[-1] if children[-1] in ("center", "pile") else "pile"
        return ast.Discard(count, to, span=_span(meta))

    def one(self, meta, children):
        return 1

    def reveal_until(self, meta, children):
        match = None if isinstance(children[4], Token) else children[4]
        rest = "center" if isinstance(children[-1], Token) else children[-1]
        return ast.RevealUntil(match, rest, span=_span(meta))

    def this_match(self, meta, children):
        return ast.THIS

    def named_match(self, meta, children):
        return self.vocab.match(children[0].text, children[0].span)

    def take_discard(self, meta, children):
        return ast.TakeFromDiscard(children[1], span=_span(meta))

    # words --------------------------------------------------------------
    def name(self, meta, children):
        return _Name(children)

    def card_noun(self, meta, children):
        return children[0]

    deed_noun = card_noun
    article = card_noun
