"""The table a scenario starts from: its ``given:`` in, a ``ScenarioGame`` set up that way out.

Everything the scenario does not give has a fixed default, never a random
one: round 1, two players (or as many as it names), every Grimoire at level
0, empty hands, piles and rows of Dark Deeds, no Verse, Hireling or Title in
play. The Arcana deck is the cards named for its top (drawn in the order
written), then every Arcana card not placed elsewhere in content order; the
Dark Deed and Hireling decks likewise. Fillers (a number instead of names)
are cards with no grimoire, type or effect. A table the rules cannot reach (a
card placed more often than the game has copies, a level out of range, a
hand over the limit, a Hireling on a face-down Verse) is a ``ScenarioError``
at its place.
"""

from __future__ import annotations

import random
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.model import limits, slug
from prophecy.compiler.model.cards import parsed_line
from prophecy.compiler.model.nouns import a, plural, vocabulary_of
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError, ProphecyError, suggest
from prophecy.dsl.vocabulary import Vocabulary
from prophecy.engine.cards import Book
from prophecy.engine.plugin import title_refusal
from prophecy.engine.scenarios.answers import Answers, ScenarioGame, owners_of, scenario_game
from prophecy.engine.scenarios.names import KIND_GROUPS, Names, scenario_book
from prophecy.engine.scenarios.source import IllegalMove, Item
from prophecy.engine.state import PlayerState

POSITIONS = ("starting", "middle", "ending")
DEFAULT_PLAYERS = 2


class _Nobody:
    """The controller of every seat: ScenarioGame.pick answers, so it is never asked."""

    def choose(self, game: Any, me: Any, ask: str, options: Any, about: Any) -> int:
        raise AssertionError("a scenario game answers its own questions")  # pragma: no cover


def book_for(content: model.Content, given: Item | None) -> Book:
    """The card book of a scenario: the content, the filler, and any Title it writes out."""
    return scenario_book(content, adhoc_titles(content, given))


def adhoc_titles(content: model.Content, given: Item | None) -> tuple[model.Card, ...]:
    """Titles a scenario writes as ``{condition: ..., points: ...}`` instead of naming them."""
    found = given.get("titles") if given is not None else None
    if found is None:
        return ()
    vocab = vocabulary_of(content)
    return tuple(_title(item, vocab, content) for item in found.items() if item.is_map())


def _title(item: Item, vocab: Vocabulary, content: model.Content) -> model.Card:
    condition = item.get("condition")
    if condition is None:
        raise item.error("a Title written out needs a 'condition'",
                         "write {condition: \"Most stashed cards\", points: 4}")
    text = str(condition.value)
    try:
        node = parsed_line(text, vocab)[0]
    except DslError as exc:
        raise condition.error(exc.message, exc.hint, IllegalMove) from None
    refused = title_refusal(node, content)
    if not isinstance(node, ast.Title) or refused:
        message, hint = refused or ("this is not a Title condition",
                                    "write it as 'Most stashed cards' or 'Fewest cards in hand'")
        raise condition.error(message, hint, IllegalMove)
    points = item.get("points")
    name = item.get("name")
    title = str(name.value) if name is not None else text
    condition_line = model.EffectLine(text, node, model.Place("scenario"))
    return model.Card(
        id=f"title/{slug(title)}", name=title, kind="title", place=model.Place("scenario"),
        fields={"condition": condition_line,
                "points": int(points.value) if points is not None else 0},
        lines=(condition_line,),
    )


