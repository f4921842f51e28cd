"""Games written as packs: the examples that ship, and games made of YAML alone.

Each shipped example checks clean, has its schemas up to date and builds: every
card's front (and a back for each card, or one for its deck) decodes at the
layout's size. A new kind with its own face needs no Python; a kind that
names no face gets the built-in ones; spreadsheets and pictures are checked
at their places.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from prophecy.compiler.model.loader import analyse, load_content
from prophecy.compiler.model.schemagen import stale_schemas
from prophecy.tools import main
from prophecy.tools.init import shipped

EXAMPLES = {name: path for name, path in shipped().items() if name != "dark-prophecies"}
CARD_PX = (825, 1125)  # a poker card at 300 dpi with its bleed


def test_the_examples_ship_and_init_lists_them(capsys):
    assert {"fate-deduction", "prophecy-basic"} <= set(EXAMPLES)
    assert main(["init", "--list"]) == 0
    listed = capsys.readouterr().out
    assert "fate-deduction       Fate of the Hours" in listed


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_checks_clean_with_its_schemas_up_to_date(name, capsys):
    assert main(["check", "--content", str(EXAMPLES[name])]) == 0
    assert capsys.readouterr().out.rstrip().endswith("0 problems")
    assert stale_schemas(EXAMPLES[name])[0] == {}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name, folder in EXAMPLES.items():
        target = tmp_path_factory.mktemp(name)
        assert main(["build", "--content", str(folder), "--out", str(target)]) == 0
        out[name] = target
    return out


def _decoded(path: Path) -> Image.Image:
    with Image.open(path) as img:
        img.load()
        return img.copy()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_builds_every_card_at_the_layouts_size(name, built):
    out = built[name]
    content = load_content(EXAMPLES[name])
    cards = json.loads((out / "cards.json").read_text())["cards"]
    assert sorted(c["id"] for c in cards) == sorted(c.id for c in content.cards)
    fronts = sorted((out / "cards").glob("*.png"))
    assert len(fronts) == len(content.cards)
    for path in [*fronts, *(out / "backs").glob("*.png")]:
        assert _decoded(path).size == CARD_PX, path
    for pdf in ("sheets-a4.pdf", "sheets-letter.pdf"):
        assert (out / pdf).read_bytes().startswith(b"%PDF-")


def test_fate_arcana_have_a_back_each_showing_its_own_faded_power(built):
    out = built["fate-deduction"]
    backs = sorted((out / "backs").glob("arcana-*.png"))
    assert len(backs) == 20
    digests = {hashlib.sha256(p.read_bytes()).hexdigest() for p in backs}
    assert len(digests) == 20  # no two faded powers print the same
    assert (out / "backs" / "hours.png").is_file()  # The Hours: one plain deck back


def test_prophecy_basic_decks_share_one_back_each(built):
    """A back for each deck, and one for each guild's Certificates (deck: is a template)."""
    out = built["prophecy-basic"]
    assert sorted(p.name for p in (out / "backs").glob("*.png")) == [
        "adventure.png", "certificate-camp.png", "certificate-fortress.png",
        "certificate-monastery.png", "certificate-thieves.png", "certificate-tower.png",
        "chance.png", "item.png"]


def test_an_optional_number_a_card_leaves_out_is_not_drawn(built):
    """An Opportunity has no Strength: its face leaves the medallion's place as paper,
    where a Creature's shows one."""
    out = built["prophecy-basic"]
    creature = _decoded(out / "cards" / "adventure-vampire.png")
    opportunity = _decoded(out / "cards" / "adventure-healing-spring.png")
    # the Strength medallion's place: [5.0, 19.5, 17, 17] mm, bleed 3.175 mm, 300 dpi
    box = tuple(round((v + 3.175) / 25.4 * 300) for v in (8.0, 24.0, 19.0, 33.0))
    paper = opportunity.crop(box).getcolors(1 << 16)
    assert paper is not None and len(paper) == 1  # one colour: nothing drawn there
    assert len(creature.crop(box).getcolors(1 << 16) or range(9999)) > 50


def test_a_game_without_an_engine_is_not_simulated(capsys):
    assert main(["simulate", "--content", str(EXAMPLES["fate-deduction"])]) == 2
    err = capsys.readouterr().err
    assert "Fate of the Hours has no engine" in err.splitlines()[1]


