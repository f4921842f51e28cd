"""The gallery answers before it has drawn: a check leaves many faces waiting, and the
drawing that follows fills them in a batch at a time.

``prophecy serve`` serves its first page after the check alone (each card
by name and effect lines); ``Gallery.draw`` then draws the waiting faces,
each batch making a new snapshot that the pages receive. A save that
changes a card or two is drawn before its snapshot is made, as before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model.files import package_dir
from prophecy.tools.gallery.state import Gallery

HOUR = '"Place the smaller of your two fates here, provided the two are not equal."'


@pytest.fixture
def game(tmp_path: Path) -> Path:
    found = tmp_path / "game"
    shutil.copytree(package_dir("prophecy.examples") / "fate-deduction", found)
    return found


def _pngs(cache: Path) -> int:
    return len(list(cache.rglob("*.png")))


def _draw_all(gallery: Gallery) -> int:
    batches = 0
    while gallery.draw(seconds=0) is not None:  # a batch of one face
        batches += 1
    return batches


def test_a_first_check_draws_nothing_and_the_drawing_fills_every_card_in(game, tmp_path):
    cache = tmp_path / "cache"
    gallery = Gallery(game, cache)
    snapshot = gallery.refresh(draw_at_most=0)
    assert _pngs(cache) == 0
    assert snapshot.tiles and all(t.pending and t.front is None for t in snapshot.tiles)
    assert snapshot.tile("arcana/midnight").name == "Midnight"  # known from the check alone
    waiting = snapshot.drawing
    assert waiting > len(snapshot.tiles) // 2
    assert gallery.waiting.is_set()
    first = gallery.draw(seconds=0)
    assert first is not None and first.version == snapshot.version + 1
    assert first.drawing == waiting - 1 and _pngs(cache) == 2  # a face and its thumbnail
    assert _draw_all(gallery) == waiting - 1
    done = gallery.snapshot
    assert done.drawing == 0 and not gallery.waiting.is_set()
    assert not any(t.pending or t.problems for t in done.tiles)
    assert all(t.front and gallery.image(t.front, True).is_file() for t in done.tiles)
    assert _pngs(cache) == 2 * waiting
    # a second start finds every face in the cache: nothing waits
    again = Gallery(game, cache).refresh(draw_at_most=0)
    assert again.drawing == 0
    assert [t.front for t in again.tiles] == [t.front for t in done.tiles]


def test_a_save_that_changes_one_card_is_drawn_before_its_snapshot(game, tmp_path):
    gallery = Gallery(game, tmp_path / "cache")
    before = gallery.refresh().tile("arcana/midnight")
    assert before is not None and before.front
    csv = game / "arcana.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(HOUR, '"Only the smaller fate."'),
                   encoding="utf-8")
    after = gallery.refresh(draw_at_most=8)
    tile = after.tile("arcana/midnight")
    assert after.drawing == 0 and tile is not None and not tile.pending
    assert tile.front and tile.front != before.front


def test_a_card_waiting_for_its_new_face_keeps_its_last_one(game, tmp_path):
    gallery = Gallery(game, tmp_path / "cache")
    old = gallery.refresh().tile("arcana/midnight")
    assert old is not None
    csv = game / "arcana.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(HOUR, '"Only the smaller fate."'),
                   encoding="utf-8")
    waiting = gallery.refresh(draw_at_most=0).tile("arcana/midnight")
    assert waiting is not None and waiting.pending
    assert (waiting.front, waiting.back) == (old.front, old.back)
    _draw_all(gallery)
    drawn = gallery.snapshot.tile("arcana/midnight")
    assert drawn is not None and not drawn.pending and drawn.front != old.front


def test_text_that_does_not_fit_is_found_when_its_face_is_drawn(game, tmp_path):
    csv = game / "arcana.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(HOUR, '"' + "W" * 160 + '"'),
                   encoding="utf-8")
    gallery = Gallery(game, tmp_path / "cache")
    tile = gallery.refresh(draw_at_most=0).tile("arcana/midnight")
    assert tile is not None and tile.pending and not tile.problems  # not known yet
    _draw_all(gallery)
    tile = gallery.snapshot.tile("arcana/midnight")
    assert tile is not None and not tile.pending and tile.front is None
    assert len(tile.problems) == 1 and "does not fit" in tile.problems[0].message


def test_a_save_during_the_first_drawing_is_drawn_before_the_faces_still_waiting(game,
                                                                                 tmp_path):
    gallery = Gallery(game, tmp_path / "cache")
    waiting = gallery.refresh(draw_at_most=0).drawing
    csv = game / "arcana.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(HOUR, '"Only the smaller fate."'),
                   encoding="utf-8")
    after = gallery.refresh(draw_at_most=8)
    tile = after.tile("arcana/midnight")
    # the saved card's new front is drawn (its back, unchanged, may wait with the rest)
    assert tile is not None and tile.front and gallery.image(tile.front, True).is_file()
    assert after.drawing == waiting - 1  # its old front is no longer wanted; the rest wait


def test_a_card_s_words_are_what_its_kind_prints_beyond_its_rules_lines():
    from prophecy.compiler.model.files import bundled_content
    from prophecy.compiler.model.loader import load_content
    from prophecy.tools.gallery.state import card_words

    content = load_content(bundled_content())
    bell = next(c for c in content.cards if c.name == "The Seventh Bell")
    # its verse text, then its choice with what the choice means; not its condition or reward
    assert card_words(bell, content.pack) == (
        "When the seventh bell tolls beneath the drowned chapel,", "starting", "Starting Verse")
    arcana = next(c for c in content.of_kind("arcana") if c.fields.get("flavor"))
    words = card_words(arcana, content.pack)
    assert words[0] == arcana.fields["flavor"]
    assert set(arcana.fields["types"]) <= set(words)
    assert not set(words) & {line.text for line in arcana.lines}
