"""Golden images: one card of each kind, front and back, compared with a tolerance.

The expected images live in ``tests/golden/``. They are rewritten only when
``PROPHECY_UPDATE_GOLDEN=1`` is set. A failing comparison leaves the actual,
expected and difference images in a folder named in the failure message.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

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


def assert_image_similar(actual: Image.Image, name: str, failures: Path,
                         mean_limit: float = 1.0, pixel_share: float = 0.005) -> None:
    """Actual ≈ golden: mean channel difference and share of clearly changed pixels bounded."""
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden image {path}; run with PROPHECY_UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(parents=True, exist_ok=True)
        actual.save(path, "PNG", optimize=True)
        return
    expected = Image.open(path).convert("RGB")
    problem = ""
    if expected.size != actual.size:
        problem = f"size {actual.size} != golden {expected.size}"
    else:
        diff = ImageChops.difference(actual, expected)
        mean = sum(ImageStat.Stat(diff).mean) / 3
        changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
        share = ImageStat.Stat(changed).mean[0] / 255
        if mean > mean_limit or share > pixel_share:
            problem = f"mean difference {mean:.2f} (limit {mean_limit}), changed {share:.2%}"
    if problem:
        failures.mkdir(parents=True, exist_ok=True)
        actual.save(failures / f"{name}.actual.png")
        expected.save(failures / f"{name}.expected.png")
        if expected.size == actual.size:
            ImageChops.difference(actual, expected).point(lambda v: min(255, v * 4)).save(
                failures / f"{name}.diff.png")
        pytest.fail(f"{name}: {problem}; images left in {failures}")


@pytest.fixture(scope="module")
def faces(content):
    return {c.id: c for c in all_faces(content)}


@pytest.mark.parametrize(("card", "side"), CASES, ids=[f"{c}-{s}" for c, s in CASES])
def test_face_matches_golden(card, side, faces, layout, tmp_path):
    face = getattr(faces[card], side)
    image = render_face(layout, card, face)
    assert image.mode == "RGB"
    assert image.size == (825, 1125)
    assert_image_similar(image, f"{card.replace('/', '-')}-{side}", tmp_path / "golden-failures")


def test_a_changed_face_fails_the_comparison(faces, layout, tmp_path):
    """The tolerance is not so loose that a different card passes for the golden one."""
    if UPDATE:
        pytest.skip("golden images are being rewritten")
    other = render_face(layout, "title/hoarder", faces["title/hoarder"].front)
    with pytest.raises(pytest.fail.Exception, match="images left in"):
        assert_image_similar(other, "deed-open-the-crypt-front", tmp_path / "f")
    assert (tmp_path / "f" / "deed-open-the-crypt-front.diff.png").is_file()
