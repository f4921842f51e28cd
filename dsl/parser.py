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

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput
from lark.tree import Meta

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.grammar import MAX_COUNT, NUMBER_WORDS, fast_parser, lark_parser
from prophecy.dsl.vocabulary import Vocabulary

#: What "Each opponent ..." and "Each player ..." may do: the verbs declared ``each``
#: (the actions a player does alone with their own cards), and repeating one of them.
EACH_ACTIONS: tuple[type[ast.Node], ...] = (
    *(cls for cls, verb in ast.VERBS.items() if verb.each), ast.Repeat)
#: The same, in words, for the message when another action follows 'Each'.
EACH_WORDS = ast.listing(verb.words.lower() for verb in ast.VERBS.values() if verb.each)


def parse(text: str, vocab: Vocabulary) -> ast.Line:
    """Parse one line into an Effect, a verse condition (Compare) or a Title.

    A line the grammar refuses but that has one meaning ("When you play this, draw two
    cards.") is read too (ruling 20): ``read`` says so with a note.
    """
    return read(text, vocab)[0]


def read(text: str, vocab: Vocabulary) -> tuple[ast.Line, str]:
    """The line's node and a note: '' when the grammar takes the line as written, "reads as
    '...'" when it was rewritten to the one canonical line it means (``dsl/reads.py``).
    A line with no meaning, or two, is a DslError that names the words at fault."""
    _one_line(text)
    try:
        return _strict(text, vocab), ""
    except (UnexpectedInput, DslError) as problem:
        from prophecy.dsl.reads import Parsers, mend  # only for lines the grammar refuses

        return mend(text, vocab, problem, Parsers(_strict, explain, strict_parse, parse))


def strict_parse(text: str, vocab: Vocabulary) -> ast.Line:
    """The line exactly as written: the grammar's reading, or a DslError that explains it."""
    _one_line(text)
    try:
        return _strict(text, vocab)
    except (UnexpectedInput, DslError) as problem:
        raise explain(problem, text, vocab) from None


def explain(problem: Exception, text: str, vocab: Vocabulary) -> DslError:
    """The error for a line the grammar refused (a Lark error) or whose names are unknown."""
    if isinstance(problem, UnexpectedInput):
        from prophecy.dsl.diagnose import diagnose  # what went wrong, worked out on demand

        return diagnose(problem, text, vocab, strict_parse)
    assert isinstance(problem, DslError)
    problem.source = text
    from prophecy.dsl.diagnose import name_error  # deferred: start-up time (check)

    return name_error(problem, text, vocab)


def _one_line(text: str) -> None:
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


def _strict(text: str, vocab: Vocabulary) -> ast.Line:
    """The grammar's node for the line; a Lark error or a DslError (a name) when none."""
    try:  # Lark's own lexer for text the fast one was not built for, and for every error
        if not text.isascii() or "\n" in text:
            raise UnexpectedInput
        tree = fast_parser().parse(text)
    except UnexpectedInput:
        tree = lark_parser().parse(text)
    node: ast.Line = _Build(vocab, text).build(tree)
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
    """A count, whether the player may choose fewer ('up to'), and whether it was 'a'/'an'."""

    count: int
    up_to: bool = False
    article: bool = False


@dataclass(frozen=True)
class _Cards:
    """Cards chosen from somewhere: how many, and of which type or grimoire (if written)."""

    amount: _Amount
    match: str | None


@dataclass(frozen=True)
class _Top:
    """The top cards of a pile: how many, and whether 'Arcana' was written before 'cards'."""

    count: int
    arcana: bool