# ------------------------------------------------------------ spreadsheets
@pytest.fixture
def fate(tmp_path: Path) -> Path:
    target = tmp_path / "fate"
    assert main(["init", str(target), "--from", "fate-deduction"]) == 0
    return target


def test_init_from_an_example_makes_a_game_that_checks(fate, capsys):
    capsys.readouterr()
    assert main(["check", "--content", str(fate)]) == 0
    assert (fate / "arcana.csv").is_file() and (fate / "layouts" / "poker.yaml").is_file()


def test_a_bad_cell_is_placed_at_its_row_and_column(fate):
    path = fate / "arcana.csv"
    rows = path.read_text().splitlines(keepends=True)
    # the fifth row (fourth card): its duration becomes a word
    assert rows[4].startswith("The High Tide,")
    column = rows[4].index(",4,") + 2  # the cell's first character
    rows[4] = rows[4].replace(",4,", ",many,", 1)
    path.write_text("".join(rows))
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert [(e.line, e.column) for e in errors] == [(5, column)]
    assert "duration" in errors[0].message and "many" in errors[0].message


@pytest.mark.parametrize("sep", [";", "\t"], ids=["semicolon", "tab"])
def test_a_spreadsheet_saved_with_semicolons_or_tabs_reads_as_with_commas(fate, sep):
    """Many locales' spreadsheets save ';' between values, and 'tab-separated' saves tabs:
    the same cards come out, and a bad cell is still placed at its row and column."""
    import csv
    import io

    path = fate / "arcana.csv"
    before = load_content(fate)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    assert load_content(fate).cards == before.cards
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[4].startswith(f"The High Tide{sep}")
    column = lines[4].index(f"{sep}4{sep}") + 2
    lines[4] = lines[4].replace(f"{sep}4{sep}", f"{sep}many{sep}", 1)
    path.write_text("".join(lines), encoding="utf-8")
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert [(e.line, e.column) for e in errors] == [(5, column)]


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1252"])
def test_a_spreadsheet_saved_with_a_bom_or_in_the_windows_code_page_reads_the_same(fate,
                                                                                   encoding):
    """Excel saves 'CSV UTF-8' with a byte-order mark and plain 'CSV' in Windows-1252: both
    give the same cards, accents and curly quotes included."""
    path = fate / "arcana.csv"
    text = path.read_text(encoding="utf-8")
    assert "Midnight,1," in text
    text = text.replace("Midnight,1,", "Minuit \u2019\u00e9t\u00e9,1,", 1)
    path.write_text(text, encoding="utf-8")
    want = load_content(fate).cards
    path.write_bytes(text.encode(encoding))
    assert load_content(fate).cards == want
    assert any(c.name == "Minuit \u2019\u00e9t\u00e9" for c in want)


@pytest.mark.parametrize(("sep", "encoding", "said"), [
    (",", "utf-8", "comma-separated, UTF-8"),
    (";", "utf-8-sig", "semicolon-separated, UTF-8 with BOM"),
    ("\t", "cp1252", "tab-separated, Windows-1252"),
])
def test_every_problem_in_a_csv_file_says_how_the_file_was_read(fate, sep, encoding, said):
    """A bad cell, an unknown heading and a rules line that does not parse each name the
    separator and the encoding, so a guess that went wrong is seen on any of them."""
    import csv
    import io

    path = fate / "arcana.csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    rows[0][rows[0].index("duration")] = "durration"
    rows[4][rows[0].index("name") + 1] += " \u00e9t\u00e9"  # a letter cp1252 has
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="\n").writerows(rows)
    path.write_bytes(out.getvalue().encode(encoding))
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert errors and all(e.hint.endswith(f"(the file was read as {said})") for e in errors)


def test_a_separator_guessed_wrong_is_named_in_the_problems_it_makes(fate):
    """A semicolon file whose first row holds a comma reads as comma-separated: the first
    row is then one heading, and its problem says the file was read with commas."""
    path = fate / "arcana.csv"
    text = path.read_text(encoding="utf-8")
    header, rest = text.split("\n", 1)
    path.write_text(header.replace(",", ";").replace("name;", "name, title;", 1) + "\n"
                    + rest.replace(",", ";"), encoding="utf-8")
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert errors[0].line == 1 and any("unknown field 'title;copies;" in e.message
                                       for e in errors)
    assert all("(the file was read as comma-separated, UTF-8)" in e.hint for e in errors)


