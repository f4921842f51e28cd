"""One game of Dark Prophecies: a card book, players and a seed in, a scored final state out.

``Game(book, players, seed).play()`` sets the table up and runs the rounds:
each player in turn takes the Action, Prophecy and Draw phases; then come
Table Cleanup and the Hireling phase; the final round stops after Prophecy.
Every choice goes through ``pick``, which offers the legal options to the
player in that seat (see ``engine/protocol.py``). All randomness comes from
the game's own ``random.Random``; with ``log=True`` each answer is recorded so
``engine/log.py`` can write the game as JSON lines and replay it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from prophecy.compiler.model import nouns
from prophecy.compiler.runtime import Seat
from prophecy.dsl.errors import ProphecyError
from prophecy.engine.actions import Actions
from prophecy.engine.cards import Book
from prophecy.engine.events import QUIET, Events
from prophecy.engine.moves import NO_LIMIT, NO_YES
from prophecy.engine.protocol import (
    ASK_DRAW_PHASE,
    ASK_HIRELING,
    ASK_SABOTAGE_VERSE,
    ASK_SUPPORT_PLAYER,
    ASK_SUPPORT_VERSE,
    ASK_USE,
    DRAW_ARCANA,
    DRAW_MIXED,
    IllegalChoice,
    Player,
    describe,
)
from prophecy.engine.scoring import PARTS, finish
from prophecy.engine.state import Deck, PlayerState, shuffle_top, take_top

T = TypeVar("T")


class Game(Actions):
    """The state of one game and the phases that change it."""

    #: The parts of a score this game's rules have, in ``scoring.PARTS`` order: what a
    #: simulation reports. An engine whose game has no stash or no Titles names fewer, so
    #: its reports show no part that can only be 0 (``finish`` still works out all five).
    SCORE_PARTS: tuple[str, ...] = PARTS

    def __init__(
        self, book: Book, players: Sequence[Player], seed: Any = None, *, log: bool = False,
        views: Sequence[Book] | None = None, events: Events = QUIET,
    ) -> None:
        super().__init__()
        rules = book.rules
        if not rules.min_players <= len(players) <= rules.max_players:
            raise ProphecyError(
                f"a game needs {rules.min_players} to {rules.max_players} players, "
                f"not {len(players)}",
                where="simulate",
                hint="pass --players within that range",
            )
        self.book, self.rules, self.seed = book, rules, seed
        self.rng = random.Random(seed)
        self.mask, self.gidx, self.design = book.mask, book.gidx, book.design
        self.deed_points, self.needed = book.deed_points, book.needed
        self.effects, self.nodes, self.line_base = book.effects, book.nodes, book.line_base
        # Each seat's cards: the book itself, or (for a paired balance game) a variant of it
        # in which one design is replaced, with the same card ids. See lab/twins.py.
        self.views: list[Book] = list(views) if views is not None else [book] * len(players)
        self.log: list[tuple[int, int, str, list[Any], int]] | None = [] if log else None
        self.watch: Any = None  # called as watch(game, player) after every step, when set
        self.first = self.rng.randrange(len(players))
        n = len(players)
        self.controllers = [players[(self.first + s) % n] for s in range(n)]
        self.players = [PlayerState(s, len(book.grimoires), book.rules.min_level)
                        for s in range(n)]
        self.results: dict[str, Any] = {}
        self.used = self.no_actions()
        self.events = events  # what is counted of the game, by whoever asked (simulate)
        self.reshuffles = 0
        self.take_options(book)
        self.setup()

    def take_options(self, book: Book) -> None:
        """The rules options of game.yaml (``model.Options``), as the moves and phases read
        them."""
        options = self.options = book.content.options
        rules, n = self.rules, len(self.players)
        self.limits = options.action_limits(self.ACTIONS, rules.action_kind_limit)
        self.hand_cap = rules.hand_limit if options.hand == "limit" else NO_LIMIT
        self.level_cost, self.level_once = options.level_cost, options.level_once
        self.power, self.levelled = book.power, set()
        self.market_size = options.market if options.deeds == "market" else 0
        self.deck_verses, self.emptied, self.drawn = set(), 0, 0
        self.empties = options.empties(n)
        self.last_round = rules.rounds if options.end == "rounds" else options.most_rounds

    # -- the player protocol -----------------------------------------------

    def pick(self, p: Seat, ask: str, options: Sequence[T], about: object = None) -> T:
        """Ask the player in ``p``'s seat to choose one of ``options``; returns the option."""
        n = len(options)
        if n == 1:
            return options[0]
        i = self.controllers[p.seat].choose(self, p, ask, options, about)
        if i.__class__ is not int or not 0 <= i < n:
            raise IllegalChoice(
                f"seat {p.seat + 1} answered {i!r} to '{ask}', which offers {n} options",
                where=f"round {self.round}",
                hint=f"return an index from 0 to {n - 1}",
            )
        if self.log is not None:
            self.log.append((self.round, p.seat, ask, describe(self, p, ask, options), i))
        return options[i]

    def fork(self, rng: random.Random, players: Sequence[Player]) -> Game:
        """A copy to look ahead in: the hidden decks reshuffled with ``rng`` (so the
        looker cannot peek), each seat answered by ``players`` (one per seat, in seat order).

        Reshuffle once per decision and ``branch`` the result for each candidate: the
        candidates then meet the same unknown future, and the shuffles are not repeated.
        """
        other = self.branch(rng)
        for deck in (other.deck, other.deed_deck, other.hire_deck):
            shuffle_top(deck, LOOK, rng)
        other.controllers = list(players)
        return other

    def branch(self, rng: random.Random) -> Game:
        """A copy of this game for one line of look-ahead, sharing what no action changes.

        Lists an action can change are copied (the decks, the center, the Dark Deed
        market, the limbo and every player's holdings); the titles, box and Hireling piles
        are shared, and so are the verses unless a draw can meet one. The copy keeps no log
        and reports no events.
        """
        kind = type(self)  # an engine's own subclass branches into its own kind of game
        other = kind.__new__(kind)
        other.__dict__.update(self.__dict__)
        other.deck, other.center = self.deck.copy(), self.center[:]
        other.deed_deck, other.deed_discard = self.deed_deck.copy(), self.deed_discard[:]
        other.hire_deck, other.hire_discard = self.hire_deck.copy(), self.hire_discard[:]
        other.limbo, other.market = self.limbo[:], self.market[:]
        other.players = [p.clone() for p in self.players]
        if self.deck_verses:
            other.verses, other.deck_verses = self.verses[:], set(self.deck_verses)
        if self.level_once:
            other.levelled = set(self.levelled)
        if self.options.discard == "shared":
            other.share_pile()
        other.rng = rng
        other.log = None
        other.watch = None
        other.events = QUIET
        return other

    # -- setup ---------------------------------------------------------------

    def setup(self) -> None:
        """Shuffle the decks, lay out the prophecy and titles, deal each player in.

        A deck or pool larger than ``SHUFFLE_AT_ONCE`` is never put in order
        beyond what the game draws: the deck is shuffled as the game reaches
        into it (``state.Deck``), and the Verses, Titles and Grimoires dealt
        from a pool are drawn without shuffling the rest, which go to the box as
        they are. So a game of the 100x content costs about what a game of the
        bundled one does, whose decks are shuffled at once as before.
        """
        book, rules, rng = self.book, self.rules, self.rng
        ids = book.ids
        if self.options.discard == "shared":
            self.share_pile()
        self.deck = _deck(ids["arcana"], rng)
        self.deed_deck = _deck(ids["deed"], rng)
        self.hire_deck = _deck(ids["hireling"], rng)
        aside = self._lay_verses()
        self.titles, rest = _dealt(ids["title"], rules.titles_in_play, rng, from_top=False)
        self.box.extend(rest)
        self.tracker = list(ids["tracker"])
        self._hand_out_components()
        for p in self.players:
            for _ in range(rules.starting_deeds):
                deed = self.deal_deed()
                if deed >= 0:
                    p.deeds.append(deed)
                    p.stored.append([])
                    self.events.deed_held(self.design[deed])
            self.draw(p, rules.starting_hand)
        if aside:
            self._verses_into_deck(aside)
        self.revealed = min(rules.verses_per_round[0], len(self.verses))
        self.refill_market()
        self.drawn = 0

    def share_pile(self) -> None:
        """One discard pile for everyone (``options.discard: shared``): the center."""
        for p in self.players:
            p.pile = self.center

    def _lay_verses(self) -> list[int]:
        """The Prophecy Area; the Verses after the Starting one, when they go into the Arcana
        deck (``options.verses: deck``), are returned instead, to go there once hands are
        dealt."""
        by_position = _verses_by_position(self.book)
        aside: list[int] = []
        for position in ("starting", "middle", "ending"):
            verse, rest = _dealt(by_position[position], 1, self.rng)
            into_deck = position != "starting" and self.options.verses == "deck"
            (aside if into_deck else self.verses).extend(verse)
            self.box.extend(rest)
        return aside

    def _verses_into_deck(self, aside: list[int]) -> None:
        """Each Verse set aside into the Arcana deck at a depth drawn from its window for
        this many players (1 is the top card)."""
        deck = self.deck
        if isinstance(deck, Deck):  # a shuffle put off is made first: cards go in by place
            deck.settle(self.rng)
        windows = self.options.depths(len(self.players))
        for verse, (low, high) in zip(aside, windows, strict=False):
            depth = self.rng.randint(low, high)
            deck.insert(max(0, len(deck) - depth + 1), verse)
            self.deck_verses.add(verse)
        self.box.extend(aside[len(windows):])

    def _hand_out_components(self) -> None:
        book = self.book
        content, n = book.content, len(self.players)
        for gi, pool in enumerate(_grimoires_by_index(book)):
            if len(pool) < n:  # said in the pack's words: '... Blood Magic Mastery cards'
                place = book.card(pool[0]).place if pool else None
                raise ProphecyError(
                    f"{n} players need {n} {book.grimoires[gi]} "
                    f"{nouns.cards_of(content, 'grimoire', n)}; the content has {len(pool)}",
                    where=f"{content.root}/{place.file if place else 'grimoires.yaml'}",
                    line=place.line if place else 0, column=place.column if place else 0,
                    hint=f"give that {nouns.noun(content, 'Grimoire')} 'copies: {n}' or play "
                    "with fewer players (prophecy lint checks this as PL505)",
                )
            dealt, rest = _dealt(pool, len(self.players), self.rng)
            for p, grimoire in zip(self.players, dealt, strict=True):
                p.grimoires.append(grimoire)
            self.box.extend(rest)
        refs = list(book.ids["reference"])
        for p in self.players:
            if refs:
                p.reference.append(refs.pop(0))
        self.box.extend(refs)

    # -- the rounds ----------------------------------------------------------

    def play(self) -> Game:
        """Play every round from the one on the tracker, then score. Returns the game."""
        while True:  # to the final round, or the round in which the deck runs out at last
            last = self.final_round()
            self.play_round()
            if last or self.deck_has_run_out():
                return self.end()

    def play_round(self) -> None:
        """The round on the tracker: each player's Action, Prophecy and Draw phases, then
        Table Cleanup and the Hireling phase, then the tracker turns to the next round.

        The final round stops after the Prophecy phase; a round in which the Arcana deck
        runs out for the last time (``options.end: deck-emptied``) after the Draw phase.
        With ``options.turns: by-action`` the players take their actions one at a time in
        turn, then each plays the Prophecy phase, then each the Draw phase.
        """
        final = self.final_round()
        if self.level_once:
            self.levelled.clear()
        if self.options.turns == "by-action":
            for p in self.players:
                self.turn_start(p)
            self.action_round()
            for p in self.players:
                self.prophecy_phase(p)
                self.turn_end(p)
            for p in self.players if not final else ():
                self.draw_phase(p)
                self.after_step(p)
        else:
            for p in self.players:
                self.turn_start(p)
                self.action_phase(p)
                self.prophecy_phase(p)
                self.turn_end(p)
                if not final:
                    self.draw_phase(p)
                    if self.watch is not None:
                        self.watch(self, p)
        if not final and not self.deck_has_run_out():
            self.cleanup_phase()
            self.hireling_phase()
            self.round += 1
            if self.watch is not None:
                self.watch(self, None)

    def turn_start(self, p: PlayerState) -> None:
        """The start of a player's turn: their cards in play's 'At the start of your turn'."""
        if self.book.abilities:
            self.turn_effects(p, "start")

    def turn_end(self, p: PlayerState) -> None:
        """The end of a player's turn: their cards in play's 'At the end of your turn', then
        their Cleanup, which readies every card they exhausted."""
        if self.book.abilities:
            self.turn_effects(p, "end")
            self.ready(p)

    def final_round(self) -> bool:
        """The last round has no Draw, Table Cleanup or Hireling phase: round ``rules.rounds``,
        or the last a game that ends when the deck runs out may last."""
        return self.round >= self.last_round

    def deck_has_run_out(self) -> bool:
        """Whether this round is the game's last, the Arcana deck having run out as often as
        ``options.end`` says (never, in a game of a number of rounds)."""
        return self.options.end == "deck-emptied" and self.emptied >= self.empties

    def plan_round(self) -> int:
        """The round as the bots' estimate reads it, 1 to ``rules.rounds``: the round itself,
        or, in a game that ends when the deck runs out, the round of a game of
        ``rules.rounds`` rounds with as many left as this one is expected to have (by the
        Arcana drawn a round so far)."""
        if self.options.end == "rounds":
            return self.round
        rounds = self.rules.rounds
        if self.deck_has_run_out() or self.final_round():
            return rounds
        to_draw = len(self.deck) + (self.empties - self.emptied - 1) * self.arcana_left()
        rate = self.drawn / (self.round - 0.5)
        left = int(to_draw / rate) + 1 if rate > 0 else rounds
        return rounds + 1 - max(1, min(rounds, left, self.last_round - self.round + 1))

    def end(self) -> Game:
        """The game is over: award the Titles and score every player."""
        self.over = True
        self.results = finish(self)
        return self

    def after_step(self, p: PlayerState | None) -> None:
        if self.watch is not None:
            self.watch(self, p)

    # -- Prophecy phase ----------------------------------------------------

    def prophecy_phase(self, p: PlayerState) -> None:
        """Each face-up verse left to right: reward, support or sabotage; then deeds."""
        design = self.design
        for position in range(self.revealed):
            d = design[self.verses[position]]
            paid = self.views[p.seat].verse_condition[d](self, p)
            self.events.verse(d, paid)
            if paid:
                self._verse_reward(p, d, position)
            self.complete_deeds(p)
            if self.watch is not None:
                self.watch(self, p)

    def _verse_reward(self, p: PlayerState, d: int, position: int) -> None:
        hireling = self.hireling if self.hire_verse == position else -1
        if hireling < 0:
            self.run_lines(p, d, True)
            return
        h = self.design[hireling]
        if self.book.card_as(hireling, "hireling").role == "sabotage":
            self.run_lines(p, h, False)
        else:
            self.run_lines(p, d, True)
            self.run_lines(p, h, True)

    # -- Draw phase --------------------------------------------------------

    def draw_phase(self, p: PlayerState) -> None:
        """Draw as the player chooses (or up to the hand's size, ``options.hand``), then all
        but the top card of the player's discard pile go to the center."""
        rules, options = self.rules, self.options
        if options.hand == "draw-up-to":
            if len(p.hand) < options.hand_size:
                self.draw(p, options.hand_size - len(p.hand))
        elif self.pick(p, ASK_DRAW_PHASE, (DRAW_ARCANA, DRAW_MIXED)) == DRAW_ARCANA:
            self.draw(p, rules.draw_phase_arcana)
        else:
            self.draw(p, rules.draw_phase_mixed_arcana)
            self.draw_deeds(p, rules.deed_draw, rules.deed_keep)
        if len(p.pile) > 1 and p.pile is not self.center:
            self.center.extend(p.pile[:-1])
            del p.pile[:-1]

    # -- Table Cleanup and Hireling phases -----------------------------------

    def cleanup_phase(self) -> None:
        """Reveal the next verse, advance the tracker, rebuild an empty deck."""
        if self.options.verses == "deck":  # the Verses drawn from the deck turn face up
            self.revealed = len(self.verses)
        else:
            schedule = self.rules.verses_per_round
            nxt = min(self.round, len(schedule) - 1)
            self.revealed = min(max(self.revealed, schedule[nxt]), len(self.verses))
        if not self.deck:
            self.reshuffle()

    def hireling_phase(self) -> None:
        """The player who enlisted least (random among ties) enlists for the next round."""
        rules = self.rules
        if self.round + 1 < rules.hireling_first_round:
            return
        if self.hireling >= 0:
            self.hire_discard.append(self.hireling)
            self.hireling, self.hire_verse = -1, -1
        if self.revealed == 0:
            return  # no Verse face up for a Hireling to go under: none is enlisted
        fewest = min(p.enlisted for p in self.players)
        tied = [p for p in self.players if p.enlisted == fewest]
        p = tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
        shown = self._reveal_hirelings()
        if not shown:
            return
        choice = self.pick(p, ASK_HIRELING, shown)
        for h in shown:
            self.limbo.remove(h)
            if h != choice:
                self.hire_discard.append(h)
        p.enlisted += 1
        positions = list(range(self.revealed))
        if self.book.card_as(choice, "hireling").role == "sabotage":
            verse = self.pick(p, ASK_SABOTAGE_VERSE, positions)
        else:
            others = [q.seat for q in self.players if q is not p]
            q = self.players[self.pick(p, ASK_SUPPORT_PLAYER, others)]
            verse = self.pick(q, ASK_SUPPORT_VERSE, positions)
        self.hireling, self.hire_verse = choice, verse

    def _reveal_hirelings(self) -> list[int]:
        shown: list[int] = []
        set_aside: list[int] = []
        redraw = self.round == self.rules.hireling_redraw_round
        while len(shown) < self.rules.hirelings_revealed:
            if not self.hire_deck:
                self.rng.shuffle(self.hire_discard)
                self.hire_deck, self.hire_discard = self.hire_discard, []
                if not self.hire_deck:
                    break
            h = take_top(self.hire_deck, self.rng)
            if redraw and self.book.card_as(h, "hireling").redraw:
                set_aside.append(h)
            else:
                shown.append(h)
                self.limbo.append(h)
        self.hire_discard.extend(set_aside)
        return shown

    # -- after the game --------------------------------------------------------

    def winner(self) -> int | None:
        """The winning seat, or None when the tie-breaks leave a tie."""
        return self.results.get("winner")


