"""docs/content.md: its example files check clean and its sample report is real output."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from prophecy.compiler.model.loader import check_content
from prophecy.tools import main

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "content.md"
DEFECTS = HERE / "fixtures" / "defects"


def _examples(minimal: Path) -> dict[str, str]:
    """The doc's example files; its game.yaml shown without the kinds block (docs/packs.md
    teaches that), so the minimal game's kinds (the bundled game's) are put back under it."""
    text = DOC.read_text(encoding="utf-8")
    found = dict(re.findall(r"<!-- check: (\S+) -->\n```yaml\n(.*?)```", text, re.S))
    game = (minimal / "game.yaml").read_text(encoding="utf-8")
    kinds = game[game.index("\nengine:"):]
    found["game.yaml"] = found["game.yaml"] + kinds
    return found


def test_every_file_kind_has_an_example(minimal_content):
    assert set(_examples(minimal_content)) == {
        "game.yaml", "arcana/blood-magic.yaml", "grimoires.yaml", "deeds/blood-magic.yaml",
        "verses.yaml", "hirelings.yaml", "titles.yaml", "reference.yaml", "tracker.yaml",
    }


def test_the_examples_check_clean(tmp_path, minimal_content):
    root = tmp_path / "content"
    shutil.copytree(minimal_content, root)
    for rel, text in _examples(minimal_content).items():
        (root / rel).write_text(text, encoding="utf-8")
    content, errors = check_content(root)
    assert [str(e) for e in errors] == []
    assert content.of_kind("arcana")[0].name == "Open Vein"


def test_the_sample_report_is_what_check_prints(tmp_path, monkeypatch, capsys, minimal_content):
    root = tmp_path / "content"
    shutil.copytree(minimal_content, root)
    for case in ("unknown-name-in-effect", "this-on-verse"):
        shutil.copytree(DEFECTS / case, root, dirs_exist_ok=True, ignore=_case_files)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--content", "content"]) == 1
    text = DOC.read_text(encoding="utf-8")
    sample = re.search(r"## What check reports.*?```text\n(.*?)```", text, re.S).group(1)
    assert capsys.readouterr().out == sample


def _case_files(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n in ("expected.txt", "delete.txt")]


def test_the_json_sample_is_what_cards_prints(tmp_path, capsys, minimal_content):
    import json

    root = tmp_path / "content"
    shutil.copytree(minimal_content, root)
    for rel, text in _examples(minimal_content).items():
        (root / rel).write_text(text, encoding="utf-8")
    assert main(["cards", "--json", "--kind", "arcana", "--content", str(root)]) == 0
    cards = {card["id"]: card for card in json.loads(capsys.readouterr().out)}
    text = DOC.read_text(encoding="utf-8")
    sample = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    assert cards[sample["id"]] == sample
