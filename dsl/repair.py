"""Repairs: a line that does not parse in, the smallest edits that make it parse out.

A best-first search over the line's tokens. The grammar's LALR table (read
through Lark's interactive parser) says which terminals may come next where
the parser stops; the edits tried there are:

- put in a word (or a short phrase) the parser takes there: a count, ':',
  'Arcana', 'Dark Deed', 'from your hand' -- words that complete a line, never
  a verb or a Title's 'Most', which would make it say something else;
- write a join another way: ',' or 'and' for ', then', ':' after a price for 'to';
- drop a token: a small word, or a word the language does not know (never a keyword
  that says something, which would change the line's meaning);
- after a '+' or 'or' between requirements, repeat the head of the one before it
  ('Top Discard Spell or an Item': '... or Top Discard Item');
- cut a tail of words the language has no keyword for ('at the end of the game').

Before the search, each unknown word may be taken for the keyword or name it
looks like ('Discrad': 'Discard') or, from the intents table, for the verb it
stands for ('Recover': 'Return'); a rulebook label may be taken off the
front ('When Complete:'); a field may put its own start before the line
('If you have' before a Verse condition). Edits cost by how much they change;
each repaired line is parsed again whole, names and all, and only lines that
parse are returned, cheapest first, each with its canonical text.
"""

from __future__ import annotations

import difflib
import heapq
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark.exceptions import UnexpectedCharacters, UnexpectedInput
from lark.parsers.lalr_analysis import Shift

from prophecy.dsl import ast
from prophecy.dsl.errors import SIMILAR, DslError
from prophecy.dsl.grammar import lark_parser
from prophecy.dsl.intents import intent_of
from prophecy.dsl.keywords import keywords
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary

#: The whole parser (names resolved), handed in by the caller: ``dsl.parser.parse``.
Parse = Callable[[str, Vocabulary], ast.Line]

#: The most a repair may cost, and the most states a search may take up.
MOST_COST = 3.0
STEPS = 1500
#: How many tokens before the one the parser stops at are edited too, and what each step
#: back adds to an edit's cost.
BACK, BACK_COST = 2, 0.2
#: What edits cost.
LOOKALIKE, INTENT, LABEL, INSERT, PHRASE, REPEAT, DROP_SMALL, DROP_WORD, CUT = (
    0.5, 1.0, 0.5, 1.0, 1.0, 0.8, 1.0, 1.6, 2.5)


@dataclass(frozen=True)
class Tok:
    """One token: the grammar's terminal (BAD for a character it never uses), its words, and
    where it was written in the line (a word put in place of another takes that one's place)."""

    type: str
    value: str
    start: int
    end: int


@dataclass(frozen=True)
class Edit:
    """One change. ``kind``: insert, replace, drop, cut (the rest of the line), lookalike (an
    unknown word for a keyword or name), intent (for the verb it stands for), label (taken
    off the front) or prefix (a field's start put before the line). ``at`` indexes the
    tokens the repair was searched on (``Repair.toks``); ``old`` is the token it changes or
    comes before; ``new`` the terminals put in, ``words`` their words."""

    kind: str
    at: int
    old: Tok | None
    new: tuple[str, ...]
    words: str
    cost: float


@dataclass(frozen=True)
class Repair:
    """A repaired line that parses: its canonical text and tree, the edits, what it costs."""

    text: str
    node: ast.Line
    edits: tuple[Edit, ...]
    cost: float
    toks: tuple[Tok, ...] = field(default=(), compare=False)

    @property
    def first(self) -> Edit:
        return self.edits[0]


# ------------------------------------------------------------------ the table
@dataclass(frozen=True)
class _Table:
    states: dict[Any, dict[str, tuple[Any, Any]]]
    start: Any
    end: Any


@cache
def _table() -> _Table:
    """The LALR table, as Lark's interactive parser holds it."""
    conf = lark_parser().parse_interactive("").parser_state.parse_conf
    return _Table(conf.states, conf.start_state, conf.end_state)


Stack = tuple[Any, ...]
ACCEPT: Stack = ("accept",)
_FED: dict[tuple[Stack, str], Stack | None] = {}
_ACCEPTS: dict[Stack, list[str]] = {}


def feed(stack: Stack, terminal: str) -> Stack | None:
    """The parser's states after one more token (ACCEPT after '$END'), or None if refused."""
    key = (stack, terminal)
    if key not in _FED:
        if len(_FED) > 200_000:  # a bound on what a long session keeps
            _FED.clear()
            _ACCEPTS.clear()
        _FED[key] = _feed(stack, terminal)
    return _FED[key]


