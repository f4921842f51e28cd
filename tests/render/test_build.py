"""`prophecy build` end to end on a small content folder: outputs, reproducibility, errors."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import shutil
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml
from PIL import Image

from prophecy.tools import main

pytestmark = pytest.mark.slow  # whole builds

URL = "https://example.invalid/tts"


def build(content: Path, out: Path, *extra: str) -> int:
    return main(["build", "--content", str(content), "--out", str(out), "--jobs", "2",
                 "--tts-url", URL, *extra])


@pytest.fixture(scope="module")
def built(small_content, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build") / "output"
    assert build(small_content, out) == 0
    return out


def _files(folder: Path) -> dict[str, Any]:
    """Every output file as two builds are compared: a PNG as its chunks with its pixel
    data unpacked, a PDF as its objects with each image's data unpacked, any other file
    as its bytes. (ISA-L, in rare runs, deflates the same rows to other bytes: what is
    compared is everything but how the pixels were deflated.)"""
    out: dict[str, Any] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and ".build" not in path.parts:
            data = path.read_bytes()
            form = {".png": png_form, ".pdf": _pdf_form}.get(path.suffix)
            out[str(path.relative_to(folder))] = form(data) if form else data
    return out


def png_form(data: bytes) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks in order, its IDAT data joined and unpacked (and its CRCs dropped)."""
    chunks, idat, pos = [], b"", 8
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks.append((kind, body))
        pos += 12 + length
    return [*chunks, (b"IDAT", hashlib.sha256(zlib.decompress(idat)).digest())]


def _pdf_form(data: bytes) -> list[tuple[bytes, ...]]:
    """A PDF of ``render.pdf``'s writing as its objects in order (no offsets), each image's
    data unpacked and its length dropped."""
    out: list[tuple[bytes, ...]] = []
    pos = 0
    header = re.compile(rb"(\d+) 0 obj\n")
    while (found := header.search(data, pos)):
        start = found.end()
        stream, end = data.find(b"stream\n", start), data.find(b"endobj", start)
        if stream == -1 or stream > end:
            out.append((found.group(1), data[start:end]))
            pos = end
            continue
        head = data[start:stream]
        length = int(re.search(rb"/Length (\d+)", head).group(1))
        body = data[stream + 7 : stream + 7 + length]
        if b"/Subtype /Image" in head:
            head = re.sub(rb"/Length \d+", b"", head)
            body = hashlib.sha256(zlib.decompress(body)).digest()
        out.append((found.group(1), head, body))
        pos = stream + 7 + length
    return out


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


def _spied(monkeypatch, log: Path) -> None:
    """Every band deflated, in every process, logged as a line: a letter a cell, d for a
    cell drawn now, k for one kept from an earlier sheet's band, f for one made again from
    its image file, - for a blank; and 'decoded NAME' for each image file read."""
    from prophecy.render import build as images
    from prophecy.render import tts

    real_band, real_cell, real_place = images._band, tts.cell, tts.BandRows.place

    def place(rows, col, source):
        kinds = rows.__dict__.setdefault("kinds", {})
        kinds[col] = ("-" if source is None else "k" if isinstance(source, tts.Kept) else
                      "f" if isinstance(source, Path) else "d")
        return real_place(rows, col, source)

    def band(rows):
        kinds = rows.__dict__.get("kinds", {})
        with log.open("a") as f:
            f.write("".join(kinds[col] for col in sorted(kinds)) + "\n")
        return real_band(rows)

    def cell(layout, image):
        with log.open("a") as f:
            f.write(f"decoded {image.name}\n")
        return real_cell(layout, image)

    monkeypatch.setattr(images, "_band", band)
    monkeypatch.setattr(tts, "cell", cell)
    monkeypatch.setattr(tts.BandRows, "place", place)


def _logged(log: Path) -> list[str]:
    lines = sorted(log.read_text().splitlines()) if log.exists() else []
    log.unlink(missing_ok=True)
    return lines


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_band_is_deflated_where_its_cells_are_drawn(built, small_content, tmp_path,
                                                         monkeypatch, jobs):
    """A full build deflates every band of every TTS image once, from cells drawn in the
    same process: no cell crosses between processes, no image file is read back, and no
    cell file is kept. Workers leave their bands in spool files, which are gone after the
    build. One worker or two, the files are the same."""
    from prophecy.render import build as images

    log = tmp_path / "log"
    _spied(monkeypatch, log)
    spooled: list[str] = []  # the bands workers left in their spool files, not the pipe
    unspooled = images._unspooled

    def gather(segments):
        spooled.extend(s.path for s in segments.values() if isinstance(s, images.Spooled))
        return unspooled(segments)

    monkeypatch.setattr(images, "_unspooled", gather)
    out = tmp_path / "out"
    assert main(["build", "--content", str(small_content), "--out", str(out), "--jobs", jobs,
                 "--tts-url", URL]) == 0
    bands = _logged(log)
    state = json.loads((out / ".build" / "state.json").read_text())
    assert len(bands) == sum(len(r["bands"]) for r in state["tts"].values())
    assert all(set(kinds) <= {"d", "-"} for kinds in bands), bands
    assert len(spooled) == (len(bands) if jobs == "2" else 0)
    assert sorted(p.name for p in (out / ".build").iterdir()) == ["state.json"]  # no spool
    assert _files(out) == _files(built)


