"""Every rule has a scenario: rules.txt against the bundled scenarios' `rule:` names, and
every form of the rules language against the lines and Titles the scenarios run.

The forms wanted are read from the language itself (``dsl/ast.py``'s classes
and literal types, the vocabulary's Dark Deed targets), so a form added to the
language fails this test until a scenario uses it.
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

from prophecy.compiler.model.loader import load_content
from prophecy.dsl import ast
from prophecy.dsl.parser import parse
from prophecy.engine.scenarios.source import Scenario, read_files

HERE = Path(__file__).resolve().parent
RULES = HERE / "rules.txt"


def listed_rules() -> list[str]:
    lines = RULES.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="module")
def bundled(content_dir) -> tuple[list[Scenario], object]:
    scenarios, problems = read_files([content_dir / "scenarios"])
    assert problems == []
    return scenarios, load_content(content_dir)


def test_every_rule_and_ruling_has_a_scenario(bundled):
    scenarios, _ = bundled
    named = {s.rule for s in scenarios}
    assert [rule for rule in listed_rules() if rule not in named] == []


def test_every_scenario_names_a_listed_rule(bundled):
    scenarios, _ = bundled
    listed = set(listed_rules())
    assert [(s.id, s.rule) for s in scenarios if s.rule not in listed] == []


def test_the_list_holds_every_rules_option_of_game_yaml():
    from prophecy.compiler.model.options import FIELDS
    from prophecy.compiler.model.schemagame import game_schema

    options = list(game_schema()["properties"]["options"]["properties"])
    assert options == list(FIELDS)
    assert [o for o in options if f"option: {o}" not in listed_rules()] == []


def test_the_list_holds_every_ruling_of_design_and_engine_docs(content_dir):
    """rules.txt keeps up with the rulings: DESIGN.md's numbered list and engine.md's."""
    listed = set(listed_rules())
    design = Path(__file__).resolve().parents[3] / "shared" / "DESIGN.md"
    if design.is_file():
        text = design.read_text(encoding="utf-8").split("## Rulings", 1)[1].split("\n## ", 1)[0]
        numbers = [line.split(".", 1)[0] for line in text.splitlines() if line[:1].isdigit()]
        assert [n for n in numbers if f"ruling {n}" not in listed] == []
    engine = (content_dir.parent / "docs" / "engine.md").read_text(encoding="utf-8")
    section = engine.split("### Rulings of the engine", 1)[1].split("\n## ", 1)[0]
    numbers = [line.split(".", 1)[0] for line in section.splitlines() if line[:1].isdigit()]
    assert numbers and [n for n in numbers if f"engine ruling {n}" not in listed] == []


# -- the rules language --------------------------------------------------------------


def wanted_forms(vocab_targets: tuple[str, ...]) -> set[str]:
    """Every form the language has: verbs, requirements, targets, counts, comparisons..."""
    forms = {cls.__name__ for cls in (*ast.REQUIREMENT_CLASSES, *ast.ACTION_CLASSES)}
    forms |= {f"target {t}" for t in vocab_targets} | {"target of a grimoire"}
    forms |= {f"count {q}" for q in typing.get_args(ast.QuantityKind)}
    forms |= {f"compare {op}" for op in typing.get_args(ast.Op)}
    forms |= {f"stash from {s}" for s in typing.get_args(ast.Source)}
    forms |= {f"discard to {d}" for d in typing.get_args(ast.Destination)}
    forms |= {f"reveal until, the rest to {d}" for d in typing.get_args(ast.Destination)}
    forms |= {f"{verb} {ref}" for verb in ("LevelUp", "LevelDown")
              for ref in ("named", "this", "any")}
    forms |= {f"title {way}" for way in ("most", "fewest")}
    return forms


def forms_of(node: ast.Node) -> Iterator[str]:
    for sub in ast.walk(node):
        yield type(sub).__name__
        yield from _detail(sub)


def _detail(sub: ast.Node) -> Iterator[str]:
    if isinstance(sub, ast.DeedTarget):
        yield f"target {sub.selector}"
        if sub.grimoire is not None:
            yield "target of a grimoire"
    elif isinstance(sub, ast.Quantity):
        yield f"count {sub.quantity}"
    elif isinstance(sub, ast.Compare):
        yield f"compare {sub.op}"
    elif isinstance(sub, ast.Stash):
        yield f"stash from {sub.source}"
    elif isinstance(sub, ast.Discard):
        yield f"discard to {sub.to}"
    elif isinstance(sub, ast.RevealUntil):
        yield f"reveal until, the rest to {sub.rest}"
    elif isinstance(sub, ast.LevelUp | ast.LevelDown):
        ref = {ast.THIS: "this", ast.ANY: "any"}.get(sub.grimoire, "named")
        yield f"{type(sub).__name__} {ref}"
    elif isinstance(sub, ast.Title):
        yield f"title {'most' if sub.most else 'fewest'}"


def lines_run(scenario: Scenario, content) -> Iterator[str]:
    """The rules-language lines a scenario runs: its `effect:` moves and its Titles."""
    titles = {c.name.lower(): c.condition.text for c in content.of_kind("title")}
    for move in scenario.when:
        first = move.entries()[0] if move.is_map() else None
        if first and first[0] == "effect":
            yield str(first[2].value)
    found = scenario.given.get("titles") if scenario.given else None
    for item in found.items() if found else []:
        if item.is_map():
            yield str(item.get("condition").value)
        else:
            yield titles[str(item.value).lower()]


def test_every_form_of_the_language_has_a_scenario(bundled, vocab):
    scenarios, content = bundled
    seen: set[str] = set()
    for s in scenarios:
        for text in lines_run(s, content):
            try:
                seen.update(forms_of(parse(text, vocab)))
            except Exception:  # a line a scenario expects to be refused
                assert s.error is not None, (s.id, text)
    assert sorted(wanted_forms(vocab.deed_targets) - seen) == []


def test_the_forms_wanted_follow_the_language(vocab):
    """The list of forms is read from the language, not typed out: it grows with it."""
    forms = wanted_forms(vocab.deed_targets)
    assert {"AddToDeed", "TopDiscardReq", "count completed", "compare exactly",
            "target highest-points", "LevelDown any", "title fewest"} <= forms
    assert len(forms) >= 40