def _feed(stack: Stack, terminal: str) -> Stack | None:
    table = _table()
    states, st = table.states, list(stack)
    while True:
        found = states[st[-1]].get(terminal)
        if found is None:
            return None
        action, arg = found
        if action is Shift:
            if terminal == "$END":
                return None
            st.append(arg)
            return tuple(st)
        size = len(arg.expansion)
        if size:
            del st[-size:]
        st.append(states[st[-1]][arg.origin.name][1])
        if terminal == "$END" and st[-1] == table.end:
            return ACCEPT


def accepts(stack: Stack) -> list[str]:
    """The terminals the parser takes next (Lark's ``InteractiveParser.accepts``, on states)."""
    found = _ACCEPTS.get(stack)
    if found is None:
        found = _ACCEPTS[stack] = sorted(
            t for t in _table().states[stack[-1]] if t.isupper() and feed(stack, t))
    return found


def start() -> Stack:
    return (_table().start,)


# ------------------------------------------------------------------ tokens
def tokens(text: str) -> list[Tok]:
    """The line's tokens by the grammar's own lexer; a character it never uses is a BAD token."""
    out: list[Tok] = []
    at = 0
    while at < len(text):
        try:
            out.extend(_lexed(text[at:], at))
            break
        except UnexpectedCharacters as exc:
            bad = at + (exc.pos_in_stream or 0)
            out.extend(_lexed(text[at:bad], at))
            out.append(Tok("BAD", text[bad], bad, bad + 1))
            at = bad + 1
    return out


def _lexed(text: str, offset: int) -> list[Tok]:
    return [Tok(t.type, t.value, offset + (t.start_pos or 0),
                offset + (t.start_pos or 0) + len(t.value)) for t in lark_parser().lex(text)]


@cache
def _phrase(words: str) -> tuple[Tok, ...]:
    """The tokens of words the search puts in (lexed once: Lark builds a lexer per call)."""
    return tuple(tokens(words))


#: Terminals the search may put in, and what each costs: words that complete a line. A verb,
#: 'Most', 'twice' or 'or' would make the line say something else, so none is put in.
INSERTS: dict[str, float] = {
    "INT": INSERT, "_COLON": INSERT, "_THEN": INSERT, "_PLUS": INSERT, "_PAY_TO": 1.2,
    "_COMMA": 1.1, "_ARCANA": INSERT, "_CARD": INSERT, "_CARDS": INSERT, "_DEED": INSERT,
    "_DEEDS": INSERT, "_DARK": INSERT, "_FROM": INSERT, "_THE": INSERT, "_OF": INSERT,
    "_YOUR": INSERT, "_TO": INSERT, "_GRIMOIRE": INSERT, "_LEVEL": INSERT, "ANY": INSERT,
    "_THIS": INSERT, "A": 1.3, "AN": 1.3, "_OPPONENT": INSERT, "_PLAYER": INSERT,
    "OR_MORE": INSERT, "OR_LESS": INSERT, "_IS": INSERT, "_AT": INSERT, "_IN": INSERT,
    "_HAND": INSERT, "_PILE": INSERT, "_DECK": INSERT, "_TOP": INSERT, "_IT": INSERT,
    "_THEM": INSERT, "_KEEP": INSERT, "_HAVE": INSERT, "_YOU": INSERT, "_CENTER": INSERT,
}

#: Short phrases put in as one edit, by their first terminal: what a line most often lacks.
PHRASES: dict[str, tuple[str, ...]] = {
    "_FROM": ("from your hand", "from your discard pile"),
    "_DARK": ("Dark Deed",),
    "ANY": ("any Dark Deed", "any Grimoire"),
    "_THE": ("the top",),
    "_TO": ("to the center",),
    "_COMMA": (", keep 1",),
}

#: Joins, what a join may be written as by mistake, and what writing it so costs: a ':'
#: after an action reads as a price ('Discard a card: Draw 2'), 'or' makes a choice.
_JOINLIKE = {"_COMMA", "_AND", "_DOT", "_SEMICOLON", "_COLON", "BAD", "_THEN", "_OR", "_PLUS"}
_JOINS = {"_PAY_TO": 0.8, "_THEN": 1.0, "_PLUS": 1.0, "_COLON": 1.0, "_COMMA": 1.1,
          "_OR": 1.4, "OR_MORE": 0.9, "OR_LESS": 0.9}  # a lone 'or' at the end: 'or more'?