def test_workers_started_afresh_make_the_same_files(built, small_content, tmp_path,
                                                   monkeypatch):
    """Where processes cannot be forked (spawned workers share no memory with the build),
    the cells still come back through the pool and the sheets are the same bytes."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    started: list[str] = []
    get_context = multiprocessing.get_context

    def context(method=None):
        started.append(method)
        return get_context(method)

    monkeypatch.setattr(multiprocessing, "get_context", context)
    out = tmp_path / "spawned"
    assert build(small_content, out) == 0
    assert started == ["spawn", "spawn"]  # the drawing workers, then the writing ones
    assert _files(out) == _files(built)


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


def _arcana_edited(content: Path, insert: bool = False) -> None:
    """One Arcana card's flavour text changed (its front is drawn again, its sheet
    rewritten), or a card added before the others (every cell after it moves)."""
    (deck,) = sorted((content / "arcana").glob("*.yaml"))
    text = deck.read_text()
    data = yaml.safe_load(text)
    if insert:
        data["cards"].insert(0, {**copy.deepcopy(data["cards"][0]), "name": "Ossified Herald"})
    else:
        data["cards"][0]["flavor"] = "Again, and again."
    header = "".join(line for line in text.splitlines(True) if line.startswith("#"))
    deck.write_text(header + yaml.safe_dump(data, sort_keys=False))


def _same_tts(out: Path, clean: Path) -> None:
    names = sorted(p.name for p in (clean / "tts").glob("*.png"))
    assert names == sorted(p.name for p in (out / "tts").glob("*.png"))
    for name in names:
        assert png_form((out / "tts" / name).read_bytes()) == png_form(
            (clean / "tts" / name).read_bytes()), name


@pytest.mark.parametrize(("insert", "bands"), [
    # the edited card drawn, the other one kept, a blank
    (False, ["dk-"]),
    # a card added first: every other cell of the sheet (and its grid) moves, each taken
    # from its old place; the hidden back moved too
    (True, ["---k", "dkk-"]),
])
def test_an_edit_deflates_again_only_the_bands_it_changes(small_content, tmp_path,
                                                          monkeypatch, insert, bands):
    """After a one-card edit (or a card added), the bands holding changed cells are the only
    ones deflated again: their other cells are taken from the bands the last build wrote,
    never from image files, and the sheet's other bands are copied as they were. The
    sheets are a clean build's."""
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    log = tmp_path / "log"
    _spied(monkeypatch, log)
    _arcana_edited(content, insert=insert)
    assert build(content, out) == 0
    assert _logged(log) == bands
    clean = tmp_path / "clean"
    assert build(content, clean) == 0
    _logged(log)
    _same_tts(out, clean)


