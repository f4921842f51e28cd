"""The fuzz properties (tests/fuzz/properties.py), a bounded number of inputs each.

The whole file runs in well under a minute; ``python tests/fuzz/run.py``
runs the same properties on as many inputs as it is given time for.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from . import properties as prop
from . import runs

pytestmark = pytest.mark.slow  # property-based fuzzing

QUICK = settings(max_examples=300, deadline=2000, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40, deadline=10000, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@QUICK
@given(prop.lines)
def test_the_parser_answers_any_line(text):
    prop.parser_answers(text)


@QUICK
@given(prop.yaml_texts)
def test_the_yaml_reader_answers_any_text(text):
    prop.reader_answers(text)


@SLOW
@given(prop.damaged_files())
def test_the_loader_reports_any_damage_and_never_raises(edited):
    prop.loader_reports(edited)


@SLOW
@given(prop.damaged_spreadsheets())
def test_a_damaged_spreadsheet_is_reported_and_never_raises(text):
    prop.spreadsheet_reports(text)


@SLOW
@given(prop.loose_effects())
def test_fmt_makes_any_loose_content_canonical_and_keeps_it_loading(case):
    prop.fmt_keeps_files(case)


GATE = settings(max_examples=8, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@GATE
@given(prop.gate_content())
def test_whatever_check_accepts_every_other_command_handles(edits):
    prop.check_is_the_gate(edits)


# What the commands read back: every damaged shard, scenario file and log is accepted only
# when it says what it said, and otherwise refused with a placed error; never exit 3.
RUNS = settings(max_examples=30, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@RUNS
@given(runs.damaged_shards())
def test_merge_answers_any_damaged_shard_and_accepts_only_an_unchanged_one(case):
    runs.holds("merge", case)


@RUNS
@given(runs.damaged_scenarios())
def test_test_answers_any_damaged_scenario_file(case):
    runs.holds("test", case)


@RUNS
@given(runs.damaged_logs())
def test_replay_answers_any_damaged_log_and_accepts_only_an_unchanged_one(case):
    runs.holds("replay", case)


HEADER = "# yaml-language-server: $schema=../schemas/scenarios.schema.json\n"
GIVEN = "scenarios:\n  - id: x\n    rule: r\n    says: s\n    given:\n"


@pytest.mark.parametrize(("body", "says"), [
    # each once ended in an internal error (found by the fuzz run)
    (GIVEN + "      seed: 100000000000000000000\n    when: []\n    then: {round: 1}\n",
     "has more than 18 digits"),
    (GIVEN + "      player 1: {dark deeds: [{}]}\n    when: []\n    then: {round: 1}\n",
     "write one Dark Deed per item"),
    (GIVEN + "      arcana deck: [[1]]\n    when: []\n    then: {round: 1}\n",
     "must be text or a whole number, not a list"),
])
def test_known_damage_to_a_scenario_file_is_a_placed_problem(body, says, tmp_path, capsys):
    path = tmp_path / "broken.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    code, said = runs.run_main(["test", str(path)])
    assert code == 1 and says in said and "internal error" not in said, said
    assert f"{path}:" in said


@pytest.mark.parametrize(("line", "says"), [
    ('{"event":"start","seed":' + "9" * 5000 + ',"players":3}', "not a JSON line"),
    ('{"event":["start"],"seed":1,"players":3}', "a log line is an object whose 'event'"),
    ('{"event":"start","seed":NaN,"players":3}', "'NaN' is not a JSON number"),
])
def test_known_damage_to_a_log_is_a_placed_problem(line, says, tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    code, said = runs.run_main(["replay", str(path)])
    assert code == 1 and says in said and "internal error" not in said, said
    assert f"{path}:1:" in said


def test_a_log_whose_answer_is_true_instead_of_1_is_refused(tmp_path):
    # true == 1 in Python: the log's options are compared as JSON text
    text = runs.game_log().replace('"options":[false,true]', '"options":[0,true]', 1)
    path = tmp_path / "games.jsonl"
    path.write_text(text, encoding="utf-8")
    code, said = runs.run_main(["replay", str(path)])
    assert code == 1 and "the log's options here is not what the game asks" in said, said
