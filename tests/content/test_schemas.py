"""Generated schemas: made from game.yaml, kept in sync, and as strict as an editor needs.

The schemas are checked here the way an editor checks a content file: by
``check-jsonschema``, a real JSON-schema validator run as a program, against
the schema the file's first line names (as yaml-language-server reads it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from prophecy.compiler.model import limits
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.schemagen import (
    EFFECT_PATTERN,
    _Game,
    content_schemas,
    examples,
    stale_schemas,
)
from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.compiler.model.yamlsafe import load_yaml
from prophecy.dsl import ast
from prophecy.dsl.parser import parse
from prophecy.tools import main

ROOT = Path(__file__).resolve().parents[2]
IDENTITY = ROOT / "tests" / "fixtures" / "dsl" / "identity.txt"
VALIDATOR = [sys.executable, "-m", "check_jsonschema"]


def _validate(schema: Path, *files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VALIDATOR, "--schemafile", str(schema), *map(str, files)],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(bundled_content(), target, ignore=shutil.ignore_patterns("__*"))
    return target


def test_the_bundled_schemas_are_what_game_yaml_makes():
    assert stale_schemas(bundled_content())[0] == {}, "run 'prophecy schemas'"


def test_git_keeps_none_of_the_schemas_game_yaml_makes():
    """A schema made from game.yaml is made again, never kept: a card field added to the
    bundled game changes no file beside the three it needs (tests/content/test_fields.py)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    made = {f"content/schemas/{name}.schema.json"
            for name in content_schemas(load_yaml(bundled_content() / "game.yaml")[2])
            if name != "game"}  # game.yaml's own schema is the same for every game: kept
    kept = subprocess.run(["git", "-C", str(ROOT), "ls-files", "content/schemas"],
                          capture_output=True, text=True, check=True).stdout.split()
    ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", *made],
                             capture_output=True, text=True).stdout.split()
    assert len(made) == 8 and made.isdisjoint(kept) and set(ignored) == made
    assert {"content/schemas/game.schema.json", "content/schemas/layout.schema.json"} <= set(kept)


def test_prophecy_schemas_writes_a_new_grimoire_into_the_enums(content, capsys):
    game = content / "game.yaml"
    game.write_text(game.read_text().replace("Demonology, Necromancy", "Demonology, Necromancy, "
                                             "Pyromancy"))
    assert main(["schemas", "--check", "--content", str(content)]) == 1
    out = capsys.readouterr().out
    assert f"{content}/schemas/arcana.schema.json: out of date with game.yaml" in out
    assert out.splitlines()[-1].startswith("schemas: 6 of 10 files out of date")
    assert main(["schemas", "--content", str(content)]) == 0
    assert capsys.readouterr().out == f"schemas: wrote 6 of 10 files in {content}/schemas\n"
    arcana = (content / "schemas" / "arcana.schema.json").read_text()
    assert '"Pyromancy"' in arcana and "Pyromancy Level 3: Level up any Grimoire" in arcana
    assert main(["schemas", "--check", "--content", str(content)]) == 0


def test_enums_carry_the_glossary_definitions():
    _, _, data = load_yaml(bundled_content() / "game.yaml")
    arcana = content_schemas(data)["arcana"]
    grimoire = arcana["properties"]["grimoire"]["anyOf"][0]  # beside it: any casing
    assert grimoire["enum"] == ["Blood Magic", "Demonology", "Necromancy"]
    assert grimoire["enumDescriptions"][2] == (
        "The grimoire of the dead, working from the discard pile.")
    role = content_schemas(data)["hireling"]["properties"]["hirelings"]["items"]
    assert role["properties"]["role"]["anyOf"][0]["enum"] == ["support", "sabotage"]
    assert role["properties"]["role"]["anyOf"][0]["enumDescriptions"][0].startswith(
        "A Hireling role")


