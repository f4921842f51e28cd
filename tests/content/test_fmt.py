"""`prophecy fmt`: canonical effect text in place, every other byte kept, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from prophecy.compiler.model.fmt import quote
from prophecy.compiler.model.loader import load_content
from prophecy.tools import main

MESSY = """\
# yaml-language-server: $schema=../schemas/arcana.schema.json
grimoire: Necromancy
cards:
  - name: Restless Hound   # a comment on the name
    types: [Creature]
    effects:
      - "necromancy level 2 + reveal item:   add 1 to a matching dark deed"
      - draw 1 arcana    # keep me
      - 'draw 2 arcana , then discard 1 to the center'
      - |
        level up   this grimoire
  - name: Other
    types: [Spell]
    effects: [draw 1 arcana, "stash a card from your hand", Draw 1 Arcana]
"""

CANONICAL = """\
# yaml-language-server: $schema=../schemas/arcana.schema.json
grimoire: Necromancy
cards:
  - name: Restless Hound   # a comment on the name
    types: [Creature]
    effects:
      - "Necromancy Level 2 + Reveal Item: Add 1 to a matching Dark Deed"
      - Draw 1 Arcana    # keep me
      - 'Draw 2 Arcana, then Discard 1 to the center'
      - Level up this Grimoire
  - name: Other
    types: [Spell]
    effects: [Draw 1 Arcana, "Stash a card from your hand", Draw 1 Arcana]
