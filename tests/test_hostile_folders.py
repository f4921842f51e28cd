"""What a folder or an option may hold that no person meant: special files, huge counts.

A named pipe called ``*.yaml`` hung ``build`` (it read every ``*.yaml`` of the
folder, pipes included), a link to ``/dev/zero`` read until the memory ran
out, and ``--jobs 100000`` forked for minutes. Every walk now reads regular
files only, and every count option has a bound that a usage error names.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content, regular_files
from prophecy.engine.bots.roster import MAX_BUDGET
from prophecy.tools import main
from prophecy.tools.options import MAX_GAMES, MAX_PAIRS, MAX_SHARDS, max_jobs


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """The bundled content with a pipe, a link to /dev/zero and loops of links beside it."""
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    notes = root / "notes"
    notes.mkdir()
    os.mkfifo(notes / "pipe.yaml")
    os.mkfifo(root / "layouts" / "draft.yaml")
    (notes / "zero.yaml").symlink_to("/dev/zero")
    (notes / "self.yaml").symlink_to("self.yaml")
    (notes / "up").symlink_to("..")  # a link to a folder above: never followed
    return root


def test_a_walk_yields_regular_files_only(hostile: Path):
    found = [p.relative_to(hostile).as_posix() for p in regular_files(hostile, "*.yaml")]
    assert "game.yaml" in found and "arcana/necromancy.yaml" in found
    assert not [f for f in found if f.startswith(("notes/", "layouts/draft"))]
    assert len(found) == len(set(found))  # the link to the folder above is not walked


def test_check_build_lint_and_simulate_pass_over_special_files(hostile: Path, tmp_path: Path,
                                                                capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    os.mkfifo(docs / "notes.md")
    assert main(["check", "--content", str(hostile)]) == 0
    out = tmp_path / "out"
    assert main(["build", "--content", str(hostile), "--out", str(out), "--jobs", "1",
                 "--only", "Bloodletting"]) == 0
    assert main(["lint", "--content", str(hostile), "--docs", str(docs)]) in (0, 1)
    assert main(["simulate", "--content", str(hostile), "--games", "2"]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_pipe_where_a_content_file_belongs_is_named(hostile: Path, capsys):
    os.mkfifo(hostile / "arcana" / "draft.yaml")
    assert main(["check", "--content", str(hostile)]) == 1
    err = capsys.readouterr().out
    assert "arcana/draft.yaml: not a regular file" in err


def test_the_dask_executor_ships_regular_yaml_files_only(hostile: Path):
    from prophecy.lab.executors import content_files

    files = content_files(hostile)
    assert "game.yaml" in files and not [f for f in files if f.startswith("notes/")]
    assert "layouts/draft.yaml" not in files


@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--jobs", "100000"], f"at most {max_jobs()} worker processes"),
    (["balance", "--jobs", "100000"], f"at most {max_jobs()} worker processes"),
    (["build", "--jobs", "100000"], f"at most {max_jobs()} worker processes"),
    (["build", "--jobs", "0"], "a whole number of 1 or more"),
    (["simulate", "--games", str(10**30)], f"at most {MAX_GAMES:,} games"),
    (["simulate", "--bots", "planner:99999999999999"],
     f"the planner's budget is at most {MAX_BUDGET}"),
    (["balance", "--bots", "greedy,planner:1000"], f"budget is at most {MAX_BUDGET}"),
    (["balance", "--pairs", "99999999"], f"at most {MAX_PAIRS:,} pairs per design"),
    (["simulate", "--shard", "1/99999999"], f"at most {MAX_SHARDS:,} shards"),
    (["serve", "--port", "99999"], "a port number from 0 to 65535"),
])
def test_every_count_option_is_bounded_with_a_usage_error_naming_the_limit(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err, err
    assert "Traceback" not in err


def test_a_shard_that_would_hold_no_game_is_a_usage_error(capsys):
    assert main(["simulate", "--games", "2", "--shard", "3/4"]) == 2
    err = capsys.readouterr().err
    assert "a shard would hold no game" in err and "at most 2 shards" in err


def test_pairs_below_two_batches_say_the_minimum(capsys):
    assert main(["balance", "--cards", "Bloodletting", "--pairs", "59"]) == 2
    err = capsys.readouterr().err
    assert "--pairs 59 is below the fewest pairs a design is measured with: 2 batches of 30" \
        in err and "give --pairs 60 or more (3600 by default" in err
    assert main(["balance", "--cards", "Bloodletting", "--pairs", "55", "--players", "4"]) == 2
    assert "2 batches of 28 (4 players)" in capsys.readouterr().err


@pytest.mark.parametrize("where", [".", "out", "arcana/out"])
def test_the_output_folder_may_not_be_the_content_folder_or_inside_it(where, tmp_path, capsys):
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    for extra in ([], ["--changed-since", str(bundled_content())]):
        assert main(["build", "--content", str(root), "--out", str(root / where),
                     *extra]) == 2
        err = capsys.readouterr().err
        assert "the content folder" in err and "--out output" in err
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


@pytest.mark.parametrize("command", [["check"], ["lint"], ["cards"], ["fmt", "--check"],
                                     ["test"], ["build", "--only", "Bloodletting"]])
def test_a_loop_of_links_is_a_placed_problem(command, hostile: Path, tmp_path: Path, capsys):
    (hostile / "arcana" / "loop.yaml").symlink_to("loop.yaml")
    extra = ["--out", str(tmp_path / "out")] if command[0] == "build" else []
    assert main([*command, "--content", str(hostile), *extra]) == 1
    captured = capsys.readouterr()
    assert "arcana/loop.yaml:1:1: cannot read the file: Too many levels of symbolic links" in (
        captured.out + captured.err)
    loop = tmp_path / "loop"
    loop.symlink_to("loop")  # the content folder itself
    assert main([*command, "--content", str(loop), *extra]) == 1
    assert "no game.yaml here" in "".join(capsys.readouterr())


@pytest.mark.parametrize(("make", "says"), [
    ("loop", "no picture file 'images/art.png' in the game's folder"),
    ("pipe", "no picture file 'images/art.png' in the game's folder"),
    ("zero", "the picture 'images/art.png' is outside the game's folder"),  # /dev/zero
])
def test_a_picture_that_is_a_loop_a_pipe_or_a_device_is_a_placed_problem(tmp_path, make,
                                                                         says):
    from prophecy.compiler.model.loader import analyse

    root = tmp_path / "art"
    (root / "images").mkdir(parents=True)
    (root / "game.yaml").write_text(
        "name: Art\nkinds:\n  relic:\n    fields:\n      art: {type: image, required: true}\n"
        "components:\n  relic: {count: 1}\n")
    picture = root / "images" / "art.png"
    if make == "loop":
        picture.symlink_to("art.png")
    elif make == "pipe":
        os.mkfifo(picture)
    else:
        picture.symlink_to("/dev/zero")
    (root / "relic.yaml").write_text("cards:\n  - {name: Crown, art: images/art.png}\n")
    errors = [e for e in analyse(root).errors if e.where.endswith("relic.yaml")
              and "schema" not in e.message]
    assert [(e.line, e.column, e.message) for e in errors] == [(2, 24, says)]
