"""Text fit without drawing: a face measured for ``prophecy check`` is laid out as it is drawn.

``measure_face`` runs the drawing code on canvases that paint nothing, so
each box's fitting (its type size, its lines, where each word and icon goes)
must come out the same as when the face is drawn. These tests record every
fitting of every face both ways and compare them: on each bundled card, on
content made by ``tests/bench/make_content.py`` (the names its copies get),
and with the longest of the 100x content's names.
"""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path
from typing import Any

import pytest

from prophecy.compiler import model
from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import ProphecyError
from prophecy.render import boxes, text
from prophecy.render.backs import measure_face, render_face
from prophecy.render.layoutfile import load_layout

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _make_content() -> Any:
    spec = importlib.util.spec_from_file_location("make_content", BENCH / "make_content.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make


@pytest.fixture
def record(monkeypatch):
    """Every fitting done while a face is laid out: (card, box, what was fitted, at what size)."""
    fitted: list[tuple[str, str, str]] = []
    real = text.fit

    def fit(sizes, attempt, card, box):
        try:
            result = real(sizes, attempt, card, box)
        except ProphecyError as exc:
            fitted.append((card, box, f"overflow: {exc.message}"))
            raise
        fitted.append((card, box, repr(result)))
        return result

    monkeypatch.setattr(text, "fit", fit)
    monkeypatch.setattr(boxes, "fit", fit)
    return fitted


def _both_ways(content: model.Content, layout: Any, fitted: list) -> int:
    """Lay out every face drawn and measured; assert the fittings agree. How many faces."""
    faces = 0
    for card in all_faces(content):
        for face in (card.front, card.back):
            results = []
            for lay_out in (render_face, measure_face):
                fitted.clear()
                text.forget_fitted()  # each way works every fitting out
                try:
                    lay_out(layout, card.id, face)
                    error = None
                except ProphecyError as exc:
                    error = (exc.message, exc.hint)
                results.append((list(fitted), error))
            drawn, measured = results
            assert drawn[0], f"{card.id}: no text was fitted"
            assert measured == drawn, f"{card.id} ({face.design}): measured unlike drawn"
            faces += 1
    return faces


def test_every_bundled_face_is_measured_as_it_is_drawn(record):
    root = bundled_content()
    content = load_content(root)
    assert _both_ways(content, load_layout(root), record) == 2 * len(content.cards)


def test_scaled_content_is_measured_as_it_is_drawn(record, tmp_path):
    """Content made as the benchmarks make the 10x and 100x sets: every card twice."""
    root = _make_content()(2, tmp_path / "content")
    content = load_content(root)
    assert len(content.cards) > 200
    _both_ways(content, load_layout(root), record)


def test_the_longest_names_of_the_100x_content_are_measured_as_drawn(record):
    """The 100x content names its copies up to 'Ossuary Key 100': the widest titles."""
    root = bundled_content()
    content = load_content(root)
    renamed = tuple(card if card.kind in ("reference", "tracker") else
                    dataclasses.replace(card, name=f"{card.name} 100", id=f"{card.id}-100")
                    for card in content.cards)
    _both_ways(dataclasses.replace(content, cards=renamed), load_layout(root), record)


def test_a_face_that_overflows_fails_alike_measured_and_drawn(record):
    """A name too long for its title bar: the same error, at the same box, both ways."""
    root = bundled_content()
    content = load_content(root)
    long = "Keeper of the Red Ledger of the Long Road to the Last Gate"
    titles = tuple(dataclasses.replace(card, name=long) if card.kind == "title" else card
                   for card in content.cards)
    crowded = dataclasses.replace(content, cards=titles)
    layout = load_layout(root)
    card = next(c for c in all_faces(crowded) if c.kind == "title")
    with pytest.raises(ProphecyError) as drawn:
        render_face(layout, card.id, card.front)
    with pytest.raises(ProphecyError) as measured:
        measure_face(layout, card.id, card.front)
    assert (measured.value.message, measured.value.hint) == (drawn.value.message, drawn.value.hint)
    assert "does not fit" in drawn.value.message
    assert record[-1][2].startswith("overflow")


def test_measuring_paints_nothing_and_leaves_drawing_as_it_was(monkeypatch):
    """A measured face draws no text and makes no full-size image; drawing after it is whole."""
    from PIL import Image

    from prophecy.render.draw import Painter

    root = bundled_content()
    content = load_content(root)
    layout = load_layout(root)
    card = next(c for c in all_faces(content) if c.kind == "arcana")
    before = render_face(layout, card.id, card.front)
    painted: list[str] = []
    real_text, real_new = Painter.text, Image.new
    monkeypatch.setattr(Painter, "text",
                        lambda self, *a, **k: painted.append("text") or real_text(self, *a, **k))
    monkeypatch.setattr(Image, "new", lambda mode, size, *a, **k: (
        painted.append(f"image {size}") if size[0] * size[1] > 0 else None) or
        real_new(mode, size, *a, **k))
    measure_face(layout, card.id, card.front)
    assert painted == []
    after = render_face(layout, card.id, card.front)
    assert "text" in painted and after.tobytes() == before.tobytes()


@pytest.mark.slow  # draws every bundled face twice
def test_fittings_kept_from_other_faces_draw_the_same_faces(tmp_path):
    """Every face of the bundled and the scaled content drawn with the fittings kept from
    the faces before it, and alone: the same pixels (nothing kept stands in for another)."""
    root = _make_content()(2, tmp_path / "content")
    content = load_content(root)
    layout = load_layout(root)
    faces = [(card.id, face) for card in all_faces(content) for face in (card.front, card.back)]
    text.forget_fitted()
    warm = [render_face(layout, card, face).tobytes() for card, face in faces]
    for (card, face), drawn in zip(faces, warm, strict=True):
        text.forget_fitted()
        assert render_face(layout, card, face).tobytes() == drawn, card


def _cold(work):
    text.forget_fitted()
    return work()


@pytest.mark.parametrize("change", ["text", "width", "role", "font_role", "height"])
def test_a_kept_line_fitting_answers_only_the_same_question(change):
    layout = load_layout(bundled_content())
    base = dict(text="Keeper of the Red Ledger", width=560.0, role="title", font_role="title",
                height=None)
    other = {**base, change: {"text": "Keeper of the Ledger", "width": 500.0, "role": "small",
                              "font_role": "label", "height": 40.0}[change]}

    def line(args):
        return text.fit_line(layout, args["text"], args["width"], args["role"],
                             args["font_role"], "card", "box", height=args["height"])

    alone = _cold(lambda: line(other))
    text.forget_fitted()
    line(base)  # kept
    assert line(other) == alone
    assert alone != _cold(lambda: line(base))  # the change matters


@pytest.mark.parametrize("change", ["tokens", "box", "role"])
def test_a_kept_block_fitting_answers_only_the_same_question(change):
    layout = load_layout(bundled_content())
    sentence = "Cut from a thighbone to fit a lock of ribs, and it opens every door"
    base = dict(tokens=text.words(sentence), box=(600.0, 300.0), role="prose")
    other = {**base, change: {"tokens": text.words(sentence + " twice over"),
                              "box": (300.0, 300.0), "role": "small"}[change]}

    def block(args):
        return text.fit_block(layout, args["tokens"], args["box"], args["role"], "card", "box")

    alone = _cold(lambda: block(other))
    text.forget_fitted()
    block(base)
    assert block(other) == alone
    assert alone != _cold(lambda: block(base))


@pytest.mark.parametrize("change", ["boxes", "region", "role"])
def test_a_kept_boxes_fitting_answers_only_the_same_question(change):
    from prophecy.render.draw import Canvas, measuring

    root = bundled_content()
    content, layout = load_content(root), load_layout(root)
    arcana = [c for c in all_faces(content) if c.kind == "arcana"]
    region = layout.box(next(b.region for b in layout.faces["arcana"].boxes
                             if b.style == "rules"))
    small = (region[0], region[1], region[0] + (region[2] - region[0]) * 0.6, region[3])
    base = dict(boxes=arcana[0].front.boxes, region=region, role="body")
    other = {**base, change: {"boxes": arcana[1].front.boxes, "region": small,
                              "role": "small"}[change]}

    def laid(args):
        with measuring():
            c = Canvas.new(layout, "card", (0, 0, 0))
            return boxes.layout_boxes(c, args["boxes"], args["region"], "effects", args["role"])

    alone = _cold(lambda: laid(other))
    text.forget_fitted()
    laid(base)
    assert laid(other) == alone
    assert alone != _cold(lambda: laid(base))


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("pack", sorted(p.parent.name for p in EXAMPLES.glob("*/game.yaml")))
def test_every_example_pack_face_is_measured_as_it_is_drawn(record, pack):
    root = EXAMPLES / pack
    content = load_content(root)
    assert _both_ways(content, load_layout(root), record) == 2 * len(content.cards)
