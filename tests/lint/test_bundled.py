"""The bundled content: clean under --strict, and each defect planted in a copy of it is found.

Defects are planted by appending cards to a copy of the bundled files, so the
test does not depend on any one card of the set: their places are counted
from the end of each file.
"""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest

from prophecy.compiler.lint import lint
from prophecy.compiler.model.loader import load_content
from prophecy.tools import main

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def test_bundled_content_has_no_finding():
    content = load_content(CONTENT)
    assert [f"{f.place} {f.code} {f.message}" for f in lint(content, CONTENT)] == []


def test_project_documents_use_the_glossary():
    """The docs are linted with the content, so their wording cannot drift from it."""
    content = load_content(CONTENT)
    findings = lint(content, CONTENT, ROOT / "docs")
    assert [f"{f.place} {f.code} {f.message}" for f in findings] == []


def _two_types_no_card_has(content) -> tuple[str, str]:
    have = [{*c.types, c.grimoire} for c in content.cards if c.kind == "arcana"]
    for a, b in itertools.combinations(content.card_types, 2):
        if not any({a, b} <= names for names in have):
            return a, b
    pytest.skip("every pair of card types is on some card")


def _append(path: Path, block: str) -> int:
    """Append a block to a YAML list file; returns the line number of its first line."""
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    path.write_text(text + block, encoding="utf-8")
    return text.count("\n") + 1


@pytest.fixture
def planted(tmp_path: Path) -> tuple[Path, list[str]]:
    """A copy of the bundled content with defects appended; and the findings expected."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root, ignore=shutil.ignore_patterns("lint-baseline.json"))
    a, b = _two_types_no_card_has(load_content(CONTENT))
    n = _append(root / "arcana" / "blood-magic.yaml", (
        "\n"
        "  - name: Planted Oath\n"
        "    types: [Spell]\n"
        "    effects:\n"
        '      - "Grimoire Level 5: Draw 1 Arcana"\n'
        f'      - "Top Discard {a} + Top Discard {b}: Add 0 to any Dark Deed"\n'
        '      - "Blood Magic Level 2 + Blood Magic Level 2: Draw 1 Arcana"\n'
        '      - "grimoire level 1: draw 2 arcana"\n'
        '    flavor: "Sworn on the Discipline of the dark deed."\n'
    ))
    cond = "If you have 5 or more Dark Deeds in play"
    m = _append(root / "verses.yaml", (
        "\n"
        "  - name: The Planted Verse\n"
        "    position: middle\n"
        '    text: "when the Main Deck is empty after 6 rounds,"\n'
        f'    condition: "{cond}"\n'
        "    reward:\n"
        '      - "Draw 1 Arcana"\n'
    ))
    first = len(f'      - "Top Discard {a} + ') + 1
    expected = sorted([
        f"arcana/blood-magic.yaml:{n + 4}:10 PL201",
        f"arcana/blood-magic.yaml:{n + 5}:{first} PL203",
        f"arcana/blood-magic.yaml:{n + 5}:10 PL601",
        f"arcana/blood-magic.yaml:{n + 6}:10 PL301",
        f"arcana/blood-magic.yaml:{n + 6}:32 PL301",
        f"arcana/blood-magic.yaml:{n + 6}:32 PL302",
        f"arcana/blood-magic.yaml:{n + 7}:10 PL401",
        f"arcana/blood-magic.yaml:{n + 8}:27 PL101",
        f"arcana/blood-magic.yaml:{n + 8}:45 PL102",
        f"verses.yaml:{m + 3}:21 PL101",
        f"verses.yaml:{m + 3}:46 PL801",
        f"verses.yaml:{m + 4}:17 PL204",
    ])
    return root, expected


def _found(capsys, root: Path, *argv: str) -> list[str]:
    main(["lint", "--content", str(root), "--json", *argv])
    data = json.loads(capsys.readouterr().out)
    return sorted(f"{f['file']}:{f['line']}:{f['column']} {f['code']}" for f in data["findings"]
                  if f["code"] not in ("PL501", "PL502"))  # counts: one card more than the list


def test_defects_planted_in_a_copy_are_found_at_their_places(planted, capsys):
    root, expected = planted
    assert _found(capsys, root) == expected
    assert main(["lint", "--content", str(root), "--select", "PL501,PL502"]) == 1
    out = capsys.readouterr().out
    # the count is said in the kind's label and placed at the component list's line, not at
    # the kind's own entry under kinds:
    lines = (root / "game.yaml").read_text(encoding="utf-8").splitlines()
    listed = lines.index("  arcana: {count: 72, per_grimoire: 24}") + 1
    assert f"game.yaml:{listed}:3: PL501 73 Arcana cards, the component list says 72 " \
        "(add or remove Arcana cards, or fix the list)" in out
    assert "PL502 25 Arcana cards of grimoire Blood Magic, the component list says 24 each " \
        "(move cards between grimoires, or fix the list)" in out


@pytest.mark.slow  # lint and fix passes over a whole copy
def test_fix_repairs_the_planted_fixable_defects(planted, capsys):
    root, expected = planted
    main(["lint", "--content", str(root), "--fix"])
    capsys.readouterr()
    left = _found(capsys, root)
    fixable = ("PL101", "PL102", "PL301", "PL302", "PL401")
    # 'Main Deck' became 'Arcana deck', two letters longer, before the 6 of PL801.
    shifted = [e.replace(":46 PL801", ":48 PL801") for e in expected]
    assert left == [e for e in shifted if not e.endswith(fixable)]
    text = (root / "arcana" / "blood-magic.yaml").read_text(encoding="utf-8")
    assert '"Grimoire Level 2: Draw 1 Arcana"' in text
    assert '"Grimoire Level 1: Draw 2 Arcana"' in text
    assert '"Sworn on the Grimoire of the Dark Deed."' in text


@pytest.fixture
def relic_word(tmp_path: Path) -> Path:
    """A copy whose glossary rejects 'Relic' for 'Item' while its vocabulary still has
    Relic as a card type: two rules lines use the rejected word."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root, ignore=shutil.ignore_patterns("lint-baseline.json"))
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "rejected: [Artifact, Relic card]" in text
    text = text.replace("rejected: [Artifact, Relic card]",
                        "rejected: [Artifact, Relic card, Relic]")
    text = text.replace("card_types: [Spell, Item, Creature]",
                        "card_types: [Spell, Item, Creature, Relic]")
    game.write_text(text, encoding="utf-8")
    return root


def test_a_rejected_word_in_a_rules_line_is_found_at_its_column_and_fixed(relic_word, capsys):
    n = _append(relic_word / "arcana" / "blood-magic.yaml", (
        "\n"
        "  - name: Planted Charm\n"
        "    types: [Item]\n"
        "    effects:\n"
        '      - "Reveal Relic: Draw 1 Arcana"\n'
        "      - Stash a Relic card from your hand\n"
    ))
    found = [f for f in _found(capsys, relic_word) if f.endswith("PL101")]
    assert found == [f"arcana/blood-magic.yaml:{n + 4}:17 PL101",
                     f"arcana/blood-magic.yaml:{n + 5}:17 PL101"]
    main(["lint", "--content", str(relic_word), "--fix", "--select", "PL101"])
    capsys.readouterr()
    text = (relic_word / "arcana" / "blood-magic.yaml").read_text(encoding="utf-8")
    assert text.endswith('      - "Reveal Item: Draw 1 Arcana"\n'
                         "      - Stash an Item card from your hand\n")  # 'a' made 'an'
    assert [f for f in _found(capsys, relic_word) if f.endswith("PL101")] == []