class TableBuilder:
    """Places the cards of ``given`` on a fresh table, each copy once."""

    def __init__(self, book: Book, given: Item | None, seed: int,
                 place: Item | None = None, reading: bool = False) -> None:
        self.book, self.given, self.seed = book, given, seed
        self.reading = reading  # a check, not a game: the installed engine lays the table
        self.place = place  # the scenario, for a refusal when it gives no table
        self.players = self._player_count()
        self.names = Names(book, self.players)
        self.taken: set[int] = set()  # the card ids placed so far; the rest are free
        copies: dict[int, list[int]] | None = book.cache.get("copies by design")
        if copies is None:  # worked out once per book: a table only looks a few up
            copies = book.cache["copies by design"] = {}
            for cid, d in enumerate(book.design):
                copies.setdefault(d, []).append(cid)
        self.copies = copies

    def get(self, key: str) -> Item | None:
        return self.given.get(key) if self.given is not None else None

    def _player_count(self) -> int:
        named = [int(k.split()[1]) for k, _, _ in (self.given.entries() if self.given else [])
                 if k.startswith("player ") and k.split()[1].isdigit()]
        count = self.get("players")
        # by default the fewest players the rules allow (two in the bundled game)
        least = max(DEFAULT_PLAYERS, self.book.rules.min_players)
        n = int(count.value) if count is not None else max([least, *named])
        if named and max(named) > n and count is not None:
            raise count.error(f"the table names player {max(named)}, but 'players' is {n}",
                              "give as many players as the table names")
        most = limits.RULES["max_players"][1]
        if n > most:  # refused before a seat is made for each
            where = count if count is not None else self.get(f"player {max(named)}")
            assert where is not None
            raise where.error(f"a game seats at most {most} players, not {n:,}",
                              f"give {most} players or fewer")
        return n

    # -- cards -----------------------------------------------------------------

    def take(self, design: int, item: Item) -> int:
        """A copy of ``design`` not yet on the table."""
        cid = next((c for c in self.copies[design] if c not in self.taken), None)
        if cid is None:
            card = self.book.designs[design]
            copies = max(1, card.copies)
            raise item.error(
                f"the game has {copies} {'copy' if copies == 1 else 'copies'} of "
                f"'{card.name}', and this is one more", "name fewer of them, or use fillers")
        self.taken.add(cid)
        return cid

    def cards(self, item: Item | None, kind: str) -> list[int]:
        """The cards a value names, in order: names, or numbers of fillers."""
        if item is None:
            return []
        out: list[int] = []
        for one in item.items():
            value = one.value
            if isinstance(value, int) and not isinstance(value, bool):
                if kind not in ("arcana", "deck") or value < 0:
                    raise one.error(self._no_fillers(kind) if value >= 0 else
                                    "a count cannot be negative")
                out.extend(self.take(self.names.filler, one) for _ in range(value))
            elif isinstance(value, str):
                out.append(self.take(self.names.card(one, kind), one))
            else:
                raise one.error("write a card's name or a number of fillers")
        return out

    def _no_fillers(self, kind: str) -> str:
        """Why a number cannot stand for cards of ``kind``: fillers are of the drawn kind."""
        return (f"a number stands for fillers, each {self.names.kind('arcana')}; "
                f"name {self.names.kind(kind)} here")

    def rest(self, kind: str) -> list[int]:
        """Every card of a kind still off the table, in content order (fillers left out)."""
        design, filler, taken = self.book.design, self.names.filler, self.taken
        out = [cid for cid in self.book.ids[kind] if cid not in taken and design[cid] != filler]
        taken.update(out)
        return out

    # -- the table -------------------------------------------------------------

    def build(self) -> ScenarioGame:
        book = self.book
        try:  # the engine holds the number of players to the rules
            game = scenario_game(book, [_Nobody()] * self.players, self.seed,
                                 reading=self.reading)
        except ProphecyError as exc:
            where = self.get("players") or self.given or self.place
            if where is None:
                raise
            raise where.error(exc.message, exc.hint, IllegalMove) from None
        _clear(game, self.players, len(book.grimoires))
        game.rng = random.Random(self.seed)
        game.answers, game.questions, game.owners = Answers(), [], owners_of(game)
        game.controllers = [_Nobody()] * self.players
        game.tracker = self.rest("tracker")
        self._round(game)
        for seat, p in enumerate(game.players):
            self._components(game, p)
            self._player(game, p, self.get(f"player {seat + 1}"))
        self._verses(game)
        self._hireling(game)
        game.titles = self._titles()
        game.center = self.cards(self.get("center"), "arcana")
        game.deed_discard = self.cards(self.get("dark deed discard"), "deed")
        game.hire_discard = self.cards(self.get("hireling discard"), "hireling")
        game.market = self._market(game)
        in_deck = game.options.verses == "deck"
        game.deck = self._deck("arcana deck", "deck" if in_deck else "arcana")
        game.deck_verses = {c for c in game.deck if book.kind[c] == "verse"}
        game.deed_deck = self._deck("dark deed deck", "deed")
        game.hire_deck = self._deck("hireling deck", "hireling")
        if game.options.discard == "shared":
            game.share_pile()
        if game.market_size and self.get("dark deed market") is None:
            game.refill_market()  # from the top of the Dark Deed deck
        game.box = [c for c in range(book.size) if c not in self.taken]
        return game

    def _market(self, game: ScenarioGame) -> list[int]:
        item = self.get("dark deed market")
        if item is not None and not game.market_size:
            raise item.error(f"this game has no market of {self.deeds}",
                             "options.dark_deeds: {place: market, size: 3} sets one up")
        market = self.cards(item, "deed")
        if len(market) > game.market_size:
            assert item is not None
            raise item.error(f"the market holds {game.market_size} {self.deeds}, not "
                             f"{len(market)}", f"give fewer {self.deeds}")
        return market

    @property
    def deeds(self) -> str:
        """What the pack calls its Dark Deeds together ('Dark Deeds', 'Prophecies')."""
        return plural(self.book.content, "deed")

    def _round(self, game: ScenarioGame) -> None:
        found = self.get("round")
        if found is None:
            return
        rounds = self.book.rules.rounds
        if not isinstance(found.value, int) or not 1 <= found.value <= rounds:
            raise found.error(f"the game has rounds 1 to {rounds}, not {found.value}")
        game.round = found.value

    def _components(self, game: ScenarioGame, p: PlayerState) -> None:
        book = self.book
        for gi in range(len(book.grimoires)):
            cid = next(c for c in book.ids["grimoire"] if book.gidx[c] == gi
                       and c not in self.taken)
            self.taken.add(cid)
            p.grimoires.append(cid)
        ref = next((c for c in book.ids["reference"] if c not in self.taken), None)
        if ref is not None:
            self.taken.add(ref)
            p.reference.append(ref)

    def _player(self, game: ScenarioGame, p: PlayerState, item: Item | None) -> None:
        if item is None:
            return
        who = f"player {p.seat + 1}"
        p.hand = self.cards(item.get("hand"), "arcana")
        if len(p.hand) > game.hand_cap:
            raise _at(item, "hand").error(
                f"{who} holds {len(p.hand)} cards; the hand limit is {game.hand_cap}",
                "give fewer cards: a hand over the limit is shed at once")
        pile = item.get("discard pile")
        if pile is not None and game.options.discard == "shared":
            raise pile.error("in this game every discard goes to one shared pile, the center",
                             "write these cards under 'center'")
        p.pile = self.cards(pile, "arcana")
        p.stash = self.cards(item.get("stash"), "arcana")
        p.completed = self.cards(item.get("completed"), "deed")
        self._levels(p, item.get("grimoires"))
        self._deeds(p, item.get("dark deeds"))
        p.in_play = self.cards(item.get("in play"), "arcana")
        p.exhausted = self._in_front(game, p, item.get("exhausted"))
        enlisted = item.get("enlisted")
        if enlisted is not None:
            p.enlisted = _count(enlisted)

    def _in_front(self, game: ScenarioGame, p: PlayerState, item: Item | None) -> list[int]:
        """Cards in front of the player, named: a Grimoire card, a Dark Deed in play or a
        card in play (what 'exhausted' lists)."""
        out: list[int] = []
        for one in item.items() if item is not None else []:
            cid = card_in_front(game, p, str(one.value))
            if cid is None:
                names = [self.book.card(c).name for c in game.in_front(p)]
                raise one.error(f"'{one.value}' is not in front of player {p.seat + 1}",
                                suggest(str(one.value), names)
                                or f"name {self.names.kind('grimoire')}, "
                                   f"{self.names.kind('deed')} in play or a card in play")
            out.append(cid)
        return out

    def _levels(self, p: PlayerState, item: Item | None) -> None:
        if item is None:
            return
        rules = self.book.rules
        for _name, key, value in item.entries():
            level = value.value
            if not isinstance(level, int) or not rules.min_level <= level <= rules.max_level:
                raise value.error(f"{a(self.names.noun('Grimoire'))}'s level is "
                                  f"{rules.min_level} to {rules.max_level}, not {level}")
            p.levels[self.names.grimoire(key)] = level

    def _deeds(self, p: PlayerState, item: Item | None) -> None:
        if item is None:
            return
        for one in item.items():
            stored: list[int] = []
            if one.is_map():
                entries = one.entries()
                if len(entries) != 1:
                    raise one.error(self.names.one_per_item())
                (_name, key, value), = entries
                deed, stored = key, self.cards(value, "arcana")
            else:
                deed = one
            p.deeds.append(self.take(self.names.card(deed, "deed"), deed))
            p.stored.append(stored)
        limit = self.book.rules.deed_limit
        if len(p.deeds) > limit:
            raise item.error(f"player {p.seat + 1} has {len(p.deeds)} {self.deeds} in play; "
                             f"the most is {limit}", f"give fewer {self.deeds}")

    def _verses(self, game: ScenarioGame) -> None:
        up = self.get("verses")
        down = self.get("face-down verses")
        shown = [self._verse(item, i) for i, item in enumerate(up.items() if up else [])]
        start = len(shown)
        hidden = [self._verse(item, start + i)
                  for i, item in enumerate(down.items() if down else [])]
        if up is not None and down is None and game.options.verses == "row":
            for position in POSITIONS[start:]:
                pick = next((c for c in self.book.ids["verse"]
                             if self.book.card_as(c, "verse").position == position
                             and c not in self.taken), None)
                if pick is not None:
                    self.taken.add(pick)
                    hidden.append(pick)
        game.verses, game.revealed = shown + hidden, len(shown)

    def _verse(self, item: Item, index: int) -> int:
        cid = self.take(self.names.card(item, "verse"), item)
        position = self.book.card_as(cid, "verse").position
        if index >= len(POSITIONS):
            raise item.error(f"the Prophecy has {len(POSITIONS)} verses; "
                             f"'{self.book.card(cid).name}' would be verse {index + 1}",
                             "list the verses left to right: starting, middle, ending")
        if position != POSITIONS[index]:
            raise item.error(f"'{self.book.card(cid).name}' is the {position} verse; "
                             f"verse {index + 1} of the Prophecy is the {POSITIONS[index]} one",
                             "list the verses left to right: starting, middle, ending")
        return cid

    def _hireling(self, game: ScenarioGame) -> None:
        item = self.get("hireling")
        if item is None:
            return
        name, on = item.get("name"), item.get("verse")
        if name is None or on is None:
            raise item.error("a Hireling in play needs 'name' and 'verse' (the Verse it is on)")
        game.hireling = self.take(self.names.card(name, "hireling"), name)
        verse = self.names.card(on, "verse")
        face_up = [self.book.design[v] for v in game.verses[: game.revealed]]
        if verse not in face_up:
            raise on.error(f"'{on.value}' is not a face-up Verse",
                           "put the Hireling on one of the 'verses' given")
        game.hire_verse = face_up.index(verse)

    def _titles(self) -> list[int]:
        item = self.get("titles")
        if item is None:
            return []
        out = []
        for one in item.items():
            name = (one.get("name") or one.get("condition")) if one.is_map() else one
            assert name is not None
            out.append(self.take(self.names.card(name, "title"), name))
        return out

    def _deck(self, key: str, kind: str) -> list[int]:
        item = self.get(key)
        exact = item.get("exactly") if item is not None and item.is_map() else None
        top = self.cards(exact if exact is not None else item, kind)
        below = [] if exact is not None else self.rest(KIND_GROUPS.get(kind, (kind,))[0])
        return list(reversed(top + below))  # the engine's top is the end of the list


