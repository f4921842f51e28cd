"""Answers to the game's questions: a move's answer keys in, the option the rules offer out.

Every choice of a game goes through ``Game.pick`` (``engine/protocol.py``).
``ScenarioGame.pick`` hands each question, even one with a single option, to
an ``Answers`` object: the answers written on the move being played, by the
key a scenario uses for that question (``target:`` for which Dark Deed to add
to, ``stash:`` for which card to stash...), first for the player asked
(``player 2: {verse: ...}``), then for anybody. An answer that is not among
the options is an illegal move; a question without an answer takes the
documented default, and where there is none it is a mistake in the scenario.
The ``answers:`` key answers any question by the engine's own name for it
(``answers: {keep_deed: [...]}``), with words or option numbers, so questions
added to the engine later can be answered without a new key.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from prophecy.compiler.model import Content
from prophecy.compiler.model.nouns import said
from prophecy.compiler.runtime import Seat
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError
from prophecy.dsl.printer import sequence
from prophecy.engine import protocol as P
from prophecy.engine.cards import Book
from prophecy.engine.game import Game
from prophecy.engine.plugin import game_class, reading_class
from prophecy.engine.protocol import Player
from prophecy.engine.scenarios.source import IllegalMove, Item

T = TypeVar("T")

#: The scenario key that answers each question of the engine (``protocol.QUESTIONS``).
#: (Whether to use a line is answered by a key of the kind of card it is on: ``USE_KEYS``.)
KEYS = {q.name: q.key for q in P.QUESTIONS.values() if q.name != P.ASK_USE}
#: Whether to use an optional line, by the kind of card it is printed on.
USE_KEYS = {"arcana": "use", "deed": "bonus", "verse": "reward", "hireling": "support",
            "effect": "use", "grimoire": "use"}
#: Every key that answers a question (the move's other keys are 'by' and 'player N').
ANSWER_KEYS = tuple(dict.fromkeys([*KEYS.values(), *USE_KEYS.values(), "answers"]))

#: How a scenario writes a yes or no (YAML's booleans, as answers).
YES = {True: "yes", False: "no"}
#: What each key asks, for messages (in the language's nouns: ``question_of`` says them
#: as the pack does).
ASKED = {q.key: q.asks for q in P.QUESTIONS.values() if q.name != P.ASK_USE}


def question_of(content: Content, key: str, default: str) -> str:
    """What the question a key answers asks ('which Grimoire'), in the pack's nouns."""
    return said(content, ASKED[key]) if key in ASKED else default


@dataclass
class Question:
    """One question the game asked: who, which, the options in words, the answer's index."""

    seat: int
    ask: str
    key: str
    words: list[str]
    chosen: int
    line: int = 0  # for a 'use' question: the 1-based line of its card


@dataclass
class Answers:
    """The answers written on one move, by (seat or None, key), each a queue of items."""

    queues: dict[tuple[int | None, str], list[Item]] = field(default_factory=dict)
    use: dict[tuple[int | None, str], Item] = field(default_factory=dict)

    def add(self, seat: int | None, key: str, item: Item) -> None:
        if key in USE_KEYS.values():
            self.use[(seat, key)] = item
        elif key == "answers":
            for name, _k, value in item.entries():
                self.queues.setdefault((seat, f"ask:{name}"), []).extend(value.items())
        else:
            self.queues.setdefault((seat, key), []).extend(item.items())

    def queue(self, seat: int, key: str) -> list[Item] | None:
        for who in (seat, None):
            found = self.queues.get((who, key))
            if found:
                return found
        return None

    def use_item(self, seat: int, key: str) -> Item | None:
        return self.use.get((seat, key)) or self.use.get((None, key))

    def left(self) -> list[tuple[str, Item]]:
        """Answers never asked for: (key, item)."""
        return [(key, item) for (_s, key), items in self.queues.items() for item in items]