#: Tokens a line can lose without losing meaning, and those it never loses.
_SMALL = {"_THE", "_YOUR", "_THEIR", "A", "AN", "_DOT", "_COMMA", "_SEMICOLON", "_COLON",
          "_AND", "_OF", "_IS", "BAD", "_MUST", "_TO", "_CARD", "_CARDS", "_YOU", "_IT",
          "_OTHER", "_PLUS"}
_KEEPS_MEANING = {"INT", "NUMBER_WORD", "_THEN", "_PAY_TO"}
#: What a tail may hold to be cut: words the language does not know, small ones, and the
#: words of a moment ('at the end of the game', which a card in play's 'At the end of your
#: turn' made keywords).
_CUTTABLE = {"WORD", "BAD", "_AT", "_THE", "_OF", "_IN", "_ON", "_TO", "_YOUR", "_THEIR",
             "_DOT", "_COMMA", "_AND", "_OR", "_FOR", "_WITH", "_IS", "A", "AN", "_CARD",
             "_CARDS", "_START", "_END", "_TURN"}


@cache
def _spelling() -> dict[str, str]:
    """Terminal → the words to write for it when it is put in."""
    out = {name: word for word, name in keywords().items() if name in INSERTS}
    out.update({"INT": "1", "_THEN": ", then", "_PAY_TO": "to", "OR_MORE": "or more",
                "OR_LESS": "or fewer", "_COLON": ":", "_COMMA": ",", "_PLUS": "+", "_OR": "or"})
    return out


# ------------------------------------------------------------------ search
@dataclass(order=True)
class _State:
    cost: float
    order: int
    toks: tuple[Tok, ...] = field(compare=False, default=())
    at: int = field(compare=False, default=0)
    stack: Stack = field(compare=False, default=())
    out: tuple[tuple[str, str], ...] = field(compare=False, default=())  # (terminal, words)
    edits: tuple[Edit, ...] = field(compare=False, default=())
    # the last few tokens fed as written, with the state before each: an LALR parser may
    # take a token and fail only at the next one ('Remove 1 from Dark Deed' fails at its
    # end), so edits are tried there too
    trail: tuple[tuple[int, Stack, tuple[tuple[str, str], ...]], ...] = field(
        compare=False, default=())


def repairs(text: str, vocab: Vocabulary, parse: Parse, limit: int = 3,
            prefixes: tuple[tuple[str, float], ...] = ()) -> list[Repair]:
    """The cheapest repairs of ``text`` that parse (names and all), cheapest first.

    ``prefixes`` are (words, cost) a field may put before the line ('If you have' before
    a Verse condition).
    """
    counter = itertools.count()
    queue = [_State(cost, next(counter), toks, at, start(), (), edits)
             for toks, at, edits, cost in _variants(text, vocab)]
    for words, cost in prefixes:
        for toks, at, edits, extra in _variants(text, vocab):
            stack, out = _feed_words(start(), words)
            if stack is not None:
                edit = Edit("prefix", at, toks[at] if at < len(toks) else None,
                            tuple(t for t, _ in out), words, cost)
                queue.append(_State(cost + extra, next(counter), toks, at, stack, out,
                                    (edit, *edits)))
    heapq.heapify(queue)
    return _search(queue, counter, vocab, parse, limit)


def _variants(text: str, vocab: Vocabulary
              ) -> Iterator[tuple[tuple[Tok, ...], int, tuple[Edit, ...], float]]:
    """(tokens, where to start, edits made, their cost): the line as written, each unknown
    word taken for what it looks like or stands for, and the line without its label."""
    toks = tuple(tokens(text))
    yield toks, 0, (), 0.0
    for i, tok in enumerate(toks):
        if tok.type != "WORD" or vocab.lookup(tok.value) is not None or _in_name(toks, i, vocab):
            continue
        for kind, words, cost in _readings(tok, vocab):
            new = tuple(Tok(t.type, t.value, tok.start, tok.end) for t in _phrase(words))
            edit = Edit(kind, i, tok, tuple(t.type for t in new), words, cost)
            yield (*toks[:i], *new, *toks[i + 1:]), 0, (edit,), cost
    found = label_at(text)
    if found is not None:
        label, offset = found
        at = next((i for i, t in enumerate(toks) if t.start >= offset), len(toks))
        yield toks, at, (Edit("label", at, toks[0] if toks else None, (), label, LABEL),), LABEL


