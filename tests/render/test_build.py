"""`prophecy build` end to end on a small content folder: outputs, reproducibility, errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from prophecy.compiler.cli import main

URL = "https://example.invalid/tts"


def build(content: Path, out: Path, *extra: str) -> int:
    return main(["build", "--content", str(content), "--out", str(out), "--jobs", "2",
                 "--tts-url", URL, *extra])


@pytest.fixture(scope="module")
def built(small_content, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build") / "output"
    assert build(small_content, out) == 0
    return out


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".build" not in p.parts}


def test_build_writes_every_output(built):
    cards = json.loads((built / "cards.json").read_text())
    kinds = {c["kind"] for c in cards["cards"]}
    assert kinds == {"arcana", "grimoire", "deed", "verse", "hireling", "title", "reference",
                     "tracker"}
    for card in cards["cards"]:
        for side in ("front", "back"):
            with Image.open(built / card[side]) as img:
                assert (img.mode, img.size) == ("RGB", (825, 1125))
        assert len(card["hash"]) == 64 and card["copies"] >= 1
    arcana = next(c for c in cards["cards"] if c["kind"] == "arcana")
    assert arcana["effects"] and all(isinstance(e, str) for e in arcana["effects"])
    assert (built / "sheets-a4.pdf").read_bytes().startswith(b"%PDF-")
    assert (built / "sheets-letter.pdf").read_bytes().startswith(b"%PDF-")
    assert not list(built.rglob("*.tmp"))


def test_verse_backs_are_three_and_decks_share_backs(built):
    backs = {p.name for p in (built / "backs").glob("*.png")}
    assert {"verse-starting.png", "verse-middle.png", "verse-ending.png", "arcana.png"} <= backs


def test_tts_sheets_and_saved_object(built):
    saved = json.loads((built / "tts" / "saved-object.json").read_text())
    decks = saved["ObjectStates"][0]["ContainedObjects"]
    assert len(decks) == 8
    for deck in decks:
        for custom in deck["CustomDeck"].values():
            assert 2 <= custom["NumWidth"] <= 10 and 2 <= custom["NumHeight"] <= 7
            assert custom["FaceURL"].startswith(URL + "/")
            with Image.open(built / "tts" / custom["FaceURL"].rsplit("/", 1)[1]) as sheet:
                assert sheet.mode == "RGB" and max(sheet.size) <= 4096
                assert sheet.size == (custom["NumWidth"] * 375, custom["NumHeight"] * 525)
    arcana = next(d for d in decks if d["Nickname"] == "Arcana")
    copies = sum(1 for _ in arcana["ContainedObjects"])
    assert len(arcana["DeckIDs"]) == copies


def test_a_second_build_writes_nothing_and_the_same_content_gives_the_same_bytes(
        built, small_content, tmp_path):
    before = {p: p.stat().st_mtime_ns for p in built.rglob("*") if p.is_file()}
    assert build(small_content, built) == 0
    assert {p: p.stat().st_mtime_ns for p in built.rglob("*") if p.is_file()} == before
    again = tmp_path / "again"
    assert build(small_content, again) == 0
    assert _files(again) == _files(built)


def test_a_changed_card_is_the_only_one_drawn_again(small_content, tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    title = content / "titles.yaml"
    text = title.read_text()
    points = text.split("points: ", 1)[1].split()[0]
    title.write_text(text.replace(f"points: {points}", f"points: {int(points) + 1}", 1))
    capsys.readouterr()
    assert build(content, out) == 0
    assert "rendering 1 of" in capsys.readouterr().err


def test_a_content_problem_stops_the_build_before_anything_is_written(
        small_content, tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    (content / "titles.yaml").write_text(
        (content / "titles.yaml").read_text().replace("condition: ", "condition: Mots ", 1))
    out = tmp_path / "out"
    assert build(content, out) == 1
    assert "titles.yaml:" in capsys.readouterr().err
    assert not out.exists()


def test_text_overflow_fails_naming_the_card_and_leaves_the_output_untouched(
        small_content, tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    before = _files(out)
    arcana = next((content / "arcana").glob("*.yaml"))
    long = "Discard 1, then Draw 2 Arcana, then Stash a card from your hand, then Discard 1"
    text = arcana.read_text()
    lines = "".join(f"\n  - {long}" for _ in range(8))
    arcana.write_text(text.replace("effects:", "effects:" + lines, 1))
    capsys.readouterr()
    assert build(content, out) == 1
    err = capsys.readouterr().err
    assert "does not fit" in err and "'effects' box" in err
    number, name = next((n, line) for n, line in enumerate(text.splitlines(), 1)
                        if line.lstrip().startswith("- name:"))
    column = name.index("name:") + 1
    assert f"\n{arcana}:{number}:{column}: arcana/" in err  # the card's name in its file
    assert _files(out) == before
    assert not list(out.rglob("*.tmp"))


def test_only_draws_one_card(small_content, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", "--content", str(small_content), "--out", str(out), "--only",
                 "Round Tracker"]) == 0
    drawn = sorted(str(p.relative_to(out)) for p in out.rglob("*.png") if ".build" not in p.parts)
    assert drawn == ["backs/tracker-round-tracker.png", "cards/tracker-round-tracker.png"]
    assert main(["build", "--content", str(small_content), "--out", str(out), "--only",
                 "Round Trackr"]) == 2
    assert "did you mean 'Round Tracker'" in capsys.readouterr().err


def test_a_renamed_card_leaves_no_old_image_behind(small_content, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    titles = content / "titles.yaml"
    name = titles.read_text().split("- name: ", 1)[1].splitlines()[0].strip()
    titles.write_text(titles.read_text().replace(f"name: {name}", "name: Renamed Title", 1))
    assert build(content, out) == 0
    fronts = {p.name for p in (out / "cards").glob("title-*.png")}
    assert fronts == {"title-renamed-title.png"}


def test_tts_last_cell_is_the_hidden_card_image_and_pdf_has_every_copy(built):
    from PIL import ImageChops

    saved = json.loads((built / "tts" / "saved-object.json").read_text())
    arcana = next(d for d in saved["ObjectStates"][0]["ContainedObjects"]
                  if d["Nickname"] == "Arcana")
    custom = next(iter(arcana["CustomDeck"].values()))
    cols, rows = custom["NumWidth"], custom["NumHeight"]
    with Image.open(built / "tts" / custom["FaceURL"].rsplit("/", 1)[1]) as sheet, \
            Image.open(built / "tts" / custom["BackURL"].rsplit("/", 1)[1]) as back:
        last = sheet.crop(((cols - 1) * 375, (rows - 1) * 525, cols * 375, rows * 525))
        assert ImageChops.difference(last.convert("RGB"), back.convert("RGB")).getbbox() is None
    cards = json.loads((built / "cards.json").read_text())["cards"]
    copies = sum(c["copies"] for c in cards)
    from pypdf import PdfReader

    for paper in ("a4", "letter"):
        reader = PdfReader(built / f"sheets-{paper}.pdf")
        assert len(reader.pages) == 2 * -(-copies // 9)  # fronts and backs, 9 a page


def test_a_grimoire_without_layout_colours_is_warned_about(small_content, tmp_path, capsys):
    import shutil

    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    game = content / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("Necromancy]", "Necromancy, Astromancy]", 1), encoding="utf-8")
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "out"),
                 "--only", "Round Tracker"]) == 0
    err = capsys.readouterr().err
    assert "warning: layout 'poker' has no colours for grimoire 'Astromancy'" in err


def test_an_out_path_that_is_a_file_is_refused(tmp_path, capsys):
    out = tmp_path / "out"
    out.write_text("not a folder")
    assert main(["build", "--out", str(out)]) == 2
    assert "--out names a file" in capsys.readouterr().err
    assert out.read_text() == "not a folder"
