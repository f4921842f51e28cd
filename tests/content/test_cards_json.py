"""`prophecy cards --json` carries every field of every card, so scripts never read the YAML."""

from __future__ import annotations

import json

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.tools import main


def _cards(capsys, *args: str) -> list[dict]:
    assert main(["cards", "--json", "--content", str(bundled_content()), *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_every_field_of_every_card_is_there(capsys):
    content = load_content(bundled_content())
    cards = {c["id"]: c for c in _cards(capsys)}
    assert len(cards) == len(content.cards)
    for card in content.cards:
        entry = cards[card.id]
        kind = content.pack.kind(card.kind)
        wanted = {"id", "name", "kind", "grimoire", "copies", "place", "effects"}
        assert set(entry) == wanted | {f.name for f in kind.fields}, card.id


def test_fields_hold_the_values_written(make_content, capsys):
    root = make_content()
    assert main(["cards", "--json", "--content", str(root)]) == 0
    cards = {c["id"]: c for c in json.loads(capsys.readouterr().out)}
    pact = cards["arcana/crimson-pact"]
    assert (pact["types"], pact["copies"], pact["flavor"], pact["place"]) == (
        ["Spell"], 2, "", "arcana/blood-magic.yaml:4:5")
    lantern = cards["arcana/vein-lantern"]
    assert lantern["flavor"] == "It burns with borrowed light."
    assert lantern["effects"][0]["text"] == "Top Discard Creature: Stash a card from your hand"
    kinds = {c["kind"] for c in cards.values()}
    assert kinds == set(load_content(root).kinds)
    deed = next(c for c in cards.values() if c["kind"] == "deed")
    assert isinstance(deed["cards_needed"], int) and isinstance(deed["points"], int)
    verse = next(c for c in cards.values() if c["kind"] == "verse")
    assert verse["position"] in ("starting", "middle", "ending")
    assert verse["condition"]["ast"]["node"] == "Compare"
    assert verse["effects"][0] == verse["condition"]
    hireling = next(c for c in cards.values() if c["kind"] == "hireling")
    assert hireling["role"] in ("support", "sabotage") and isinstance(hireling["redraw"], bool)
    assert next(c for c in cards.values() if c["kind"] == "tracker")["rounds"] == 5