def _in_name(toks: tuple[Tok, ...], i: int, vocab: Vocabulary) -> bool:
    """Whether the word is part of a name of more than one word ('Blood' in 'Blood Magic')."""
    names = [n.lower().split() for n in (*vocab.grimoires, *vocab.card_types,
                                         *vocab.deed_targets) if " " in n]
    words = [t.value.lower() for t in toks]
    return any(words[j:j + len(n)] == n for n in names
               for j in range(max(0, i - len(n) + 1), i + 1))


def _readings(tok: Tok, vocab: Vocabulary) -> Iterator[tuple[str, str, float]]:
    """What an unknown word may be: a keyword or name it looks like, a verb it stands for."""
    found = intent_of(tok.value)
    if found is not None:
        if found.instead:
            yield "intent", found.instead, INTENT
        return
    words = [w for w in keywords() if w.isalpha()]
    choices = {w.lower(): w for w in (*words, *vocab.grimoires, *vocab.card_types,
                                      *vocab.deed_targets)}
    for lower in difflib.get_close_matches(tok.value.lower(), list(choices), n=3,
                                           cutoff=SIMILAR):
        yield "lookalike", choices[lower], LOOKALIKE


def _search(queue: list[_State], counter: Iterator[int], vocab: Vocabulary, parse: Parse,
            limit: int) -> list[Repair]:
    found: list[Repair] = []
    seen: set[str] = set()
    steps = 0
    while queue and steps < STEPS and len(found) < limit:
        state = heapq.heappop(queue)
        steps += 1
        if found and state.cost > found[0].cost + 1.0:
            break
        toks = state.toks
        if state.at == len(toks):
            if feed(state.stack, "$END") is ACCEPT and state.edits:
                repair = _check(state, vocab, parse, seen)
                if repair is not None:
                    found.append(repair)
            else:
                _branch(state, queue, counter)
            continue
        tok = toks[state.at]
        after = feed(state.stack, tok.type) if tok.type != "BAD" else None
        if after is not None:
            trail = (*state.trail, (state.at, state.stack, state.out))[-BACK:]
            heapq.heappush(queue, _State(state.cost, state.order, toks, state.at + 1, after,
                                         (*state.out, (tok.type, tok.value)), state.edits,
                                         trail))
            if tok.type not in _JOINLIKE or len(state.edits) >= 2:
                continue
        _branch(state, queue, counter)
    return found


def _check(state: _State, vocab: Vocabulary, parse: Parse, seen: set[str]) -> Repair | None:
    text = render(state.out)
    try:  # the words as written, lexed anew: 'to' before a verb is another token than 'to'
        lark_parser().parse(text)
        node = parse(text, vocab)
    except (UnexpectedInput, DslError):
        return None
    canonical = to_text(node)
    if canonical in seen:
        return None
    seen.add(canonical)
    return Repair(canonical, node, state.edits, state.cost, state.toks)


def render(out: tuple[tuple[str, str], ...]) -> str:
    """The repaired tokens as a line: words spaced, punctuation after the word before it."""
    text = ""
    for _, words in out:
        if text and not words.startswith((",", ":", ".", ";")):
            text += " "
        text += words
    return text


def _branch(state: _State, queue: list[_State], counter: Iterator[int]) -> None:
    """Every edit at the token the parser stops at, and at the few before it, pushed as a
    new state (an edit further back costs a little more)."""
    places = [(state, 0.0)]
    last = max((e.at for e in state.edits), default=-1)
    for back, (at, stack, out) in enumerate(reversed(state.trail), 1):
        if at > last:
            places.append((_State(state.cost, state.order, state.toks, at, stack, out,
                                  state.edits), BACK_COST * back))
    for place, extra in places:
        for edit, stack, out, skip in _edits(place):
            cost = place.cost + edit.cost + extra
            if cost <= MOST_COST:
                heapq.heappush(queue, _State(cost, next(counter), place.toks, place.at + skip,
                                             stack, (*place.out, *out), (*place.edits, edit)))


Step = tuple[Edit, Stack, tuple[tuple[str, str], ...], int]


