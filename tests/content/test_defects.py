"""Broken content: one fixture folder per kind of defect, each with its exact message and place.

A case is a folder under ``fixtures/defects/``: the files it holds replace
those of the minimal content folder, ``delete.txt`` lists files to remove, and
``expected.txt`` lists every problem as ``file:line:col: message``. Adding a
case is adding a folder. A case's game.yaml writes no kinds: the bundled game's are put
under it (``with_bundled_kinds``), after every line a problem can be placed on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.compiler.model.loader import ContentErrors, check_content, load_content
from prophecy.tools import main

DEFECTS = Path(__file__).resolve().parent / "fixtures" / "defects"
CASES = sorted(p for p in DEFECTS.iterdir() if p.is_dir())


def _expected(case: Path) -> list[str]:
    return (case / "expected.txt").read_text(encoding="utf-8").splitlines()


def _as_lines(root: Path, errors) -> list[str]:
    return [
        f"{Path(e.where).relative_to(root).as_posix()}:{e.line}:{e.column}: {e.message}"
        for e in errors
    ]


def test_every_kind_of_defect_has_a_case():
    names = {case.name for case in CASES}
    wanted = {
        "malformed-yaml", "tab-indentation", "duplicate-keys", "wrong-type", "unknown-field",
        "missing-field", "unknown-name-in-effect", "bad-effect-syntax", "duplicate-card-names",
        "empty-file", "non-utf8", "alias-bomb", "this-on-verse",
    }
    assert wanted <= names


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_defect_gives_its_exact_message_at_its_place(case, make_content):
    root = make_content(case)
    content, errors = check_content(root)
    assert content is None
    assert _as_lines(root, errors) == _expected(case)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_check_prints_each_problem_and_exits_1(case, make_content, capsys):
    root = make_content(case)
    assert main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    for line in _expected(case):
        assert f"{root}/{line}" in out
    problems = len(_expected(case))
    assert out.rstrip().endswith(f"{problems} problem{'' if problems == 1 else 's'}")


def test_load_content_raises_one_error_holding_every_problem(make_content):
    root = make_content(files={
        "titles.yaml": "# yaml-language-server: $schema=schemas/title.schema.json\n"
                       "titles:\n  - name: The Hoarder\n    condition: Most stashed cards\n"
                       "    points: 5\n    points: 6\n",
        "tracker.yaml": "# yaml-language-server: $schema=schemas/tracker.schema.json\n"
                        "tracker:\n\tname: x\n",
    })
    with pytest.raises(ContentErrors) as caught:
        load_content(root)
    error = caught.value
    assert [(Path(e.where).name, e.line, e.column) for e in error.errors] == [
        ("titles.yaml", 6, 5), ("tracker.yaml", 3, 1),
    ]
    text = str(error)
    assert "duplicate key 'points' (first at line 5)" in text
    assert "a tab character in the indentation" in text
    assert text.endswith("2 problems in the content")


def test_problems_in_several_files_are_all_reported_sorted_by_place(make_content):
    root = make_content(files={
        "verses.yaml": "# yaml-language-server: $schema=schemas/verse.schema.json\n"
                       "verses:\n  - name: The First Omen\n    position: begining\n"
                       "    text: Candles.\n    condition: Most stashed cards\n"
                       "    reward: [Level up this Grimoire, Draw 1 arcana Discard 1]\n",
        "reference.yaml": "# yaml-language-server: $schema=schemas/reference.schema.json\n"
                          "reference:\n  name: Aid\n  heding: x\n",
    })
    _, errors = check_content(root)
    assert _as_lines(root, errors) == [
        "reference.yaml:4:3: unknown field 'heding'",
        "verses.yaml:4:15: 'position' must be 'starting', 'middle' or 'ending', not 'begining'",
        "verses.yaml:6:16: a Verse condition compares no players: 'Most stashed cards' is a "
        "Title's condition",
        "verses.yaml:7:14: 'Level up this Grimoire' means this card's own grimoire, "
        "but a Prophecy Verse has none",
        "verses.yaml:7:52: actions are joined with ', then'",
    ]


def test_error_renders_source_line_caret_and_hint(make_content):
    root = make_content(DEFECTS / "unknown-name-in-effect")
    _, errors = check_content(root)
    assert str(errors[0]).splitlines()[1:] == [
        "          - 'Necromncy Level 2: Draw 1 Arcana'",
        "             ^^^^^^^^^",
        "  hint: did you mean 'Necromancy'?",
    ]


def test_a_folder_without_game_yaml_is_one_clear_error(tmp_path, capsys):
    assert main(["check", "--content", str(tmp_path / "nowhere")]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{tmp_path}/nowhere/game.yaml:1:1: no game.yaml here\n")
    assert out.rstrip().endswith("0 effect lines, 1 problem")


def test_an_unreadable_file_is_a_problem_not_a_crash(make_content):
    root = make_content()
    (root / "arcana" / "folder.yaml").mkdir()
    _, errors = check_content(root)
    assert [(Path(e.where).name, e.message.split(":")[0]) for e in errors] == [
        ("folder.yaml", "not a regular file"),
    ]


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(make_content):
    from prophecy.compiler.model.yamlsafe import MAX_FILE_BYTES

    root = make_content()
    path = root / "titles.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# " + "x" * MAX_FILE_BYTES + "\n",
                    encoding="utf-8")
    _, errors = check_content(root)
    assert [(Path(e.where).name, e.message.split(";")[0]) for e in errors] == [
        ("titles.yaml", f"the file is {path.stat().st_size:,} bytes"),
    ]


def test_a_pipe_named_like_a_content_file_is_not_read(make_content):
    import os

    root = make_content()
    (root / "titles.yaml").unlink()
    os.mkfifo(root / "titles.yaml")  # reading it would wait for a writer for ever
    _, errors = check_content(root)
    assert [(Path(e.where).name, e.message) for e in errors] == [
        ("titles.yaml", "not a regular file"),
    ]
