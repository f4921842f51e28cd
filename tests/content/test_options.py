"""game.yaml's rules options: read into ``model.Options``, checked at their places, and a
copy of the bundled game that switches one plays otherwise, with no Python edited."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import fields
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from prophecy.compiler import model
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import check_content, load_content
from prophecy.compiler.model.options import FIELDS, over, words
from prophecy.compiler.model.schema import schema
from prophecy.compiler.model.schemagame import game_schema
from prophecy.tools import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "variant"
    shutil.copytree(bundled_content(), root,
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    return root


def _switch(root: Path, old: str, new: str) -> None:
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    game.write_text(text.replace(old, new), encoding="utf-8")


# -- reading ---------------------------------------------------------------------------


def test_the_bundled_game_writes_every_option_with_the_rulebooks_choice():
    options = load_content(bundled_content()).options
    assert options.actions == (("play", 2), ("level up", 2), ("draw arcana", 2),
                               ("draw deeds", 2), ("manifest", 2))
    default = model.Options()
    assert [f.name for f in fields(options) if f.name not in ("actions", "places")
            and getattr(options, f.name) != getattr(default, f.name)] == []
    assert options.action_limits({"play": "play", "manifest": "manifest"}, 9) == {
        "play": 2, "manifest": 2}


def test_a_game_without_options_plays_by_the_defaults(copy):
    text = (copy / "game.yaml").read_text(encoding="utf-8")
    start, end = text.index("\noptions:"), text.index("\n# The kinds of card")
    (copy / "game.yaml").write_text(text[:start] + "\n" + text[end:], encoding="utf-8")
    options = load_content(copy).options
    assert options == model.Options() and options.actions is None
    assert options.action_limits({"play": "play", "draw arcana": "arcana"}, 2) == {
        "play": 2, "arcana": 2}


def test_each_option_is_read_with_its_numbers(copy):
    _switch(copy, "  turns: by-player", "  turns: by-action")
    _switch(copy, "  hand: {rule: limit}", "  hand: {rule: draw-up-to, size: 6}")
    _switch(copy, "  level_up: {cost: any-card}",
            "  level_up: {cost: power, once_per_grimoire: true}")
    _switch(copy, "  verses: {place: row}", "  verses: {place: deck, depths: {2 players: "
            "[[5, 9], 14], 3 players: [7, [18, 22]], 4 players: [9, 26]}}")
    _switch(copy, "  dark_deeds: {place: private}", "  dark_deeds: {place: market, size: 4}")
    _switch(copy, "  discard: personal", "  discard: shared")
    _switch(copy, "  end: {after: rounds}", "  end: {after: deck-emptied, times: "
            "{2 players: 2, 3 players: 3, 4 players: 3}, most_rounds: 12}")
    o = load_content(copy).options
    assert (o.turns, o.hand, o.hand_size, o.level_cost, o.level_once) == (
        "by-action", "draw-up-to", 6, "power", True)
    assert o.depths(2) == ((5, 9), (14, 14)) and o.depths(3) == ((7, 7), (18, 22))
    assert (o.deeds, o.market, o.discard) == ("market", 4, "shared")
    assert (o.end, o.empties(2), o.empties(4), o.most_rounds) == ("deck-emptied", 2, 3, 12)
    assert str(o.places["hand"]) == "game.yaml:47:9"
    assert str(o.places["actions.draw arcana"]) == "game.yaml:43:5"


def test_an_option_written_over_others_replaces_that_option_whole():
    base = model.Options(hand="draw-up-to", hand_size=6, discard="shared")
    changed = over(base, {"hand": {"rule": "limit"}, "turns": "by-action"})
    assert (changed.hand, changed.hand_size, changed.turns, changed.discard) == (
        "limit", 5, "by-action", "shared")


def test_every_option_has_its_words_for_diff():
    o = model.Options(verses="deck", verse_depths=((2, ((5, 9), (14, 14))),))
    assert [words(o, key) for key in FIELDS] == [
        "every action, each at most action_kind_limit a turn", "by-player", "limit",
        "any-card", "deck, depths 2 players 5-9 14", "private", "personal", "rounds"]


# -- the schema ------------------------------------------------------------------------


def test_the_options_schema_has_a_title_and_a_description_for_the_editor():
    options = game_schema()["properties"]["options"]
    assert list(options["properties"]) == list(FIELDS)
    for name, part in options["properties"].items():
        assert part.get("title") and part.get("description"), name


def test_scenario_files_take_game_yamls_rules_and_options_as_they_are():
    scenarios = schema("scenarios")
    game = game_schema()["properties"]
    assert scenarios["$defs"]["options"] == game["options"]
    assert scenarios["$defs"]["rules"] == game["rules"]


def test_the_options_block_of_docs_content_is_what_game_yaml_admits():
    doc = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S)
                 if b.startswith("options:"))
    data = {"name": "Doc", **yaml.safe_load(block)}
    assert list(Draft202012Validator(game_schema()).iter_errors(data)) == []
    assert set(data["options"]) == set(FIELDS)


# -- placed problems -------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "place", "message", "hint"), [
    ("    draw deeds: 2", "    draw deds: 2", "44:5", "the engine has no action 'draw deds'",
     "did you mean 'draw deeds'?"),
    ("  hand: {rule: limit}", "  hand: {rule: draw-up-to}", "47:9",
     "'hand: rule: draw-up-to' needs 'size'", "write {rule: draw-up-to, size: 5}"),
    ("  hand: {rule: limit}", "  hand: {rule: limit, size: 5}", "47:23",
     "'size' belongs to 'rule: draw-up-to', and this is 'rule: limit'",
     "remove 'size', or write 'rule: draw-up-to'"),
    ("  verses: {place: row}", "  verses: {place: deck}", "49:11",
     "'verses: place: deck' needs 'depths'",
     "write depths: {2 players: [[5, 9], [14, 18]], ...}"),
    ("  verses: {place: row}", "  verses: {place: deck, depths: {2 players: [[9, 5], 12], "
     "3 players: [1, 2], 4 players: [1, 2]}}", "49:46",
     "[9, 5] runs from deeper to shallower", "write the shallowest place first: [5, 9]"),
    ("  end: {after: rounds}", "  end: {after: deck-emptied, times: {2 players: 2, "
     "5 players: 3}}", "52:37", "'times' gives nothing for '3 players', '4 players'",
     "the game is for 2 to 4 players: give each count"),
    ("  end: {after: rounds}", "  end: {after: deck-emptied, times: {2 players: 2, 3 players:"
     " 3, 4 players: 3, 5 players: 3}}", "52:80", "the game is for 2 to 4 players, not 5",
     "remove it, or change rules.min_players or max_players"),
    ("  turns: by-player", "  turns: by-seat", "46:10",
     "'turns' must be 'by-player' or 'by-action', not 'by-seat'",
     "use 'by-player' or 'by-action'"),
    ("  dark_deeds: {place: private}", "  dark_deeds: {place: market, size: 0}", "50:37",
     "'size' must be at least 1, not 0", "The face-up Dark Deeds of the market."),
])
def test_a_bad_option_is_placed_with_a_hint(copy, old, new, place, message, hint):
    _switch(copy, old, new)
    content, errors = check_content(copy)
    assert content is None
    found = [e for e in errors if e.message == message]
    assert found, [e.message for e in errors]
    assert (f"{found[0].line}:{found[0].column}", found[0].hint) == (place, hint)
    assert Path(found[0].where).name == "game.yaml"


def test_power_needs_a_power_field_on_the_arcana(copy, capsys):
    _switch(copy, "  level_up: {cost: any-card}", "  level_up: {cost: power}")
    _switch(copy, "      power: {type: integer, min: 0, max: 10, title: Power,",
            "      strength: {type: integer, min: 0, max: 10, title: Power,")
    assert main(["check", "--content", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:48:20: a level up paid with power reads each Arcana card's 'power', " \
           "and the arcana kind declares none" in out
    assert "Traceback" not in out


# -- switching an option in a copy: play changes, no Python edited ------------------------

SCENARIO = """# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: the-draw-phase-of-this-game
    rule: "Draw Phase"
    says: What a player with three cards draws in the Draw phase.
    given:
      player 1: {hand: 3}
      arcana deck: [Hellhound, Bone Lantern, Vein Tithe, Imp Familiar]
    when:
      - draw phase: arcana
    then:
      player 1: {hand: {count: 6, has: [Hellhound, Bone Lantern, Vein Tithe]}}
      arcana deck: {top: [Imp Familiar]}
  - id: drawing-an-arcana-card
    rule: "Action: Draw an Arcana Card"
    says: The action draws one card.
    given:
      arcana deck: [Hellhound]
    when:
      - draw arcana
    then:
      player 1: {hand: [Hellhound]}
