"""Layouts as data: sizes derived from millimetres and DPI, schema errors for people."""

from __future__ import annotations

import shutil

import pytest
import yaml

from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.render.layoutfile import load_layout
from prophecy.render.tts import grid, sheets

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
    with pytest.raises(ContentErrors) as caught:
        load_layout(path.parent.parent)
    [error] = caught.value.errors
    assert error.message == "'ink' cannot be 'dark brown'"
    assert error.where.endswith("poker.yaml")
    line = path.read_text().splitlines().index('  ink: "dark brown"') + 1
    assert (error.line, error.column, error.length) == (line, 8, 12)


def test_every_problem_of_a_layout_is_reported_at_once(tmp_path):
    path = _copy(tmp_path)
    text = path.read_text().replace("dpi: 300", "dpi: 30").replace("columns: 10", "columns: 11")
    path.write_text(text)
    with pytest.raises(ContentErrors) as caught:
        load_layout(path.parent.parent)
    assert [e.message for e in caught.value.errors] == [
        "'dpi' must be at least 72, not 30", "'columns' must be at most 10, not 11",
    ]


def test_a_card_image_past_40_million_pixels_is_refused_at_the_dpi(tmp_path):
    path = _copy(tmp_path)
    text = path.read_text()
    path.write_text(text.replace("dpi: 300", "dpi: 1200").replace("width_mm: 63.5",
                                                                   "width_mm: 200"))
    with pytest.raises(ProphecyError) as caught:
        load_layout(path.parent.parent)
    error = caught.value
    line = text.splitlines().index("  dpi: 300") + 1
    assert (error.line, error.column) == (line, 8)
    assert error.message == ("a card image of 9749 x 4500 pixels is too large: at most 40 "
                             "million pixels, bleed included")
    assert error.hint == "lower dpi to 1145 or less, or make the card smaller"
    # at the resolution the hint names, the image is within bounds (the sheets, made for a
    # poker card, are what is left to fix)
    path.write_text(text.replace("dpi: 300", "dpi: 1145").replace("width_mm: 63.5",
                                                                   "width_mm: 200"))
    with pytest.raises(ContentErrors) as left:
        load_layout(path.parent.parent)
    assert [e.message for e in left.value.errors if "pixels" in e.message] == []
    assert any("leave no room" in e.message for e in left.value.errors)


def test_the_schema_names_every_glyph_as_a_symbol():
    from prophecy.compiler.model.schema import schema
    from prophecy.render.icons import SYMBOLS

    assert schema("layout")["$defs"]["palette"]["properties"]["symbol"]["enum"] == sorted(SYMBOLS)


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
    ("label: [5.0, 62.0, 53.5, 9.0]", "label: [5.0, 62.0, 53.5]", ("regions", "back", "label")),
    ("region: [5.5, 5.0, 52.5, 8.0], style: title", "region: [5.5, 5.0], style: title",
     ("faces", "arcana", "boxes", 0, "region")),
    ("style: title, show:", "style: heading, show:", ("faces", "arcana", "boxes", 0, "style")),
    ("font: label,", "font: bold,", ("faces", "arcana", "boxes", 1, "font")),
    ('colour: "mix(ink, paper, 0.3)"', 'colour: "mix(ink, sepia, 0.3)"',
     ("faces", "arcana", "boxes", 3, "colour")),
    ("style: icon, icon: crown,", "style: icon, icon: tiara,",
     ("faces", "title", "boxes", 2, "icon")),
    ('show: "{{ name }}"}', 'show: "{{ name }"}', ("faces", "arcana", "boxes", 0, "show")),
    ("palette: {deck: title}", "palette: {deck: titles}", ("faces", "title", "palette", "deck")),
    ("width_pt: 0.5", "width_pt: 0.1", ("sheets", "crop_mark", "width_pt")),
    ("max_pt: 13,", "max_pt: 0,", ("text", "title", "max_pt")),
    ("symbol: skull}", "symbol: skull, glow: 1}", ("grimoires", "Necromancy")),
    ("symbol: skull}", "symbol: banana}", ("grimoires", "Necromancy", "symbol")),
    ("columns: 10", "columns: 11", ("tts", "columns")),
]


