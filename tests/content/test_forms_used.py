"""Every form of the rules language is used somewhere in the bundled card set.

A form dropped from the content (say, the last Stash from the Arcana deck)
would leave part of the engine and the card faces unexercised by the real
game, so a change to the cards that loses one fails here.
"""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from prophecy.compiler.model.loader import load_content
from prophecy.dsl import ast

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


def _expected() -> list[str]:
    forms = [c.__name__ for c in ast.NODE_CLASSES if c is not ast.Node]
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


@pytest.fixture(scope="module")
def used() -> set[str]:
    return {f for line in load_content(CONTENT).effect_lines() for f in _forms(line.node)}


def test_every_deed_target_of_the_vocabulary_is_used(used):
    content = load_content(CONTENT)
    assert [s for s in content.deed_targets if f"DeedTarget {s}" not in used] == []


@pytest.mark.parametrize("form", _expected())
def test_form_is_used_by_some_card(form, used):
    assert form in used