class ScenarioGame(Game):
    """A game whose every question, even one with a single option, is answered by the move."""

    answers: Answers
    questions: list[Question]
    owners: MutableMapping[int, tuple[str, int]]  # id(line node) -> (card kind, 1-based line)

    def pick(self, p: Seat, ask: str, options: Sequence[T], about: object = None) -> T:
        if not hasattr(self, "answers"):  # the engine's own setup, which the table clears
            return options[0]  # (a hand limit below the starting hand asks here)
        key, words = self.key_of(ask, about), self.words(p, ask, options, about)
        if ask == P.ASK_USE:
            index, line = self._use(p, key, about), self.owners.get(id(about), ("", 0))[1]
        else:
            index, line = self._choose(p, ask, key, words, options), 0
        self.questions.append(Question(p.seat, ask, key, words, index, line))
        return options[index]

    def key_of(self, ask: str, about: object) -> str:
        if ask == P.ASK_USE:
            return USE_KEYS[self.owners.get(id(about), ("effect", 0))[0]]
        return KEYS.get(ask, f"ask:{ask}")

    def words(self, p: Seat, ask: str, options: Sequence[Any], about: object = None
              ) -> list[str]:
        """The options in a scenario's words: card names, grimoires, 'player 2', 'none'..."""
        if ask == P.ASK_CHOOSE and isinstance(about, ast.Choose):  # an option as written

            return [sequence(about.options[o]) for o in options]
        return [self._word(p, ask, o) for o in options]

    def _word(self, p: Seat, ask: str, o: Any) -> str:
        """One option as a scenario writes it, by what the question's options are."""
        question, book = P.QUESTIONS[ask], self.book
        kind = question.options
        if kind == "word":
            return question.word(o)
        if kind == "card":
            return question.none if o < 0 else book.card(o).name
        if kind == "grimoire":
            return str(book.grimoires[o])
        if kind == "slot":
            return book.card(p.deeds[o]).name
        if kind == "seat":
            return f"player {o + 1}"
        if kind == "verse":
            return book.card(self.verses[o]).name
        return str(o)

    # -- choosing --------------------------------------------------------------

    def _choose(self, p: Seat, ask: str, key: str, words: list[str], options: Sequence[Any]
                ) -> int:
        queue, generic = self.answers.queue(p.seat, key), key.startswith("ask:")
        if not queue:
            queue, generic = self.answers.queue(p.seat, f"ask:{ask}"), True
        if ask == P.ASK_COMPLETE:
            return self._complete(queue, words)
        if len(options) == 1:  # not a question: an answer is used only if it names the option
            if queue and _names(queue[0], words[0], generic):
                queue.pop(0)
            return 0
        if queue:
            return _match(queue.pop(0), key, words, p.seat, generic, self.book.content)
        if ask == P.ASK_ACTION:
            return words.index(P.QUESTIONS[P.ASK_ACTION].word(P.END))
        raise Unanswered(p.seat, key, words)

    def _complete(self, queue: list[Item] | None, words: list[str]) -> int:
        """The next deed listed, once it is ready; 'none' until then (the list stays)."""
        if queue:
            wanted = str(queue[0].value).strip().lower()
            if wanted in [w.lower() for w in words]:
                queue.pop(0)
                return [w.lower() for w in words].index(wanted)
        return words.index("none")

    def _use(self, p: Seat, key: str, about: object) -> int:
        """1 (use it) or 0: from 'use: [1, 3]', 'use: no', 'bonus: no'...; yes by default."""
        item = self.answers.use_item(p.seat, key)
        if item is None:
            return 1
        value = item.value
        if isinstance(value, bool):
            return int(value)
        line = self.owners.get(id(about), ("", 0))[1]
        lines = value if isinstance(value, list) else [value]
        return int(line in lines)


_CLASSES: dict[type[Game], type[ScenarioGame]] = {}


def scenario_class(base: type[Game]) -> type[ScenarioGame]:
    """``ScenarioGame`` on an engine's own game class: that engine's rules, every question
    answered by the scenario's moves."""
    if base is Game or issubclass(base, ScenarioGame):
        return ScenarioGame
    found = _CLASSES.get(base)
    if found is None:
        found = _CLASSES[base] = type(f"Scenario{base.__name__}", (ScenarioGame, base), {})
    return found


def scenario_game(book: Book, players: Sequence[Player], seed: Any, reading: bool = False
                  ) -> ScenarioGame:
    """A scenario's game of the book's content, played by the engine its game.yaml names;
    ``reading``: only checked, by the installed engine (a pack's engine file is not run)."""
    base = reading_class(book.content) if reading else game_class(book)
    return scenario_class(base)(book, players, seed)


class Unanswered(Exception):
    """A question with two or more options and no answer (a scenario's mistake)."""

    def __init__(self, seat: int, key: str, words: list[str]) -> None:
        super().__init__(key)
        self.seat, self.key, self.words = seat, key, words


def _match(item: Item, key: str, words: list[str], seat: int, generic: bool,
           content: Content) -> int:
    """The index of the option an answer names; an illegal move when it names none of them."""
    value = item.value
    if generic and isinstance(value, int) and not isinstance(value, bool) and (
            1 <= value <= len(words)):
        return value - 1
    for index, word in enumerate(words):
        if _names(item, word, generic=False):
            return index
    raise not_a_choice(item, key, words, seat, content)


def _names(item: Item, word: str, generic: bool) -> bool:
    """Whether an answer names this option (a generic answer may give its number, 1)."""
    value = item.value
    if generic and value == 1 and not isinstance(value, bool):
        return True
    text = YES[value] if isinstance(value, bool) else str(value).strip().lower()
    return word.lower() in (text, f"player {text}")


def not_a_choice(item: Item, key: str, words: list[str], seat: int, content: Content
                 ) -> ProphecyError:
    """The illegal move of answering with something the question did not offer."""
    text = YES[item.value] if isinstance(item.value, bool) else str(item.value).strip()
    question = question_of(content, key, f"the question '{key.removeprefix('ask:')}'")
    return item.error(
        f"'{text}' is not a choice for player {seat + 1} ({question}): "
        f"the choices are {_listing(words)}",
        "answer with one of the choices", IllegalMove)


def _listing(words: list[str]) -> str:
    return ", ".join(words) if words else "none"


def owners_of(game: Game) -> ChainMap[int, tuple[str, int]]:
    """id(line node) -> (kind of its card, 1-based line), for telling 'use' from 'bonus'.

    The book's lines are mapped once per book; the game adds its own (lines run alone)
    in front of them.
    """
    book = game.book
    lines: dict[int, tuple[str, int]] | None = book.cache.get("line owners")
    if lines is None:
        lines = book.cache["line owners"] = {}
        for d, nodes in book.nodes.items():
            kind = book.designs[d].kind
            for i, node in enumerate(nodes):
                lines[id(node)] = (kind, i + 1)
        for d, found in book.abilities.items():  # effects of a card in play: by line number
            for rows in found.values():
                for index, _, _, node in rows:
                    lines[id(node)] = (book.designs[d].kind, index + 1)
    return ChainMap({}, lines)


def register_line(game: ScenarioGame, node: ast.Line) -> None:
    """A line run alone (an ``effect:`` move) is answered with 'use'."""
    game.owners[id(node)] = ("effect", 1)