@pytest.mark.parametrize(("old", "new", "where"), BAD_LAYOUTS, ids=[b[1] for b in BAD_LAYOUTS])
def test_each_bad_value_is_one_error_on_its_line(tmp_path, old, new, where):
    path = _copy(tmp_path)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(ContentErrors) as caught:
        load_layout(path.parent.parent)
    assert [(e.line, e.where.endswith("poker.yaml")) for e in caught.value.errors] == [(line, True)]


def test_the_bundled_layout_is_valid_for_jsonschema_too():
    from jsonschema import Draft202012Validator

    from prophecy.compiler.model.schema import schema

    Draft202012Validator.check_schema(schema("layout"))
    data = yaml.safe_load((ROOT / "content" / "layouts" / "poker.yaml").read_text())
    assert not list(Draft202012Validator(schema("layout")).iter_errors(data))


def test_a_box_off_the_card_and_a_margin_wider_than_it_are_refused_at_their_places(tmp_path):
    path = _copy(tmp_path)
    text = path.read_text()
    text = text.replace("{name: title, region: [5.5, 5.0, 52.5, 8.0]",
                        "{name: title, region: [5.5, 5.0, 62.5, 8.0]", 1)
    text = text.replace("safe_mm: 3.175", "safe_mm: 32")
    path.write_text(text)
    with pytest.raises(ContentErrors) as caught:
        load_layout(path.parent.parent)
    rows = text.splitlines()
    found = {(e.line, e.message) for e in caught.value.errors}
    title = next(i for i, r in enumerate(rows) if "region: [5.5, 5.0, 62.5, 8.0]" in r) + 1
    assert (title, "the box 'title' of face 'arcana' reaches off the card: from (5.5, 5) to "
            "(68, 13) mm") in found
    safe = next(i for i, r in enumerate(rows) if r.startswith("  safe_mm: 32")) + 1
    assert (safe, "safe_mm of 32 mm leaves no card inside it") in found
    assert len(found) == 2


@pytest.mark.parametrize(("old", "new", "refused"), [
    # the Arcana's flavour box moved 2 mm left: its text would print across the frame
    ("{name: flavor, region: [7.0, 78.0,", "{name: flavor, region: [2.0, 78.0,", True),
    # ... and 7.5 mm down, past the safe zone's bottom (85.725 mm)
    ("{name: flavor, region: [7.0, 78.0,", "{name: flavor, region: [7.0, 80.0,", True),
    # a banner runs to the bleed on purpose
    ("region: [0.0, 0.0, 63.5, 12.5]", "region: [-3.0, -3.0, 69.5, 15.5]", False),
])
def test_a_box_outside_the_safe_zone_is_refused_at_its_line_unless_drawn_to_the_bleed(
        tmp_path, old, new, refused):
    path = _copy(tmp_path)
    text = path.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text)
    line = text[: text.index(new)].count("\n") + 1
    if not refused:
        load_layout(path.parent.parent)
        return
    with pytest.raises(ContentErrors) as caught:
        load_layout(path.parent.parent)
    [error] = caught.value.errors
    assert error.line == line
    assert error.message.startswith("the box 'flavor' of face 'arcana' reaches outside the "
                                    "safe zone")
    assert "only image and banner boxes may run to the bleed" in error.hint


def test_a_grid_without_room_for_crop_marks_is_a_layout_error_check_reports(tmp_path, capsys):
    from prophecy.tools import main

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content,
                    ignore=shutil.ignore_patterns("*.py", "scenarios"))
    path = content / "layouts" / "poker.yaml"
    text = path.read_text().replace("a4: {size: [210.0, 297.0], columns: 3, rows: 3}",
                                    "a4: {size: [210.0, 297.0], columns: 4, rows: 3}")
    path.write_text(text)
    assert main(["check", "--no-fit", "--content", str(content)]) == 1
    line = text.splitlines().index("    a4: {size: [210.0, 297.0], columns: 4, rows: 3}") + 1
    out = capsys.readouterr().out
    assert f"poker.yaml:{line}:5: 4 x 3 cards leave no room on a4 paper for crop marks" in out
    assert out.endswith("1 problem\n")