@pytest.mark.parametrize("damage", ["same size", "cut short", "gone", "record"])
def test_a_damaged_sheet_is_made_again_from_the_images(small_content, tmp_path, monkeypatch,
                                                       damage):
    """The TTS sheets a build wrote are the next build's cache of cells: one damaged at its
    own size, cut short, gone, or recorded wrongly in the state file gives nothing, and
    its cells are made again from the card images (or from another sheet holding them).
    The sheets are a clean build's."""
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    sheet = out / "tts" / "arcana-1.png"
    data = sheet.read_bytes()
    if damage == "same size":
        middle = len(data) // 2
        sheet.write_bytes(data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :])
    elif damage == "cut short":
        sheet.write_bytes(data[: len(data) // 2])
    elif damage == "gone":
        sheet.unlink()
    else:
        state_file = out / ".build" / "state.json"
        state = json.loads(state_file.read_text())
        state["tts"]["tts/arcana-1.png"]["bands"][0][0] += 1  # a band's length
        state_file.write_text(json.dumps(state))
    log = tmp_path / "log"
    _spied(monkeypatch, log)
    _arcana_edited(content)
    assert build(content, out) == 0
    logged = _logged(log)
    bands = [line for line in logged if not line.startswith("decoded")]
    # The edited card is drawn; the other is read from its image; the hidden back is
    # taken from the deck's lone back image, which holds the same cell.
    assert bands == ["--k", "df-"], logged
    assert [line for line in logged if line.startswith("decoded")] == [
        "decoded " + sorted(p.name for p in (out / "cards").glob("arcana-*.png"))[1]]
    clean = tmp_path / "clean"
    assert build(content, clean) == 0
    _logged(log)
    _same_tts(out, clean)


def test_an_output_cut_short_is_made_again(small_content, tmp_path, capsys):
    """A card image, a TTS sheet and a PDF cut short (a sync gone wrong, a full disk) are
    made again by the next build, with nothing else changed: the same pixels, a whole
    PDF of the current images, and every other file as it was. The state records each
    file's size."""
    from prophecy.render.pdf import read_png

    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    before = _files(out)
    image = sorted((out / "cards").glob("arcana-*.png"))[0]
    damaged = [image, out / "tts" / "deed-1.png", out / "sheets-a4.pdf"]
    pixels = {}
    for path in damaged[:2]:
        with Image.open(path) as img:
            pixels[path] = img.tobytes()
    for path in damaged:
        path.write_bytes(path.read_bytes()[:1000])
    capsys.readouterr()
    assert build(content, out) == 0
    err = capsys.readouterr().err
    assert "rendering 1 of" in err and "wrote tts/deed-1.png" in err
    assert "wrote sheets-a4.pdf" in err and "sheets-letter" not in err
    for path, seen in pixels.items():
        with Image.open(path) as img:
            assert img.tobytes() == seen, path
    pdf = (out / "sheets-a4.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    assert all(read_png(card).idat in pdf for card in (out / "cards").glob("*.png"))
    after = _files(out)
    remade = {str(p.relative_to(out)) for p in damaged}
    assert {k: v for k, v in after.items() if k not in remade} == {
        k: v for k, v in before.items() if k not in remade}


@pytest.mark.parametrize("reader", ["pdf", "tts"])
def test_an_image_damaged_at_its_own_size_is_named_with_the_fix(small_content, tmp_path,
                                                                 capsys, reader):
    """Bytes changed inside a card image, its size kept: a PDF about to embed it, or a TTS
    sheet about to be made from it, names it and says how to fix it."""
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    images = sorted((out / "cards").glob("arcana-*.png"))
    data = bytearray(images[1].read_bytes())
    data[len(data) // 2 : len(data) // 2 + 50] = bytes(50)
    images[1].write_bytes(bytes(data))
    if reader == "pdf":
        _arcana_edited(content)  # the other card: the PDFs are made again, not its cell
    else:  # the sheet it is on is gone, so its cell is made again from it
        (out / "tts" / "arcana-1.png").unlink()
    capsys.readouterr()
    assert build(content, out) == 1
    err = capsys.readouterr().err
    assert f"{images[1]}: " in err and "delete it and build again" in err
    assert ("is damaged" if reader == "pdf" else "cannot be read") in err
    assert "Traceback" not in err


@pytest.mark.parametrize("state", [
    '{"images": [1], "outputs": 5, "files": 3, "fingerprint": 7, "sizes": {"a": true}}',
    '{"images": {"cards/x.png": 1}, "sizes": [], "files": [null]}', "[]", "{", ""])
def test_a_damaged_state_file_means_a_full_build(small_content, tmp_path, capsys, state):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    (out / ".build" / "state.json").write_text(state)
    capsys.readouterr()
    assert build(content, out) == 0
    err = capsys.readouterr().err
    assert "rendering 23 of 23" in err and "Traceback" not in err
    capsys.readouterr()
    assert build(content, out) == 0
    assert "up to date" in capsys.readouterr().err


def test_a_folder_where_an_image_goes_is_named_not_the_temporary_file(small_content,
                                                                     tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    assert build(content, out) == 0
    image = sorted((out / "cards").glob("*.png"))[0]
    image.unlink()
    image.mkdir()
    capsys.readouterr()
    assert build(content, out) == 1
    err = capsys.readouterr().err
    assert f": {image}\n" in err and ".tmp" not in err
    assert not [p for p in (out / "cards").iterdir() if p.name.endswith(".tmp")]


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
    lines = "".join(f"\n  - {long}" for _ in range(6))
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


def test_a_card_drawn_alone_is_the_image_the_full_build_draws(small_content, tmp_path):
    """--only makes faces from the whole content: the reference card sums all of it up."""
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    arcana = next((content / "arcana").glob("*.yaml"))
    text = arcana.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["cards"][0]["effects"].append("Gain 1 point")
    arcana.write_text(text.splitlines()[0] + "\n" + yaml.safe_dump(data, sort_keys=False),
                      encoding="utf-8")
    assert build(content, tmp_path / "all") == 0
    assert build(content, tmp_path / "alone", "--only", "Reference Card") == 0
    name = "cards/reference-reference-card.png"
    assert (tmp_path / "alone" / name).read_bytes() == (tmp_path / "all" / name).read_bytes()


def test_card_pngs_say_300_dpi_and_srgb_and_tts_cells_their_own_size(built):
    with Image.open(built / "cards" / "tracker-round-tracker.png") as card:
        assert card.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert card.info["srgb"] == 0
    with Image.open(built / "tts" / "tracker-1.png") as sheet:
        assert sheet.info["dpi"] == pytest.approx((150, 150), abs=0.02)


@pytest.mark.parametrize("url", ["https://example.invalid/decks/", "https://example.invalid/decks"])
def test_a_tts_url_with_or_without_a_trailing_slash_joins_once(small_content, tmp_path, url):
    out = tmp_path / "out"
    assert main(["build", "--content", str(small_content), "--out", str(out), "--jobs", "1",
                 "--paper", "a4", "--tts-url", url]) == 0
    saved = json.loads((out / "tts" / "saved-object.json").read_text())
    addresses = [v for deck in saved["ObjectStates"][0]["ContainedObjects"]
                 for custom in deck["CustomDeck"].values() for v in (custom["FaceURL"],
                                                                     custom["BackURL"])]
    assert addresses and all(a.startswith("https://example.invalid/decks/") for a in addresses)
    assert not any("//" in a.split("://", 1)[1] for a in addresses)


def test_a_back_offset_off_the_printable_area_is_a_usage_error_before_drawing(
        small_content, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", "--content", str(small_content), "--out", str(out), "--paper", "a4",
                 "--back-offset", "30,0"]) == 2
    err = capsys.readouterr().err
    assert "prophecy build --back-offset: a back offset of 30,0 mm moves the backs out of the" \
        " printable area of a4 paper (5 mm from its edges): X must lie within ±4.75 mm" in err
    assert not out.exists()


def _rounds(small_content, tmp_path, rounds: int) -> Path:
    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    tracker = content / "tracker.yaml"
    tracker.write_text(tracker.read_text().replace("rounds: 5", f"rounds: {rounds}"))
    game = content / "game.yaml"
    game.write_text(game.read_text().replace("  rounds: 5 ", f"  rounds: {rounds} ", 1))
    return content


@pytest.mark.parametrize("rounds", [1, 6, 8])
def test_a_tracker_of_any_round_count_it_can_show_builds(small_content, tmp_path, rounds):
    content = _rounds(small_content, tmp_path, rounds)
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--out", str(out), "--only",
                 "Round Tracker"]) == 0
    assert (out / "backs" / "tracker-round-tracker.png").is_file()


def test_a_tracker_with_more_rounds_than_it_can_show_fails_naming_its_file(
        small_content, tmp_path, capsys):
    content = _rounds(small_content, tmp_path, 9)
    assert build(content, tmp_path / "out") == 1
    err = capsys.readouterr().err
    assert "tracker.yaml:5:" in err and "'rounds' must be at most 8" in err
    assert "Traceback" not in err


def test_a_file_edited_during_the_build_is_named_and_built_again_next_time(
        small_content, tmp_path, monkeypatch, capsys):
    from prophecy.render import pipeline

    content = tmp_path / "content"
    shutil.copytree(small_content, content)
    out = tmp_path / "out"
    titles = content / "titles.yaml"
    real_load = pipeline._load

    def load_then_edit(*args):
        loaded = real_load(*args)
        titles.write_text(titles.read_text(encoding="utf-8").replace("points: ", "points: 1"),
                          encoding="utf-8")  # saved by the designer while the images draw
        return loaded

    monkeypatch.setattr(pipeline, "_load", load_then_edit)
    assert build(content, out) == 0
    err = capsys.readouterr().err
    assert f"warning: {titles} changed during the build" in err
    monkeypatch.setattr(pipeline, "_load", real_load)
    assert build(content, out) == 0
    err = capsys.readouterr().err
    assert "up to date" not in err and "built" in err
    assert build(content, out) == 0
    assert "up to date" in capsys.readouterr().err


def test_a_build_sweeps_the_temporary_files_a_killed_build_left(built, small_content, capsys):
    left = built / "cards" / ".tracker-round-tracker.png.12345.tmp"
    left.write_bytes(b"half an image")
    assert build(small_content, built) == 0
    assert not left.exists()