"""


def _test(root: Path, capsys) -> str:
    (root / "scenarios" / "switched.yaml").write_text(SCENARIO, encoding="utf-8")
    main(["test", "--content", str(root), str(root / "scenarios" / "switched.yaml")])
    return capsys.readouterr().out


def test_switching_the_hand_rule_to_draw_up_to_five_changes_play(copy, capsys):
    assert "2 scenarios: 2 passed" in _test(copy, capsys)
    _switch(copy, "  hand: {rule: limit}", "  hand: {rule: draw-up-to, size: 5}")
    out = _test(copy, capsys)
    # the Draw phase now asks nothing: the scenario's answer 'arcana' is never asked for
    assert "ERROR the-draw-phase-of-this-game" in out and "the move never asks how to draw" \
        in out
    assert "PASS drawing-an-arcana-card" in out
    assert not list(copy.rglob("*.py"))  # no Python: game.yaml alone changed
    drawn_up = SCENARIO.replace("      - draw phase: arcana\n", "      - draw phase\n")
    drawn_up = drawn_up.replace("{count: 6, has: [Hellhound, Bone Lantern, Vein Tithe]}",
                                "{count: 5, has: [Hellhound, Bone Lantern], lacks: [Vein Tithe]}")
    drawn_up = drawn_up.replace("{top: [Imp Familiar]}", "{top: [Vein Tithe, Imp Familiar]}")
    (copy / "scenarios" / "switched.yaml").write_text(drawn_up, encoding="utf-8")
    main(["test", "--content", str(copy), str(copy / "scenarios" / "switched.yaml")])
    assert "2 scenarios: 2 passed" in capsys.readouterr().out


def test_switching_the_actions_to_play_and_level_up_changes_play(copy, capsys):
    text = (copy / "game.yaml").read_text(encoding="utf-8")
    _switch(copy, "    draw arcana: 2\n    draw deeds: 2\n    manifest: 2\n", "")
    out = _test(copy, capsys)
    assert "PASS the-draw-phase-of-this-game" in out
    assert ("FAIL drawing-an-arcana-card: expected the move to be allowed, got the error "
            "'the action 'draw an Arcana card' is not on offer in this game'") in out
    assert "game.yaml" in (copy / "game.yaml").read_text() and text != (
        copy / "game.yaml").read_text()


def test_a_switched_option_plays_in_simulate(copy, capsys):
    def tally(root: Path) -> dict:
        assert main(["simulate", "--content", str(root), "--games", "20", "--players", "2",
                     "--bots", "greedy", "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    before = tally(copy)
    _switch(copy, "    draw arcana: 2\n    draw deeds: 2\n    manifest: 2\n", "")
    after = tally(copy)
    assert after["tally"] != before["tally"]


def test_a_packs_reference_card_can_state_its_options(copy):
    from prophecy.compiler.faces import reference_lines

    _switch(copy, "  hand: {rule: limit}", "  hand: {rule: draw-up-to, size: 6}")
    (copy / "templates" / "reference.txt.j2").write_text(
        "# End of your turn\n{% if options.hand == 'draw-up-to' %}- Draw up to "
        "{{ options.hand_size }} cards.{% else %}- Hand {{ rules.hand_limit }}.{% endif %}\n",
        encoding="utf-8")
    assert reference_lines(load_content(copy)) == ("# End of your turn",
                                                   "- Draw up to 6 cards.")
