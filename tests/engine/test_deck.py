"""A deck shuffled as it is drawn: the same chances as a whole shuffle, dealt at what a game uses.

A game's deck larger than ``SHUFFLE_AT_ONCE`` is a ``state.Deck``: its order
is drawn only as the game reaches into it. Each card must then be as likely
on top as after a whole shuffle, cards put under it must stay under, and a
game on a large book must keep every invariant while leaving most of the
deck unshuffled.
"""

from __future__ import annotations

import random
from collections import Counter

from prophecy.engine.bots.greedy import RandomBot
from prophecy.engine.game import SHUFFLE_AT_ONCE, Game
from prophecy.engine.state import Deck, put_under, shuffle_top, take_top

from .test_invariants import check


def _drawn(deck: list[int], rng: random.Random) -> list[int]:
    return [take_top(deck, rng) for _ in range(len(deck))]


def test_every_card_is_as_likely_at_every_place_of_the_draw():
    """Five cards, 6,000 decks: each card lands at each place of the draw about 1 time in 5."""
    places: Counter[tuple[int, int]] = Counter()
    orders = set()
    for seed in range(6000):
        order = _drawn(Deck(range(5)), random.Random(seed))
        orders.add(tuple(order))
        places.update((card, at) for at, card in enumerate(order))
    assert len(orders) == 120  # every order of five cards comes up
    assert all(1050 <= n <= 1350 for n in places.values()), places  # 1200 expected each


def test_a_deck_drawn_through_holds_each_card_once():
    deck = Deck(range(300))
    assert sorted(_drawn(deck, random.Random(3))) == list(range(300))


def test_cards_put_on_top_come_first_and_under_come_last():
    rng = random.Random(7)
    deck = Deck(range(10))
    first = take_top(deck, rng)
    deck.append(first)  # put back on top
    put_under(deck, [101, 100])  # 100 is the upper of the two
    order = _drawn(deck, rng)
    assert order[0] == first
    assert order[-2:] == [100, 101]
    assert sorted(order[1:-2]) == sorted(set(range(10)) - {first})


def test_only_what_is_drawn_is_shuffled():
    deck = Deck(range(1000))
    for _ in range(3):
        take_top(deck, random.Random(1))
    assert (deck.lo, deck.hi) == (0, 997)  # 997 cards still in no order
    assert sum(deck[i] != i for i in range(997)) <= 3  # each draw moved one card, no more


def test_a_look_ahead_reshuffles_the_top_and_the_rest_stays_drawable():
    rng = random.Random(11)
    deck = Deck(range(50))
    put_under(deck, [90, 91])
    shuffle_top(deck, 12, rng)
    assert deck.hi <= len(deck) - 12 and deck.lo <= deck.hi
    order = _drawn(deck, rng)
    assert sorted(order) == [*range(50), 90, 91]


def test_settle_makes_the_whole_shuffle_now():
    deck = Deck(range(20))
    deck.settle(random.Random(5))
    assert (deck.lo, deck.hi) == (0, 0) and sorted(deck) == list(range(20))
    assert _drawn(deck.copy(), random.Random(6)) == deck[::-1]  # the list is the order


def test_a_game_on_a_large_book_is_dealt_lazily_and_keeps_every_invariant(kit):
    """Arcana copies beyond SHUFFLE_AT_ONCE: the deck is a Deck, most of it never ordered."""
    base = kit.content()
    many = [kit.arcana(f"Filler {n}", "Necromancy", ["Draw 1 Arcana"], copies=10)
            for n in range(SHUFFLE_AT_ONCE // 10 + 10)]
    book = kit.book(arcana=[*base.of_kind("arcana"), *many])
    for seed in range(6):
        game = Game(book, [RandomBot(seed * 10 + s) for s in range(3)], seed)
        assert isinstance(game.deck, Deck)
        size = len(game.deck)
        game.watch = check
        game.play()
        check(game, None)
        assert game.deck.hi - game.deck.lo > size // 2  # most of the deck was never ordered
        again = Game(book, [RandomBot(seed * 10 + s) for s in range(3)], seed).play()
        assert again.snapshot() == game.snapshot()  # a seed still plays one game
