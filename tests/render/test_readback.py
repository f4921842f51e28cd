"""Every PNG a build writes, decoded and compared pixel for pixel with what is drawn in memory.

The build draws each face in a worker process and encodes it with its own
PNG writer; here the same faces are drawn again in this process and each file
of the build is decoded with Pillow: card fronts and backs must be the drawn
images exactly, and each cell of every Tabletop Simulator sheet the reduced
copy of the image planned for it (blank where none is).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PIL import Image

from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.loader import load_content
from prophecy.render import tts
from prophecy.render.backs import render_face
from prophecy.render.build import plan
from prophecy.render.tts import cell_size, make_cell
from prophecy.tools import main


@pytest.fixture(scope="module")
def out(small_content, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("readback") / "output"
    assert main(["build", "--content", str(small_content), "--out", str(target), "--jobs", "2",
                 "--tts-url", "https://example.invalid/tts"]) == 0
    return target


@pytest.fixture(scope="module")
def drawn(small_content, layout) -> dict[str, Image.Image]:
    """Output path -> the image drawn here, for every front and back the build writes."""
    faces = all_faces(load_content(small_content))
    return {path: render_face(layout, job.card, job.face)
            for path, job in plan(faces, layout).jobs.items()}


def decoded(path: Path) -> Image.Image:
    with Image.open(path) as image:
        assert image.format == "PNG"
        image.load()
        return image.copy()


def _key(image: Image.Image) -> str:
    return hashlib.sha256(image.tobytes() + repr((image.mode, image.size)).encode()).hexdigest()


def test_every_face_png_decodes_to_the_drawn_image(out, drawn):
    written = {str(p.relative_to(out)) for folder in ("cards", "backs")
               for p in (out / folder).glob("*.png")}
    assert written == set(drawn)
    for path, image in drawn.items():
        found = decoded(out / path)
        assert (found.mode, found.size) == ("RGB", image.size), path
        assert found.tobytes() == image.tobytes(), f"{path} decodes to other pixels"


def test_each_tts_sheet_cell_is_its_planned_image_reduced(out, drawn, layout, small_content):
    faces = all_faces(load_content(small_content))
    p = plan(faces, layout)
    decks: dict[str, list[tts.TtsCard]] = {}
    for face in faces:
        decks.setdefault(face.kind, []).append(tts.TtsCard(
            face.name, face.copies, Path(p.fronts[face.id]), Path(p.backs[face.id])))
    width, height = cell_size(layout)
    blank = Image.new("RGB", (width, height)).tobytes()
    written = set()
    for deck, cards in decks.items():
        for sheet in tts.sheets(layout, deck, cards):
            for file in sheet.files(tts.unique_backs(cards)):
                found = decoded(out / "tts" / file.name)
                written.add(file.name)
                assert found.size == (file.columns * width, file.rows * height), file.name
                for i, place in enumerate(file.places):
                    top, left = divmod(i, file.columns)
                    box = (left * width, top * height, (left + 1) * width, (top + 1) * height)
                    want = blank if place is None else make_cell(
                        layout, drawn[str(place)]).tobytes()
                    assert found.crop(box).tobytes() == want, f"{file.name}: cell {i}"
    assert written == {path.name for path in (out / "tts").glob("*.png")}
    assert not (out / ".build" / "cells").exists()
