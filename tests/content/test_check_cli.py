"""`prophecy check` on clean content: the summary line and the exit code."""

from __future__ import annotations

from pathlib import Path

from prophecy.tools import main

HEADER = "# yaml-language-server: $schema=schemas/reference.schema.json\n"

MINIMAL = Path(__file__).resolve().parent / "fixtures" / "minimal"


def test_clean_content_prints_only_the_summary_and_exits_0(capsys):
    assert main(["check", "--content", str(MINIMAL)]) == 0
    assert capsys.readouterr().out == (
        "content: 13 cards (4 arcana, 2 grimoire, 2 deed, 1 verse, 1 hireling, 1 title, "
        "1 reference, 1 tracker), 11 effect lines, 0 problems\n"
    )


def test_one_problem_is_singular(make_content, capsys):
    root = make_content(files={"reference.yaml": HEADER + "reference: {name: A, hue: red}\n"})
    assert main(["check", "--content", str(root)]) == 1
    assert capsys.readouterr().out.rstrip().endswith(", 1 problem")