@pytest.mark.slow  # a validator process per schema
def test_every_bundled_file_passes_the_schema_its_first_line_names():
    root = bundled_content()
    files = sorted(root.glob("*.yaml")) + sorted(root.glob("*/*.yaml"))
    by_schema: dict[Path, list[Path]] = {}
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        found = re.match(r"# yaml-language-server: \$schema=(\S+)", first)
        assert found, f"{path} names no schema"
        by_schema.setdefault((path.parent / found.group(1)).resolve(), []).append(path)
    for schema, paths in by_schema.items():
        result = _validate(schema, *paths)
        assert result.returncode == 0, result.stdout + result.stderr


MISTAKES = """\
# yaml-language-server: $schema=../schemas/arcana.schema.json
grimoire: Necromncy
cards:
  - name: Bone Key
    types: [Spel]
    copies: two
    effects:
      - "Draw 1 Arcana"
"""


def test_a_real_validator_rejects_a_misspelt_grimoire_a_card_type_and_a_wrong_type(content):
    path = content / "arcana" / "mistakes.yaml"
    path.write_text(MISTAKES)
    result = _validate(content / "schemas" / "arcana.schema.json", path)
    assert result.returncode == 1
    lines = [line.strip() for line in result.stdout.splitlines()]
    # a name is one of the enum's, in any casing (an anyOf of the enum and a pattern)
    assert f"{path}::$.grimoire: 'Necromncy' is not valid under any of the given schemas" \
        in lines
    assert f"{path}::$.cards[0].types[0]: 'Spel' is not valid under any of the given " \
           "schemas" in lines
    assert f"{path}::$.cards[0].copies: 'two' is not of type 'integer'" in lines
    assert len([line for line in lines if line.startswith(str(path))]) == 3


@pytest.mark.parametrize(("field", "value"), [
    ("copies", "1000000000"), ("name", '"' + "x" * 61 + '"'), ("flavor", '"a\\u0007b"'),
])
def test_a_real_validator_rejects_values_past_the_limits(content, field, value):
    path = content / "arcana" / "mistakes.yaml"
    text = MISTAKES.replace("Necromncy", "Necromancy").replace("[Spel]", "[Spell]")
    text = text.replace("copies: two", "copies: 1").replace("name: Bone Key", "name: Bone Key\n"
                                                                "    flavor: Old.")
    path.write_text(text)
    assert _validate(content / "schemas" / "arcana.schema.json", path).returncode == 0
    path.write_text(re.sub(rf"(?m)^([ -]*){field}: .*$",
                           lambda m: f"{m.group(1)}{field}: {value}", text))
    result = _validate(content / "schemas" / "arcana.schema.json", path)
    assert result.returncode == 1, result.stdout
    assert f"$.cards[0].{field}:" in result.stdout


def _bundled_lines() -> list[str]:
    content = __import__("prophecy.compiler.model.loader", fromlist=["load_content"])
    return [line.text for line in content.load_content(bundled_content()).effect_lines()]


def test_the_effect_pattern_accepts_every_canonical_line():
    lines = _bundled_lines()
    if IDENTITY.is_file():
        lines += [t for t in IDENTITY.read_text().splitlines() if t and not t.startswith("#")]
    pattern = re.compile(EFFECT_PATTERN)
    assert [line for line in lines if not pattern.search(line)] == []


@pytest.mark.parametrize("line", [
    "", " ", "- Draw 1 Arcana", "Draw 1 Arcana,", " Draw 1 Arcana", "Draw 1 Arcana:",
    "Draw 1 Arcana\u0007", "2 Arcana", '"Draw 1 Arcana"x',
])
def test_the_effect_pattern_rejects_gross_mistakes(line):
    assert not re.compile(EFFECT_PATTERN).search(line)


def test_the_examples_parse_in_the_game_vocabulary_and_are_canonical():
    _, _, data = load_yaml(bundled_content() / "game.yaml")
    vocab = read_vocabulary(bundled_content())
    from prophecy.dsl.printer import to_text

    for line in examples(_Game(data)):
        node = parse(line, vocab)
        assert isinstance(node, ast.Effect)
        assert to_text(node) == line


