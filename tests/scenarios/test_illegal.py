"""Every kind of illegal move and the whole error it gets, one line of illegal.txt each.

A scenario's ``error:`` checks words of the error; here the message and the
hint are held in full. Adding a case is adding a line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prophecy.tools import main

HERE = Path(__file__).resolve().parent
HEAD = """\
# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: case
    rule: x
    says: y
    given:
      player 1:
        hand: [Vein Tithe]
        grimoires: {Necromancy: 4, Blood Magic: 3}
        dark deeds: [{The First Cut: 1}]
        completed: [Sign in Ash]
      dark deed deck: [Crimson Rain, Feast of Horns, The Bone Orchard]
"""


def cases() -> list[tuple[str, str]]:
    lines = (HERE / "illegal.txt").read_text(encoding="utf-8").splitlines()
    return [tuple(part.strip() for part in line.split(" ; ", 1))  # type: ignore[misc]
            for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("moves", "said"), cases(), ids=[m for m, _ in cases()])
def test_an_illegal_move_is_refused_in_words(moves, said, tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(f"{HEAD}    when: {moves}\n    error: {json.dumps(said)}\n",
                    encoding="utf-8")
    code, out = main(["test", "-q", str(path)]), capsys.readouterr().out
    assert code == 0, out
    path.write_text(f"{HEAD}    when: {moves}\n    then: {{}}\n", encoding="utf-8")
    assert main(["test", str(path)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"FAIL case: expected the move to be allowed, got the error '{said}'"


@pytest.mark.parametrize(("move", "phase"), [
    ("draw phase: arcana", "Draw"), ("table cleanup", "Table Cleanup"),
    ("hireling phase", "Hireling")])
def test_the_final_round_refuses_its_missing_phases_by_name(move, phase, tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(f"{HEAD}      round: 5\n    when: [{move}]\n    then: {{}}\n",
                    encoding="utf-8")
    assert main(["test", str(path)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("FAIL case: expected the move to be allowed, got the error 'round 5 is "
                     f"the final round: it has no {phase} phase'")
