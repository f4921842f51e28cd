"""An expansion at the command line: `build --only-new` prints the cards it adds and no
card of the base game it leaves alone; `test` plays the base game's scenarios against the
expanded game beside its own, and says how many came from each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.tools import main

from .test_packs import ASH, EXPANSION  # the same expansion: three Necromancy cards

OWN_SCENARIO = """# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: ashes-cinder-rite-adds-two
    rule: Card Effects
    says: Cinder Rite adds two to a Dark Deed once Necromancy is at level 2.
    given:
      player 1: {hand: [Cinder Rite], grimoires: {Necromancy: 2}, dark deeds: [The First Cut]}
      arcana deck: [Hellhound, Bone Lantern]
    when:
      - play: Cinder Rite
        use: [1]
    then:
      player 1: {dark deeds: [{The First Cut: 2}]}
"""


@pytest.fixture
def ashes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "ashes"
    (root / "arcana").mkdir(parents=True)
    (root / "game.yaml").write_text(EXPANSION)
    (root / "arcana" / "ash.yaml").write_text(ASH)
    return root


def _fronts(out: Path) -> list[str]:
    return sorted(p.name for p in (out / "cards").glob("*.png"))


def test_only_new_prints_the_expansions_own_cards_and_no_base_card(ashes, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", "--only-new", "--content", str(ashes), "--out", str(out)]) == 0
    assert _fronts(out) == ["arcana-cinder-rite.png", "arcana-ember-skull.png"]
    listed = json.loads((out / "cards.json").read_text(encoding="utf-8"))
    assert sorted(c["id"] for c in listed["cards"]) == ["arcana/cinder-rite",
                                                        "arcana/ember-skull"]
    assert (out / "sheets-a4.pdf").is_file()
    err = capsys.readouterr().err
    assert "Ashes of the Prophecy: 2 new cards, 0 of the base game's printed otherwise" in err


def test_only_new_prints_the_reference_card_when_the_expansion_changes_its_rules(
        ashes, tmp_path):
    (ashes / "game.yaml").write_text(EXPANSION + "rules:\n  hand_limit: 8\n")
    out = tmp_path / "out"
    assert main(["build", "--only-new", "--content", str(ashes), "--out", str(out)]) == 0
    assert _fronts(out) == ["arcana-cinder-rite.png", "arcana-ember-skull.png",
                            "reference-reference-card.png"]


def test_only_new_on_a_game_that_extends_none_is_a_usage_error(tmp_path, capsys):
    assert main(["init", str(tmp_path / "g"), "--blank"]) == 0
    assert main(["build", "--only-new", "--content", str(tmp_path / "g"),
                 "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "prophecy build --only-new: --only-new prints the cards an expansion adds, and " \
        "this game extends no other" in err
    assert not (tmp_path / "out").exists()
    assert main(["build", "--only-new", "--changed-since", "HEAD",
                 "--content", str(tmp_path / "g")]) == 2
    assert "--changed-since and --only-new choose the cards two ways" in \
        capsys.readouterr().err


def test_test_plays_the_base_games_scenarios_with_the_expansions_cards(ashes, capsys):
    (ashes / "scenarios").mkdir()
    (ashes / "scenarios" / "ashes.yaml").write_text(OWN_SCENARIO)
    chosen = ["-k", "ashes-cinder", "-k", "every-effect-is-optional",
              "-k", "setup-shuffles-the-arcana-deck"]
    assert main(["test", "--content", str(ashes), *chosen]) == 1
    out = capsys.readouterr().out
    assert "PASS ashes-cinder-rite-adds-two" in out
    assert "PASS every-effect-is-optional" in out
    # the base game's count of its deck, played with the expansion's three cards in it
    assert "FAIL setup-shuffles-the-arcana-deck: expected the Arcana deck to hold 62 " \
        "cards, got 65 cards" in out
    assert "of these, 2 from the base game's scenarios (" in out
    assert "and 1 from this pack's (" in out
    assert main(["test", "--content", str(ashes), "--json", *chosen]) == 1
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["from"] == {"base": 2, "own": 1}


def test_named_scenario_files_run_alone(ashes, capsys):
    (ashes / "scenarios").mkdir()
    (ashes / "scenarios" / "ashes.yaml").write_text(OWN_SCENARIO)
    assert main(["test", "--content", str(ashes), str(ashes / "scenarios")]) == 0
    out = capsys.readouterr().out
    assert "1 scenario: 1 passed" in out and "from the base game" not in out
