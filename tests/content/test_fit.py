"""Text fit is a check: every face whose text overflows its box, reported at once at its card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.tools import main

LONG = "Add 1 to lowest-points Dark Deed, then Draw 2 Arcana, then Discard 1 to the center"


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """The bundled content with two Arcana over-full and a Title name too long."""
    root = tmp_path / "content"
    # the scenarios name the cards this renames: left out, they are not what is measured
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*", "scenarios"))
    necro = root / "arcana" / "necromancy.yaml"
    text = necro.read_text()
    more = "".join(f'\n      - "Grimoire Level {n}: {LONG}"' for n in (1, 2, 3))
    text = text.replace('\n      - "Add 1 to lowest-points Dark Deed"',
                        '\n      - "Add 1 to lowest-points Dark Deed"' + more, 2)
    necro.write_text(text)
    titles = root / "titles.yaml"
    titles.write_text(titles.read_text().replace("name: Keeper of the Red Ledger",
                                                 "name: Keeper of the Red Ledger of the Long Road"))
    return root


def test_check_reports_every_overflowing_face_at_its_card(crowded, capsys):
    assert main(["check", "--content", str(crowded)]) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "does not fit" in line]
    assert lines == [
        f"{crowded}/arcana/necromancy.yaml:40:5: arcana/ossuary-key: the text of the 'effects' "
        "box does not fit, even at the smallest size (27 px)",
        f"{crowded}/arcana/necromancy.yaml:110:5: arcana/mournful-banshee: the text of the "
        "'effects' box does not fit, even at the smallest size (27 px)",
        f"{crowded}/titles.yaml:6:5: title/keeper-of-the-red-ledger-of-the-long-road: the text "
        "of the 'title' box does not fit, even at the smallest size (33 px)",
    ]
    assert "      - name: Ossuary Key\n        ^\n  hint: shorten the text" in out
    assert out.rstrip().endswith("3 problems")


def test_no_fit_skips_the_measuring(crowded, capsys):
    assert main(["check", "--no-fit", "--content", str(crowded)]) == 0
    assert "does not fit" not in capsys.readouterr().out


def test_a_second_check_reads_the_results_from_the_cache(crowded, capsys, monkeypatch):
    assert main(["check", "--content", str(crowded)]) == 1
    first = capsys.readouterr().out
    from prophecy.render import backs

    def no_measuring(*args):
        raise AssertionError("a face was laid out again")

    monkeypatch.setattr(backs, "render_face", no_measuring)
    monkeypatch.setattr(backs, "measure_face", no_measuring)
    assert main(["check", "--content", str(crowded)]) == 1
    assert capsys.readouterr().out == first


def test_an_edit_builds_and_measures_the_faces_of_the_edited_card_alone(crowded, capsys,
                                                                        monkeypatch):
    """A card whose data, settings and pictures are as before keeps its faces' results: after
    one card's flavour text changes, only that card's faces are built and laid out again."""
    from prophecy.compiler import faces
    from prophecy.render import backs

    assert main(["check", "--content", str(crowded)]) == 1
    first = capsys.readouterr().out
    necro = crowded / "arcana" / "necromancy.yaml"
    text = necro.read_text()
    start = text.index("  - name: Ossuary Key")
    flavour = text.index("    flavor: ", start)
    necro.write_text(text[:flavour] + '    flavor: "A key, edited."'
                     + text[text.index("\n", flavour):])
    built: list[str] = []
    measured: list[str] = []
    real_faces, real_measure = faces.card_faces, backs.measure_face
    monkeypatch.setattr(faces, "card_faces",
                        lambda card, content: built.append(card.id) or real_faces(card, content))
    monkeypatch.setattr(backs, "measure_face", lambda layout, card, face: measured.append(
        card) or real_measure(layout, card, face))
    assert main(["check", "--content", str(crowded)]) == 1
    assert built == ["arcana/ossuary-key"]
    assert measured == ["arcana/ossuary-key"]  # its front: its back is the deck's, unchanged
    assert capsys.readouterr().out == first  # still reported, at the same place


def test_a_check_with_nothing_changed_builds_no_face(crowded, capsys, monkeypatch):
    from prophecy.compiler import faces

    assert main(["check", "--content", str(crowded)]) == 1
    first = capsys.readouterr().out
    built: list[str] = []
    real = faces.card_faces
    monkeypatch.setattr(faces, "card_faces",
                        lambda card, content: built.append(card.id) or real(card, content))
    assert main(["check", "--content", str(crowded)]) == 1
    assert built == []
    assert capsys.readouterr().out == first


def test_a_kept_card_is_laid_out_again_when_a_picture_it_shows_changes(tmp_path):
    """A card is kept by its data and its pictures by their bytes: a new picture under the
    same name is seen."""
    from PIL import Image

    from prophecy.compiler import faces

    path = tmp_path / "ember.png"
    Image.new("RGB", (40, 40), (200, 60, 20)).save(path)
    kept = faces.Picture(str(path), faces.picture_digest(str(path)))
    face = faces.Face("plain", "relic", shown=(("title", "Crown"), ("art", kept)))
    assert faces.pictures_of(face) == (kept,)
    assert faces.picture_unchanged(kept)
    Image.new("RGB", (40, 40), (20, 60, 200)).save(path)
    assert not faces.picture_unchanged(kept)
    path.unlink()
    assert not faces.picture_unchanged(kept)


@pytest.mark.parametrize(("deck", "label", "box"), [
    # the Starting Verse's back prints its palette's label as a numeral in the disc
    ("verse_starting", "The Wager of the Long Night", "numeral"),
    # and every deck back prints its label on a plate: one that fits the label's region but
    # not the plate under it (which is narrower) is an overflow, not letters on the lattice
    ("arcana", "between the plate and the region", "label"),
])
def test_a_deck_back_whose_words_overflow_is_reported_at_its_card(tmp_path, capsys, deck,
                                                                   label, box):
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*", "scenarios"))
    layout = root / "layouts" / "poker.yaml"
    if label == "between the plate and the region":
        label = _wider_than_the_plate()
    text = layout.read_text(encoding="utf-8")
    old = f"  {deck}: {{main:"
    start = text.index(old)
    end = text.index("\n", start)
    line = text[start:end]
    new = line[: line.index("label: ")] + f"label: {label}}}"
    layout.write_text(text[:start] + new + text[end:], encoding="utf-8")
    assert main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().out
    assert f"(back): the text of the '{box}' box does not fit" in out, out


def _wider_than_the_plate() -> str:
    """A label that, upper-cased at the smallest title size, is wider than the back's label
    plate leaves for it but narrower than the label's region."""
    from prophecy.render.layoutfile import load_layout
    from prophecy.render.text import length

    layout = load_layout(bundled_content())
    x0, y0, x1, y1 = layout.region("back", "label")
    plate = (x1 - x0) * (1 - 2 * 0.12) - (y1 - y0) * 0.5
    smallest = layout.sizes("title")[1]
    words = "Keepers of the Scoring References and the Ledgers"
    for n in range(1, 41):
        text = words[:n].strip()
        if plate < length(layout, "title", smallest, text.upper()) < x1 - x0:
            return text
    raise AssertionError("no label lies between the plate and the region")


def test_a_short_numeral_and_label_keep_their_size_and_place(tmp_path):
    """The numerals I, II, III and the bundled labels fit as they are: measured, each back
    is drawn at the size the golden images hold (tests/render/test_golden.py)."""
    from prophecy.compiler.model.loader import load_content
    from prophecy.render.backs import _numeral_size
    from prophecy.render.layoutfile import load_layout
    from prophecy.render.text import length

    layout = load_layout(bundled_content())
    x0, y0, x1, y1 = layout.region("back", "symbol")
    pad = (x1 - x0) * 0.24
    largest = round((y1 - y0) * 0.42)
    ring = (x0 + pad, y0, x1 - pad, y1)
    for numeral in ("I", "II", "III"):
        assert _numeral_size(layout, "c", numeral, ring) == largest
    # a word that ran out of its ring at the numeral's size now shrinks to fit inside it
    size = _numeral_size(layout, "c", "Wager", ring)
    assert size < largest
    assert length(layout, "number", size, "Wager") <= ring[2] - ring[0]
    assert load_content(bundled_content()).cards
