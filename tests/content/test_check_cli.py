"""`prophecy check` on clean content: the summary line and the exit code."""

from __future__ import annotations

from pathlib import Path

from prophecy.tools import main

HEADER = "# yaml-language-server: $schema=schemas/reference.schema.json\n"

def test_clean_content_prints_only_the_summary_and_exits_0(capsys, monkeypatch, minimal_content):
    monkeypatch.chdir(minimal_content.parent)
    assert main(["check", "--content", str(minimal_content)]) == 0
    assert capsys.readouterr().out == (
        "minimal/: 12 card designs (13 cards with copies: 4 arcana, 2 grimoire, 2 deed, "
        "1 verse, 1 hireling, 1 title, 1 reference, 1 tracker), 11 effect lines, 0 problems\n"
    )


def test_check_with_no_folder_named_checks_the_game_of_the_folder_it_is_run_in(
        tmp_path, monkeypatch, capsys):
    """`prophecy init mygame && cd mygame && prophecy check` checks mygame: a typo there is
    found (exit 1) and the summary names the folder; from a subfolder too."""
    assert main(["init", str(tmp_path / "mygame")]) == 0
    game = tmp_path / "mygame"
    arcana = next((game / "arcana").glob("*.yaml"))
    arcana.write_text(arcana.read_text(encoding="utf-8").replace("Arcana", "Arcanna", 1),
                      encoding="utf-8")
    for here, shown in ((game, "./"), (game / "arcana", str(game) + "/")):
        monkeypatch.chdir(here)
        capsys.readouterr()
        assert main(["check"]) == 1
        out = capsys.readouterr().out
        assert "Arcanna" in out
        assert out.splitlines()[-2].startswith(f"{shown}: 106 card designs")


def test_check_outside_any_game_says_it_checked_the_bundled_game(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 0
    assert capsys.readouterr().out.splitlines()[-2].startswith("the bundled game (")


def test_a_checkout_with_a_content_folder_is_found_from_below(tmp_path, monkeypatch):
    from prophecy.tools.options import default_content

    (tmp_path / "content" ).mkdir()
    (tmp_path / "content" / "game.yaml").write_text("name: X\n", encoding="utf-8")
    (tmp_path / "docs" / "deep").mkdir(parents=True)
    assert default_content(tmp_path) == Path("content")
    assert default_content(tmp_path / "docs" / "deep") == tmp_path / "content"


def test_one_problem_is_singular(make_content, capsys):
    root = make_content(files={"reference.yaml": HEADER + "reference: {name: A, hue: red}\n"})
    assert main(["check", "--content", str(root)]) == 1
    assert capsys.readouterr().out.rstrip().endswith(", 1 problem")
