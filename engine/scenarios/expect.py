"""Expectations: a scenario's ``then:`` and the game after its moves in, the mismatches out.

Only what is written is checked. A pile written as a list must hold exactly
those cards in that order (discard piles and the center top last, decks top
first, as in ``given:``); a number checks how many; a mapping checks parts
(``count``, ``top``, ``bottom``, ``has``, ``lacks``). Scores are the parts of
the final score, computed as the game would end now when it has not ended.
Each mismatch keeps the place of the expectation it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prophecy.compiler.model.nouns import deck, label, plural
from prophecy.dsl.errors import suggest
from prophecy.engine.scenarios.answers import ScenarioGame
from prophecy.engine.scenarios.names import Names
from prophecy.engine.scenarios.source import Item
from prophecy.engine.scoring import PARTS, finish
from prophecy.engine.state import PlayerState

SCORE_PARTS = (*PARTS, "total")


@dataclass
class Mismatch:
    """One expectation that does not hold: where it is written, what, expected and got."""

    item: Item
    what: str
    expected: str
    got: str

    def __str__(self) -> str:
        return f"expected {self.what} {self.expected}, got {self.got}"


class Expect:
    """Checks the expectations of one scenario against its game."""

    def __init__(self, game: ScenarioGame, names: Names) -> None:
        self.game, self.names, self.book = game, names, game.book
        self.found: list[Mismatch] = []
        self._results: dict[str, Any] | None = None

    @property
    def results(self) -> dict[str, Any]:
        if self._results is None:
            self._results = self.game.results if self.game.over else finish(self.game)
        return self._results

    def check(self, then: Item) -> list[Mismatch]:
        for key, key_item, value in then.entries():
            if key.startswith("player "):
                seat = self.names.player(key_item)
                self._player(self.game.players[seat], value, f"player {seat + 1}'s")
            elif key in TABLE:
                TABLE[key](self, value)
            else:
                raise key_item.error(f"unknown expectation '{key}'",
                                     suggest(key, [*TABLE, "player 1"]) or
                                     f"the expectations are {', '.join(TABLE)}, 'player N'")
        return self.found

    def expect(self, item: Item, what: str, expected: object, got: object) -> None:
        if expected != got:
            self.found.append(Mismatch(item, what, _show(expected), _show(got)))

    # -- cards -----------------------------------------------------------------

    def label(self, cid: int) -> str:
        return self.book.card(cid).name

    def words(self, what: str) -> str:
        """A description with the pack's words in place: '{deck}' the deck the players draw
        from, '{deed}' one Dark Deed, '{deeds}' several (as the pack calls them)."""
        content = self.book.content
        return what.format(deck=deck(content), deed=label(content, "deed"),
                           deeds=plural(content, "deed"))

    def expected_names(self, item: Item, kind: str) -> list[str]:
        out = []
        for one in item.items():
            value = one.value
            if isinstance(value, int) and not isinstance(value, bool):
                if value > len(self.book.design):  # never built: no pile holds so many
                    raise one.error(f"{value:,} cards, more than the game's "
                                    f"{len(self.book.design)}", "give a smaller count")
                out.extend([self.names.name_of(self.names.filler)] * value)
            else:
                out.append(self.names.name_of(self.names.card(one, kind)))
        return out

    def pile(self, item: Item, what: str, cards: list[int], kind: str = "arcana",
             top_last: bool = True, ordered: bool = True) -> None:
        """A pile written as a list, a count, or a mapping of its parts."""
        got = [self.label(c) for c in cards]
        value = item.value
        if isinstance(value, int) and not isinstance(value, bool):
            self.expect(item, f"{what} to hold", _cards(value), _cards(len(got)))
        elif item.is_map():
            self._parts(item, what, got, kind, top_last)
        else:
            want = self.expected_names(item, kind)
            if not ordered:
                want, got = sorted(want), sorted(got)
            self.expect(item, f"{what} to be", want, got)

    def _parts(self, item: Item, what: str, got: list[str], kind: str, top_last: bool) -> None:
        for key, key_item, value in item.entries():
            if key == "count":
                self.expect(value, f"{what} to hold", _cards(value.value), _cards(len(got)))
            elif key in ("top", "bottom"):
                want = self.expected_names(value, kind)
                n = len(want)
                at_top = got[-n:] if top_last else got[:n]
                at_bottom = got[:n] if top_last else got[-n:]
                if key == "top":
                    self.expect(value, f"the top of {what} to be", want, at_top if n else [])
                else:
                    self.expect(value, f"the bottom of {what} to hold", sorted(want),
                                sorted(at_bottom if n else []))
            elif key in ("has", "lacks"):
                for name in self.expected_names(value, kind):
                    if (name in got) != (key == "has"):
                        verb = "to hold" if key == "has" else "not to hold"
                        self.expect(value, f"{what} {verb}", name, _show(got))
            else:
                raise key_item.error(f"unknown part '{key}' of a pile",
                                     "write count, top, bottom, has or lacks")

    # -- a player ----------------------------------------------------------------

    def _player(self, p: PlayerState, item: Item, who: str) -> None:
        for key, key_item, value in item.entries():
            if key in PILES:
                kind, ordered = PILES[key]
                self.pile(value, f"{who} {self.words(_WORDS[key])}", getattr(p, _ATTR[key]), kind,
                          ordered=ordered)
            elif key == "grimoires":
                for _n, g_item, level in value.entries():
                    gi = self.names.grimoire(g_item)
                    name = self.book.grimoires[gi]
                    self.expect(level, f"{who} {name} to be at", f"level {level.value}",
                                f"level {p.levels[gi]}")
            elif key == "dark deeds":
                self._deeds(p, value, who)
            elif key == "enlisted":
                self.expect(value, f"{who} enlistments to be", value.value, p.enlisted)
            elif key == "knows":  # the face-down cards the player has looked at
                self.pile(value, f"{who} face-down cards looked at", p.knows, "verse",
                          ordered=False)
            elif key == "in play":
                self.pile(value, f"{who} cards in play", p.in_play, ordered=False)
            elif key == "exhausted":
                want = sorted(str(one.value).strip().lower() for one in value.items())
                got = sorted(self.label(c).lower() for c in p.exhausted)
                self.expect(value, f"{who} exhausted cards to be", want, got)
            elif key == "score":
                self._score(p, value, who)
            else:
                raise key_item.error(f"unknown expectation '{key}' for a player",
                                     f"write {', '.join([*PILES, *_PLAYER_OTHER])}")

    def _deeds(self, p: PlayerState, item: Item, who: str) -> None:
        deeds = self.words("{deeds}")
        row = {self.label(d): [self.label(c) for c in s]
               for d, s in zip(p.deeds, p.stored, strict=True)}
        if isinstance(item.value, int) and not isinstance(item.value, bool):
            self.expect(item, f"{who} {deeds} in play to number", item.value, len(row))
            return
        if item.is_map():
            for _name, key, value in item.entries():
                name = self.names.name_of(self.names.card(key, "deed"))
                if name not in row:
                    self.expect(key, f"{who} {deeds} to include", name, _show(list(row)))
                else:
                    self._stored(value, f"the cards on {name}", row[name])
            return
        want = []
        for one in item.items():
            if one.is_map():
                entries = one.entries()
                if len(entries) != 1:
                    raise one.error(self.names.one_per_item())
                ((_n, key, value),) = entries
                name = self.names.name_of(self.names.card(key, "deed"))
                if name in row:
                    self._stored(value, f"the cards on {name}", row[name])
            else:
                name = self.names.name_of(self.names.card(one, "deed"))
            want.append(name)
        self.expect(item, f"{who} {deeds} in play to be", want, list(row))

    def _stored(self, item: Item, what: str, got: list[str]) -> None:
        value = item.value
        if isinstance(value, int) and not isinstance(value, bool):
            self.expect(item, f"{what} to number", value, len(got))
        else:
            self.expect(item, f"{what} to be", self.expected_names(item, "arcana"), got)

    def _score(self, p: PlayerState, item: Item, who: str) -> None:
        parts = dict(self.results["parts"][p.seat])
        parts["total"] = self.results["scores"][p.seat]
        for key, key_item, value in item.entries():
            if key not in SCORE_PARTS:
                raise key_item.error(f"unknown part of a score '{key}'",
                                     suggest(key, SCORE_PARTS) or
                                     f"the parts are {', '.join(SCORE_PARTS)}")
            self.expect(value, f"{who} score for {key} to be", value.value, parts[key])


def _show(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def _cards(n: object) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _times(n: object) -> str:
    return f"{n} time{'' if n == 1 else 's'}"


def _yes(value: object) -> str:
    return "yes" if value is True else "no" if value is False else str(value)


def _who(seat: int | None) -> str:
    return "nobody" if seat is None else f"player {seat + 1}"


# -- the table ---------------------------------------------------------------------


def _deck(attr: str, kind: str, what: str) -> Callable[[Expect, Item], None]:
    def check(e: Expect, item: Item) -> None:
        e.pile(item, e.words(what), list(reversed(getattr(e.game, attr))), kind,
               top_last=False)

    return check


def _heap(attr: str, kind: str, what: str) -> Callable[[Expect, Item], None]:
    def check(e: Expect, item: Item) -> None:
        e.pile(item, e.words(what), list(getattr(e.game, attr)), kind)

    return check


def _round(e: Expect, item: Item) -> None:
    e.expect(item, "the round to be", item.value, e.game.round)


def _over(e: Expect, item: Item) -> None:
    e.expect(item, "the game to be over:", _yes(item.value), _yes(e.game.over))


def _reshuffles(e: Expect, item: Item) -> None:
    e.expect(item, e.words("the center shuffled into the {deck}"), _times(item.value),
             _times(e.game.reshuffles))


def _emptied(e: Expect, item: Item) -> None:
    e.expect(item, e.words("the {deck} to have run out"), _times(item.value),
             _times(e.game.emptied))


def _verses(e: Expect, item: Item) -> None:
    e.pile(item, "the face-up Verses", e.game.verses[: e.game.revealed], "verse")


def _face_down(e: Expect, item: Item) -> None:
    e.pile(item, "the face-down Verses", e.game.verses[e.game.revealed :], "verse")


def _hireling(e: Expect, item: Item) -> None:
    g = e.game
    got = "none" if g.hireling < 0 else (
        f"{e.label(g.hireling)} on {e.label(g.verses[g.hire_verse])}")
    name, on = item.get("name"), item.get("verse")
    if name is None or on is None:
        if str(item.value).lower() != "none":
            raise item.error("write the Hireling as {name: ..., verse: ...}, or 'none'")
        e.expect(item, "the Hireling in play to be", "none", got)
        return
    want = (f"{e.names.name_of(e.names.card(name, 'hireling'))} on "
            f"{e.names.name_of(e.names.card(on, 'verse'))}")
    e.expect(item, "the Hireling in play to be", want, got)


def _titles(e: Expect, item: Item) -> None:
    if not item.is_map():
        e.pile(item, "the Titles in play", list(e.game.titles), "title")
        return
    won = e.results["titles"]
    for _n, key, value in item.entries():
        design = e.names.card(key, "title")
        cid = next((t for t in e.game.titles if e.book.design[t] == design), None)
        if cid is None:
            raise key.error(f"'{key.value}' is not in play", "give it in 'titles:' of 'given:'")
        want = "nobody" if str(value.value).lower() == "nobody" else (
            f"player {e.names.player(value) + 1}")
        e.expect(value, f"'{e.names.name_of(design)}' to go to", want, _who(won[cid]))


def _winner(e: Expect, item: Item) -> None:
    want = "nobody" if str(item.value).lower() == "nobody" else (
        f"player {e.names.player(item) + 1}")
    e.expect(item, "the winner to be", want, _who(e.results["winner"]))


def _offered(e: Expect, item: Item) -> None:
    for key, _k, value in item.entries():
        asked = [q for q in e.game.questions if q.key == key]
        if key in ("use", "bonus", "reward", "support"):
            got: list[object] = [q.line for q in asked]
            want: list[object] = list(value.value) if value.is_list() else [value.value]
            e.expect(value, f"the lines offered for '{key}' to be", want, got)
            continue
        options = [q.words for q in asked if len(q.words) > 1]
        first = sorted(options[0], key=str.lower) if options else []
        wanted = sorted((str(v) for v in (value.value if value.is_list() else [value.value])),
                        key=str.lower)
        same = [w.lower() for w in wanted] == [w.lower() for w in first]
        e.expect(value, f"the choices for '{key}' to be", wanted,
                 wanted if same else (first or "no question"))


def _asked(e: Expect, item: Item) -> None:
    for key, _k, value in item.entries():
        count = sum(1 for q in e.game.questions if q.key == key and len(q.words) > 1)
        e.expect(value, f"'{key}' to be asked", _times(value.value), _times(count))


def _not_asked(e: Expect, item: Item) -> None:
    for one in item.items():
        key = str(one.value)
        count = sum(1 for q in e.game.questions if q.key == key and len(q.words) > 1)
        e.expect(one, f"'{key}' not to be asked", _times(0), _times(count))


TABLE: dict[str, Callable[[Expect, Item], None]] = {
    "round": _round, "game over": _over, "arcana deck": _deck("deck", "deck", "the {deck}"),
    "center": _heap("center", "arcana", "the center"),
    "dark deed deck": _deck("deed_deck", "deed", "the {deed} deck"),
    "dark deed discard": _heap("deed_discard", "deed", "the {deed} discard pile"),
    "dark deed market": _heap("market", "deed", "the {deed} market"),
    "hireling deck": _deck("hire_deck", "hireling", "the Hireling deck"),
    "hireling discard": _heap("hire_discard", "hireling", "the Hireling discard pile"),
    "verses": _verses, "face-down verses": _face_down, "hireling": _hireling,
    "titles": _titles, "winner": _winner,
    "reshuffles": _reshuffles, "deck emptied": _emptied, "offered": _offered, "asked": _asked,
    "not asked": _not_asked,
}
#: A player's piles: (card kind, whether order matters).
PILES = {"hand": ("arcana", False), "discard pile": ("arcana", True), "stash": ("arcana", False),
         "completed": ("deed", True)}
_ATTR = {"hand": "hand", "discard pile": "pile", "stash": "stash", "completed": "completed"}
_WORDS = {"hand": "hand", "discard pile": "discard pile", "stash": "stash",
          "completed": "completed {deeds}"}
_PLAYER_OTHER = ("grimoires", "dark deeds", "enlisted", "score", "in play", "exhausted",
                 "knows")
