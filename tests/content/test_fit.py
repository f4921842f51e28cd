"""Text fit is a check: every face whose text overflows its box, reported at once at its card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.tools import main

LONG = "Add 1 to lowest-points Dark Deed, then Draw 2 Arcana, then Discard 1 to the center"


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """The bundled content with two Arcana over-full and a Title name too long."""
    root = tmp_path / "content"
    # the scenarios name the cards this renames: left out, they are not what is measured
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*", "scenarios"))
    necro = root / "arcana" / "necromancy.yaml"
    text = necro.read_text()
    more = "".join(f'\n      - "Grimoire Level {n}: {LONG}"' for n in (1, 2, 3))
    text = text.replace('\n      - "Add 1 to lowest-points Dark Deed"',
                        '\n      - "Add 1 to lowest-points Dark Deed"' + more, 2)
    necro.write_text(text)
    titles = root / "titles.yaml"
    titles.write_text(titles.read_text().replace("name: Keeper of the Red Ledger",
                                                 "name: Keeper of the Red Ledger of the Long Road"))
    return root


def test_check_reports_every_overflowing_face_at_its_card(crowded, capsys):
    assert main(["check", "--content", str(crowded)]) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "does not fit" in line]
    assert lines == [
        f"{crowded}/arcana/necromancy.yaml:40:5: arcana/ossuary-key: the text of the 'effects' "
        "box does not fit, even at the smallest size (27 px)",
        f"{crowded}/arcana/necromancy.yaml:110:5: arcana/mournful-banshee: the text of the "
        "'effects' box does not fit, even at the smallest size (27 px)",
        f"{crowded}/titles.yaml:6:5: title/keeper-of-the-red-ledger-of-the-long-road: the text "
        "of the 'title' box does not fit, even at the smallest size (33 px)",
    ]
    assert "      - name: Ossuary Key\n        ^\n  hint: shorten the text" in out
    assert out.rstrip().endswith("3 problems")


def test_no_fit_skips_the_measuring(crowded, capsys):
    assert main(["check", "--no-fit", "--content", str(crowded)]) == 0
    assert "does not fit" not in capsys.readouterr().out


def test_a_second_check_reads_the_results_from_the_cache(crowded, capsys, monkeypatch):
    assert main(["check", "--content", str(crowded)]) == 1
    first = capsys.readouterr().out
    from prophecy.render import backs

    def no_measuring(*args):
        raise AssertionError("a face was laid out again")

    monkeypatch.setattr(backs, "render_face", no_measuring)
    monkeypatch.setattr(backs, "measure_face", no_measuring)
    assert main(["check", "--content", str(crowded)]) == 1
    assert capsys.readouterr().out == first