LOOK = 12  # cards a look-ahead may reach from the top of a hidden deck


#: A deck or pool of at most this many cards is shuffled at once when a game is dealt: for
#: a deck the size of the bundled game's, that costs what drawing its cards one by one
#: would. A larger one (content ten times the bundled set) is shuffled as the game
#: draws from it, so a game costs what it draws, not what the book holds.
SHUFFLE_AT_ONCE = 256


def _deck(ids: Sequence[int], rng: random.Random) -> list[int]:
    """A deck of ``ids``, face down: shuffled now, or as it is drawn when it is large."""
    if len(ids) <= SHUFFLE_AT_ONCE:
        return _shuffled(ids, rng)
    return Deck(ids)


def _dealt(pool: Sequence[int], count: int, rng: random.Random, from_top: bool = True
           ) -> tuple[list[int], list[int]]:
    """``count`` cards of ``pool`` dealt at random, and the rest (to the box).

    A small pool is shuffled and dealt from its top (``from_top``) or its bottom; a
    large one has only the cards dealt drawn, uniformly, the rest left as they are.
    """
    if len(pool) <= SHUFFLE_AT_ONCE:
        cards = _shuffled(pool, rng)
        if not from_top:
            return cards[:count], cards[count:]
        return [cards.pop() for _ in range(min(count, len(cards)))], cards
    rest = list(pool)
    dealt = []
    for _ in range(min(count, len(rest))):
        j = int(rng.random() * len(rest))
        rest[j], rest[-1] = rest[-1], rest[j]
        dealt.append(rest.pop())
    return dealt, rest


def _shuffled(ids: Sequence[int], rng: random.Random) -> list[int]:
    out = list(ids)
    rng.shuffle(out)
    return out


def _verses_by_position(book: Book) -> dict[str, list[int]]:
    """The book's Verse cards by their place in the Prophecy (worked out once per book)."""
    found: dict[str, list[int]] | None = book.cache.get("verses by position")
    if found is None:
        found = book.cache["verses by position"] = {"starting": [], "middle": [], "ending": []}
        for cid in book.ids["verse"]:
            found[book.card_as(cid, "verse").position].append(cid)
    return found


def _grimoires_by_index(book: Book) -> list[list[int]]:
    """The book's Grimoire cards of each grimoire (worked out once per book)."""
    found: list[list[int]] | None = book.cache.get("grimoires by index")
    if found is None:
        found = book.cache["grimoires by index"] = [[] for _ in book.grimoires]
        for cid in book.ids["grimoire"]:
            found[book.gidx[cid]].append(cid)
    return found


__all__ = ["Game", "DRAW_ARCANA", "DRAW_MIXED", "NO_YES", "ASK_USE"]
