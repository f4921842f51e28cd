"""Moves: the small operations on the state that effects and phases are made of.

Each method moves cards between the places of ``engine/state.py`` and asks the
player (through ``pick``) whenever the rules leave a choice. The compiled
handlers of ``compiler/handlers.py`` call these methods through the
``compiler.runtime.Runtime`` protocol, which ``Game`` implements; so do the
phases of ``engine/game.py``. Two rules are enforced here, at once, wherever they bite:
an Arcana deck that runs out is rebuilt from the shuffled center pile, and a
hand over the limit sheds cards to the center. So are the options of game.yaml
that change where a card goes (``model.Options``): a Verse met on the Arcana
deck goes to the Prophecy Area, a draw of Dark Deeds takes them from the market,
and with one shared discard pile every player's pile is the center itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from prophecy.compiler.model import Rules
from prophecy.compiler.runtime import Compiled, Place, Seat
from prophecy.dsl import ast
from prophecy.engine.cards import Book
from prophecy.engine.events import Events
from prophecy.engine.protocol import (
    ASK_ABILITY,
    ASK_COMPLETE,
    ASK_DISCARD,
    ASK_HAND_LIMIT,
    ASK_KEEP,
    ASK_LOOK_ORDER,
    ASK_LOOK_TAKE,
    ASK_OVERFLOW,
    ASK_USE,
)
from prophecy.engine.state import Deck, Table, put_under, take_top

NO_YES = (False, True)
NO_LIMIT = 1 << 30  # the hand cap of a game without a hand limit (options.hand: draw-up-to)
T = TypeVar("T")


class Moves(Table):
    """Card movements; ``Game`` adds the phases and the player protocol (``pick``)."""

    # -- set by Game.__init__ ----------------------------------------------
    rng: random.Random
    rules: Rules
    mask: list[int]
    gidx: list[int]
    deed_points: list[int]
    needed: list[int]
    design: list[int]
    hand_cap: int  # the most cards a hand holds before it sheds (no limit: a huge number)
    deck_verses: set[int]  # Verses shuffled into the Arcana deck, not yet drawn
    emptied: int  # how often the Arcana deck has run out
    drawn: int  # Arcana taken from the deck since setup

    def pick(self, p: Seat, ask: str, options: Sequence[T], about: object = None) -> T:
        raise NotImplementedError  # pragma: no cover - Game implements it

    # -- the Arcana deck ---------------------------------------------------

    def reshuffle(self) -> None:
        """The center pile, shuffled, becomes the Arcana deck (below what is left of it)."""
        center = self.center
        if center:
            self.rng.shuffle(center)
            deck = self.deck
            self.deck = center + deck
            if isinstance(deck, Deck) and deck.hi > deck.lo:  # its shuffle still to make
                self.deck = Deck(self.deck, deck.lo + len(center), deck.hi + len(center))
            center.clear()  # the same pile, emptied: with one shared pile it is every player's
            self.reshuffles += 1

    def top(self) -> int:
        """Take the top Arcana card; -1 when the deck and the center are both empty.

        A Verse shuffled into the deck (``options.verses: deck``) is not taken: it goes
        face down to the end of the Prophecy Area, and the card under it is taken instead.
        """
        deck = self.deck
        if not deck:
            self.reshuffle()
            deck = self.deck
            if not deck:
                return -1
        if deck.__class__ is Deck and len(deck) == deck.hi:  # (checked here: draws are many)
            card = take_top(deck, self.rng)
        else:
            card = deck.pop()
        self.drawn += 1
        if not deck:
            self.emptied += 1
            self.reshuffle()
        if self.deck_verses and card in self.deck_verses:
            self.deck_verses.discard(card)
            self.verses.append(card)
            return self.top()
        return card

    def draw(self, p: Seat, count: int) -> bool:
        """Draw ``count`` Arcana (whether there were that many to draw)."""
        hand = p.hand
        drawn = 0
        for _ in range(count):
            card = self.top()
            if card < 0:
                break
            hand.append(card)
            drawn += 1
        if len(hand) > self.hand_cap:
            self.hand_limit(p)
        return drawn == count

    def hand_limit(self, p: Seat) -> None:
        """Discard to the center, one chosen card at a time, down to the hand limit."""
        hand, limit = p.hand, self.hand_cap
        while len(hand) > limit:
            card = self.pick(p, ASK_HAND_LIMIT, hand)
            hand.remove(card)
            self.center.append(card)

    # -- Dark Deeds --------------------------------------------------------

    def store(self, p: Seat, slot: int, count: int) -> bool:
        """Add ``count`` cards from the Arcana deck face down onto the deed in ``slot``."""
        stored = p.stored[slot]
        for _ in range(count):
            card = self.top()
            if card < 0:
                return False
            stored.append(card)
        return True

    def unstore(self, p: Seat, slot: int, count: int) -> bool:
        stored = p.stored[slot]
        full = len(stored) >= count
        for _ in range(min(count, len(stored))):
            self.center.append(stored.pop())
        return full

    def deal_deed(self) -> int:
        if not self.deed_deck and self.deed_discard:
            self.rng.shuffle(self.deed_discard)
            self.deed_deck, self.deed_discard = self.deed_discard, []
        deck = self.deed_deck
        if not deck:
            return -1
        if deck.__class__ is Deck and len(deck) == deck.hi:  # as in ``top``
            return take_top(deck, self.rng)
        return deck.pop()

    def draw_deeds(self, p: Seat, count: int, keep: int) -> bool:
        """Draw ``count`` deeds, keep ``keep`` of them, the rest to the bottom of the deck.

        With a market of face-up Dark Deeds (``options.dark_deeds: market``) the player
        takes ``keep`` of the market's instead, one at a time, the market refilled from the
        deck after each (in full: that many were there to take).
        """
        if self.market_size:
            return self.take_from_market(p, keep)
        drawn = []
        for _ in range(count):
            deed = self.deal_deed()
            if deed < 0:
                break
            drawn.append(deed)
        full = len(drawn) == count and keep <= count
        self.limbo.extend(drawn)
        for _ in range(min(keep, len(drawn))):
            deed = self.pick(p, ASK_KEEP, drawn)
            drawn.remove(deed)
            self.limbo.remove(deed)
            self.place_deed(p, deed)
        for deed in drawn:
            self.limbo.remove(deed)
        self.set_aside_drawn(drawn)
        return full

    def set_aside_drawn(self, deeds: list[int]) -> None:
        """The Dark Deeds drawn and not kept: to the bottom of their deck (the rulebook's
        way; an engine of a draft that discards them says so here)."""
        put_under(self.deed_deck, deeds)

    def take_from_market(self, p: Seat, keep: int) -> bool:
        market = self.market
        for taken in range(keep):
            if not market:
                return taken == keep
            deed = self.pick(p, ASK_KEEP, market[:])
            market.remove(deed)
            self.place_deed(p, deed)
            self.refill_market()
        return True

    def refill_market(self) -> None:
        """Deal face-up Dark Deeds from the deck until the market holds its size."""
        while len(self.market) < self.market_size:
            deed = self.deal_deed()
            if deed < 0:
                return
            self.market.append(deed)

    def place_deed(self, p: Seat, deed: int) -> None:
        """Put a deed in play; at the limit it goes to the bottom or replaces one."""
        if len(p.deeds) >= self.rules.deed_limit:
            old = self.pick(p, ASK_OVERFLOW, [-1, *p.deeds], deed)
            if old < 0:
                put_under(self.deed_deck, [deed])
                return
            slot = p.deeds.index(old)
            self.center.extend(p.stored[slot])  # a replaced deed loses its cards
            self.deed_discard.append(old)
            p.deeds[slot] = deed
            p.stored[slot] = []
        else:
            p.deeds.append(deed)
            p.stored.append([])
        self.events.deed_held(self.design[deed])

    def complete_deeds(self, p: Seat) -> None:
        """Offer the ready deeds, one at a time, in the player's order, until they stop."""
        needed = self.needed
        while True:
            ready = [d for d, s in zip(p.deeds, p.stored, strict=True) if len(s) >= needed[d]]
            if not ready:
                return
            ready.append(-1)
            deed = self.pick(p, ASK_COMPLETE, ready)
            if deed < 0:
                return
            self.complete(p, deed)

    def scheme(self, p: Seat) -> bool:
        """Take one Dark Deed into play (Scheme): a draw of one Dark Deed, kept, so the one
        of the player's choice from a face-up row where the game lays one out, else the top of
        the Dark Deed deck; placed as any kept Dark Deed (at the limit: to the bottom, or in
        place of one in play)."""
        return self.draw_deeds(p, 1, 1)

    def complete(self, p: Seat, deed: int) -> None:
        """Set the deed aside, offer its bonus, stored cards to the pile, deed to the stash."""
        slot = p.deeds.index(deed)
        stored = p.stored.pop(slot)
        if self.design[deed] in self.views[p.seat].tables:  # a points table keeps its count
            p.kept[deed] = len(stored)
        del p.deeds[slot]
        limbo = self.limbo
        limbo.append(deed)
        limbo.extend(stored)
        self.run_lines(p, self.design[deed], True)
        for card in stored:
            limbo.remove(card)
        limbo.remove(deed)
        p.pile.extend(stored)
        p.completed.append(deed)
        self.events.deed_done(self.design[deed])

    # -- hand, pile and stash ----------------------------------------------

    def move(self, p: Seat, card: int, source: Place, to: Place) -> None:
        """One card from one place to another; a hand over the limit sheds to the center."""
        (self.center if source == "center" else getattr(p, source)).remove(card)
        (self.center if to == "center" else getattr(p, to)).append(card)
        if to == "hand" and len(p.hand) > self.hand_cap:
            self.hand_limit(p)

    def stash_pile(self, p: Seat, count: int, center: bool = False) -> bool:
        pile = self.center if center else p.pile
        full = len(pile) >= count
        for _ in range(min(count, len(pile))):
            p.stash.append(pile.pop())
        return full

    def stash_deck(self, p: Seat, count: int) -> bool:
        for _ in range(count):
            card = self.top()
            if card < 0:
                return False
            p.stash.append(card)
        return True

    def take_pile(self, p: Seat, count: int, center: bool = False) -> bool:
        pile = self.center if center else p.pile
        full = len(pile) >= count
        for _ in range(min(count, len(pile))):  # every card taken before the hand sheds any
            p.hand.append(pile.pop())
        if len(p.hand) > self.hand_cap:
            self.hand_limit(p)
        return full

    def discard(self, p: Seat, count: int, center: bool, bit: int = 0) -> bool:
        hand, mask = p.hand, self.mask
        to = self.center if center else p.pile
        for _ in range(count):
            options = [c for c in hand if mask[c] & bit] if bit else hand[:]
            if not options:
                return False
            card = self.pick(p, ASK_DISCARD, options)
            hand.remove(card)
            to.append(card)
        return True

    def look(self, p: Seat, count: int, take: int, rest: str) -> bool:
        """Look at the top ``count`` Arcana; take ``take`` into the hand; the rest to ``rest``.

        ``rest`` is "back" (the player puts them back one at a time, so the
        last one put back is the new top), "bottom" (under the deck as a stack
        in the order they were seen, the first seen uppermost), "center" or
        "pile" (the player's discard pile).
        """
        seen = []
        for _ in range(count):
            card = self.top()
            if card < 0:
                break
            seen.append(card)
        full = len(seen) == count and take <= count
        self.limbo.extend(seen)
        for _ in range(min(take, len(seen))):
            card = self.pick(p, ASK_LOOK_TAKE, seen)
            seen.remove(card)
            self.limbo.remove(card)
            p.hand.append(card)
        for card in seen:
            self.limbo.remove(card)
        if rest == "back":
            while seen:
                card = self.pick(p, ASK_LOOK_ORDER, seen)
                seen.remove(card)
                self.deck.append(card)
        elif rest == "bottom":  # as a stack slid under the deck: the first seen stays above
            put_under(self.deck, seen[::-1])
        else:
            (self.center if rest == "center" else p.pile).extend(seen)
        if len(p.hand) > self.hand_cap:
            self.hand_limit(p)
        return full

    def look_verse(self, p: Seat) -> bool:
        """The player looks at the next face-down Verse of the Prophecy Area (the leftmost
        not yet revealed); it stays where it is, face down, and goes into what the player
        knows (``PlayerState.knows``, once). Nothing happens with every Verse face up."""
        if self.revealed >= len(self.verses):
            return False
        verse, knows = self.verses[self.revealed], self.players[p.seat].knows
        if verse not in knows:
            knows.append(verse)
        return True

    def verses_face_down(self) -> int:
        return len(self.verses) - self.revealed

    def gain(self, p: Seat, points: int) -> None:
        p.gained += points

    def arcana_left(self) -> int:
        return len(self.deck) + len(self.center)

    def deeds_left(self) -> int:
        return len(self.deed_deck) + len(self.deed_discard)

    def reveal_until(self, p: Seat, bit: int, center: bool) -> bool:
        """Reveal Arcana until one matches ``bit`` (0: any), take it, the rest to a pile."""
        shown: list[int] = []
        mask, limbo = self.mask, self.limbo
        found = -1
        while True:
            card = self.top()
            if card < 0:
                break
            if not bit or mask[card] & bit:
                found = card
                break
            shown.append(card)
            limbo.append(card)
        for card in shown:
            limbo.remove(card)
        (self.center if center else p.pile).extend(shown)
        if found < 0:
            return False
        p.hand.append(found)
        if len(p.hand) > self.hand_cap:
            self.hand_limit(p)
        return True

    def shift_level(self, p: Seat, gi: int, delta: int) -> None:
        level = p.levels[gi] + delta
        rules = self.rules
        p.levels[gi] = max(rules.min_level, min(rules.max_level, level))

    # -- cards in play ------------------------------------------------------

    def in_front(self, p: Seat) -> list[int]:
        """The cards in front of a player whose effects of a card in play count, left to
        right: the Grimoire cards, the Dark Deeds in play, then the play area."""
        return [*p.grimoires, *p.deeds, *p.in_play]

    def turn_effects(self, p: Seat, when: str) -> None:
        """The 'At the start (end) of your turn' effects of the player's cards in play, card
        by card, left to right; each optional, except those of a Curse."""
        abilities, design = self.views[p.seat].abilities, self.design
        curses = self.views[p.seat].curses
        for card in self.in_front(p):
            found = abilities.get(design[card])
            if found is None or when not in found:
                continue
            forced = design[card] in curses
            for _, pred, ops, node in found[when]:
                if card not in self.in_front(p) or not pred(self, p):
                    continue  # a card gone from play uses nothing more
                if not forced and not self.pick(p, ASK_USE, NO_YES, node):
                    continue
                for op in ops:
                    if not op(self, p):
                        break

    def exhaust_lines(self, p: Seat, card: int) -> list[int]:
        """The numbers (from 1) of a card's 'Exhaust this card' lines usable now."""
        found = self.views[p.seat].abilities.get(self.design[card])
        if found is None or card in p.exhausted:
            return []
        return [index + 1 for index, pred, _, _ in found.get("exhaust", ()) if pred(self, p)]

    def exhaustable(self, p: Seat) -> list[int]:
        """The ready cards in front of the player with an 'Exhaust this card' line usable now."""
        abilities, design = self.views[p.seat].abilities, self.design
        return [card for card in self.in_front(p)
                if "exhaust" in abilities.get(design[card], ()) and self.exhaust_lines(p, card)]

    def exhaust(self, p: Seat, card: int, number: int = -1) -> None:
        """Exhaust a ready card in front of the player and use one of its 'Exhaust this card'
        lines (the player's choice among those usable, unless ``number`` says which): the
        action that uses it."""
        lines = self.exhaust_lines(p, card)
        if number not in lines:
            number = self.pick(p, ASK_ABILITY, lines, card)
        p.exhausted.append(card)
        for index, _, ops, _ in self.views[p.seat].abilities[self.design[card]]["exhaust"]:
            if index + 1 == number:
                for op in ops:
                    if not op(self, p):
                        break

    def ready(self, p: Seat) -> None:
        """Cleanup: every exhausted card in front of the player is ready again."""
        p.exhausted.clear()

    # -- effects -----------------------------------------------------------

    def run_lines(self, p: Seat, d: int, optional: bool) -> None:
        """Resolve a card's effect lines top to bottom; unmet lines are skipped; within a line,
        an action happens only if every earlier one happened in full (ruling 17)."""
        view = self.views[p.seat]
        base = view.line_base[d]
        nodes = view.nodes[d]
        for i, (preds, ops) in enumerate(view.effects[d]):
            for pred in preds:
                if not pred(self, p):
                    break
            else:
                if optional and not self.pick(p, ASK_USE, NO_YES, nodes[i]):
                    self.events.line(base + i, False)
                    continue
                self.events.line(base + i, True)
                for op in ops:
                    if not op(self, p):
                        break

    # declared for type checkers; filled in by Game
    views: list[Book]
    reshuffles: int
    events: Events
    line_base: dict[int, int]
    nodes: dict[int, tuple[ast.Line, ...]]
    effects: dict[int, tuple[Compiled, ...]]


__all__ = ["Moves", "NO_YES", "ASK_USE", "ASK_COMPLETE"]
