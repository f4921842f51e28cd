"""`prophecy check` keeps each scenario file's clean result, keyed by what the file reads.

After an edit, only the files whose check could come out otherwise are
checked again: those naming an edited card, or all of them when game.yaml,
the code or the book's roster (a card added, removed, renamed, recopied)
changed. Each test counts the scenarios checked again, file by file.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from prophecy.compiler.model.files import bundled_content
from prophecy.engine.scenarios import runner
from prophecy.tools import main


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled content in a cache folder of its own, checked once."""
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    assert main(["check", "--no-fit", "--content", str(root)]) == 0
    return root


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many scenarios of each file are checked from now on."""
    counts: Counter[str] = Counter()
    real = runner.check_scenario

    def counting(content, scenario):
        counts[Path(scenario.file).name] += 1
        return real(content, scenario)

    monkeypatch.setattr(runner, "check_scenario", counting)
    return counts


def _check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["check", "--no-fit", "--content", str(root)])
    return code, capsys.readouterr().out


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _scenarios_per_file(root: Path) -> Counter[str]:
    return Counter({p.name: len(re.findall(r"^  - id: ", p.read_text(encoding="utf-8"), re.M))
                    for p in (root / "scenarios").glob("*.yaml")})


def _clean(root: Path) -> str:
    per_file = _scenarios_per_file(root)
    return f"scenarios: {sum(per_file.values())} in {len(per_file)} files, 0 problems"


def _files_naming(root: Path, name: str) -> set[str]:
    return {p.name for p in (root / "scenarios").glob("*.yaml")
            if name.lower() in p.read_text(encoding="utf-8").lower()}


def test_nothing_changed_nothing_is_checked_again(content, checked, capsys):
    code, out = _check(content, capsys)
    assert code == 0 and _clean(content) in out
    assert checked == {}


def test_a_card_no_scenario_names_checks_none_again(content, checked, capsys):
    assert _files_naming(content, "Ossuary Key") == set()
    _edit(content / "arcana" / "necromancy.yaml", '"Add 1 to lowest-points Dark Deed"\n'
          '      - "Grimoire Level 2: Stash', '"Add 2 to lowest-points Dark Deed"\n'
          '      - "Grimoire Level 2: Stash')
    code, out = _check(content, capsys)
    assert code == 0 and _clean(content) in out
    assert checked == {}


def _scenarios_naming(root: Path, name: str) -> Counter[str]:
    """Per file, the scenarios with ``name`` as one of their values or keys (any casing)."""
    def strings(value: object) -> set[str]:
        if isinstance(value, dict):
            return {s for k, v in value.items() for s in strings(k) | strings(v)}
        if isinstance(value, list):
            return {s for v in value for s in strings(v)}
        return {str(value).strip().lower()}

    return Counter({p.name: sum(name.lower() in strings(s) for s in yaml.safe_load(
        p.read_text(encoding="utf-8"))["scenarios"]) for p in (root / "scenarios").glob("*.yaml")
        if name.lower() in p.read_text(encoding="utf-8").lower()})


def test_a_card_the_scenarios_name_checks_the_scenarios_naming_it_again(content, checked,
                                                                         capsys):
    naming = _files_naming(content, "Weeping Blade")
    assert 0 < len(naming) < 12
    path = content / "arcana" / "blood-magic.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("name: Weeping Blade")
    flavor = text.index("flavor: ", start)
    path.write_text(text[:flavor] + "flavor: A new line of flavor.\n"
                    + text[text.index("\n", flavor) + 1:], encoding="utf-8")
    code, _ = _check(content, capsys)
    assert code == 0
    expected = _scenarios_naming(content, "Weeping Blade")
    assert set(expected) == naming and sum(expected.values()) > 0
    assert all(expected[name] < _scenarios_per_file(content)[name] for name in naming)
    assert checked == expected  # of each file naming it, only its scenarios that do


def test_a_damaged_kept_result_checks_its_file_again(content, checked, capsys):
    import json

    from prophecy.tools.cache import content_cache

    path = content_cache(content, "scenarios") / "files.json"
    kept = json.loads(path.read_text(encoding="utf-8"))
    kept["files"]["limits.yaml"]["parts"][0] = {"names": 3}
    kept["files"]["costs.yaml"]["parts"].pop()
    path.write_text(json.dumps(kept), encoding="utf-8")
    code, out = _check(content, capsys)
    assert code == 0 and _clean(content) in out
    per_file = _scenarios_per_file(content)
    assert checked == {name: per_file[name] for name in ("limits.yaml", "costs.yaml")}


def test_a_card_renamed_checks_every_file_again(content, checked, capsys):
    """A name is the book's roster: any scenario might have named it, or the new name."""
    assert _files_naming(content, "Ossuary Key") == set()
    _edit(content / "arcana" / "necromancy.yaml", "name: Ossuary Key", "name: Ossuary Keys")
    code, _ = _check(content, capsys)
    assert code == 0 and checked == _scenarios_per_file(content)


def test_game_yaml_changed_checks_every_file_again(content, checked, capsys):
    path = content / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
    code, _ = _check(content, capsys)
    assert code == 0 and checked == _scenarios_per_file(content)


def test_the_code_changed_checks_every_file_again(content, checked, capsys, monkeypatch):
    from prophecy.tools import scenario_check

    monkeypatch.setattr(scenario_check, "code_digest", lambda: "another version")
    code, _ = _check(content, capsys)
    assert code == 0 and checked == _scenarios_per_file(content)


def test_a_scenario_file_edited_is_checked_again_alone(content, checked, capsys):
    path = content / "scenarios" / "limits.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("says: ") + len("says: ")
    path.write_text(text[:start] + "Said again. " + text[start:], encoding="utf-8")
    code, _ = _check(content, capsys)
    assert code == 0 and checked == {"limits.yaml": _scenarios_per_file(content)["limits.yaml"]}


def test_a_card_change_that_breaks_a_scenario_is_found(content, checked, capsys):
    """One copy fewer of a card a scenario puts on the table twice: its file is read again."""
    path = content / "scenarios" / "limits.yaml"
    path.write_text(path.read_text(encoding="utf-8") + """
  - id: two-bone-lanterns-in-hand
    rule: "9"
    says: Two copies of one card may be held.
    given:
      player 1: {hand: [Bone Lantern, Bone Lantern]}
    when:
      - draw arcana
    then:
      player 1: {hand: 3}
""", encoding="utf-8")
    assert _check(content, capsys)[0] == 0
    _edit(content / "arcana" / "necromancy.yaml", "name: Bone Lantern\n    types: [Item]\n"
          "    copies: 2", "name: Bone Lantern\n    types: [Item]\n    copies: 1")
    code, out = _check(content, capsys)
    assert code == 1
    assert "the game has 1 copy of 'Bone Lantern', and this is one more" in out


def test_an_id_clash_with_a_kept_file_is_reported_as_a_full_check_reports_it(
        content, capsys, tmp_path, monkeypatch):
    path = content / "scenarios" / "limits.yaml"
    first_id = re.search(r"^  - id: (\S+)", (content / "scenarios" / "actions.yaml")
                         .read_text(encoding="utf-8"), re.M)
    assert first_id is not None
    _edit(path, re.findall(r"^  - id: \S+", path.read_text(encoding="utf-8"), re.M)[0],
          f"  - id: {first_id.group(1)}")
    code, out = _check(content, capsys)
    assert code == 1 and f"duplicate scenario id '{first_id.group(1)}'" in out
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "fresh"))
    assert _check(content, capsys) == (code, out)  # as a check without any kept result