def card_in_front(game: ScenarioGame, p: PlayerState, name: str) -> int | None:
    """The card of that name in front of a player (any casing), or None."""
    wanted = name.strip().lower()
    return next((c for c in game.in_front(p) if game.book.card(c).name.lower() == wanted), None)


def _at(item: Item, key: str) -> Item:
    found = item.get(key)
    return found if found is not None else item


def _count(item: Item) -> int:
    value = item.value
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise item.error(f"write a count (0 or more), not '{value}'")
    return value


def _clear(game: ScenarioGame, players: int, grimoires: int) -> None:
    """An empty table: every place emptied (the builder then places each card)."""
    for name in ("deck", "center", "deed_deck", "deed_discard", "hire_deck", "hire_discard",
                 "verses", "titles", "box", "limbo"):
        setattr(game, name, [])
    game.hireling, game.hire_verse, game.revealed, game.round = -1, -1, 0, 1
    game.reshuffles = game.emptied = game.drawn = 0
    game.players = [PlayerState(s, grimoires) for s in range(players)]


def build_table(content: model.Content, given: Item | None, seed: int,
                place: Item | None = None, reading: bool = False
                ) -> tuple[ScenarioGame, Names]:
    """The game a scenario starts from, and the names it resolved against.

    ``place`` (the scenario itself) is where a table the rules refuse is
    reported when the scenario gives no table. ``reading``: the table is only
    checked (``prophecy check``), so a pack's engine file is not run for it.
    """
    builder = TableBuilder(book_for(content, given), given, seed, place, reading)
    return builder.build(), builder.names

