"""Golden images: one card of each kind, front and back, compared pixel for pixel.

The expected images live in ``tests/golden/``; Pillow 10 to 13 draw them
identically, so any difference at all is a change. They are rewritten only
when ``PROPHECY_UPDATE_GOLDEN=1`` is set. A failing comparison writes the
actual image, the expected one and a diff (the expected image dimmed, every
changed pixel red) under the test's temporary folder, and names the three
files and the changed region in the failure message.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from prophecy.compiler.faces import all_faces
from prophecy.render.backs import render_face

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
UPDATE = os.environ.get("PROPHECY_UPDATE_GOLDEN") == "1"

#: (card id, side) pairs: every kind's front, and every back design that differs.
CASES = [
    ("arcana/bone-harvest", "front"), ("arcana/bone-harvest", "back"),
    ("grimoire/necromancy", "front"), ("grimoire/necromancy", "back"),
    ("deed/open-the-crypt", "front"), ("deed/open-the-crypt", "back"),
    ("verse/the-first-omen", "front"), ("verse/the-first-omen", "back"),
    ("hireling/cutpurse", "front"), ("hireling/acolyte", "front"),
    ("hireling/cutpurse", "back"),
    ("title/hoarder", "front"), ("title/hoarder", "back"),
    ("reference/reference", "front"), ("reference/reference", "back"),
    ("tracker/hourglass", "front"), ("tracker/hourglass", "back"),
]


def difference(actual: Image.Image, expected: Image.Image) -> str:
    """'' when the images are the same pixel for pixel, else what differs."""
    if actual.mode != expected.mode:
        return f"mode {actual.mode} != golden {expected.mode}"
    if actual.size != expected.size:
        return f"size {actual.size} != golden {expected.size}"
    mask = changed_mask(actual, expected)
    box = mask.getbbox()
    if box is None:
        return ""
    return f"{mask.histogram()[255]} pixels differ, within the box {box}"


def changed_mask(actual: Image.Image, expected: Image.Image) -> Image.Image:
    """255 where any channel of the two images differs, 0 elsewhere (same size and mode)."""
    bands = ImageChops.difference(actual, expected).split()
    mask = bands[0].point(lambda v: 255 if v else 0)
    for band in bands[1:]:
        mask = ImageChops.lighter(mask, band.point(lambda v: 255 if v else 0))
    return mask


def diff_image(actual: Image.Image, expected: Image.Image) -> Image.Image:
    """The expected image dimmed to grey, with every pixel that changed in red."""
    base = expected.convert("L").point(lambda v: 128 + v // 2).convert("RGB")
    if actual.size != expected.size:
        return base
    base.paste((255, 0, 0), mask=changed_mask(actual.convert("RGB"), expected.convert("RGB")))
    return base


def assert_image_equal(actual: Image.Image, name: str, failures: Path) -> None:
    """Actual == tests/golden/<name>.png exactly; else leave the three images and fail."""
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        actual.save(path, "PNG", optimize=True)
        return
    if not path.exists():
        pytest.fail(f"no golden image {path}; run with PROPHECY_UPDATE_GOLDEN=1 to create it")
    with Image.open(path) as stored:
        expected = stored.convert(actual.mode)
    problem = difference(actual, expected)
    if problem:
        failures.mkdir(parents=True, exist_ok=True)
        names = {kind: failures / f"{name}.{kind}.png" for kind in ("actual", "expected", "diff")}
        actual.save(names["actual"])
        expected.save(names["expected"])
        diff_image(actual, expected).save(names["diff"])
        pytest.fail(f"{name}: {problem}; see {names['actual']}, {names['expected']} "
                    f"and {names['diff']}")


@pytest.fixture(scope="module")
def faces(content):
    return {c.id: c for c in all_faces(content)}


@pytest.mark.parametrize(("card", "side"), CASES, ids=[f"{c}-{s}" for c, s in CASES])
def test_face_matches_golden(card, side, faces, layout, tmp_path):
    face = getattr(faces[card], side)
    image = render_face(layout, card, face)
    assert image.mode == "RGB"
    assert image.size == (825, 1125)
    assert_image_equal(image, f"{card.replace('/', '-')}-{side}", tmp_path / "golden-failures")


@pytest.fixture()
def not_updating():
    if UPDATE:
        pytest.skip("golden images are being rewritten")


def test_one_changed_number_fails_and_leaves_three_images(content, vocab, layout, tmp_path,
                                                          not_updating):
    """'Draw 1 Arcana' drawn as 'Draw 2 Arcana' is a different card, and the failure says so."""
    from prophecy.compiler import model
    from prophecy.dsl.parser import parse

    card = next(c for c in content.cards if c.id == "arcana/bone-harvest")
    assert card.kind == "arcana"
    last = card.effects[-1]
    assert last.text.endswith("Draw 1 Arcana")
    text = last.text.replace("Draw 1 Arcana", "Draw 2 Arcana")
    kind = content.pack.kind("arcana")
    changed = model.with_fields(card, kind, effects=(*card.effects[:-1], replace(
        last, text=text, node=parse(text, vocab))))
    (face,) = [f for f in all_faces(replace(content, cards=(changed,)))]
    image = render_face(layout, changed.id, face.front)
    failures = tmp_path / "f"
    with pytest.raises(pytest.fail.Exception, match="pixels differ") as caught:
        assert_image_equal(image, "arcana-bone-harvest-front", failures)
    for kind in ("actual", "expected", "diff"):
        path = failures / f"arcana-bone-harvest-front.{kind}.png"
        assert str(path) in str(caught.value)
        with Image.open(path) as written:
            assert written.size == (825, 1125)
    with Image.open(failures / "arcana-bone-harvest-front.actual.png") as written:
        assert difference(written.convert("RGB"), image) == ""


def test_a_single_pixel_is_a_difference(faces, layout, tmp_path, not_updating):
    image = render_face(layout, "title/hoarder", faces["title/hoarder"].front)
    x, y = 400, 600
    r, g, b = image.getpixel((x, y))
    image.putpixel((x, y), (r ^ 1, g, b))
    with pytest.raises(pytest.fail.Exception, match=r"1 pixels differ, within the box "
                                                    r"\(400, 600, 401, 601\)"):
        assert_image_equal(image, "title-hoarder-front", tmp_path / "f")
    with Image.open(tmp_path / "f" / "title-hoarder-front.diff.png") as diff:
        assert diff.getpixel((x, y)) == (255, 0, 0)
        assert diff.getpixel((0, 0)) != (255, 0, 0)


def test_a_different_size_is_named(faces, layout, tmp_path, not_updating):
    image = render_face(layout, "title/hoarder", faces["title/hoarder"].front).crop(
        (0, 0, 824, 1125))
    with pytest.raises(pytest.fail.Exception, match=r"size \(824, 1125\) != golden"):
        assert_image_equal(image, "title-hoarder-front", tmp_path / "f")