def test_a_column_the_kind_does_not_have_is_placed_in_the_header(fate):
    path = fate / "arcana.csv"
    text = path.read_text()
    path.write_text(text.replace("duration", "durration", 1))
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    # one problem, where the heading is: not 'no column' too, nor one on every row
    assert [(e.line, e.column, e.message, e.hint) for e in errors] == [
        (1, text.index("duration") + 1, "unknown field 'durration' in the first row",
         "did you mean 'duration'? (the file was read as comma-separated, UTF-8)")]


@pytest.mark.parametrize("case", ["prose", "trailing", "after a quoted line break"])
def test_a_row_with_a_comma_too_many_is_one_problem_at_that_comma(fate, case):
    """A comma inside an unquoted value splits it and shifts every value after it: one
    problem, at the comma (or, where no value reads as the rest of a sentence, at the
    first value too many), not one for each shifted value; other rows are still checked."""
    path = fate / "arcana.csv"
    rows = path.read_text().splitlines(keepends=True)
    assert rows[3].startswith("The Lighthouse,")
    flavour = "One lamp still burns above the flood."
    assert flavour in rows[3]
    if case == "prose":
        rows[3] = rows[3].replace(flavour, "One lamp still burns, above the flood.")
        line, column = 4, rows[3].index(", above") + 1
        hint = 'write "One lamp still burns, above the flood."'
    elif case == "trailing":
        rows[3] = rows[3].rstrip("\n") + ",extra\n"
        line, column = 4, len(rows[3]) - len("extra\n") + 1
        hint = "put double quotes around each value with a comma in it, or remove the " \
            "commas too many"
    else:  # its last value, quoted, runs onto the next line (a problem of its own, shifted)
        rows[3] = rows[3].replace(flavour, "One lamp still burns, above the flood.")
        rows[3] = rows[3].replace(",Name any number", ',"Name any\nnumber', 1).rstrip(
            "\n") + '"\n'
        line, column = 4, rows[3].index(", above") + 1
        hint = 'write "One lamp still burns, above the flood."'
    rows[4] = rows[4].replace(",4,", ",many,", 1)  # a problem of its own, a row later
    path.write_text("".join(rows))
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert [(e.line, e.column, e.hint) for e in errors[:1]] == [
        (line, column, f"{hint} (the file was read as comma-separated, UTF-8)")]
    assert "11 values" in errors[0].message and "10 fields" in errors[0].message
    assert len(errors) == 2 and "many" in errors[1].message  # the next row's own problem


def test_a_first_row_shorter_than_most_rows_is_one_problem_at_the_first_row(fate):
    """A heading lost from the first row makes most rows a value too long: that is said
    once, at the end of the first row (beside the missing column's own problem there),
    not once on every row."""
    path = fate / "arcana.csv"
    rows = path.read_text().splitlines(keepends=True)
    rows[0] = rows[0].replace(",faded_text", "", 1)
    path.write_text("".join(rows))
    errors = [e for e in analyse(fate).errors if e.where.endswith("arcana.csv")]
    assert {e.line for e in errors} == {1}
    (long,) = [e for e in errors if "most rows" in e.message]
    assert long.column == rows[0].rindex(",") + 2
    assert "names 9 fields, but most rows hold more values (up to 10)" in long.message
    assert [e.message for e in errors if e is not long] == ["no column 'faded_text'"]


# ------------------------------------------------------------ YAML alone
RELICS = """name: Relics
kinds:
  relic:
    label: Relic
    fields:
      power: {type: integer, min: 0, max: 9, required: true, title: Power}
      omen: {type: text, max: 40}
    front: relic
components:
  relic: {count: 2}
"""
RELIC_CARDS = """cards:
  - {name: Ember Crown, power: 3, omen: Smoke at dawn}
  - {name: Ash Ring, power: 7, omen: Smoke at dawn}
"""
RELIC_FACE = """faces:
  relic:
    palette: {deck: relic}
    boxes:
      - {name: title, region: [5.5, 5.0, 52.5, 8.0], style: title, show: "{{ name }}"}
      - {name: omen, region: [5.5, 20.0, 52.5, 10.0], style: prose, show: "{{ omen }}"}
      - {name: power, region: [23.0, 40.0, 17.0, 17.0], style: medallion, caption: Power,
         show: "{{ power }}"}
"""