"""

FILE = "arcana/necromancy.yaml"


@pytest.fixture
def messy(make_content) -> Path:
    return make_content(files={FILE: MESSY})


def test_fmt_rewrites_effect_lines_and_keeps_every_other_byte(messy, capsys):
    others = {p: p.read_bytes() for p in messy.rglob("*.yaml") if p.name != "necromancy.yaml"}
    assert main(["fmt", "--content", str(messy)]) == 0
    assert (messy / FILE).read_text(encoding="utf-8") == CANONICAL
    assert {p: p.read_bytes() for p in others} == others
    assert capsys.readouterr().out == "fmt: 6 values rewritten in 1 file\n"


def test_fmt_is_idempotent(messy, capsys):
    main(["fmt", "--content", str(messy)])
    once = (messy / FILE).read_bytes()
    assert main(["fmt", "--check", "--content", str(messy)]) == 0
    assert main(["fmt", "--content", str(messy)]) == 0
    assert (messy / FILE).read_bytes() == once
    assert "fmt: 0 values rewritten in 0 files" in capsys.readouterr().out


def test_fmt_result_loads_to_the_same_cards(messy):
    before = load_content(messy)
    main(["fmt", "--content", str(messy)])
    after = load_content(messy)
    assert [line.node for line in after.effect_lines()] == [
        line.node for line in before.effect_lines()
    ]
    assert all(not line.written for line in after.effect_lines())


def test_check_lists_changes_writes_nothing_and_exits_1(messy, capsys):
    assert main(["fmt", "--check", "--content", str(messy)]) == 1
    assert (messy / FILE).read_text(encoding="utf-8") == MESSY
    out = capsys.readouterr().out.splitlines()
    where = f"{messy}/{FILE}"
    assert out[0] == (
        f"{where}:7:9: 'necromancy level 2 + reveal item:   add 1 to a matching dark deed'"
        " -> 'Necromancy Level 2 + Reveal Item: Add 1 to a matching Dark Deed'"
    )
    assert out[1] == f"{where}:8:9: 'draw 1 arcana' -> 'Draw 1 Arcana'"
    assert out[-1] == "fmt: 6 values would change"


def test_check_exits_0_on_canonical_content(make_content, capsys):
    assert main(["fmt", "--check", "--content", str(make_content())]) == 0
    assert capsys.readouterr().out == "fmt: 0 values would change\n"


def test_fmt_with_problems_rewrites_every_line_that_parses_and_reports_the_rest(
    make_content, capsys
):
    third = "  - name: Third\n    types: [Spell]\n    effects: [Draw 1 Arcanna]\n"
    root = make_content(files={FILE: MESSY + third})
    assert main(["fmt", "--content", str(root)]) == 1
    assert (root / FILE).read_text(encoding="utf-8") == CANONICAL + third
    out = capsys.readouterr().out
    assert f"{root}/{FILE}:17:22: unknown word 'Arcanna'" in out
    assert out.endswith("fmt: 6 values rewritten in 1 file; 1 problem left to fix\n")


def test_fmt_writes_names_and_enum_values_back_in_their_casing(make_content, capsys):
    text = "# yaml-language-server: $schema=../schemas/arcana.schema.json\n" \
           "grimoire: necromancy\ncards:\n  - name: Loud\n    types: [creature, SPELLS]\n" \
           "    effects: [Draw 1 Arcana]\n"
    root = make_content(files={FILE: text})
    hirelings = root / "hirelings.yaml"
    hirelings.write_text(hirelings.read_text(encoding="utf-8").replace(
        "role: sabotage", "role: Sabotage", 1), encoding="utf-8")
    assert main(["check", "--content", str(root)]) == 0
    capsys.readouterr()
    assert main(["fmt", "--content", str(root)]) == 0
    assert (root / FILE).read_text(encoding="utf-8") == text.replace(
        "necromancy", "Necromancy").replace("[creature, SPELLS]", "[Creature, Spell]")
    assert "role: sabotage" in hirelings.read_text(encoding="utf-8")
    assert "role: Sabotage" not in hirelings.read_text(encoding="utf-8")


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(messy, monkeypatch, capsys):
    def broken_replace(src, dst):
        raise OSError(28, "No space left on device", str(dst))

    from prophecy.compiler.model import files

    monkeypatch.setattr(files.os, "replace", broken_replace)
    assert main(["fmt", "--content", str(messy)]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith("prophecy fmt: No space left on device: ") and "Traceback" not in err
    assert (messy / FILE).read_text(encoding="utf-8") == MESSY
    assert sorted(p.name for p in (messy / "arcana").iterdir()) == [
        "blood-magic.yaml", "necromancy.yaml",
    ]


def test_write_atomic_keeps_the_file_mode(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("old")
    os.chmod(path, 0o640)
    from prophecy.compiler.model.files import write_atomic

    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_fmt_keeps_crlf_line_endings_and_byte_order_mark(make_content):
    text = "\ufeff" + MESSY.replace("\n", "\r\n")
    root = make_content(files={FILE: text.encode("utf-8")})
    main(["fmt", "--content", str(root)])
    expected = "\ufeff" + CANONICAL.replace("\n", "\r\n")
    assert (root / FILE).read_bytes() == expected.encode("utf-8")


@pytest.mark.parametrize(("text", "style", "flow", "expected"), [
    ("Draw 1 Arcana", None, False, "Draw 1 Arcana"),
    ("Grimoire Level 2: Draw 1 Arcana", None, False, "'Grimoire Level 2: Draw 1 Arcana'"),
    ("Draw 2 Arcana, then Discard 1", None, False, "Draw 2 Arcana, then Discard 1"),
    ("Draw 2 Arcana, then Discard 1", None, True, "'Draw 2 Arcana, then Discard 1'"),
    ("Draw 1 Arcana", "'", False, "'Draw 1 Arcana'"),
    ("Draw 1 Arcana", '"', True, '"Draw 1 Arcana"'),
    ("it's", "'", False, "'it''s'"),
    ('say "x"', '"', False, '"say \\"x\\""'),
])
def test_quote_keeps_the_style_when_safe(text, style, flow, expected):
    assert quote(text, style, flow) == expected


LINE_BREAKS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}


@pytest.mark.parametrize("pasted", ["\u2028", "\u2029", "\x85"])
@pytest.mark.parametrize("newline", list(LINE_BREAKS))
def test_fmt_writes_at_the_right_place_whatever_the_line_breaks(make_content, capsys, pasted,
                                                                 newline):
    """A YAML line break pasted into flavour text earlier in the file moves nothing."""
    text = MESSY.replace("  - name: Restless Hound", '  - name: Restless Hound\n'
                         f'    flavor: "pasted{pasted}text"').replace("\n", LINE_BREAKS[newline])
    root = make_content(files={FILE: text.encode("utf-8")})
    assert main(["fmt", "--content", str(root)]) == 0
    after = (root / FILE).read_bytes().decode("utf-8")
    expected = CANONICAL.replace("  - name: Restless Hound", '  - name: Restless Hound\n'
                                 f'    flavor: "pasted{pasted}text"')
    assert after == expected.replace("\n", LINE_BREAKS[newline])
    capsys.readouterr()
    assert main(["check", "--content", str(root)]) == 0


def test_a_rewrite_that_would_read_back_differently_is_refused(messy, monkeypatch, capsys):
    from prophecy.compiler.model import fmt

    monkeypatch.setattr(fmt, "quote", lambda text, style, flow: "[" + text + "]")
    assert main(["fmt", "--content", str(messy)]) == 1
    out = capsys.readouterr().out
    assert "fmt would change more than the values it rewrites here" in out
    assert (messy / FILE).read_text(encoding="utf-8") == MESSY


def test_fmt_sweeps_what_a_killed_run_left(messy):
    left = messy / "arcana" / ".necromancy.yaml.k3j2x9.tmp"
    left.write_text("half a file", encoding="utf-8")
    mine = messy / "arcana" / "notes.tmp"
    mine.write_text("not ours", encoding="utf-8")
    assert main(["fmt", "--content", str(messy)]) == 0
    assert not left.exists() and mine.exists()


def test_fmt_time_grows_linearly_with_the_file(make_content):
    """Many lines to rewrite in one file: the work per line stays the same (counted, not timed)."""
    from prophecy.compiler.model import fmt

    calls = {"n": 0}
    real = fmt.apply

    def counting(text, changes):
        calls["n"] += 1
        return real(text, changes)

    cards = "".join(f"  - name: Card {i}\n    types: [Spell]\n    effects: [draw 1 arcana]\n"
                    for i in range(400))
    root = make_content(files={FILE: "grimoire: Necromancy\ncards:\n" + cards})
    from prophecy.compiler.model.loader import analyse

    changes = fmt.plan(analyse(root).written)
    assert len(changes) == 400
    fmt.apply = counting
    try:
        written, refused = fmt.rewrite(changes)
    finally:
        fmt.apply = real
    assert calls["n"] == 1 and refused == [] and len(written) == 1
