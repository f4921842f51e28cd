"""What a FAIL line says, for every kind of expectation: one line of failures.txt each.

Every case checks one expectation that does not hold on the same table, after
the same moves, and the words of the FAIL line it must give. Adding a case is
adding a line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.tools import main

HERE = Path(__file__).resolve().parent
TABLE = """\
# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: case
    rule: x
    says: y
    given:
      player 1:
        hand: [Vein Tithe, Imp Familiar]
        discard pile: [Hellhound]
        stash: [Bone Lantern]
        completed: [Sign in Ash]
        dark deeds: [{The First Cut: [Imp Familiar]}, {Rob the Churchyard: 2}]
        grimoires: {Necromancy: 2}
      arcana deck: {exactly: [Ghoul Pack, Grave Robbing]}
      center: [Lesser Tempter]
      dark deed deck: {exactly: [Crimson Rain, Feast of Horns]}
      dark deed discard: [Raise a Servant]
      hireling deck: {exactly: [The Cutpurse, The Informer]}
      hireling discard: [The Smuggler]
      verses: [The Red Star]
      hireling: {name: The Witch Hunter, verse: The Red Star}
      titles: [Keeper of the Red Ledger]
    when:
      - play: Vein Tithe
        use: no
        complete: [Rob the Churchyard]
        bonus: no
      - end game
    then:
"""


def cases() -> list[tuple[str, str]]:
    lines = (HERE / "failures.txt").read_text(encoding="utf-8").splitlines()
    return [tuple(part.strip() for part in line.rsplit(" ; ", 1))  # type: ignore[misc]
            for line in lines if line.strip() and not line.startswith("#")]


def test_the_table_passes_when_nothing_is_expected(tmp_path, capsys):
    (tmp_path / "s.yaml").write_text(TABLE + "      round: 1\n", encoding="utf-8")
    assert main(["test", str(tmp_path / "s.yaml")]) == 0


@pytest.mark.parametrize("pile", ["arcana deck", "center", "dark deed discard"])
def test_an_empty_top_or_bottom_holds_for_any_pile(pile, tmp_path, capsys):
    (tmp_path / "s.yaml").write_text(f"{TABLE}      {pile}: {{top: [], bottom: []}}\n",
                                     encoding="utf-8")
    assert main(["test", str(tmp_path / "s.yaml")]) == 0, capsys.readouterr().out


@pytest.mark.parametrize(("then", "message"), cases(), ids=[c[0] for c in cases()])
def test_a_failed_expectation_says_what_and_where(then, message, tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(f"{TABLE}      {then}\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"FAIL case: {message}"
    line = TABLE.count("\n") + 1  # the expectation is the line after the table
    assert lines[1].startswith(f"    at {path}:{line}:")