def test_every_count_has_a_maximum_and_every_text_a_length():
    _, _, data = load_yaml(bundled_content() / "game.yaml")
    for kind, schema in content_schemas(data, checking=True).items():
        for path, sub in _walk(schema):
            if sub.get("type") == "integer":
                assert "maximum" in sub, f"{kind}: {path} has no maximum"
            if sub.get("type") == "string":
                assert "maxLength" in sub, f"{kind}: {path} has no maxLength"
            if sub.get("type") == "array":
                assert "maxItems" in sub, f"{kind}: {path} has no maxItems"
    assert tuple(content_schemas(data)) == ("game", *(data["kinds"]))


def _walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")


def test_docs_list_every_limit():
    doc = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    for what, bound in limits.table():
        assert f"| {what} | {bound} |" in doc


def test_every_size_in_the_layout_schema_has_a_maximum():
    import json

    layout = json.loads((bundled_content() / "schemas" / "layout.schema.json").read_text())
    for path, sub in _walk(layout):
        if sub.get("type") in ("number", "integer"):
            assert "maximum" in sub, f"layout: {path} has no maximum"
        if sub.get("type") == "string":
            assert "maxLength" in sub or "pattern" in sub, f"layout: {path} has no bound"


# ---------------------------------------------------- the schemas and check agree
AGREE = [
    # (file, text replaced, by, accepted by both)
    ("arcana/necromancy.yaml", "grimoire: Necromancy", "grimoire: necromancy", True),
    ("arcana/necromancy.yaml", "grimoire: Necromancy", "grimoire: NECROMANCY", True),
    ("arcana/necromancy.yaml", "types: [Item]", "types: [item]", True),
    ("deeds/necromancy.yaml", "grimoire: Necromancy", "grimoire: necromancy", True),
    ("hirelings.yaml", "role: sabotage", "role: Sabotage", True),
    ("verses.yaml", "position: starting", "position: STARTING", True),
    ("arcana/necromancy.yaml", "grimoire: Necromancy", "grimoire: Necromncy", False),
    ("arcana/necromancy.yaml", "types: [Item]", "types: [Itme]", False),
    ("arcana/necromancy.yaml", "    copies: 2\n", "    copies: 24\n", True),
    ("arcana/necromancy.yaml", "    copies: 2\n", "    copies: 25\n", False),  # per grimoire
    ("arcana/necromancy.yaml", "    copies: 2\n", "    copies: 40\n", False),
    ("arcana/necromancy.yaml", "    copies: 2\n", "    copies: 0\n", False),
    ("arcana/necromancy.yaml", "    copies: 2\n", "    copies: two\n", False),
    ("deeds/necromancy.yaml", "    points: 3\n", "    points: 3\n    copies: 9\n", False),
    ("tracker.yaml", "  name: Round Tracker", "  name: Round Tracker\n  copies: 2", False),
    ("reference.yaml", "copies: 4", "copies: 5", False),
    ("titles.yaml", "    points: 5\n", "    points: 5\n    copies: 7\n", False),
]


@pytest.mark.parametrize(("rel", "old", "new", "accepted"), AGREE,
                         ids=[f"{a[0]}:{a[2].strip()}" for a in AGREE])
def test_the_editor_s_schema_and_check_agree_on_casing_and_bounds(content, rel, old, new,
                                                                  accepted):
    from prophecy.compiler.model.loader import check_content

    path = content / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    schema_says = _validate(_schema_of(path), path)
    _, errors = check_content(content)
    assert (schema_says.returncode == 0) is accepted, schema_says.stdout
    assert (not errors) is accepted, [str(e) for e in errors]
    if not accepted:  # both at the same value
        assert any(e.where.endswith(rel) for e in errors)


def _schema_of(path: Path) -> Path:
    """The schema a content file's first line names, as yaml-language-server finds it."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    return (path.parent / re.match(r"# yaml-language-server: \$schema=(\S+)", first)
            .group(1)).resolve()
