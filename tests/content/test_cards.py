"""`prophecy cards`: the card list as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from prophecy.tools import main


def _json(capsys, minimal: Path, *args: str) -> list[dict]:
    assert main(["cards", "--json", "--content", str(minimal), *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_gives_each_card_its_identity_copies_and_effects(capsys, minimal_content):
    cards = _json(capsys, minimal_content)
    assert len(cards) == 12
    assert all(
        {"id", "name", "kind", "grimoire", "copies", "effects", "place", "flavor"} <= set(card)
        for card in cards
    )
    pact = cards[0]
    assert {k: pact[k] for k in ("id", "name", "kind", "grimoire", "copies")} == {
        "id": "arcana/crimson-pact", "name": "Crimson Pact", "kind": "arcana",
        "grimoire": "Blood Magic", "copies": 2,
    }
    assert pact["effects"][1] == {
        "text": "Draw 1 Arcana", "ast": {
            "node": "Effect", "requirements": [],
            "actions": [{"node": "DrawArcana", "count": 1, "up_to": False}],
        },
    }


def test_json_kind_filter_and_null_grimoire(capsys, minimal_content):
    verses = _json(capsys, minimal_content, "--kind", "verse")
    assert [v["id"] for v in verses] == ["verse/the-first-omen"]
    assert verses[0]["grimoire"] is None
    assert [e["text"] for e in verses[0]["effects"]] == [
        "If you have completed 1 or more Dark Deeds", "Add 1 to any Dark Deed",
    ]
    assert verses[0]["effects"][0]["ast"]["node"] == "Compare"


def test_text_list_groups_by_kind(capsys, minimal_content):
    assert main(["cards", "--kind", "arcana", "--content", str(minimal_content)]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == [
        "arcana (4 cards, 3 designs)",
        "  Crimson Pact [Blood Magic] x2  (arcana/crimson-pact)",
        "      Grimoire Level 1: Add 1 to any Dark Deed",
        "      Draw 1 Arcana",
    ]


def test_cards_on_broken_content_reports_every_problem(make_content, capsys):
    root = make_content(files={
        "tracker.yaml": "# yaml-language-server: $schema=schemas/tracker.schema.json\n"
                        "tracker:\n\tname: x\n",
        "reference.yaml": "# yaml-language-server: $schema=schemas/reference.schema.json\n"
                          "reference: {name: A, hue: red}\n"})
    assert main(["cards", "--content", str(root)]) == 1
    err = capsys.readouterr().err
    assert f"{root}/reference.yaml:2:22: unknown field 'hue'" in err
    assert f"{root}/tracker.yaml:3:1: a tab character in the indentation" in err
    assert err.rstrip().endswith("2 problems in the content")
