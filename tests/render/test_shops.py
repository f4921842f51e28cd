"""Print-shop presets: what `prophecy build --preset tgc|mpc|dtc` writes, read back and measured."""

from __future__ import annotations

import csv
import zlib
from pathlib import Path

import pytest
from PIL import Image

from prophecy.tools import main

pytest.importorskip("pyvips")  # the CMYK profile ships in pyvips-binary (the 'shop' extra)

from prophecy.render import cmyk  # noqa: E402

pytestmark = pytest.mark.slow  # whole print-shop builds through libvips

DTC_LIMIT = 240.0


def _build(content: Path, out: Path, preset: str) -> None:
    assert main(["build", "--content", str(content), "--out", str(out), "--jobs", "2",
                 "--preset", preset, "--tts-url", "https://example.invalid/t"]) == 0


@pytest.fixture(scope="module")
def dtc(small_content, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dtc") / "out"
    _build(small_content, out, "dtc")
    return out


def _copies(out: Path) -> list[tuple[str, int, str, str]]:
    import json

    cards = json.loads((out / "cards.json").read_text())["cards"]
    return [(c["name"], c["copies"], c["front"], c["back"]) for c in cards]


def test_dtc_is_one_card_side_a_page_at_trim_plus_bleed_front_then_back(dtc):
    from pypdf import PdfReader

    reader = PdfReader(dtc / "dtc-cards.pdf")
    cards = _copies(dtc)
    assert len(reader.pages) == 2 * sum(copies for _, copies, _, _ in cards)
    for page in reader.pages:
        # 2.75 x 3.75 in: the poker card with 1/8 in of bleed each side
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 198, 270])
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])  # 1/8 in in
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270])
        assert len(page.images) == 1
    # the first card's front, then its back, as cards.json lists them
    first, back = (reader.pages[i].images[0].image for i in (0, 1))
    with Image.open(dtc / cards[0][2]) as front_png, Image.open(dtc / cards[0][3]) as back_png:
        for cmyk_img, rgb in ((first, front_png), (back, back_png)):
            expected = cmyk.to_cmyk(rgb, DTC_LIMIT)
            assert cmyk_img.mode == "CMYK" and cmyk_img.tobytes() == expected.tobytes()


def test_dtc_total_ink_stays_under_the_limit_on_every_card(dtc):
    from pypdf import PdfReader

    reader = PdfReader(dtc / "dtc-cards.pdf")
    seen = {}
    for page in reader.pages:
        [image] = page.images
        seen.setdefault(image.indirect_reference.idnum, image.image)
    assert len(seen) >= 10
    for image in seen.values():  # every pixel of every distinct card image
        assert image.mode == "CMYK"
        assert cmyk.total_ink(image) <= DTC_LIMIT


def test_dtc_declares_the_cmyk_profile_it_was_made_with(dtc):
    from pypdf import PdfReader

    root = PdfReader(dtc / "dtc-cards.pdf").trailer["/Root"]
    [intent] = root["/OutputIntents"]
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    assert profile.get_data() == cmyk.cmyk_profile()
    assert intent["/Info"] == "Chemical proof"


def test_ink_over_the_limit_moves_into_black_and_stays_dark():
    rich = Image.new("CMYK", (4, 4), (230, 220, 220, 240))  # 357 %
    limited = cmyk.limit_ink(rich, DTC_LIMIT)
    c, m, y, k = limited.getpixel((0, 0))
    assert (c + m + y + k) * 100 / 255 <= DTC_LIMIT
    assert k == 255 and c > m  # black full first, the colour's cast kept
    light = Image.new("CMYK", (4, 4), (20, 10, 0, 0))
    assert cmyk.limit_ink(light, DTC_LIMIT).tobytes() == light.tobytes()


@pytest.mark.parametrize(("preset", "size"), [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_png_shops_get_every_image_at_their_size_and_a_list_of_copies(
        small_content, tmp_path, preset, size):
    out = tmp_path / "out"
    _build(small_content, out, preset)
    with (out / preset / "cards.csv").open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert [(r["name"], int(r["copies"]), r["front"], r["back"]) for r in rows] == _copies(out)
    for row in rows:
        for side in ("front", "back"):
            with Image.open(out / preset / row[side]) as shop, Image.open(out / row[side]) as ours:
                assert shop.size == size and shop.mode == "RGB"
                assert shop.info["dpi"] == pytest.approx((300, 300), abs=0.01)
                left, top = (ours.width - size[0]) // 2, (ours.height - size[1]) // 2
                cut = ours.crop((left, top, left + size[0], top + size[1]))
                assert shop.tobytes() == cut.tobytes()  # cut from the bleed, not resampled
    assert not (out / "sheets-a4.pdf").exists()


def test_the_profile_is_the_packages_not_the_systems():
    import pyvips

    data = cmyk.cmyk_profile()
    assert data == bytes(pyvips.Image.profile_load("cmyk"))
    assert data[36:40] == b"acsp" and data[16:20] == b"CMYK"
    assert zlib.crc32(data) == zlib.crc32(cmyk.cmyk_profile())


@pytest.mark.parametrize("reprint", [False, True])
def test_dtc_without_its_extras_stops_before_drawing_with_a_hint_that_works_anywhere(
        small_content, tmp_path, monkeypatch, capsys, reprint):
    import shlex
    import sys

    monkeypatch.setitem(sys.modules, "pyvips", None)  # as if the shop extras were missing
    cmyk.cmyk_profile.cache_clear()
    try:
        out = tmp_path / "out"
        argv = ["build", "--content", str(small_content), "--out", str(out), "--jobs", "1",
                "--preset", "dtc"]
        if reprint:  # a reprint against a folder: no git needed
            argv += ["--changed-since", str(small_content)]
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert "the CMYK colour profile's package (pyvips with pyvips-binary) is not installed" \
            in err
        assert f"{shlex.quote(sys.executable)} -m pip install 'pyvips>=2.2' " \
               "'pyvips-binary>=8.15'" in err
        assert not out.exists() or not any(out.rglob("*.png"))  # nothing was drawn
    finally:
        cmyk.cmyk_profile.cache_clear()
