"""Each line of cases.txt: a card built from its input, linted, and its findings compared.

The card joins the clean fixture content, so only what the input plants can
be found on it. Adding a case means adding a line to cases.txt.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from prophecy.compiler import model
from prophecy.compiler.lint import lint
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content, read_pack
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary
from prophecy.tools import probe  # noqa: F401  (registers PL601 and PL602, the checks that play)

HERE = Path(__file__).parent
PROSE = ("name", "flavor", "text", "reminder", "heading")
EFFECT_LINE = 100  # effect lines of a case card sit at case.yaml:100, 101, ...


def read_cases() -> list[tuple[str, str, str]]:
    cases = []
    for raw in (HERE / "cases.txt").read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        where, rest = raw.split(" | ", 1)
        text, expected = rest.rsplit(" ; ", 1)
        cases.append((where.strip(), text, expected.strip()))
    return cases


@pytest.fixture(scope="session")
def CLEAN(lint_packs: Path) -> Path:  # noqa: N802 - here: the clean pack's content folder
    return lint_packs / "clean" / "content"


@pytest.fixture(scope="module")
def clean(CLEAN) -> model.Content:
    return load_content(CLEAN)


def effect_lines(text: str, vocab: Vocabulary) -> tuple[model.EffectLine, ...]:
    out = []
    for n, written in enumerate(text.split(" || ")):
        node = parse(written, vocab)
        canonical = to_text(node)
        out.append(model.EffectLine(canonical, node, model.Place("case.yaml", EFFECT_LINE + n, 1),
                                    written if written != canonical else ""))
    return tuple(out)


PACK = read_pack(bundled_content())


def _card(kind: str, base: dict, **fields) -> model.Card:
    spec = PACK.kind(kind)
    assert spec is not None
    return model.new_card(spec, **{**base, **fields})


def build(where: str, text: str, vocab: Vocabulary) -> tuple[model.Card, str]:
    """The case card and the text of case.yaml (where its prose fields are found)."""
    kind, _, arg = where.partition(" ")
    place = model.Place("case.yaml", 1, 1)
    base = {"id": f"case/{kind}", "name": "Case", "place": place}
    if kind in PROSE:
        return _prose_card(kind, text, base, vocab)
    lines = effect_lines(text, vocab)
    if kind == "arcana":
        card = _card("arcana", base, grimoire=arg, types=("Spell",), effects=lines)
    elif kind == "deed":
        card = _card("deed", base, grimoire=arg, cards_needed=3, points=4, when_complete=lines)
    elif kind == "points":  # a Dark Deed whose lines are a points table
        card = replace(_card("deed", base, grimoire=arg, cards_needed=2, points=4), lines=lines)
    elif kind == "manifest":
        card = _card("grimoire", base, grimoire=arg, points=(0, 1, 2, 4, 6), manifest=lines[0],
                     copies=2)
    elif kind == "verse":
        card = _card("verse", base, position="middle", text="So it is.", condition=lines[0],
                     reward=effect_lines("Draw 1 Arcana", vocab))
    else:
        card = _card("hireling", base, role=kind, reminder="Cover a reward.", effect=lines,
                     redraw=arg == "redraw")
    return card, "- name: Case\n"


def _prose_card(field: str, text: str, base: dict, vocab: Vocabulary) -> tuple[model.Card, str]:
    effects = effect_lines("Draw 1 Arcana", vocab)
    if field == "name":
        card = _card("arcana", {**base, "name": text}, grimoire="Blood Magic", types=("Spell",),
                     effects=effects)
        return card, f"- name: {text}\n"
    source = f"- name: Case\n  {field}: |-\n    {text}\n"
    if field == "text":
        card = _card("verse", base, position="middle", text=text,
                     condition=effect_lines("If you have 1 or more stashed cards", vocab)[0],
                     reward=effects)
    elif field == "reminder":
        card = _card("hireling", base, role="support", reminder=text,
                     effect=effect_lines("Stash a card from your hand", vocab))
    elif field == "heading":
        card = _card("reference", base, heading=text)
    else:
        card = _card("arcana", base, grimoire="Blood Magic", types=("Spell",), effects=effects,
                     flavor=text)
    return card, source


def column_in_input(finding, field: str) -> str:
    """CODE@column in the input: @0 for the card itself, @n:c for effect line n > 1."""
    p = finding.place
    if (p.line, p.column) == (1, 1) and field not in ("name",) and p.line < EFFECT_LINE:
        return f"{finding.code}@0"
    if p.line == 2 and field != "name":
        return f"{finding.code}@field"
    if p.line >= EFFECT_LINE:
        n = p.line - EFFECT_LINE + 1
        return f"{finding.code}@{p.column}" if n == 1 else f"{finding.code}@{n}:{p.column}"
    offset = 9 if field == "name" else 5  # where the input starts in case.yaml
    return f"{finding.code}@{p.column - offset + 1}"


@pytest.mark.parametrize(("where", "text", "expected"), read_cases(),
                         ids=[f"{w}|{t}" for w, t, _ in read_cases()])
def test_case(where, text, expected, clean, tmp_path, CLEAN):
    vocab = Vocabulary(clean.grimoires, clean.card_types, clean.deed_targets)
    card, source = build(where, text, vocab)
    root = tmp_path / "content"
    shutil.copytree(CLEAN, root)
    (root / "case.yaml").write_text(source, encoding="utf-8")
    content = replace(clean, cards=(*clean.cards, card))
    field = where.split(" ")[0]
    found = [column_in_input(f, field) for f in lint(content, root)
             if f.place.file == "case.yaml" and f.code not in ("PL501", "PL502")]
    assert (" ".join(found) or "-") == expected


def test_an_engine_failure_is_reported_not_raised(clean, monkeypatch, CLEAN):
    """PL602: a handler that raises is a finding at the line, and linting goes on."""
    from prophecy.compiler import handlers
    from prophecy.dsl import ast

    def broken(node, names):
        def op(game, player):
            raise RuntimeError("deck on fire")
        return op

    monkeypatch.setitem(handlers.HANDLERS, ast.DrawArcana, broken)
    content = replace(clean)  # a new object: the engine compiles its own book for it
    found = lint(content, CLEAN, only=["PL601", "PL602"])
    assert found and {f.code for f in found} == {"PL602"}
    assert found[0].message.endswith("RuntimeError: deck on fire")


def test_numbers_in_the_generated_reference_summary(clean, monkeypatch, CLEAN):
    """PL801 reads the summary the faces generate, and places it on the reference card."""
    from prophecy.compiler import faces

    assert lint(clean, CLEAN, only=["PL801"]) == []  # the real template agrees with the rules
    monkeypatch.setattr(faces, "reference_lines", lambda content: ("- Actions: up to 4.",))
    found = lint(clean, CLEAN, only=["PL801"])
    assert [(f.place.file, f.message) for f in found] == [
        ("reference.yaml", "the generated reference summary says 4 where "
         "rules.actions_per_round is 3"),
    ]


def test_the_probe_stands_aside_when_no_game_can_be_set_up(clean, CLEAN):
    """Too few Grimoire cards for a game: PL505 reports it, the probe does not crash."""
    grimoires = tuple(replace(c, copies=1) if c.kind == "grimoire" else c for c in clean.cards)
    content = replace(clean, cards=grimoires)
    found = lint(content, CLEAN, only=["PL505", "PL601", "PL602"])
    assert [f.code for f in found] == ["PL505", "PL505"]
