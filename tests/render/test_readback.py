"""Every PNG a build writes, decoded and compared pixel for pixel with what is drawn in memory.

The build draws each face in a worker process and encodes it with its own
PNG writer; here the same faces are drawn again in this process and each file
of the build is decoded with Pillow: card fronts and backs must be the drawn
images exactly, the small Tabletop Simulator cells exactly their reduced
copies, and every cell of every Tabletop Simulator sheet one of those cells.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PIL import Image

from prophecy.compiler.cli import main
from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.loader import load_content
from prophecy.render.backs import render_face
from prophecy.render.build import cell_path, plan
from prophecy.render.tts import cell_size, make_cell


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


def test_every_cell_png_is_the_reduced_drawn_image(out, drawn, layout):
    for path, image in drawn.items():
        found = decoded(out / cell_path(path))
        assert found.tobytes() == make_cell(layout, image).tobytes(), path


def test_every_tts_sheet_is_made_of_drawn_cells(out, drawn, layout):
    cells = {_key(make_cell(layout, image)) for image in drawn.values()}
    width, height = cell_size(layout)
    blank = _key(Image.new("RGB", (width, height), (0, 0, 0)))
    sheets = sorted((out / "tts").glob("*.png"))
    assert sheets
    for path in sheets:
        sheet = decoded(path)
        assert sheet.mode == "RGB" and sheet.size[0] % width == 0 and sheet.size[1] % height == 0
        for top in range(0, sheet.size[1], height):
            for left in range(0, sheet.size[0], width):
                key = _key(sheet.crop((left, top, left + width, top + height)))
                assert key in cells or key == blank, f"{path.name}: cell at {left},{top}"
