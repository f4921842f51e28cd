"""Engines as plug-ins, the engine's side: a loaded game in, the class that plays it out.

``ENGINE`` is what the ``prophecy.engines`` entry point ``dark-prophecies``
names (pyproject.toml), so a game whose game.yaml says ``engine:
dark-prophecies`` is played by this package. Its ``check`` holds the cards to
what this game's rules need beyond their declarations: a Grimoire scores each
Level, and a Title counts completed Dark Deeds only (ruling 16).

The seam is ``game_class``: the class whose instances play one game. Every
command that plays (``simulate`` and its worker processes, ``balance``,
``test``, ``replay``) makes its games with ``new_game``, which asks the
game's engine for that class. An engine of a pack's own (``engine:
engine.py``) subclasses ``DarkProphecies``, names a subclass of ``Game``
that overrides only the rules that differ, and is played by those commands
once trusted (docs/engine.md, "Engines of your own"). The commands that only
read a game (lint's probe, the scenario check) play ``reading_class``: the
installed engine's, never a pack's Python.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prophecy.compiler import model
from prophecy.compiler.model import nouns
from prophecy.compiler.model.plugins import engine_facts, engine_of
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError
from prophecy.engine.protocol import ACTION_NAMES, SCHEME

if TYPE_CHECKING:
    from prophecy.engine.cards import Book
    from prophecy.engine.game import Game
    from prophecy.engine.protocol import Player


class DarkProphecies:
    """The engine of Dark Prophecies, by the rules of ``compiler.model.Rules``."""

    name = "dark-prophecies"
    plays = frozenset({"simulate", "balance", "test", "replay"})
    bases: tuple[str, ...] = ()  # the engines this one is built on (none: it is the first)

    @property
    def game_class(self) -> type[Game]:
        """The class that plays one game: ``Game`` itself. An engine built on this one
        sets its own subclass here (a class attribute). Imported when asked for, so a
        ``prophecy check`` that only checks does not load the engine's modules."""
        from prophecy.engine.game import Game  # deferred: start-up time (check)

        return Game

    def check(self, content: model.Content) -> list[ProphecyError]:
        out = self.option_errors(content)
        for card in content.cards:
            if card.kind == "grimoire":
                out.extend(_levels(card, content))
            elif card.kind == "title":
                refusal = title_refusal(card.condition.node, content)
                if refusal is not None:
                    out.append(_at(card, "condition", content, *refusal))
        return out


    def action_names(self) -> list[str]:
        """The names of the actions this engine's games offer (``Game.ACTIONS``), read
        without loading the engine's modules when its class is ``Game`` itself."""
        own: object = inspect.getattr_static(self, "game_class")  # the property, or a class
        if isinstance(own, property):  # Game.ACTIONS: every action but Scheme (engine/actions.py)
            return [name for name, kind in ACTION_NAMES.items() if kind != SCHEME]
        return list(self.game_class.ACTIONS)

    def option_errors(self, content: model.Content) -> list[ProphecyError]:
        """game.yaml's options as this engine reads them: a power to pay a level up with.
        (The names under ``options.actions`` are checked against the actions the engine
        has or declares, by ``compiler.model.plugins.action_errors``.)"""
        options, out = content.options, []
        arcana = content.pack.kind("arcana")
        powered = arcana is not None and any(
            f.name == "power" and f.type == "integer" for f in arcana.fields)
        if options.level_cost == "power" and not powered:
            out.append(_placed(
                content, options.places.get("level_up.cost"), "a level up paid with power "
                f"reads each {nouns.cards_of(content, 'arcana', 1)}'s 'power', and the arcana "
                "kind declares none",
                "add 'power: {type: integer, min: 0, max: 10}' to the arcana kind's fields"))
        return out


def _placed(content: model.Content, place: model.Place | None, message: str, hint: str,
            length: int = 1) -> ProphecyError:
    place = place or model.Place("game.yaml")
    path = Path(content.root) / place.file
    try:
        source = path.read_text(encoding="utf-8").splitlines()[place.line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        source = ""
    return ProphecyError(message, where=str(path), line=place.line, column=place.column,
                         hint=hint, source=source, length=length)


def _at(card: model.Card, field: str, content: model.Content, message: str, hint: str
        ) -> ProphecyError:
    place = card.places.get(field, card.place)
    return ProphecyError(message, where=str(Path(content.root) / place.file), line=place.line,
                         column=place.column, hint=hint)


def _levels(card: model.Card, content: model.Content) -> list[ProphecyError]:
    rules = content.rules
    levels = rules.max_level - rules.min_level + 1
    if len(card.points) == levels:
        return []
    return [_at(card, "points", content,
                f"'points' lists {len(card.points)} numbers, but there are {levels} levels "
                f"({rules.min_level} to {rules.max_level})",
                "write one number of points per level, lowest level first")]


def title_refusal(node: ast.Line, content: model.Content) -> tuple[str, str] | None:
    """(message, hint) when a Title condition counts Dark Deeds in play, else None.

    Titles about Dark Deeds count completed ones only (ruling 16), so a
    condition that reads as deeds in play is refused and the word asked for. The message
    says the pack's words for them; the hint is a line to write, in the language's.
    """
    if not isinstance(node, ast.Title) or node.subject.quantity != "deeds":
        return None
    grimoire = f"{node.subject.grimoire} " if node.subject.grimoire else ""
    word = "Most" if node.most else "Fewest"
    deeds = nouns.plural(content, "deed")
    return (
        f"{nouns.a(nouns.label(content, 'title'))} counts completed {deeds} only, not {deeds} "
        "in play",
        f"write '{word} completed {grimoire}Dark Deeds'",
    )


ENGINE = DarkProphecies()


def reading_class(content: model.Content) -> type[Game]:
    """The class that plays a game of the content for a command that only reads it (lint's
    probe): its installed engine's, or for an engine file of the pack, the installed engine's
    it is built on. A pack's Python never runs here."""
    facts = engine_facts(content)
    checker = facts.checker if facts is not None else None
    found: type[Game] | None = getattr(checker, "game_class", None)
    return found if found is not None else ENGINE.game_class


def class_of(content: model.Content) -> type[Game]:
    """The class that plays a game of the content: its engine's ``game_class`` (``Game``
    for content without an engine, as a test's made-up content)."""
    engine = engine_of(content)
    found: type[Game] | None = getattr(engine, "game_class", None) if engine else None
    return found if found is not None else ENGINE.game_class


def game_class(book: Book) -> type[Game]:
    """The class that plays a game of the book's content (``class_of``), once per book."""
    found: type[Game] | None = book.cache.get("game class")
    if found is None:
        found = book.cache["game class"] = class_of(book.content)
    return found


def new_game(book: Book, players: Sequence[Player], seed: Any = None, **options: Any) -> Game:
    """A game of the book's content as its engine plays it: ``Game(book, players, seed,
    **options)`` for the Dark Prophecies engine, its own subclass for an engine built on it."""
    return game_class(book)(book, players, seed, **options)
