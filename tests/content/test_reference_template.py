"""A pack's reference template is the designer's own file: a name it reads that the game has
not, or a tag that does not read, is a problem at its line in `check` (with or without
--no-fit), `build` and `lint`, never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.tools import main

LINE = "{{ rules.hand_limit }}"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    return root


def _write(root: Path, new: str) -> tuple[int, int]:
    """The template with its hand limit written ``new``; the line and column it is at."""
    path = root / "templates" / "reference.txt.j2"
    text = path.read_text(encoding="utf-8")
    assert text.count(LINE) == 1
    before = text[:text.index(LINE)]
    path.write_text(text.replace(LINE, new), encoding="utf-8")
    return before.count("\n") + 1, len(before) - before.rfind("\n")


@pytest.mark.parametrize("fit", [[], ["--no-fit"]])
def test_a_misspelt_name_is_placed_at_its_use_with_the_name_meant(game, capsys, fit):
    line, column = _write(game, "{{ rules.hand_limt }}")
    assert main(["check", *fit, "--content", str(game)]) == 1
    out, err = capsys.readouterr()
    assert (f"templates/reference.txt.j2:{line}:{column + 3}: the reference template reads "
            "'rules.hand_limt', which the game does not have") in out
    assert "did you mean 'rules.hand_limit'?" in out
    assert "internal error" not in out + err


def test_a_tag_that_does_not_read_is_placed_at_its_line(game, capsys):
    line, _ = _write(game, "{{ rules.hand_limit }")
    assert main(["check", "--content", str(game)]) == 1
    out, err = capsys.readouterr()
    assert f"templates/reference.txt.j2:{line}:1: the reference template does not read" in out
    assert "internal error" not in out + err


def test_build_stops_at_the_template_and_writes_nothing(game, tmp_path, capsys):
    _write(game, "{{ rules.hand_limt }}")
    out_dir = tmp_path / "out"
    assert main(["build", "--content", str(game), "--out", str(out_dir)]) == 1
    captured = capsys.readouterr()
    assert "did you mean 'rules.hand_limit'?" in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err
    assert not out_dir.exists() or not any(out_dir.rglob("*.pdf"))


def test_no_fit_still_reads_a_layout_s_templates(game, capsys):
    """--no-fit leaves the text unmeasured, not the faces unread: a field a box's template
    names that the card has not is found at the layout's line."""
    path = game / "layouts" / "poker.yaml"
    text = path.read_text(encoding="utf-8")
    old = 'style: title, show: "{{ name }}"}'
    assert text.count(old) >= 1
    path.write_text(text.replace(old, 'style: title, show: "{{ nmae }}"}', 1), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    assert main(["check", "--no-fit", "--content", str(game)]) == 1
    out = capsys.readouterr().out
    assert f"layouts/poker.yaml:{line}:" in out
    assert "'nmae' is no field of the card's kind" in out and "did you mean 'name'?" in out
    assert out.count("'nmae' is no field") == 1  # said once, not once a card
