"""The gallery's census: a pack's files as written in, a tile's entry for every card out.

The census reads the kinds a game declares (any game, not only the bundled
one), so a pack's YAML cards and a spreadsheet's rows each get an entry at
the lines they span, and the gallery groups them under the kinds' plurals.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from prophecy.compiler.model.loader import load_content
from prophecy.tools.gallery.census import census, entry_at, kind_labels
from prophecy.tools.init import shipped


def test_every_card_of_a_yaml_and_csv_pack_has_an_entry_with_the_loaders_id():
    for name in ("fate-deduction", "prophecy-basic", "dark-prophecies"):
        root = shipped()[name]
        entries = [e for found in census(root, {}).values() for e in found]
        assert sorted(e.id for e in entries) == sorted({c.id for c in load_content(root).cards})


def test_a_csv_row_spans_its_own_lines_and_problems_there_belong_to_it(tmp_path: Path):
    root = tmp_path / "fate"
    shutil.copytree(shipped()["fate-deduction"], root)
    entries = census(root, {})["arcana.csv"]
    rows = (root / "arcana.csv").read_text(encoding="utf-8").splitlines()
    midnight = next(i for i, r in enumerate(rows) if r.startswith("Midnight,")) + 1
    found = entry_at(entries, midnight)
    assert found is not None and (found.id, found.first) == ("arcana/midnight", midnight)


def test_the_kinds_are_grouped_under_their_plurals_in_the_order_declared():
    assert kind_labels(shipped()["prophecy-basic"]) == [
        ("adventure", "Adventure cards"), ("chance", "Chance cards"), ("item", "Item cards"),
        ("certificate", "Certificates")]
    assert kind_labels(shipped()["dark-prophecies"])[:3] == [
        ("arcana", "Arcana"), ("grimoire", "Grimoires"), ("deed", "Dark Deeds")]
