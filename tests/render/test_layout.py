"""Layouts as data: sizes derived from millimetres and DPI, schema errors for people."""

from __future__ import annotations

import shutil

import pytest

from dsl.errors import ProphecyError
from render.layout import load_layout
from render.tts import grid, sheets

from .conftest import ROOT


def test_poker_card_at_300_dpi_with_bleed_is_825_by_1125(layout):
    assert layout.size == (825, 1125)
    assert layout.bleed_px == pytest.approx(37.5)
    assert layout.trim_box() == pytest.approx((37.5, 37.5, 787.5, 1087.5))


def test_fonts_come_from_python_packages(layout):
    for role in layout.data["fonts"]:
        path = layout.font_path(role)
        assert path.is_file()
        assert path.parent.parent.name.startswith("font_source_")  # the package, not the system


def _copy(tmp_path):
    content = tmp_path / "content"
    (content / "layouts").mkdir(parents=True)
    shutil.copy(ROOT / "content" / "layouts" / "poker.yaml", content / "layouts")
    return content / "layouts" / "poker.yaml"


def test_sizes_are_settings(tmp_path):
    path = _copy(tmp_path)
    path.write_text(path.read_text().replace("dpi: 300", "dpi: 600"))
    assert load_layout(path.parent.parent).size == (1650, 2250)


def test_a_bad_layout_value_is_reported_with_its_place(tmp_path):
    path = _copy(tmp_path)
    path.write_text(path.read_text().replace('ink: "#241a12"', 'ink: "dark brown"'))
    with pytest.raises(ProphecyError) as caught:
        load_layout(path.parent.parent)
    assert "colours.ink" in caught.value.message
    assert caught.value.where.endswith("poker.yaml")
    line = path.read_text().splitlines().index('  ink: "dark brown"') + 1
    assert (caught.value.line, caught.value.column, caught.value.length) == (line, 8, 12)


def test_the_schema_names_every_glyph_as_a_symbol():
    import json

    from render.icons import GLYPHS
    from render.layout import SCHEMA

    schema = json.loads(SCHEMA.read_text())
    assert schema["$defs"]["palette"]["properties"]["symbol"]["enum"] == sorted(GLYPHS)


def test_tts_sheets_keep_the_last_cell_free_and_stay_within_limits(layout):
    assert grid(layout, 1) == (2, 2)
    assert grid(layout, 51) == (10, 6)
    many = sheets(layout, "arcana", list(range(150)))  # type: ignore[arg-type]
    assert [len(s.cards) for s in many] == [69, 69, 12]
    for s in many:
        assert s.columns <= 10 and s.rows <= 7 and len(s.cards) < s.columns * s.rows
        assert s.columns * 375 <= 4096 and s.rows * 525 <= 4096


BAD_LAYOUTS = [
    ('ink: "#241a12"', 'ink: "dark brown"', ("colours", "ink")),
    ("dpi: 300", "dpi: 30", ("card", "dpi")),
    ("bleed_mm: 3.175", "bleed_mm: -1", ("card", "bleed_mm")),
    ("duplex: long", "duplex: sideways", ("sheets", "duplex")),
    ("title: [5.5, 5.0, 52.5, 8.0]", "title: [5.5, 5.0, 52.5]", ("regions", "arcana", "title")),
    ("width_pt: 0.5", "width_pt: 0.1", ("sheets", "crop_mark", "width_pt")),
    ("max_pt: 13,", "max_pt: 0,", ("text", "title", "max_pt")),
    ("symbol: skull}", "symbol: skull, glow: 1}", ("grimoires", "Necromancy")),
    ("symbol: skull}", "symbol: banana}", ("grimoires", "Necromancy", "symbol")),
    ("columns: 10", "columns: 11", ("tts", "columns")),
]


@pytest.mark.parametrize(("old", "new", "where"), BAD_LAYOUTS, ids=[b[1] for b in BAD_LAYOUTS])
def test_layout_checks_agree_with_jsonschema(old, new, where):
    import json

    import yaml
    from jsonschema import Draft202012Validator

    from render.layout import SCHEMA, schema_problems

    text = (ROOT / "content" / "layouts" / "poker.yaml").read_text()
    assert old in text
    data = yaml.safe_load(text.replace(old, new, 1))
    schema = json.loads(SCHEMA.read_text())
    ours = {tuple(p) for p, _ in schema_problems(schema, schema, data, ())}
    theirs = {tuple(e.absolute_path) for e in Draft202012Validator(schema).iter_errors(data)}
    assert ours == theirs == {where}


def test_the_bundled_layout_is_valid_for_jsonschema_too():
    import json

    import yaml
    from jsonschema import Draft202012Validator

    from render.layout import SCHEMA

    schema = json.loads(SCHEMA.read_text())
    Draft202012Validator.check_schema(schema)
    data = yaml.safe_load((ROOT / "content" / "layouts" / "poker.yaml").read_text())
    assert not list(Draft202012Validator(schema).iter_errors(data))