#: A verb in the third person ('discards'), as a player other than the card's owner acts.
_THIRD = re.compile("|".join(sorted({rf"{v.third}\b" for v in ast.VERBS.values()}, key=len,
                                    reverse=True)), re.I)


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
    already built, as parameters named for what they are: every rule of the
    grammar has a fixed number of children (an optional one is None when
    absent), so nothing is read by position or found by its type. A rule
    without a method stays a ``Tree`` for its parent to test for presence. The
    walk is Lark's ``Transformer`` with ``v_args(meta=True, inline=True)``
    written out: without its per-call wrappers it takes a quarter less time.
    """

    def __init__(self, vocab: Vocabulary, text: str = "") -> None:
        self.vocab = vocab
        self.text = text

    def build(self, tree: Tree[Token]) -> Any:
        children = [self.build(c) if isinstance(c, Tree) else c for c in tree.children]
        method = _RULES.get(tree.data)
        if method is None:
            return Tree(tree.data, children, tree.meta)
        return method(self, tree.meta, *children)

    # names, resolved against the vocabulary ---------------------------------------
    def _grimoire(self, name: _Name, also: dict[str, str] | None = None) -> str:
        return self.vocab.grimoire(name.text, (name.column, name.length), also or {})

    def _match(self, name: _Name) -> str:
        return self.vocab.match(name.text, (name.column, name.length))

    def _optional_grimoire(self, name: _Name | None) -> str | None:
        return None if name is None else self._grimoire(name)

    def name(self, meta: Meta, *words: Token) -> _Name:
        return _Name(" ".join(words), meta.column, meta.end_pos - meta.start_pos)

    # lines ------------------------------------------------------------------------
    def effect(self, meta: Meta, requirements: tuple[ast.Requirement, ...],
               actions: tuple[ast.Action, ...]) -> ast.Effect:
        return ast.Effect(requirements, actions, span=_span(meta))

    def timed_effect(self, meta: Meta, moment: ast.Moment,
                     requirements: tuple[ast.Requirement, ...] | None,
                     actions: tuple[ast.Action, ...]) -> ast.Effect:
        """An effect of a card in play: its moment first, then any requirements."""
        return ast.Effect((moment, *(requirements or ())), actions, span=_span(meta))

    def at_start(self, meta: Meta) -> ast.Moment:
        return ast.Moment("start", span=_span(meta))

    def at_end(self, meta: Meta) -> ast.Moment:
        return ast.Moment("end", span=_span(meta))

    def exhaust_this(self, meta: Meta) -> ast.Moment:
        return ast.Moment("exhaust", span=_span(meta))

    def points_table(self, meta: Meta, *rows: ast.PointsRow) -> ast.PointsTable:
        """'1 point for 1 stored card, 3 points for 2 stored cards': fewest cards first."""
        for before, row in zip(rows, rows[1:], strict=False):
            if row.stored <= before.stored:
                raise DslError(
                    "the rows of a points table go from the fewest stored cards up",
                    column=row.span.column if row.span else meta.column,
                    hint=f"write the row for {before.stored} stored cards before the one for "
                         f"{row.stored}, and each number of cards once")
        if rows[0].stored < 1:
            raise _error("a points table starts at 1 stored card or more", meta,
                         "a card with no stored cards scores nothing: start the table at 1")
        return ast.PointsTable(rows, span=_span(meta))

    def points_row(self, meta: Meta, points: int, noun: Any, stored: int, cards: Any
                   ) -> ast.PointsRow:
        return ast.PointsRow(stored, points, span=_span(meta))

    def bare_effect(self, meta: Meta, actions: tuple[ast.Action, ...]) -> ast.Effect:
        return ast.Effect((), actions, span=_span(meta))

    def requirements_line(self, meta: Meta, requirements: tuple[ast.Requirement, ...]
                          ) -> ast.Compare:
        if len(requirements) == 1 and isinstance(requirements[0], ast.Compare):
            return requirements[0]  # a Prophecy Verse condition standing alone
        raise DslError(
            "missing ':' and an action after the requirements",
            column=meta.end_column, hint="write what happens after a ':', as in "
            "'Grimoire Level 2: Draw 1 Arcana'",
        )

    def title_line(self, meta: Meta, title: ast.Title) -> ast.Title:
        return title

    # requirements ----------------------------------------------------------------
    def requirements(self, meta: Meta, *groups: tuple[ast.Requirement, ...]
                     ) -> tuple[ast.Requirement, ...]:
        if len(groups) == 1:
            return groups[0]
        return (ast.AnyOf(groups, span=_span(meta)),)

    def all_of(self, meta: Meta, *parts: Any) -> tuple[ast.Requirement, ...]:
        *requirements, plus = parts
        if plus is not None:  # trailing_plus: "Level 3+" means 3 or more
            requirements[-1] = _plus(requirements[-1], plus.meta)
        return tuple(requirements)

    def own_level(self, meta: Meta, level: int, bound: ast.Op | None) -> ast.Requirement:
        if bound == "at_most":
            raise _error(f"'Grimoire Level N or lower' needs the {self.vocab.noun('grimoire')}'s "
                         "name", meta,
                         "write 'If your Necromancy is Level 1 or lower' with the grimoire")
        return ast.LevelReq(ast.THIS, level, span=_span(meta))

    def named_level(self, meta: Meta, name: _Name, level: int, bound: ast.Op | None
                    ) -> ast.Requirement:
        grimoire = self._grimoire(name, {"grimoire": "Grimoire"})
        if bound == "at_most":
            subject = ast.Quantity("level", grimoire, span=_span(meta))
            return ast.Compare(subject, "at_most", level, span=_span(meta))
        return ast.LevelReq(grimoire, level, span=_span(meta))

    def top_discard(self, meta: Meta, article: Token | None, name: _Name, noun: Any
                    ) -> ast.TopDiscardReq:
        return ast.TopDiscardReq(self._match(name), span=_span(meta))

    def reveal(self, meta: Meta, article: Token | None, name: _Name, noun: Any,
               hand: str | None) -> ast.RevealReq:
        return ast.RevealReq(self._match(name), span=_span(meta))

    def round_req(self, meta: Meta, value: int, bound: ast.Op | None) -> ast.RoundReq:
        return ast.RoundReq(value, bound or "exactly", span=_span(meta))

    def at_least(self, meta: Meta, word: Token) -> ast.Op:
        return "at_least"

    def at_most(self, meta: Meta, word: Token) -> ast.Op:
        return "at_most"

    # verse conditions and titles ---------------------------------------------------
    def cond_completed(self, meta: Meta, bound: tuple[int, ast.Op], name: _Name | None,
                       noun: Any) -> ast.Compare:
        value, op = bound
        subject = ast.Quantity("completed", self._optional_grimoire(name), span=_span(meta))
        return ast.Compare(subject, op, value, span=_span(meta))

    def cond_level(self, meta: Meta, name: _Name, phrase: tuple[int, ast.Op]) -> ast.Compare:
        value, op = phrase
        subject = ast.Quantity("level", self._grimoire(name), span=_span(meta))
        return ast.Compare(subject, op, value, span=_span(meta))

    def cond_have(self, meta: Meta, bound: tuple[int, ast.Op], subject: ast.Quantity
                  ) -> ast.Compare:
        value, op = bound
        return ast.Compare(subject, op, value, span=_span(meta))

    def level_exact(self, meta: Meta, level: int, bound: ast.Op | None) -> tuple[int, ast.Op]:
        if bound is None and level == 0:  # 'Level 0': not yet levelled ('0 or higher' always holds)
            return 0, "exactly"
        return level, bound or "at_least"  # ruling 19: a bare level is that level or higher

    def level_only(self, meta: Meta, level: int) -> tuple[int, ast.Op]:
        return level, "exactly"

    def level_at_least(self, meta: Meta, level: int) -> tuple[int, ast.Op]:
        return level, "at_least"

    def level_at_most(self, meta: Meta, most: Token, level: int) -> tuple[int, ast.Op]:
        return level, "at_most"

    def amount_bound(self, meta: Meta, value: int, bound: ast.Op | None) -> tuple[int, ast.Op]:
        if bound is None and value == 0:  # 'If you have 0 cards in hand': none, not '0 or more'
            return 0, "exactly"
        return value, bound or "at_least"

    def amount_plus(self, meta: Meta, value: int) -> tuple[int, ast.Op]:
        return value, "at_least"

    at_least_amount = amount_plus

    def exactly(self, meta: Meta, value: int) -> tuple[int, ast.Op]:
        return value, "exactly"

    def at_most_amount(self, meta: Meta, most: Token, value: int) -> tuple[int, ast.Op]:
        return value, "at_most"

    def more_than(self, meta: Meta, value: int) -> tuple[int, ast.Op]:
        return value + 1, "at_least"

    def fewer_than(self, meta: Meta, value: int) -> tuple[int, ast.Op]:
        if value == 0:
            raise _error("fewer than 0 can never hold", meta, "write 'exactly 0' or 'no'")
        return value - 1, "at_most"

    def no_amount(self, meta: Meta) -> tuple[int, ast.Op]:
        return 0, "exactly"

    def one_amount(self, meta: Meta, article: Token) -> tuple[int, ast.Op]:
        return 1, "at_least"

    def q_stashed(self, meta: Meta, kind: _Match | None) -> ast.Quantity:
        return ast.Quantity("stashed", match=_value(kind), span=_span(meta))

    def q_hand(self, meta: Meta, kind: _Match | None) -> ast.Quantity:
        return ast.Quantity("hand", match=_value(kind), span=_span(meta))

    def q_pile(self, meta: Meta, kind: _Match | None) -> ast.Quantity:
        return ast.Quantity("pile", match=_value(kind), span=_span(meta))

    def kind_cards(self, meta: Meta, match: _Match | None, noun: Any) -> _Match | None:
        return match

    def kind_named(self, meta: Meta, match: _Match) -> _Match:
        return match

    def q_deed_cards(self, meta: Meta, noun: Any, deed: Any) -> ast.Quantity:
        return ast.Quantity("deed_cards", span=_span(meta))

    def q_completed(self, meta: Meta, name: _Name | None, deed: Any) -> ast.Quantity:
        return ast.Quantity("completed", self._optional_grimoire(name), span=_span(meta))

    def q_deeds(self, meta: Meta, name: _Name | None, deed: Any) -> ast.Quantity:
        return ast.Quantity("deeds", self._optional_grimoire(name), span=_span(meta))

    def q_total_level(self, meta: Meta) -> ast.Quantity:
        return ast.Quantity("total_level", span=_span(meta))

    def q_grimoires(self, meta: Meta, level: int, bound: ast.Op | None) -> ast.Quantity:
        """'Grimoire at Level 2 or higher': the player's Grimoires at that Level or above."""
        if bound == "at_most":
            raise _error("Grimoires are counted at a Level or higher", meta,
                         f"write 'Grimoire at Level {level} or higher'")
        return ast.Quantity("grimoires", level=level, span=_span(meta))

    def q_level(self, meta: Meta, name: _Name) -> ast.Quantity:
        """'level of your Necromancy Grimoire': that Grimoire's Level, one per level."""
        return ast.Quantity("level", self._grimoire(name), span=_span(meta))

    def most(self, meta: Meta, word: Token, subject: ast.Quantity) -> ast.Title:
        return ast.Title(True, subject, span=_span(meta))

    def fewest(self, meta: Meta, word: Token, subject: ast.Quantity) -> ast.Title:
        return ast.Title(False, subject, span=_span(meta))

    def _level_title(self, most: bool, meta: Meta, name: _Name) -> ast.Title:
        subject = ast.Quantity("level", self._grimoire(name), span=_span(meta))
        return ast.Title(most, subject, span=_span(meta))

    def highest_level(self, meta: Meta, word: Token, name: _Name) -> ast.Title:
        return self._level_title(True, meta, name)

    def lowest_level(self, meta: Meta, word: Token, name: _Name) -> ast.Title:
        return self._level_title(False, meta, name)

    def most_levels(self, meta: Meta, word: Token) -> ast.Title:
        return ast.Title(True, ast.Quantity("total_level", span=_span(meta)), span=_span(meta))

    def fewest_levels(self, meta: Meta, word: Token) -> ast.Title:
        return ast.Title(False, ast.Quantity("total_level", span=_span(meta)), span=_span(meta))

    # actions ------------------------------------------------------------------------
    def actions(self, meta: Meta, *actions: ast.Action) -> tuple[ast.Action, ...]:
        self._subjects(actions)
        return actions

    def option(self, meta: Meta, *actions: ast.Action) -> tuple[ast.Action, ...]:
        self._subjects(actions)
        return actions

    def _subjects(self, actions: tuple[ast.Action, ...]) -> None:
        """'Each opponent draws 1 Arcana, then discards 1': a verb in the third person after
        what other players do goes on with them, but an action of its own is the card's
        owner's; the line has two meanings, so it is refused (dsl/reads.py then reads the
        one that names its subject, 'then each opponent discards 1')."""
        for before, action in zip(actions, actions[1:], strict=False):
            if not isinstance(before, (ast.Each, ast.Chosen)) or \
                    isinstance(action, (ast.Each, ast.Chosen)) or action.span is None:
                continue
            found = _THIRD.match(self.text, action.span.start)
            if found is None:
                continue
            word = found.group()
            if isinstance(before, ast.Each):
                who = f"each {before.who}"
                hint = f"write 'then {who} {word} ...' for them, or 'then {word[:-1]}...' " \
                    "for the card's owner"
            else:
                who = "the chosen opponent"
                hint = "a chosen opponent does one action: write what the card's owner does " \
                    f"after it ('then {word.rstrip('s').capitalize()} ...'), or leave it out"
            raise DslError(f"'{word}' reads as what {who} does, but an action of its own is the "
                           "card's owner's", column=(action.span.column or 1),
                           length=len(word), hint=hint)

    def choose(self, meta: Meta, *options: tuple[ast.Action, ...]) -> ast.Choose:
        return ast.Choose(options, span=_span(meta))

    def bare_choice(self, meta: Meta, *actions: ast.Action) -> ast.Choose:
        """'Draw 2 Arcana or Discard 1': a choice between single actions, 'Choose one' unsaid."""
        return ast.Choose(tuple((a,) for a in actions), span=_span(meta))

    def for_each(self, meta: Meta, action: ast.Action, per: Tree[Any], subject: ast.Quantity,
                 you_have: Tree[Any] | None, most: int | None) -> ast.ForEach:
        return ast.ForEach(action, subject, most, span=_span(meta))

    def cap(self, meta: Meta, count: int) -> int:
        return count

    def repeat(self, meta: Meta, action: ast.Action, times: int) -> ast.Action:
        return action if times == 1 else ast.Repeat(times, action, span=_span(meta))

    def each(self, meta: Meta, who: ast.Who, action: ast.Action, times: int | None) -> ast.Each:
        if times is not None and times != 1:
            action = ast.Repeat(times, action, span=action.span)
        if not isinstance(action, EACH_ACTIONS):
            raise _error(f"'Each {who}' cannot be followed by this action", meta,
                         f"each player may {EACH_WORDS}, as in 'Each opponent discards 1'")
        return ast.Each(who, action, span=_span(meta))

    def chosen(self, meta: Meta, opponent: Tree[Any], action: ast.Action, times: int | None
               ) -> ast.Chosen:
        """'Choose an opponent: they discard 1' (ruling 21): what 'Each opponent' may do."""
        if times is not None and times != 1:
            action = ast.Repeat(times, action, span=action.span)
        if not isinstance(action, EACH_ACTIONS):
            raise _error("'Choose an opponent' cannot be followed by this action", meta,
                         f"a chosen opponent may {EACH_WORDS}, as in 'Choose an opponent: "
                         "they discard 1'")
        return ast.Chosen(action, span=_span(meta))

    def add_opponent(self, meta: Meta, amount: _Amount, noun: Any, target: ast.DeedTarget
                     ) -> ast.Chosen:
        """'Add 1 to an opponent's lowest-points Dark Deed': a chosen opponent's deed."""
        return ast.Chosen(self.add(meta, amount, noun, target), span=_span(meta))

    def remove_opponent(self, meta: Meta, amount: _Amount, noun: Any, target: ast.DeedTarget
                        ) -> ast.Chosen:
        """'Remove 1 from an opponent's highest-points Dark Deed': a chosen opponent's deed."""
        return ast.Chosen(self.remove(meta, amount, noun, target), span=_span(meta))

    def each_subject(self, meta: Meta, word: Any, who: ast.Who) -> ast.Who:
        return who

    def your_opponents(self, meta: Meta, each: Token | None) -> ast.Who:
        return "opponent"

    def opponents(self, meta: Meta) -> ast.Who:
        return "opponent"

    def players(self, meta: Meta) -> ast.Who:
        return "player"

    def twice(self, meta: Meta) -> int:
        return 2

    def once(self, meta: Meta) -> int:
        return 1

    def n_times(self, meta: Meta, count: int) -> int:
        return count

    def add(self, meta: Meta, amount: _Amount, noun: Any, target: ast.DeedTarget
            ) -> ast.AddToDeed:
        return ast.AddToDeed(amount.count, target, amount.up_to, span=_span(meta))

    def add_top(self, meta: Meta, top: _Top, deck: Tree[Any], target: ast.DeedTarget
                ) -> ast.AddToDeed:
        """'Add the top card of the Arcana deck to any Dark Deed', as the rulebook says it."""
        return ast.AddToDeed(top.count, target, span=_span(meta))

    def remove(self, meta: Meta, amount: _Amount, noun: Any, target: ast.DeedTarget
               ) -> ast.RemoveFromDeed:
        return ast.RemoveFromDeed(amount.count, target, amount.up_to, span=_span(meta))

    def stash(self, meta: Meta, cards: _Cards, source: ast.Source) -> ast.Stash:
        amount, match = cards.amount, cards.match
        if match is not None and source != "hand":
            raise _error("only cards from your hand can be chosen by type or grimoire", meta,
                         "write 'Stash a card from your hand' or 'Stash the top card of "
                         "the Arcana deck'")
        if amount.up_to and source != "hand":
            raise _error("'up to' goes with cards from your hand", meta,
                         f"write 'Stash up to {amount.count} cards from your hand' or "
                         f"'Stash the top {amount.count} cards of the Arcana deck'")
        return ast.Stash(amount.count, source, match, amount.up_to, span=_span(meta))

    def stash_top(self, meta: Meta, top: _Top, source: ast.Source) -> ast.Stash:
        return ast.Stash(top.count, source, span=_span(meta))

    def draw_arcana(self, meta: Meta, amount: _Amount, noun: Any) -> ast.DrawArcana:
        return ast.DrawArcana(amount.count, amount.up_to, span=_span(meta))

    def draw_cards(self, meta: Meta, amount: _Amount, noun: Any) -> ast.DrawArcana:
        """'Draw 2', 'Draw 2 cards': Arcana is the only thing a player draws by number."""
        if noun is None and amount.article:
            raise _error("say what to draw", meta, "write 'Draw 1 Arcana'")
        return self.draw_arcana(meta, amount, noun)

    def draw_deeds(self, meta: Meta, amount: _Amount, noun: Any, keep: int | None
                   ) -> ast.DrawDeeds:
        if amount.up_to:
            raise _error("'up to' does not go with drawing Dark Deeds", meta,
                         "write 'Draw 3 Dark Deeds, keep 1'")
        if keep is None and amount.article:  # ruling 18: the rulebook's action of that name
            return ast.DrawDeeds(DEED_ACTION[0], DEED_ACTION[1], span=_span(meta))
        if keep == KEEP_ALL:
            if amount.count != 2:
                raise _error("'both' keeps two Dark Deeds", meta,
                             f"write 'Draw {amount.count} Dark Deeds, keep {amount.count}'")
            keep = amount.count
        if keep is None and amount.count != 1:  # 'Draw 1 Dark Deed' keeps it; of more, say
            raise DslError(
                "say how many of the drawn Dark Deeds to keep",
                column=meta.end_column,
                hint=f"write 'Draw {amount.count} Dark Deeds, keep 1'",
            )
        return ast.DrawDeeds(amount.count, 1 if keep is None else keep, span=_span(meta))

    def keep(self, meta: Meta, count: int) -> int:
        return count

    def keep_both(self, meta: Meta) -> int:
        return KEEP_ALL

    def level_up(self, meta: Meta, grimoire: str) -> ast.LevelUp:
        return ast.LevelUp(grimoire, span=_span(meta))

    def level_down(self, meta: Meta, grimoire: str) -> ast.LevelDown:
        return ast.LevelDown(grimoire, span=_span(meta))

    def discard(self, meta: Meta, amount: _Amount, match: _Match | None, noun: Any,
                hand: str | None, to: ast.Destination | None) -> ast.Discard:
        return ast.Discard(amount.count, to or "pile", amount.up_to,
                           None if match is None else match.value, span=_span(meta))

    def discard_top(self, meta: Meta, top: _Top, deck: Tree[Any],
                    to: ast.Destination | None) -> ast.DiscardTop:
        return ast.DiscardTop(top.count, to or "pile", span=_span(meta))

    def reveal_until(self, meta: Meta, article: Token, match: _Match | None, noun: Any,
                     rest: ast.Destination | None) -> ast.RevealUntil:
        if match is None and noun is None:
            raise _error("say which card to reveal until", meta,
                         "write 'Reveal Arcana until a Creature card, take it, discard the "
                         "rest to the center'")
        return ast.RevealUntil(_value(match), rest or "center", span=_span(meta))

    def take_discard(self, meta: Meta, top: _Top) -> ast.TakeFromDiscard:
        return ast.TakeFromDiscard(top.count, span=_span(meta))

    def take_center(self, meta: Meta, top: _Top, center: ast.Source) -> ast.TakeFromDiscard:
        return ast.TakeFromDiscard(top.count, "center", span=_span(meta))

    def draw_center(self, meta: Meta, amount: _Amount, noun: Any, center: ast.Source
                    ) -> ast.TakeFromDiscard:
        """'Draw 1 from the center discard pile': a draw is from the Arcana deck, so cards
        from the center's top are taken ('Take the top card of the center discard pile')."""
        if amount.up_to:
            raise _error("'up to' does not go with the top of a pile", meta,
                         f"write 'Take the top {amount.count} cards of the center discard "
                         "pile'")
        return ast.TakeFromDiscard(amount.count, "center", span=_span(meta))

    def look(self, meta: Meta, top: _Top, deck: Tree[Any] | None, take: int | None,
             rest: ast.LookRest | None) -> ast.LookAtDeck:
        count = top.count
        if not top.arcana and deck is None:
            raise _error("say which cards to look at", meta,
                         f"write 'Look at the top {count} cards of the Arcana deck, put them "
                         "back in any order'")
        take = take or 0
        if take > count:
            raise _error(f"you cannot take {take} of the {count} cards you look at", meta,
                         f"write 'Look at the top {max(take, 2)} cards of the Arcana deck, "
                         f"take {take}, put the rest back in any order'")
        return ast.LookAtDeck(count, take, rest or "back", span=_span(meta))

    def look_take(self, meta: Meta, count: int) -> int:
        return count

    def back(self, meta: Meta, any_order: Token | None) -> ast.LookRest:
        return "back"

    def bottom(self, meta: Meta) -> ast.LookRest:
        return "bottom"

    def discard_rest(self, meta: Meta, to: ast.Destination | None) -> ast.LookRest:
        return to or "pile"

    def gain(self, meta: Meta, amount: _Amount) -> ast.GainPoints:
        if amount.up_to:
            raise _error("points are gained in full, not 'up to'", meta,
                         f"write 'Gain {amount.count} points'")
        return ast.GainPoints(amount.count, span=_span(meta))

    # the parts of actions ------------------------------------------------------------
    def deed_target(self, meta: Meta, *parts: Any) -> ast.DeedTarget:
        *words, _noun = parts
        if any(w.value.lower().startswith("opponent") for w in words):
            raise _error("an opponent's Dark Deed is one chosen opponent's ('an opponent's') "
                         "or each opponent's own ('their')", meta,
                         "write 'Remove 1 from an opponent's highest-points Dark Deed' or 'Each "
                         "opponent removes 1 from their highest-points Dark Deed'")
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
        from prophecy.dsl.diagnose import unknown_target  # deferred: start-up time (check)

        raise unknown_target(words[0], self.vocab)

    def some_cards(self, meta: Meta, amount: _Amount, match: _Match | None, noun: Any
                   ) -> _Cards:
        return _Cards(amount, _value(match))

    def typed_cards(self, meta: Meta, amount: _Amount, match: _Match) -> _Cards:
        return _Cards(amount, match.value)

    def top_cards(self, meta: Meta, count: int | None, arcana: Tree[Any] | None, noun: Any
                  ) -> _Top:
        return _Top(1 if count is None else count, arcana is not None)

    # deck_phrase, arcana_word, points_word and each_word have no method: each stays a
    # Tree (its words are keywords), which its parent tests for presence.

    def deed_with(self, meta: Meta, noun: Any, most: Token, what: Any) -> ast.DeedTarget:
        return ast.DeedTarget(self._selector_of(meta, most, what), span=_span(meta))

    def deed_spaced(self, meta: Meta, selector: str, name: _Name | None, noun: Any
                    ) -> ast.DeedTarget:
        """'highest points Dark Deed' (no hyphen), maybe of one grimoire."""
        return ast.DeedTarget(selector, self._optional_grimoire(name), span=_span(meta))

    def spaced_selector(self, meta: Meta, most: Token, what: Any) -> str:
        return self._selector_of(meta, most, what)

    def _selector_of(self, meta: Meta, most: Token, what: Any) -> str:
        """The target 'highest points' or 'most cards' names (MOST, FEWEST, HIGHEST, LOWEST
        with points or cards), as game.yaml spells it."""
        points = isinstance(what, Tree) and what.data == "points_word"  # or a card_noun
        wanted = {(True, True): "highest-points", (False, True): "lowest-points",
                  (True, False): "most-cards", (False, False): "fewest-cards"}[
            (most.type in ("MOST", "HIGHEST"), points)]
        found = self.vocab.target(wanted)
        if found is None:
            raise _error(f"this game has no '{wanted}' {self.vocab.noun('Dark Deed')} target", meta,
                         "use one of the targets game.yaml lists, as in "
                         "'Add 1 to any Dark Deed'")
        return found

    def amount(self, meta: Meta, count: int) -> _Amount:
        return _Amount(count)

    def one(self, meta: Meta, article: Token) -> _Amount:
        return _Amount(1, article=True)

    def up_to(self, meta: Meta, count: int) -> _Amount:
        return _Amount(count, up_to=True)

    def count(self, meta: Meta, token: Token) -> int:
        return _count(token)

    def count_one(self, meta: Meta) -> int:
        return 1

    def from_hand(self, meta: Meta) -> ast.Source:
        return "hand"

    def source(self, meta: Meta, pile: ast.Source) -> ast.Source:
        return pile

    def discard_pile(self, meta: Meta) -> ast.Source:
        return "discard"

    def arcana_deck(self, meta: Meta) -> ast.Source:
        return "deck"

    def center_pile(self, meta: Meta) -> ast.Source:
        return "center"

    def to_center(self, meta: Meta) -> ast.Destination:
        return "center"

    def to_pile(self, meta: Meta) -> ast.Destination:
        return "pile"

    def rest(self, meta: Meta, to: ast.Destination | None) -> ast.Destination:
        return to or "pile"

    def any_grimoire(self, meta: Meta, word: Token) -> str:
        return ast.ANY

    def this_grimoire(self, meta: Meta) -> str:
        return ast.THIS

    def highest_grimoire(self, meta: Meta, word: Token) -> str:
        return ast.HIGHEST

    def lowest_grimoire(self, meta: Meta, word: Token) -> str:
        return ast.LOWEST

    def named_grimoire(self, meta: Meta, name: _Name) -> str:
        selector = _SELECTOR_WORDS.get(name.text.lower())
        if selector is not None:
            return selector
        return self._grimoire(name, {"grimoire": "this Grimoire", "any": "any Grimoire"})

    def this_match(self, meta: Meta, word: Token) -> _Match:
        return _Match(ast.THIS)

    def named_match(self, meta: Meta, name: _Name) -> _Match:
        return _Match(self._match(name))

    def article(self, meta: Meta, word: Token) -> Token:
        return word

    def card_noun(self, meta: Meta) -> bool:
        return True

    deed_noun = card_noun


