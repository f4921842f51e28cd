"""Every form of the rules language is used somewhere in the bundled content.

A form dropped from the content (say, the last Stash from the Arcana deck)
would leave part of the engine unexercised by the real game, so a change to
the cards that loses one fails here. The content is the cards and the
scenarios' own effect lines: a verb the language offers for other games (or
that no card of this one needs yet) is played by a scenario instead. That
every verb's face can be drawn is held by tests/render/test_faces.py.
"""

from __future__ import annotations

import contextlib
import typing
from pathlib import Path

import pytest
import yaml

from prophecy.compiler.model.loader import load_content
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _named(grimoire: str | None) -> str:
    if grimoire is None:
        return "none"
    reserved = (ast.THIS, ast.ANY, ast.HIGHEST, ast.LOWEST)
    return grimoire if grimoire in reserved else "named"


def _forms(node: ast.Node) -> typing.Iterator[str]:
    for n in ast.walk(node):
        yield type(n).__name__
        match n:
            case ast.Effect(requirements=reqs, actions=acts):
                yield f"Effect requirements={min(len(reqs), 2)}"
                yield f"Effect actions={min(len(acts), 2)}"
            case ast.LevelReq() | ast.LevelUp() | ast.LevelDown():
                yield f"{type(n).__name__} {_named(n.grimoire)}"
            case ast.Stash():
                yield f"Stash from {n.source}"
            case ast.Discard():
                yield f"Discard to {n.to}"
            case ast.RevealUntil():
                yield f"RevealUntil rest to {n.rest}"
            case ast.DeedTarget():
                yield f"DeedTarget {n.selector}"
                yield f"DeedTarget of {_named(n.grimoire)}"
            case ast.Quantity():
                yield f"Quantity {n.quantity}"
            case ast.Compare():
                yield f"Compare {n.op}"
            case ast.Title():
                yield f"Title {'most' if n.most else 'fewest'}"
            case ast.Each():
                yield f"Each {n.who}"
        if getattr(n, "up_to", False):
            yield "up to"


#: Forms for a kind of field the bundled game does not declare (a points table: ``line:
#: points``): a pack of examples/ that declares one plays them.
OTHER_GAMES = ("PointsTable", "PointsRow")
EXAMPLES = CONTENT.parent / "examples"


def _expected() -> list[str]:
    forms = [c.__name__ for c in ast.NODE_CLASSES
             if c is not ast.Node and c.__name__ not in OTHER_GAMES]
    forms += [f"Effect requirements={k}" for k in (0, 1, 2)]
    forms += [f"Effect actions={k}" for k in (1, 2)]
    forms += [f"{c} {g}" for c in ("LevelReq", "LevelUp", "LevelDown") for g in ("this", "named")]
    forms += ["LevelUp any", "LevelUp lowest", "LevelDown highest"]
    forms += ["Each opponent", "Each player", "up to"]
    forms += [f"Stash from {s}" for s in typing.get_args(ast.Source)]
    forms += [f"Discard to {d}" for d in typing.get_args(ast.Destination)]
    forms += [f"RevealUntil rest to {d}" for d in typing.get_args(ast.Destination)]
    forms += [f"DeedTarget of {g}" for g in ("none", "this", "named")]
    forms += [f"Quantity {q}" for q in typing.get_args(ast.QuantityKind)]
    forms += [f"Compare {op}" for op in typing.get_args(ast.Op)]
    forms += ["Title most", "Title fewest"]
    return forms


def _scenario_lines() -> list[str]:
    """The effect lines the bundled scenarios play (their 'effect:' moves)."""
    found = []
    for path in sorted((CONTENT / "scenarios").glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]:
            found += [move["effect"] for move in scenario.get("when", [])
                      if isinstance(move, dict) and isinstance(move.get("effect"), str)]
    return found


@pytest.fixture(scope="module")
def used(vocab) -> set[str]:
    lines = [line.node for line in load_content(CONTENT).effect_lines()]
    for text in _scenario_lines():
        with contextlib.suppress(DslError):  # a few scenarios play a broken line on purpose
            lines.append(parse(text, vocab))
    return {f for node in lines for f in _forms(node)}


def test_the_scenarios_play_effect_lines_of_their_own():
    assert len(_scenario_lines()) > 20


@pytest.mark.parametrize("form", OTHER_GAMES)
def test_a_form_of_other_games_is_used_by_an_example_pack(form):
    found = set()
    for game in sorted(EXAMPLES.glob("*/game.yaml")):
        content = load_content(game.parent)
        found |= {f for line in content.effect_lines() for f in _forms(line.node)}
    assert form in found


def test_every_deed_target_of_the_vocabulary_is_used(used):
    content = load_content(CONTENT)
    assert [s for s in content.deed_targets if f"DeedTarget {s}" not in used] == []


@pytest.mark.parametrize("form", _expected())
def test_form_is_used_by_some_card(form, used):
    assert form in used
