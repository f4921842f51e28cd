"""The bundled scenarios: every one passes under `prophecy test`, and `check` reads them clean."""

from __future__ import annotations

from prophecy.engine.scenarios.source import read_files
from prophecy.tools import main


def test_prophecy_test_passes_on_the_bundled_scenarios(content_dir, capsys):
    scenarios, problems = read_files([content_dir / "scenarios"])
    assert problems == [] and len(scenarios) >= 150
    assert main(["test", "--content", str(content_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:-1] == [f"PASS {s.id}" for s in scenarios]
    assert out[-1] == f"{len(scenarios)} scenarios: {len(scenarios)} passed, 0 failed, 0 errors"


def test_check_reads_the_bundled_scenarios_clean(content_dir, capsys):
    assert main(["check", "--content", str(content_dir)]) == 0
    files = len(list((content_dir / "scenarios").glob("*.yaml")))
    count = len(read_files([content_dir / "scenarios"])[0])
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"scenarios: {count} in {files} files, 0 problems")


def test_each_bundled_file_names_its_schema(content_dir):
    for path in sorted((content_dir / "scenarios").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../schemas/scenarios.schema.json", path
