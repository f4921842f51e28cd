"""A printed card field added to the bundled game takes three files, as docs/packs.md says.

The field is declared in game.yaml, written on the cards that have it and given a box on
the kind's face; the editor's schema of the kind is made from game.yaml, so it is no
fourth file (git keeps none: tests/content/test_schemas.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from prophecy.compiler.faces import card_faces
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import check_content
from prophecy.compiler.model.schemagen import stale_schemas

#: The three edits, each (file, text it follows, text added): docs/packs.md's example.
EDITS = (
    ("game.yaml",
     '               description: "Optional italic text printed under the effects; no rules '
     'meaning."}\n',
     "      artist: {type: text, max: 60, title: Artist,\n"
     "               description: \"Who drew the card's art, printed small at its foot.\"}\n"),
    ("arcana/blood-magic.yaml", "  - name: Bloodletting\n", "    artist: Ada Ember\n"),
    ("layouts/poker.yaml",
     '         colour: "mix(ink, paper, 0.3)", show: "{{ flavor }}"}\n  arcana-back:\n',
     None),
)
ARTIST_BOX = ('      - {name: artist, region: [7.0, 82.6, 30.0, 2.6], style: line, size: small,\n'
              '         colour: main, show: "{{ artist }}"}\n')


def _copy(tmp_path: Path) -> Path:
    """The bundled game as git keeps it: without the schemas game.yaml makes."""
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    for path in root.glob("schemas/*.schema.json"):
        if path.name not in ("game.schema.json", "layout.schema.json", "scenarios.schema.json"):
            path.unlink()
    return root


def _edit(root: Path) -> set[str]:
    changed = set()
    for rel, after, added in EDITS:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(after) == 1, f"{rel} no longer holds the text the edit follows"
        if added is None:  # the box goes after the flavour box, inside the arcana face
            head, _, tail = after.partition("  arcana-back:\n")
            new = text.replace(after, head + ARTIST_BOX + "  arcana-back:\n" + tail)
        else:
            new = text.replace(after, after + added)
        path.write_text(new, encoding="utf-8")
        changed.add(rel)
    return changed


def test_a_printed_field_takes_three_files_and_the_face_shows_it(tmp_path):
    root = _copy(tmp_path)
    assert len(_edit(root)) == 3
    content, errors = check_content(root)
    assert [str(e) for e in errors] == []
    assert content is not None
    cards = {c.name: c for c in content.of_kind("arcana")}
    assert card_faces(cards["Bloodletting"], content).front.value("artist") == "Ada Ember"
    assert card_faces(cards["Vein Tithe"], content).front.value("artist", None) == ""
    # the schema an editor reads is made from the new game.yaml, with the field in it
    made = stale_schemas(root)[0]
    assert '"artist"' in made[root / "schemas" / "arcana.schema.json"]


def test_without_its_declaration_the_field_is_an_error_at_its_place(tmp_path):
    root = _copy(tmp_path)
    _edit(root)
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(EDITS[0][2], ""),
                    encoding="utf-8")
    _, errors = check_content(root)
    assert any(e.where.endswith("blood-magic.yaml") and "artist" in e.message for e in errors)
