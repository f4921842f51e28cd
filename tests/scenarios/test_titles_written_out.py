"""Titles a scenario writes out instead of naming: their name, points, and refusals."""

from __future__ import annotations

import json

import pytest

from prophecy.tools import main

HEAD = """\
# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: case
    rule: x
    says: y
    given:
      player 1: {stash: 2}
      player 2: {stash: 1}
      titles: [TITLE]
    when: [end game]
"""


def run(tmp_path, capsys, title: str, tail: str) -> tuple[int, str]:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD.replace("TITLE", title) + tail, encoding="utf-8")
    code = main(["test", str(path)])
    return code, capsys.readouterr().out


def test_a_title_written_out_is_named_by_its_condition_and_scores_nothing_by_default(
        tmp_path, capsys):
    code, out = run(tmp_path, capsys, '{condition: "Most stashed cards"}',
                    '    then:\n      titles: {Most stashed cards: player 1}\n'
                    '      player 1: {score: {titles: 0}}\n')
    assert code == 0, out


def test_a_title_written_out_takes_its_name_and_points(tmp_path, capsys):
    code, out = run(tmp_path, capsys, '{condition: "Fewest stashed cards", points: 3, name: Mouse}',
                    '    then:\n      titles: {Mouse: player 2}\n'
                    '      player 2: {score: {titles: 3, total: 6}}\n')
    assert code == 0, out


@pytest.mark.parametrize(("title", "said"), [
    ('{condition: "Draw 1 Arcana"}',
     "this is not a Title condition (write it as 'Most stashed cards' or 'Fewest cards in hand')"),
    ('{condition: "Mst stashed cards"}', "unknown word 'Mst' (did you mean 'Most'?)"),
    ('{condition: "Most Dark Deeds in play", points: 2}',
     "a Title counts completed Dark Deeds only, not Dark Deeds in play "
     "(write 'Most completed Dark Deeds')"),
])
def test_a_title_the_language_refuses_is_an_expected_error(title, said, tmp_path, capsys):
    code, out = run(tmp_path, capsys, title, f"    error: {json.dumps(said)}\n")
    assert code == 0, out
    code, out = run(tmp_path, capsys, title, "    then: {}\n")
    assert code == 1
    assert out.splitlines()[0] == (
        f"FAIL case: expected the move to be allowed, got the error '{said}'")


def test_a_title_without_a_condition_is_a_mistake(tmp_path, capsys):
    code, out = run(tmp_path, capsys, "{points: 3}", "    then: {}\n")
    assert code == 1
    assert "s.yaml:9:16: a Title written out needs a 'condition'" in out
    assert "hint: write {condition: \"Most stashed cards\", points: 4}" in out