def _edits(state: _State) -> Iterator[Step]:
    at, stack, toks = state.at, state.stack, state.toks
    tok = toks[at] if at < len(toks) else None
    spelling = _spelling()
    head = _head_before(state.out)
    if head:
        fed, out = _feed_words(stack, head)
        if fed is not None:
            yield Edit("insert", at, tok, tuple(t for t, _ in out), head, REPEAT), fed, out, 0
    for terminal in accepts(stack):
        after = feed(stack, terminal)
        if after is None:
            continue
        if terminal in INSERTS and terminal in spelling:
            words = spelling[terminal]
            yield (Edit("insert", at, tok, (terminal,), words, INSERTS[terminal]), after,
                   ((terminal, words),), 0)
        if tok is not None and tok.type in _JOINLIKE and terminal in _JOINS \
                and terminal != tok.type and (tok.type == "_OR" or terminal[:3] != "OR_"):
            cost = _JOINS[terminal] + (0.4 if terminal == "_PAY_TO" and tok.type != "_COLON"
                                        else 0.0)
            yield (Edit("replace", at, tok, (terminal,), spelling[terminal], cost), after,
                   ((terminal, spelling[terminal]),), 1)
        for phrase in PHRASES.get(terminal, ()):
            fed, out = _feed_words(stack, phrase)
            if fed is not None:
                yield Edit("insert", at, tok, tuple(t for t, _ in out), phrase, PHRASE), fed, \
                    out, 0
    if tok is None:
        return
    if tok.type in _SMALL or tok.type == "WORD" and not _names_intent(tok):
        yield Edit("drop", at, tok, (), "", DROP_SMALL if tok.type in _SMALL else DROP_WORD), \
            stack, (), 1
    rest = toks[at:]
    cuttable = rest[0].type == "BAD" and rest[0].value == "(" or all(
        t.type in _CUTTABLE and not _names_intent(t) for t in rest)
    if cuttable and feed(stack, "$END") is ACCEPT:
        yield Edit("cut", at, tok, (), "", CUT), stack, (), len(rest)


#: The words a requirement starts with, which a second one after '+' or 'or' repeats:
#: 'Top Discard Spell or an Item' is 'Top Discard Spell or Top Discard Item'.
_HEADS = {("_TOP", "_DISCARD"): "Top Discard", ("_TOP", "_CARD"): "Top Discard",
          ("_REVEAL",): "Reveal"}


def _head_before(out: tuple[tuple[str, str], ...]) -> str:
    """Right after a '+' or 'or' between requirements, the head of the requirement before it."""
    if not out or out[-1][0] not in ("_PLUS", "_OR"):
        return ""
    kinds = [t for t, _ in out]
    for at in range(len(kinds) - 2, -1, -1):
        for head, words in _HEADS.items():
            if tuple(kinds[at: at + len(head)]) == head:
                return words
        if kinds[at] in ("_PLUS", "_OR", "_COLON"):
            break
    return ""


def _names_intent(tok: Tok) -> bool:
    return tok.type == "WORD" and intent_of(tok.value) is not None


def _feed_words(stack: Stack, words: str) -> tuple[Stack | None, tuple[tuple[str, str], ...]]:
    """The stack after the tokens of ``words``, and those tokens (None if one is refused)."""
    out = []
    fed: Stack | None = stack
    for tok in _phrase(words):
        fed = feed(fed, tok.type) if fed is not None else None
        if fed is None:
            return None, ()
        out.append((tok.type, tok.value))
    return fed, tuple(out)


# ------------------------------------------------------------------ labels
#: Words of the rulebook a designer puts before a line, which are a card's fields (When
#: Complete: the Dark Deed's when_complete; Support and Sabotage: the Hireling's role), by
#: the role of the field they name.
LABELS: dict[str, str] = {
    "when complete": "bonus", "when completed": "bonus", "when you complete": "bonus",
    "on completion": "bonus", "completion": "bonus", "bonus": "bonus",
    "support": "hireling", "sabotage": "hireling", "extra reward": "hireling",
    "reward": "effect", "effect": "effect", "requirement": "condition",
    "condition": "condition", "title": "title",
}


def label_at(text: str) -> tuple[str, int] | None:
    """(the label, where the rest of the line starts) when a line opens with a rulebook label
    and ':', ',' or '-' (a misspelt one too: 'When Compleet:', 'Sabotge -')."""
    for i, char in enumerate(text):
        if char in ":,-":
            head = text[:i].split()
            if not head or len(head) > 3 or not all(w.isalpha() for w in head):
                return None
            key = " ".join(head).lower()
            if key not in LABELS:
                close = difflib.get_close_matches(key, list(LABELS), n=1, cutoff=SIMILAR)
                if not close:
                    return None
                key = close[0]
            rest = i + 1
            while rest < len(text) and text[rest] in " \t":
                rest += 1
            return key, rest
    return None