@pytest.fixture
def relics(tmp_path: Path) -> Path:
    root = tmp_path / "relics"
    (root / "layouts").mkdir(parents=True)
    (root / "game.yaml").write_text(RELICS)
    (root / "relic.yaml").write_text(RELIC_CARDS)
    bundled = (Path(__file__).resolve().parents[2] / "content" / "layouts" / "poker.yaml")
    layout = bundled.read_text().split("\nfaces:\n")[0] + "\n" + RELIC_FACE
    (root / "layouts" / "poker.yaml").write_text(layout)
    assert main(["schemas", "--content", str(root)]) == 0
    return root


def test_schemas_names_each_files_schema_on_its_first_line(relics):
    assert (relics / "relic.yaml").read_text().splitlines()[0] == (
        "# yaml-language-server: $schema=schemas/relic.schema.json")
    assert (relics / "layouts" / "poker.yaml").read_text().startswith(
        "# yaml-language-server: $schema=../schemas/layout.schema.json")
    assert (relics / "schemas" / "layout.schema.json").is_file()


def test_a_new_kind_with_its_own_face_builds_from_yaml_alone(relics, tmp_path, capsys):
    assert main(["check", "--content", str(relics)]) == 0
    out = tmp_path / "out"
    assert main(["build", "--content", str(relics), "--out", str(out)]) == 0
    crown = _decoded(out / "cards" / "relic-ember-crown.png")
    ring = _decoded(out / "cards" / "relic-ash-ring.png")
    # the two differ where the name and the power are drawn, and nowhere else
    box = ImageChops.difference(crown, ring).getbbox()
    assert box is not None
    top, bottom = (round((mm + 3.175) / 25.4 * 300) for mm in (5.0, 57.0))
    assert top - 2 <= box[1] and box[3] <= bottom + 2
    omen = tuple(round((v + 3.175) / 25.4 * 300) for v in (5.5, 20.0, 58.0, 30.0))
    assert ImageChops.difference(crown.crop(omen), ring.crop(omen)).getbbox() is None
    assert len(crown.crop(omen).getcolors(1 << 16) or ()) > 2  # the omen is printed
    assert sorted(p.name for p in (out / "backs").glob("*.png")) == ["relic.png"]


def test_a_kind_that_names_no_face_gets_the_plain_faces(tmp_path, capsys):
    root = tmp_path / "plain"
    root.mkdir()
    (root / "game.yaml").write_text(RELICS.replace("    front: relic\n", ""))
    (root / "relic.yaml").write_text(RELIC_CARDS)
    assert main(["schemas", "--content", str(root)]) == 0
    out = tmp_path / "out"
    assert main(["build", "--content", str(root), "--out", str(out)]) == 0
    content = load_content(root)
    from prophecy.compiler.faces import card_faces

    face = card_faces(content.cards[1], content).front
    assert face.design == "plain"
    assert face.value("fields") == (("Power: 7", "Omen: Smoke at dawn"), ())
    crown = _decoded(out / "cards" / "relic-ember-crown.png")
    ring = _decoded(out / "cards" / "relic-ash-ring.png")
    assert crown.size == CARD_PX and ImageChops.difference(crown, ring).getbbox() is not None
    back = _decoded(out / "backs" / "relic.png")
    assert back.size == CARD_PX


def test_a_face_naming_a_field_the_kind_lacks_is_placed_at_the_layouts_line(relics, capsys):
    """A typo in a layout's template is the layout's mistake: said once, at the line of
    the box that shows it, with the nearest field, not at the first card drawn with it."""
    layout = relics / "layouts" / "poker.yaml"
    text = layout.read_text().replace("{{ omen }}", "{{ omens }}")
    layout.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "{{ omens }}" in t)
    column = text.splitlines()[line - 1].index("{{ omens }}")  # the quote before it, 1-based
    assert main(["build", "--content", str(relics), "--out", str(relics.parent / "o")]) == 1
    err = capsys.readouterr().err
    assert f"layouts/poker.yaml:{line}:{column}: the 'omen' box of face 'relic' shows " \
        "'{{ omens }}', and 'omens' is no field of the card's kind\n" in err
    assert "  hint: did you mean 'omen'?" in err
    assert "relic.yaml" not in err and err.count("'omens' is no field") == 1


# ------------------------------------------------------------ pictures
ART = """name: Art
kinds:
  relic:
    fields:
      art: {type: image, size: [300, 400], required: true}
components:
  relic: {count: 1}
"""


