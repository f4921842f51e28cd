"""The bundled content: it checks clean and matches the component list of the rulebook."""

from __future__ import annotations

import json

from prophecy.compiler.model.loader import check_content, counts
from prophecy.tools import main

COMPONENTS = {
    "arcana": 72, "grimoire": 12, "deed": 24, "verse": 9, "hireling": 11, "title": 6,
    "reference": 4, "tracker": 1,
}


def test_bundled_content_checks_clean_and_matches_the_component_list(content_dir):
    content, errors = check_content(content_dir)
    assert [str(e) for e in errors] == []
    assert counts(content) == COMPONENTS
    assert content.components == COMPONENTS


def test_bundled_content_is_canonical(content_dir, capsys):
    assert main(["fmt", "--check", "--content", str(content_dir)]) == 0


def test_bundled_cards_json_lists_every_design(content_dir, capsys):
    assert main(["cards", "--json", "--content", str(content_dir)]) == 0
    cards = json.loads(capsys.readouterr().out)
    per_kind: dict[str, int] = {}
    for card in cards:
        per_kind[card["kind"]] = per_kind.get(card["kind"], 0) + card["copies"]
    assert per_kind == COMPONENTS
