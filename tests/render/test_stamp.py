"""The version stamp: game.yaml's version printed small on each front when the layout says so."""

from __future__ import annotations

import copy
import dataclasses

from PIL import ImageChops

from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.render.backs import render_face
from prophecy.render.layout import Layout
from prophecy.render.layoutfile import load_layout


def _layouts() -> tuple[Layout, Layout]:
    off = load_layout(bundled_content())
    data = copy.deepcopy(off.data)
    data["stamp"]["show"] = True
    return off, Layout(off.name, data, off.digest + "-stamped")


def test_each_front_carries_the_content_version():
    content = load_content(bundled_content())
    assert content.version == "0.2"
    faces = all_faces(content)
    assert {f.front.stamp for f in faces} == {"0.2"}
    assert {f.back.stamp for f in faces} == {""}  # backs are shared by a deck: never stamped


def test_the_stamp_is_drawn_only_when_the_layout_shows_it_and_only_in_its_region():
    off, on = _layouts()
    card = all_faces(load_content(bundled_content()))[0]
    bare = render_face(off, card.id, dataclasses.replace(card.front, stamp=""))
    assert ImageChops.difference(render_face(off, card.id, card.front), bare).getbbox() is None
    stamped = render_face(on, card.id, card.front)
    changed = ImageChops.difference(stamped, bare).getbbox()
    x0, y0, x1, y1 = on.box(on.data["stamp"]["region"])
    assert changed is not None
    assert x0 - 1 <= changed[0] and changed[2] <= x1 + 1
    assert y0 - 1 <= changed[1] and changed[3] <= y1 + 1


def test_two_versions_print_differently():
    _, on = _layouts()
    card = all_faces(load_content(bundled_content()))[0]
    one = render_face(on, card.id, dataclasses.replace(card.front, stamp="0.2"))
    two = render_face(on, card.id, dataclasses.replace(card.front, stamp="0.3"))
    assert ImageChops.difference(one, two).getbbox() is not None