@pytest.mark.parametrize(("written", "make", "says"), [
    ("images/tiny.png", "tiny", "is 40 x 40 pixels; this field needs at least 300 x 400"),
    ("images/emberr.png", "ok", "no picture file 'images/emberr.png'"),
    ("images/fake.png", "fake", "cannot be read as a picture"),
    ("../outside.png", "ok", "is outside the game's folder"),
    ("images/ember.gif", "ok", "is not a PNG or JPEG file"),
])
def test_a_picture_field_is_checked_at_its_place(tmp_path, written, make, says):
    root = tmp_path / "art"
    (root / "images").mkdir(parents=True)
    (root / "game.yaml").write_text(ART)
    Image.new("RGB", (400, 500), (200, 60, 20)).save(root / "images" / "ember.png")
    Image.new("RGB", (40, 40)).save(root / "images" / "tiny.png")
    (root / "images" / "fake.png").write_text("not a picture")
    (root / "relic.yaml").write_text(f"cards:\n  - {{name: Crown, art: {written}}}\n")
    errors = [e for e in analyse(root).errors if e.where.endswith("relic.yaml")
              and "schema" not in e.message]
    assert [(e.line, e.column) for e in errors] == [(2, 24)]
    assert says in errors[0].message
    if make == "ok" and "emberr" in written:
        assert errors[0].hint == "did you mean 'images/ember.png'?"


def test_a_face_no_kind_shows_and_a_region_no_face_reads_are_warned(fate, capsys):
    layout = fate / "layouts" / "poker.yaml"
    text = layout.read_text()
    text = text.replace("\nregions:\n",
                        "\nregions:\n  tracker:\n    edge: [13.0, 4.0, 37.5, 9.0]\n")
    text = text.replace("\n  hours:\n    palette:", "\n  hours-old:\n    palette:", 1)
    layout.write_text(text)
    rows = text.splitlines()
    assert main(["lint", "--content", str(fate), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["findings"]
    got = sorted((f["line"], f["column"], f["message"]) for f in found if f["code"] == "PL507")
    assert got == sorted([
        (rows.index("  tracker:") + 1, 3, "no face reads the regions 'tracker'"),
        (rows.index("  hours-old:") + 1, 3, "no kind shows the face 'hours-old'"),
    ])
    hint = next(f["hint"] for f in found if "hours-old" in f["message"])
    assert hint == ("a kind names the face 'hours', which the layout does not declare: "
                    "rename one to match")


def test_a_layout_the_game_names_is_the_one_every_command_uses(tmp_path, capsys):
    """`layout: tarot` names layouts/tarot.yaml: a missing one is placed at game.yaml's key;
    a tarot-sized one of the pack's own, with no faces of its own, draws the plain faces at
    its size."""
    root = tmp_path / "tarot"
    root.mkdir()
    (root / "game.yaml").write_text(RELICS.replace("    front: relic\n", "")
                                    .replace("name: Relics\n", "name: Relics\nlayout: tarot\n"))
    (root / "relic.yaml").write_text(RELIC_CARDS)
    assert main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:2:9: no layout 'tarot': the game's folder has no layouts/tarot.yaml" in out
    poker = (Path(__file__).resolve().parents[2] / "content" / "layouts" / "poker.yaml")
    text = poker.read_text().split("\nfaces:\n")[0].replace("name: poker", "name: tarot")
    text = text.replace("width_mm: 63.5", "width_mm: 70.0").replace("height_mm: 88.9",
                                                                    "height_mm: 120.0")
    text = re.sub(r"a4: \{[^}]*\}", "a4: {size: [210.0, 297.0], columns: 2, rows: 2}", text)
    text = re.sub(r"letter: \{[^}]*\}", "letter: {size: [215.9, 279.4], columns: 2, rows: 2}",
                  text)
    (root / "layouts").mkdir()
    (root / "layouts" / "tarot.yaml").write_text(text)
    assert main(["schemas", "--content", str(root)]) == 0
    capsys.readouterr()
    assert main(["check", "--content", str(root)]) == 0, capsys.readouterr().out
    built = tmp_path / "out"
    assert main(["build", "--content", str(root), "--out", str(built)]) == 0
    size = (round((70.0 + 2 * 3.175) / 25.4 * 300), round((120.0 + 2 * 3.175) / 25.4 * 300))
    for path in [*(built / "cards").glob("*.png"), *(built / "backs").glob("*.png")]:
        assert _decoded(path).size == size, path