def _value(match: _Match | None) -> str | None:
    return None if match is None else match.value


#: Ruling 18: 'Draw a Dark Deed' is the rulebook's action of that name: draw 3, keep 1.
DEED_ACTION = (3, 1)
KEEP_ALL = -1  # 'keep both'


_SELECTOR_WORDS = {
    "highest-level": ast.HIGHEST, "lowest-level": ast.LOWEST,
    "strongest": ast.HIGHEST, "weakest": ast.LOWEST,
}


#: Rule name -> the _Build method that builds it.
def _snake(name: str) -> str:
    """'ReturnCards' -> 'return_cards': the grammar's alias of a verb built by its parts."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def _by_parts(cls: type[ast.Node]) -> Callable[..., ast.Node]:
    """The builder of a verb declared with a template: its node is made from its parts by
    what they are (cards, an amount, the top cards of a pile, a type or grimoire to match),
    each giving the fields of that name (count, up_to, match); keywords give nothing."""

    def build(self: _Build, meta: Meta, *parts: Any) -> ast.Node:
        values: dict[str, Any] = {}
        for part in parts:
            if isinstance(part, _Cards):
                values["match"] = part.match
                part = part.amount
            if isinstance(part, _Amount):
                values["count"], values["up_to"] = part.count, part.up_to
            elif isinstance(part, _Top):
                values["count"] = part.count
            elif isinstance(part, _Match):
                values["match"] = part.value
        if values.get("match") is None:
            values.pop("match", None)
        if not values.get("up_to"):
            values.pop("up_to", None)
        return cls(**values, span=_span(meta))

    return build


#: Rule name -> the _Build method that builds it; a verb declared with a template is built
#: from its parts, under the alias its class name gives (``ReturnCards``: ``return_cards``).
_RULES: dict[str, Callable[..., Any]] = {
    **{_snake(cls.__name__): _by_parts(cls) for cls, verb in ast.VERBS.items() if verb.template},
    **{name: f for name, f in vars(_Build).items()
       if callable(f) and not name.startswith("_") and name != "build"},
}


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
