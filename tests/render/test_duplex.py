"""Backs under a duplex misregistration: no bare paper and no lopsided border at 2 mm."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from prophecy.compiler.faces import all_faces
from prophecy.render.backs import render_face
from prophecy.render.duplex import shift_report

#: The largest asymmetry (0-255 of brightness) a person does not see as a lopsided border;
#: tests/bench/check_back_shift.py uses the same limit.
LIMIT = 12.0
SHIFTS = [(2.0, 0.0), (0.0, 2.0), (-2.0, 2.0), (1.0, 1.0)]


def _deck_backs(content, layout) -> dict[str, Image.Image]:
    backs = {}
    for card in all_faces(content):
        if card.back.shared and card.back.shared not in backs:
            backs[card.back.shared] = render_face(layout, card.id, card.back)
    return backs


def test_every_deck_back_survives_a_2_mm_shift(content, layout):
    backs = _deck_backs(content, layout)
    assert len(backs) >= 6
    for name, image in backs.items():
        for shift in SHIFTS:
            report = shift_report(layout, image, shift)
            assert report.bare == 0, (name, shift)
            assert report.asymmetry <= LIMIT, (name, shift, report.asymmetry)


def _ruled_back(layout, inset_mm: float) -> Image.Image:
    """A dark back with a gold rule ``inset_mm`` inside the cut: the design the sheets had."""
    img = Image.new("RGB", layout.size, (30, 20, 40))
    x0, y0, x1, y1 = layout.trim_box(inset_mm)
    ImageDraw.Draw(img).rectangle((x0, y0, x1, y1), outline=(200, 160, 75),
                                  width=round(layout.px(0.5)))
    return img


def test_a_rule_near_the_cut_is_seen_as_a_lopsided_border(layout):
    assert shift_report(layout, _ruled_back(layout, 2.2), (0.0, 0.0)).asymmetry == 0
    assert shift_report(layout, _ruled_back(layout, 2.2), (1.0, 0.0)).asymmetry > 5 * LIMIT


@pytest.mark.parametrize(("sheet_bleed", "bare"), [(0.0, True), (1.0, True), (2.0, False)])
def test_bare_paper_shows_when_the_printed_bleed_is_narrower_than_the_shift(layout, sheet_bleed,
                                                                           bare):
    back = _ruled_back(layout, 6.0)
    report = shift_report(layout, back, (2.0, 2.0), sheet_bleed_mm=sheet_bleed)
    assert (report.bare > 0) is bare
