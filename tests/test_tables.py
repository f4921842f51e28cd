"""Adding a verb is one entry per back end: every table keyed by AST class has every class.

Printing, the engine's handlers, the faces, the linter's probe values and the
bots' action values each look a node up by its class. None of them may fall
back on a default for a class it does not know, so a class missing from any
table is a failure here, named, not a 0 in a report later.
"""

from __future__ import annotations

import pytest

from prophecy.compiler import explain, faces, handlers
from prophecy.compiler.lint import values
from prophecy.dsl import ast, printer
from prophecy.engine.bots import sketch

NODES = set(ast.NODE_CLASSES)
TABLES = {
    "printer.PRINTERS": (printer.PRINTERS, NODES),
    "handlers.HANDLERS": (handlers.HANDLERS, NODES),
    "faces (BADGES, STEPS, BOXES, PHRASES)": (
        {**faces.BADGES, **faces.STEPS, **faces.BOXES, **faces.PHRASES}, NODES),
    "faces.BADGES": (faces.BADGES, set(ast.REQUIREMENT_CLASSES)),
    "faces.STEPS": (faces.STEPS, set(ast.ACTION_CLASSES)),
    "faces.BOXES": (faces.BOXES, set(ast.LINE_CLASSES)),
    "lint values.PROBES": (values.PROBES, NODES),
    "sketch.ACTION_VALUES": (sketch.ACTION_VALUES, set(ast.ACTION_CLASSES)),
    "handlers.POSSIBLE": (handlers.POSSIBLE, set(ast.ACTION_CLASSES)),
    "explain.EXPLAIN": (explain.EXPLAIN, NODES),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_the_table_has_exactly_its_classes(name):
    table, wanted = TABLES[name]
    assert sorted(c.__name__ for c in wanted - set(table)) == [], "missing"
    assert sorted(c.__name__ for c in set(table) - wanted) == [], "not AST classes of this kind"


def test_node_classes_are_found_not_listed():
    """A class defined in dsl/ast.py is in NODE_CLASSES without being written there."""
    defined = {name for name, obj in vars(ast).items()
               if isinstance(obj, type) and issubclass(obj, ast.Node) and obj is not ast.Node}
    assert {c.__name__ for c in ast.NODE_CLASSES} == defined
    assert set(ast.ACTION_CLASSES) | set(ast.REQUIREMENT_CLASSES) | set(ast.LINE_CLASSES) <= NODES


def test_a_lookup_of_an_unknown_class_fails_loudly():
    """No table answers for a class it lacks: a value is never silently 0."""

    class Teleport(ast.Node):
        pass

    effect = ast.Effect((), (Teleport(),))  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        sketch.effect_value(effect)
    with pytest.raises(KeyError):
        values.worth(effect, None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- questions
def _ask_constants() -> dict[str, str]:
    from prophecy.compiler import runtime
    from prophecy.engine import protocol

    return {name: value for module in (runtime, protocol) for name, value in vars(module).items()
            if name.startswith("ASK_") and isinstance(value, str)}


def test_every_question_is_declared_once_and_only_the_named_ones():
    """Each ASK_* name (the handlers' in compiler/runtime.py, the phases' in
    engine/protocol.py) and each question a verb declares (ast.Verb.asks) has exactly one
    declaration in protocol.QUESTIONS, and nothing else has one."""
    from prophecy.engine.protocol import QUESTIONS

    by_verbs = [verb.asks for verb in ast.VERBS.values() if verb.asks]
    assert len(by_verbs) == len(set(by_verbs))
    assert sorted(set(_ask_constants().values()) | set(by_verbs)) == sorted(QUESTIONS)
    assert all(name == q.name for name, q in QUESTIONS.items())


def test_questions_that_share_a_scenario_key_ask_the_same_thing():
    from prophecy.engine.protocol import QUESTIONS

    asked: dict[str, set[str]] = {}
    for q in QUESTIONS.values():
        asked.setdefault(q.key, set()).add(q.asks)
    assert {key: texts for key, texts in asked.items() if len(texts) > 1} == {}


def test_every_question_a_game_asks_is_declared():
    """Play games with bots that note each question: none is missing from QUESTIONS."""
    from prophecy.compiler.model.files import bundled_content
    from prophecy.compiler.model.loader import load_content
    from prophecy.engine.bots.roster import make_bot
    from prophecy.engine.cards import book_of
    from prophecy.engine.game import Game
    from prophecy.engine.protocol import QUESTIONS

    asked: set[str] = set()

    class Noting:
        def __init__(self, seed: int) -> None:
            self.bot = make_bot("greedy", seed)

        def choose(self, game, me, ask, options, about):
            asked.add(ask)
            return self.bot.choose(game, me, ask, options, about)

    book = book_of(load_content(bundled_content()))
    for seed in range(6):
        Game(book, [Noting(seed * 3 + c) for c in range(3)], seed, log=True).play()
    assert asked and asked <= set(QUESTIONS)
