"""The state: where every card is, a player's copy for look-ahead, a snapshot and its digest."""

from __future__ import annotations

from prophecy.engine.state import PlayerState, Table


def _player() -> PlayerState:
    p = PlayerState(1, 3)
    p.hand, p.pile, p.levels = [1, 2], [3], [0, 2, 4]
    p.deeds, p.stored, p.stash, p.completed = [10, 11], [[4], []], [5], [12]
    p.grimoires, p.reference, p.enlisted, p.played = [20, 21, 22], [30], 2, {7}
    return p


def test_a_new_player_holds_nothing_at_level_zero():
    p = PlayerState(2, 3)
    assert (p.seat, p.levels, p.enlisted, p.played) == (2, [0, 0, 0], 0, set())
    for name in ("hand", "pile", "deeds", "stored", "stash", "completed", "grimoires",
                 "reference"):
        assert getattr(p, name) == []


def test_a_clone_is_equal_and_independent():
    p = _player()
    q = p.clone()
    for name in ("seat", "hand", "pile", "levels", "deeds", "stored", "stash", "completed",
                 "grimoires", "reference", "enlisted"):
        assert getattr(q, name) == getattr(p, name), name
    assert q.played == set()  # the report's record is not the look-ahead's
    for name in ("hand", "pile", "levels", "deeds", "stash", "completed"):
        getattr(q, name).append(99)
        assert 99 not in getattr(p, name), name
    q.stored[0].append(99)
    assert p.stored == [[4], []]


def test_places_name_every_place_of_the_table_and_the_players():
    table = Table()
    table.players = [_player()]
    table.hireling = 40
    places = table.places()
    assert set(places) == {
        "deck", "center", "deed_deck", "deed_discard", "hire_deck", "hire_discard", "hireling",
        "verses", "titles", "tracker", "box", "limbo", "p1.hand", "p1.pile", "p1.deeds",
        "p1.stash", "p1.completed", "p1.grimoires", "p1.reference", "p1.stored"}
    assert places["hireling"] == [40] and places["p1.stored"] == [4]
    table.hireling = -1
    assert table.places()["hireling"] == []


def test_the_snapshot_holds_everything_and_the_digest_follows_it():
    table = Table()
    table.players = [_player()]
    snap = table.snapshot()
    assert snap["stored_by_deed"] == [[[4], []]] and snap["levels"] == [[0, 2, 4]]
    assert (snap["enlisted"], snap["round"], snap["revealed"], snap["hire_verse"]) == (
        [2], 1, 0, -1)
    digest = table.digest()
    assert len(digest) == 16 and int(digest, 16) >= 0 and table.digest() == digest
    table.players[0].levels[0] = 1
    assert table.digest() != digest


def test_the_snapshot_holds_the_points_gained_outside_the_piles():
    table = Table()
    table.players = [_player(), _player()]
    table.players[1].gained = 3
    snap = table.snapshot()
    assert snap["gained"] == [0, 3]
    digest = table.digest()
    table.players[0].gained = 1
    assert table.digest() != digest
