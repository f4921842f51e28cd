"""`prophecy test` and `prophecy check` on scenario files: verdicts, places, exit codes.

Each file of ``fixtures/mistakes/`` plants one kind of mistake; its line in
``expected.txt`` is the message and place it must be reported with. Adding a
case is adding a file and its line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.loader import load_content
from prophecy.compiler.model.yamlsafe import compose, read_source
from prophecy.engine.scenarios.names import FILLER, scenario_book
from prophecy.engine.scenarios.runner import run_scenario
from prophecy.engine.scenarios.source import Item, Scenario
from prophecy.tools import main

HERE = Path(__file__).resolve().parent
MISTAKES = HERE / "fixtures" / "mistakes"
CASES = sorted(p.name for p in MISTAKES.glob("*.yaml"))
#: Mistakes found only by playing the moves (check reads a file without playing it).
FOUND_BY_PLAYING = {"answer-never-asked.yaml", "answer-never-asked-by-its-engine-name.yaml",
                    "bad-use.yaml", "unanswered-question.yaml"}
HEADER = "# yaml-language-server: $schema=../schemas/scenarios.schema.json\n"


def expected(case: str) -> list[str]:
    """The case's lines of expected.txt: its messages, each with the hint after it."""
    lines = (MISTAKES / "expected.txt").read_text(encoding="utf-8").splitlines()
    out, mine = [], False
    for line in lines:
        if line.startswith("  hint: "):
            if mine:
                out[-1] += "\n" + line
            continue
        mine = line.startswith(f"{case}:")
        if mine:
            out.append(line)
    return out


def test_every_case_has_its_expected_lines():
    assert [case for case in CASES if not expected(case)] == []


@pytest.mark.parametrize("case", CASES)
def test_a_mistake_is_reported_at_its_place(case, tmp_path, monkeypatch, capsys):
    shutil.copy(MISTAKES / case, tmp_path / case)
    monkeypatch.chdir(tmp_path)
    assert main(["test", case]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    for line in expected(case):
        message, _, hint = line.partition("\n")
        assert message in out
        if hint:  # the hint follows the message, after its source line and caret
            assert hint in out.split(message, 1)[1].split("\n", 4)[:4]
    assert "1 error" in out.splitlines()[-1]


@pytest.fixture(scope="module")
def checked(content_dir, tmp_path_factory) -> str:
    """`prophecy check` on a copy of the content whose scenarios are the mistakes."""
    root = tmp_path_factory.mktemp("check") / "content"
    shutil.copytree(content_dir, root, ignore=shutil.ignore_patterns("scenarios"))
    (root / "scenarios").mkdir()
    for case in CASES:
        shutil.copy(MISTAKES / case, root / "scenarios" / case)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["check", "--content", str(root)]) == 1
    return out.getvalue().replace(f"{root}/scenarios/", "")


@pytest.mark.parametrize("case", sorted(set(CASES) - FOUND_BY_PLAYING))
def test_check_finds_the_mistake_without_playing(case, checked):
    for line in expected(case):
        assert line.partition("\n")[0] in checked


def test_check_sums_up_the_scenarios(checked):
    last = checked.rstrip().splitlines()[-1]
    assert last.startswith("scenarios: ") and last.endswith(" problems")
    assert f"in {len(CASES)} files" in last


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cases.yaml"
    path.write_text(HEADER + "scenarios:\n" + body, encoding="utf-8")
    return path


BODY = """\
  - id: draws-one
    rule: x
    says: y
    given: {arcana deck: [Hellhound]}
    when: [draw arcana]
    then:
      player 1: {hand: [Hellhound]}
  - id: draws-the-wrong-one
    rule: x
    says: y
    given: {arcana deck: [Hellhound]}
    when: [draw arcana]
    then:
      player 1: {hand: [Bone Lantern], discard pile: 0}
      round: 2
  - id: refused
    rule: x
    says: y
    when: [draw arcana, draw arcana, draw arcana]
    error: the most for one kind of action
"""


def test_pass_and_fail_lines_name_the_expectation_and_its_place(tmp_path, monkeypatch, capsys):
    _write(tmp_path, BODY)
    monkeypatch.chdir(tmp_path)
    assert main(["test", "cases.yaml"]) == 1
    assert capsys.readouterr().out == (
        "PASS draws-one\n"
        "FAIL draws-the-wrong-one: expected player 1's hand to be [Bone Lantern], "
        "got [Hellhound]\n"
        "    at cases.yaml:16:24\n"
        "FAIL draws-the-wrong-one: expected the round to be 2, got 1\n"
        "    at cases.yaml:17:14\n"
        "PASS refused\n"
        "3 scenarios: 2 passed, 1 failed, 0 errors\n"
    )


