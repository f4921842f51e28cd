"""`prophecy parse` as a user runs it."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from prophecy.tools import main


def test_prints_canonical_text(capsys):
    assert main(["parse", "Grimoire Level 2: add 1 to highest-points Dark Deed"]) == 0
    assert capsys.readouterr().out == "Grimoire Level 2: Add 1 to highest-points Dark Deed\n"


def test_json_shows_the_ast(capsys):
    assert main(["parse", "--json", "Grimoire Level 2: add 1 to highest-points Dark Deed"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["requirements"] == [{"node": "LevelReq", "grimoire": "this", "level": 2}]
    assert data["actions"][0]["count"] == 1
    assert data["actions"][0]["target"]["selector"] == "highest-points"


def test_error_names_line_and_column_and_exits_1(capsys):
    assert main(["parse", "Necromncy Level 2: Draw 1 Arcana"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.partition("\n")[2].startswith("<text>:1:1: unknown grimoire 'Necromncy'\n")
    assert "did you mean 'Necromancy'?" in captured.err


def test_stdin_gives_one_result_per_line(capsys, monkeypatch):
    lines = "draw 1 arcana\nDrw 1 Arcana\nadd 1 to any dark deed\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["parse", "-"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "Draw 1 Arcana\nAdd 1 to any Dark Deed\n"
    assert captured.err.partition("\n")[2].startswith("<stdin>:2:1: unknown word 'Drw'")


def test_stdin_json_is_one_object_per_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("Draw 1 Arcana\nMost stashed cards\n"))
    assert main(["parse", "--json", "-"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["node"] for line in out] == ["Effect", "Title"]


def test_usage_error_exits_2(capsys):
    assert main(["parse"]) == 2
    assert main(["parse", "--bogus", "x"]) == 2


def test_missing_content_folder_is_a_clear_error(capsys, tmp_path):
    assert main(["parse", "--content", str(tmp_path), "Draw 1 Arcana"]) == 1
    assert "no game.yaml here" in capsys.readouterr().err


def test_parse_imports_neither_pillow_nor_jsonschema():
    code = (
        "import sys; from prophecy.tools import main; main(['parse', 'Draw 1 Arcana']); "
        "print(sorted(m for m in ('PIL', 'jsonschema') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]"


def test_output_cut_short_is_not_a_traceback():
    lines = "Draw 1 Arcana\n" * 20000
    proc = subprocess.Popen(
        [sys.executable, "-c",
         "import prophecy.tools as c; c.sys.exit(c.main(['parse', '-']))"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    proc.stdin.write(lines)
    proc.stdin.close()
    proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in proc.stderr.read()
    proc.stderr.close()


def test_bytes_that_are_not_utf8_are_named(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "prophecy.tools", "parse", "-"],
        input=b"Draw 1 Arcana\nDraw \xff1 Arcana\n", capture_output=True, check=False,
    )
    err = proc.stderr.decode()
    assert proc.returncode == 1 and proc.stdout.decode() == "Draw 1 Arcana\n"
    assert err.partition("\n")[2].startswith("<stdin>:2:6: a byte that is not UTF-8 (0xFF)")
    assert "Traceback" not in err


def test_a_field_role_gives_that_fields_guidance(capsys):
    # in a Verse's condition a line is a condition: without its 'If' it has one meaning
    assert main(["parse", "--field", "condition", "Have 2 or more completed Dark Deeds."]) == 0
    out, err = capsys.readouterr()
    assert out == "If you have completed 2 or more Dark Deeds\n"
    assert "note: reads as 'If you have completed 2 or more Dark Deeds'" in err
    assert main(["parse", "--field", "condition", "Blood Magic Level 3"]) == 0
    assert capsys.readouterr().out == "If your Blood Magic is Level 3 or higher\n"
    assert main(["parse", "--field", "effect", "Blood Magic Level 3"]) == 1  # no action
    capsys.readouterr()
    for line in ("Top Discard Creature", "If the top card of your discard pile is a Creature."):
        assert main(["parse", "--field", "condition", line]) == 1
        assert "a Verse condition cannot check a card's type" in capsys.readouterr().err
    # a Verse's reward (or a Hireling's) is given to whoever meets the Verse: saying so
    # before it leaves the reward itself; an Arcana's effect has no such reading
    line = "Whoever meets this Verse has to throw away two cards into the middle pile."
    assert main(["parse", "--field", "reward", line]) == 0
    assert capsys.readouterr().out == "Discard 2 to the center\n"
    assert main(["parse", "--field", "hireling", "Sabotage - Players who meet this draw a "
                 "card"]) == 0
    assert capsys.readouterr().out == "Draw 1 Arcana\n"
    assert main(["parse", "--field", "effect", line]) == 1
    capsys.readouterr()
    # a condition without its 'If' that goes wrong further on is told where, not at column 1
    assert main(["parse", "--field", "condition", "Have a Dark Deed with 3 or more cards on it."
                 ]) == 1
    err = capsys.readouterr().err
    assert "<text>:1:18: the rules language has no words for 'with 3 or more cards on it'" in err
    # who has the most of something is a Title's condition, not a Verse's
    assert main(["parse", "--field", "title", "You have the most stashed cards"]) == 0
    assert capsys.readouterr().out == "Most stashed cards\n"
    assert main(["parse", "--field", "condition", "You have the most stashed cards"]) == 1
    assert "'Most stashed cards' is a Title's condition" in capsys.readouterr().err
    # the field's name before its line is read as the line alone, and said so
    assert main(["parse", "--field", "hireling", "Sabotage: Discard 2 cards."]) == 0
    assert "reads as 'Discard 2'" in capsys.readouterr().err
    assert main(["parse", "--field", "bonus", "Draw 2"]) == 0
    assert capsys.readouterr().out == "Draw 2 Arcana\n"
    assert main(["parse", "--field", "verse", "Draw 2"]) == 2


@pytest.mark.parametrize(("role", "line", "said"), [
    ("title", "All three Grimoires at level 3 or higher",
     "a Title condition names what its winner has most or fewest of"),
    ("condition", "Draw 2 Arcana", "this line is not a condition"),
    ("effect", "Most stashed cards", "this line is a condition, not an effect"),
])
def test_a_line_of_another_kind_than_its_field_is_refused_as_check_refuses_it(
        role, line, said, capsys):
    """A line that reads, but as another kind of line than the field holds, is the error
    `prophecy check` gives it in that field, not a canonical line on stdout."""
    assert main(["parse", "--field", role, line]) == 1
    out, err = capsys.readouterr()
    assert out == "" and said in err
