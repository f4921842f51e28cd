"""`check --json`, `test --json` and `test --junit`: what a script or a CI service reads.

Each output is parsed back (json.loads, ElementTree) and its facts compared with
the problems and verdicts the same run prints for people.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from prophecy.tools import main

HERE = Path(__file__).resolve().parent
MISTAKES = HERE / "scenarios" / "fixtures" / "mistakes"
HEADER = "# yaml-language-server: $schema=../schemas/scenarios.schema.json\n"

#: One scenario that passes, one whose expectation is wrong, one that names no card.
SCENARIOS = HEADER + """scenarios:
  - id: draws-a-card
    rule: "Action: Draw an Arcana Card"
    says: Drawing takes the top card of the Arcana deck.
    given:
      player 1: {hand: []}
      arcana deck: [Imp Familiar, Hellhound]
    when:
      - draw arcana
    then:
      player 1: {hand: [Imp Familiar]}
  - id: draws-the-wrong-card
    rule: "Action: Draw an Arcana Card"
    says: This one expects the second card, so it fails.
    given:
      player 1: {hand: []}
      arcana deck: [Imp Familiar, Hellhound]
    when:
      - draw arcana
    then:
      player 1: {hand: [Hellhound]}
  - id: plays-a-card-that-is-not-there
    rule: "Action: Play a Card"
    says: A card no one wrote is a mistake in the scenario.
    given:
      player 1: {hand: [Imp Familiar]}
    when:
      - play: Imp Familar
    then:
      player 1: {hand: []}
"""


def _scenarios(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.yaml"
    path.write_text(SCENARIOS, encoding="utf-8")
    return path


def test_test_json_gives_each_scenario_its_verdict_place_and_reason(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["test", "--json", str(_scenarios(tmp_path))]) == 1
    data = json.loads(capsys.readouterr().out)
    by_id = {s["id"]: s for s in data["scenarios"]}
    assert [by_id[i]["status"] for i in ("draws-a-card", "draws-the-wrong-card",
                                         "plays-a-card-that-is-not-there")] == [
        "pass", "fail", "error"]
    failed = by_id["draws-the-wrong-card"]
    assert set(failed) >= {"file", "line", "column", "code", "message", "fix"}
    assert failed["file"].endswith("mixed.yaml")
    # the expectation that breaks is the hand on the scenario's last line
    assert failed["line"] == SCENARIOS.splitlines().index(
        "      player 1: {hand: [Hellhound]}") + 1
    assert "Hellhound" in failed["message"] and "Imp Familiar" in failed["message"]
    error = by_id["plays-a-card-that-is-not-there"]
    assert "Imp Familar" in error["message"] and "Imp Familiar" in error["fix"]
    assert data["summary"]["pass"] == 1 and data["summary"]["ok"] is False


def test_junit_xml_reads_back_as_one_testcase_per_scenario(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "reports" / "junit.xml"
    out.parent.mkdir()
    assert main(["test", "--junit", str(out), str(_scenarios(tmp_path))]) == 1
    printed = capsys.readouterr().out
    assert "FAIL draws-the-wrong-card" in printed  # the people's report is printed as well
    suite = ET.parse(out).getroot()
    assert suite.tag == "testsuite"
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert list(cases) == ["draws-a-card", "draws-the-wrong-card",
                           "plays-a-card-that-is-not-there"]
    assert list(cases["draws-a-card"]) == []
    [failure] = list(cases["draws-the-wrong-card"])
    assert failure.tag == "failure" and "Hellhound" in (failure.get("message") or "")
    assert [e.tag for e in cases["plays-a-card-that-is-not-there"]] == ["error"]
    assert cases["draws-a-card"].get("classname") == f"{tmp_path.name}.mixed"


def test_junit_names_a_file_that_could_not_be_read(tmp_path, capsys, monkeypatch):
    shutil.copy(MISTAKES / "no-schema-line.yaml", tmp_path / "broken.yaml")
    monkeypatch.chdir(tmp_path)
    assert main(["test", "--junit", "out.xml", "broken.yaml"]) == 1
    suite = ET.parse(tmp_path / "out.xml").getroot()
    assert suite.get("errors") == str(len(list(suite.iter("error")))) != "0"
    assert all(c.get("file") == "broken.yaml" for c in suite.iter("testcase"))


def test_check_json_is_clean_on_clean_content(capsys, minimal_content):
    assert main(["check", "--json", "--content", str(minimal_content)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["problems"] == [] and data["summary"]["problems"] == 0
    assert "12 card designs" in data["summary"]["text"]


def test_check_json_gives_each_problem_its_place_code_and_fix(tmp_path, capsys, minimal_content):
    folder = tmp_path / "game"
    shutil.copytree(minimal_content, folder)
    arcana = next((folder / "arcana").glob("*.yaml"))
    text = arcana.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "Level" in t)
    arcana.write_text(text.replace("Level", "Levle", 1), encoding="utf-8")
    assert main(["check", "--content", str(folder)]) == 1
    shown = capsys.readouterr().out
    assert main(["check", "--json", "--content", str(folder)]) == 1
    [problem] = json.loads(capsys.readouterr().out)["problems"]
    assert problem["file"] == str(arcana) and problem["line"] == line
    assert problem["code"] == "effect"
    # the same problem the text prints, at the same place, with the same hint
    assert f"{arcana}:{line}:{problem['column']}: {problem['message']}" in shown
    assert problem["fix"] and f"hint: {problem['fix']}" in shown


def test_check_json_carries_each_line_read_as_its_canonical_text(tmp_path, capsys,
                                                                  minimal_content):
    """A line read only once rewritten (ruling 20) is a note in the JSON, as in the text:
    placed, with the canonical line `prophecy fmt` writes as its fix; not a problem."""
    folder = tmp_path / "game"
    shutil.copytree(minimal_content, folder)
    arcana = folder / "arcana" / "blood-magic.yaml"
    text = arcana.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "Draw 1 Arcana" in t)
    arcana.write_text(text.replace("Draw 1 Arcana", "When you play this, draw a card.", 1),
                      encoding="utf-8")
    assert main(["check", "--content", str(folder)]) == 0
    shown = capsys.readouterr().out
    assert main(["check", "--json", "--content", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["problems"] == [] and data["summary"]["notes"] == 1
    [note] = data["notes"]
    assert (note["file"], note["line"], note["code"]) == (str(arcana), line, "reads-as")
    assert note["fix"] == "Draw 1 Arcana"
    assert f"{arcana}:{line}:{note['column']}: note: {note['message']}" in shown