def test_all_passing_exits_0_and_quiet_prints_the_summary(tmp_path, capsys):
    path = _write(tmp_path, BODY.split("  - id: draws-the-wrong-one")[0])
    assert main(["test", str(path)]) == 0
    assert capsys.readouterr().out == "PASS draws-one\n1 scenario: 1 passed, 0 failed, 0 errors\n"
    assert main(["test", "-q", str(path)]) == 0
    assert capsys.readouterr().out == "1 scenario: 1 passed, 0 failed, 0 errors\n"


def test_k_selects_by_id_and_none_selected_is_a_usage_error(tmp_path, capsys):
    path = _write(tmp_path, BODY)
    assert main(["test", str(path), "-k", "REFUSED", "-k", "draws-one"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "PASS draws-one", "PASS refused", "2 scenarios: 2 passed, 0 failed, 0 errors"]
    assert main(["test", str(path), "-k", "nothing-like-it"]) == 2
    err = capsys.readouterr().err
    assert "no scenario id contains 'nothing-like-it'" in err and "Traceback" not in err


def test_an_expected_error_that_does_not_come_fails(tmp_path, capsys):
    path = _write(tmp_path, """\
  - id: allowed
    rule: x
    says: y
    when: [draw arcana]
    error: the most for one kind
  - id: other-words
    rule: x
    says: y
    when: [draw arcana, draw arcana, draw arcana]
    error: a different message
  - id: unexpected
    rule: x
    says: y
    when: [draw arcana, draw arcana, draw arcana]
    then: {round: 1}
""")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL allowed: expected an error saying 'the most for one kind', got no error" in out
    assert ("FAIL other-words: expected an error saying 'a different message', got "
            "'player 1 has already taken the action 'draw an Arcana card' 2 times this round, "
            "the most for one kind of action'") in out
    assert ("FAIL unexpected: expected the move to be allowed, got the error 'player 1 has "
            "already taken") in out
    assert f"at {path}:16:38" in out  # the move that was refused


def test_then_is_checked_after_an_expected_error(tmp_path, capsys):
    path = _write(tmp_path, """\
  - id: refused-and-unchanged
    rule: x
    says: y
    given:
      player 1: {hand: [Vein Tithe]}
      arcana deck: [Hellhound, Bone Lantern]
    when: [draw arcana, draw arcana, draw arcana]
    error: the most for one kind
    then:
      player 1: {hand: [Vein Tithe, Hellhound]}
""")
    assert main(["test", str(path)]) == 1
    assert ("expected player 1's hand to be [Hellhound, Vein Tithe], got "
            "[Bone Lantern, Hellhound, Vein Tithe]") in capsys.readouterr().out


def test_a_missing_file_is_an_error_line(tmp_path, capsys):
    assert main(["test", str(tmp_path / "nowhere.yaml")]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'nowhere.yaml'}: no such file or folder" in out


def test_content_with_problems_is_reported_before_any_scenario(tmp_path, capsys):
    (tmp_path / "game.yaml").write_text("name: x\n", encoding="utf-8")
    assert main(["test", "--content", str(tmp_path)]) == 1
    assert "problem" in capsys.readouterr().err


def _content_with(tmp_path: Path, **rules: int) -> Path:
    """A copy of the bundled content with some of game.yaml's rules set (``hand_limit=1``)."""
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", content)
    game = content / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for key, value in rules.items():
        start = text.index(f"  {key}: ")
        text = text[:start] + f"  {key}: {value}" + text[text.index("\n", start):]
    game.write_text(text, encoding="utf-8")
    return content


def test_a_hand_limit_below_the_starting_hand_is_reported_not_an_internal_error(
        tmp_path, capsys):
    """The engine's setup asks which card to shed before the table is laid: no answer needed."""
    content = _content_with(tmp_path, hand_limit=1)
    assert main(["check", "--content", str(content)]) == 1
    out, err = capsys.readouterr()
    assert "internal error" not in out + err
    assert "a hand over the limit is shed at once" in out + err


def test_a_clean_scenario_check_is_kept_and_any_change_checks_again(tmp_path, capsys,
                                                                    monkeypatch):
    from prophecy.engine.scenarios import runner

    content = _content_with(tmp_path)
    assert main(["check", "--no-fit", "--content", str(content)]) == 0
    first = capsys.readouterr().out

    def never(*args):
        raise AssertionError("the scenarios were checked again")

    monkeypatch.setattr(runner, "check", never)
    monkeypatch.setattr(runner, "check_scenario", never)
    assert main(["check", "--no-fit", "--content", str(content)]) == 0
    assert capsys.readouterr().out == first  # the same summary, from the cache
    monkeypatch.undo()
    path = content / "scenarios" / "actions.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("play: ") + len("play: ")
    path.write_text(text[:start] + "No Such Card" + text[text.index("\n", start):],
                    encoding="utf-8")
    assert main(["check", "--no-fit", "--content", str(content)]) == 1
    out = capsys.readouterr().out
    assert "actions.yaml:" in out and "No Such Card" in out


def test_more_players_than_a_table_defaults_to_is_reported_at_each_scenario(tmp_path, capsys):
    """min_players above the default table: each scenario laid out for the fewest allowed."""
    content = _content_with(tmp_path, min_players=5, max_players=7)
    assert main(["check", "--no-fit", "--content", str(content)]) == 1
    out, err = capsys.readouterr()
    assert "internal error" not in out + err
    assert "5 players need 5 Blood Magic Grimoire cards" in out + err
    assert "scenarios/actions.yaml:" in out + err


def test_a_table_the_rules_refuse_is_a_failure_at_the_scenario_that_gives_no_table(
        tmp_path, monkeypatch, capsys):
    """min_players above what the Grimoire cards allow: `test` reports it at the scenario."""
    content = _content_with(tmp_path, min_players=5, max_players=7)
    _write(tmp_path, "  - id: no-table\n    rule: x\n    says: y\n    when: [draw arcana]\n"
                     "    then: {round: 1}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["test", "--content", str(content), "cases.yaml"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "FAIL no-table: expected the move to be allowed, got the error '5 players need 5 "
        "Blood Magic Grimoire cards; the content has 4 (give that Grimoire 'copies: 5' or "
        "play with fewer players (prophecy lint checks this as PL505))'",
        "    at cases.yaml:3:5",
        "1 scenario: 0 passed, 1 failed, 0 errors",
    ]


# -- scenarios that no schema checked (read by a program, not by `prophecy test`) ---------


def _unchecked(tmp_path: Path, body: str) -> Scenario:
    """The first scenario of a file, read without the schema that would refuse it."""
    path = _write(tmp_path, body)
    src = read_source(path, path.name)
    root, problems = compose(src)
    assert root is not None and problems == []
    listed = Item(src, root).get("scenarios")
    assert listed is not None
    item = listed.items()[0]
    given, when, then = item.get("given"), item.get("when"), item.get("then")
    assert when is not None
    return Scenario("unchecked", "x", "y", item, given, when.items(), then, None)


def test_an_unknown_expectation_names_every_expectation(tmp_path, content_dir):
    # a word near none of them ('rounds' is told 'round')
    s = _unchecked(tmp_path, "  - when: [draw arcana]\n    then: {weather: 1}\n")
    outcome = run_scenario(load_content(content_dir), s)
    assert outcome.status == "ERROR" and outcome.error is not None
    assert (outcome.error.message, outcome.error.line, outcome.error.column) == (
        "unknown expectation 'weather'", 4, 12)
    assert outcome.error.hint == (
        "the expectations are round, game over, arcana deck, center, dark deed deck, "
        "dark deed discard, dark deed market, hireling deck, hireling discard, verses, "
        "face-down verses, hireling, titles, winner, reshuffles, deck emptied, offered, asked, "
        "not asked, 'player N'")


@pytest.mark.parametrize(("then", "message", "hint"), [
    ("{arcana dek: 1}", "unknown expectation 'arcana dek'", "did you mean 'arcana deck'?"),
    ("{player 1: {score: {stashh: 3}}}", "unknown part of a score 'stashh'",
     "did you mean 'stash'?"),
])
def test_a_misspelt_expectation_gets_the_nearest_spelling(tmp_path, content_dir, then,
                                                          message, hint):
    s = _unchecked(tmp_path, f"  - when: [draw arcana]\n    then: {then}\n")
    outcome = run_scenario(load_content(content_dir), s)
    assert outcome.error is not None
    assert (outcome.error.message, outcome.error.hint) == (message, hint)


def test_a_hireling_in_play_without_its_verse_is_refused(tmp_path, content_dir):
    s = _unchecked(tmp_path, "  - given:\n      verses: [The Red Star]\n"
                             "      hireling: {name: The Cutpurse}\n"
                             "    when: [prophecy phase]\n    then: {}\n")
    outcome = run_scenario(load_content(content_dir), s)
    assert outcome.status == "ERROR" and outcome.error is not None
    assert (outcome.error.message, outcome.error.line, outcome.error.column) == (
        "a Hireling in play needs 'name' and 'verse' (the Verse it is on)", 5, 17)


def test_the_filler_is_one_more_arcana_design_after_the_contents_own(content_dir):
    content = load_content(content_dir)
    designs = [card.name for card in scenario_book(content).designs]
    arcana = sum(1 for card in content.cards if card.kind == "arcana")
    names = [card.name for card in content.cards]
    assert designs == [*names[:arcana], FILLER, *names[arcana:]]
