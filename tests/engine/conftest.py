"""Fixtures for the engine suite: content built by hand, games, scripted players.

``make_content`` builds a ``compiler.model.Content`` straight from effect
lines, so a scenario can name exactly the cards it needs and stays the same
whatever the bundled card files say. ``synthetic`` is a full-size set with
every kind of line, for the invariant runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from prophecy.compiler import model
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import read_pack
from prophecy.dsl.parser import parse
from prophecy.dsl.vocabulary import Vocabulary
from prophecy.engine.cards import Book, book_of
from prophecy.engine.game import Game

GRIMOIRES = ("Blood Magic", "Demonology", "Necromancy")
POINTS = (0, 2, 4, 7, 11)
MANIFEST = "Reveal Arcana until a matching card, take it, discard the rest to the center"

ARCANA_LINES = [
    ["Add 1 to any Dark Deed", "Grimoire Level 2: Add 1 to highest-points Dark Deed"],
    ["Draw 1 Arcana", "Reveal Creature: Stash a card from your hand"],
    ["Add 1 to a matching Dark Deed", "Top Discard Spell: Draw 1 Arcana"],
    ["Stash the top card of your discard pile", "Grimoire Level 3: Level up any Grimoire"],
    ["Draw 2 Arcana, then Discard 1 to the center", "Add 1 to lowest-points Dark Deed"],
    ["Draw 3 Dark Deeds, keep 1", "Take the top card of your discard pile"],
    ["Add 1 to each Dark Deed", "Level down any Grimoire"],
    ["Stash the top card of the Arcana deck", "Remove 1 from most-cards Dark Deed"],
]
TYPES = ("Spell", "Item", "Creature")


def line(vocab: Vocabulary, text: str, file: str = "test.yaml") -> model.EffectLine:
    node = parse(text, vocab)
    return model.EffectLine(text=text, node=node, place=model.Place(file))


#: The bundled game's kinds of card, as its game.yaml declares them.
PACK = read_pack(bundled_content())


def card(kind: str, name: str, file: str, **fields: Any) -> model.Card:
    """A card of one of the bundled game's kinds, from its field values."""
    spec = PACK.kind(kind)
    assert spec is not None
    return model.new_card(spec, name, place=model.Place(file), **fields)


def arcana(vocab, name, grimoire, lines, types=("Spell",), copies=1) -> model.Card:
    return card("arcana", name, "arcana.yaml", copies=copies, grimoire=grimoire,
                types=tuple(types), effects=tuple(line(vocab, t) for t in lines))


def deed(vocab, name, grimoire, needed, points, bonus=()) -> model.Card:
    return card("deed", name, "deeds.yaml", grimoire=grimoire, cards_needed=needed,
                points=points, when_complete=tuple(line(vocab, t) for t in bonus))


def verse(vocab, name, position, condition, reward=("Add 1 to any Dark Deed",)) -> model.Card:
    return card("verse", name, "verses.yaml", position=position, text=name,
                condition=line(vocab, condition), reward=tuple(line(vocab, t) for t in reward))


def hireling(vocab, name, role, effect, redraw=False) -> model.Card:
    return card("hireling", name, "hirelings.yaml", role=role, reminder="", redraw=redraw,
                effect=tuple(line(vocab, t) for t in effect))


def title(vocab, name, condition, points=4) -> model.Card:
    return card("title", name, "titles.yaml", condition=line(vocab, condition), points=points)


def grimoire(vocab, name, points=POINTS, manifest=MANIFEST) -> model.Card:
    return card("grimoire", name, "grimoires.yaml", copies=4, grimoire=name,
                points=tuple(points), manifest=line(vocab, manifest))


def synthetic_cards(vocab: Vocabulary) -> dict[str, list[model.Card]]:
    """A full-size card set: 72 Arcana, 12 Grimoires, 24 deeds, 9 verses, 11 hirelings..."""
    cards: dict[str, list[model.Card]] = {k: [] for k in PACK.names}
    for g in GRIMOIRES:
        for i, lines in enumerate(ARCANA_LINES):
            cards["arcana"].append(
                arcana(vocab, f"{g} {i}", g, lines, (TYPES[i % 3],), copies=3))
        cards["grimoire"].append(grimoire(vocab, g))
        for i in range(8):
            bonus = ("Draw 1 Arcana",) if i % 2 else ()
            cards["deed"].append(deed(vocab, f"{g} deed {i}", g, 2 + i % 4, 3 + i % 5, bonus))
    conditions = [
        "If you have 1 or more stashed cards", "If you have 3 or more cards in hand",
        "If you have completed 1 or more Dark Deeds", "If your Necromancy is Level 2 or higher",
        "If you have 4 or more cards on Dark Deeds", "If you have 3 or more Grimoire levels",
        "If you have 2 or more Dark Deeds in play", "If you have 4 or fewer cards in hand",
        "If you have completed 2 or more Dark Deeds",
    ]
    for i, cond in enumerate(conditions):
        position = ("starting", "middle", "ending")[i // 3]
        cards["verse"].append(verse(vocab, f"Verse {i}", position, cond))
    for i in range(11):
        if i % 2:
            effect = ("Discard 1 to the center",) if i % 4 == 1 else ("Level down any Grimoire",)
            cards["hireling"].append(hireling(vocab, f"Hireling {i}", "sabotage", effect))
        else:
            effect = ("Draw 1 Arcana",) if i < 4 else ("Add 1 to any Dark Deed",)
            cards["hireling"].append(hireling(vocab, f"Hireling {i}", "support", effect, i < 4))
    for i, cond in enumerate([
        "Most stashed cards", "Most completed Dark Deeds", "Most Grimoire levels",
        "Fewest cards in hand", "Most completed Necromancy Dark Deeds", "Highest Demonology Level",
    ]):
        cards["title"].append(title(vocab, f"Title {i}", cond, 3 + i % 3))
    cards["reference"].append(card("reference", "Reference", "reference.yaml", copies=4))
    cards["tracker"].append(card("tracker", "Tracker", "tracker.yaml"))
    return cards


def make_content(vocab: Vocabulary, rules: model.Rules | None = None, **kinds: Any):
    """Content from the synthetic set, with any kind's card list replaced by ``kinds``."""
    cards = synthetic_cards(vocab)
    cards.update({k: list(v) for k, v in kinds.items()})
    return model.Content(
        root="test", game_name="Test", rules=rules or model.Rules(),
        grimoires=vocab.grimoires, card_types=vocab.card_types,
        deed_targets=vocab.deed_targets,
        cards=tuple(c for k in PACK.names for c in cards[k]), pack=PACK,
    )


class Script:
    """A player that answers from a queue of (ask, option) pairs; else picks the first option.

    ``answers`` maps an ask to a function (game, me, options, about) -> option, for
    questions a scenario wants to settle by rule rather than in order.
    """

    def __init__(self, *queue: tuple[str, Any], **answers: Callable) -> None:
        self.queue = list(queue)
        self.answers = answers
        self.asked: list[tuple[str, list]] = []

    def choose(self, game, me, ask, options, about) -> int:
        self.asked.append((ask, list(options)))
        if self.queue and self.queue[0][0] == ask:
            return options.index(self.queue.pop(0)[1])
        if ask in self.answers:
            return options.index(self.answers[ask](game, me, options, about))
        return 0


@pytest.fixture(scope="session")
def bundled_book() -> Book:
    """The card book of the bundled content."""
    from prophecy.compiler.model.files import bundled_content
    from prophecy.compiler.model.loader import load_content

    return book_of(load_content(bundled_content()))


@pytest.fixture(scope="session")
def synthetic(vocab) -> Book:
    return book_of(make_content(vocab))


@pytest.fixture()
def new_game(synthetic) -> Callable[..., Game]:
    """A set-up game on the synthetic cards, seat 0 first; players default to Script()."""

    def build(players=None, seed=1, book: Book | None = None, **kw) -> Game:
        players = players or [Script(), Script()]
        game = Game(book or synthetic, players, seed, **kw)
        game.controllers = list(players)  # seat 0 is players[0], whoever drew first
        return game

    return build


def rules(**changes: Any) -> model.Rules:
    return replace(model.Rules(), **changes)


@pytest.fixture(scope="session")
def kit(vocab) -> SimpleNamespace:
    """The card builders above, bound to the bundled vocabulary."""
    return SimpleNamespace(
        arcana=partial(arcana, vocab), deed=partial(deed, vocab), verse=partial(verse, vocab),
        hireling=partial(hireling, vocab), title=partial(title, vocab),
        grimoire=partial(grimoire, vocab), content=partial(make_content, vocab),
        book=lambda **kinds: book_of(make_content(vocab, **kinds)),
        Script=Script, rules=rules, line=partial(line, vocab),
    )


def move(game: Game, cid: int, dest: list[int]) -> int:
    """Take a card from wherever it is (keeping every card in one place) and put it in dest."""
    for name, cards in game.places().items():
        if name == "hireling" or name.endswith(".stored"):
            continue
        if cid in cards:
            cards.remove(cid)
            dest.append(cid)
            return cid
    for p in game.players:
        for stored in p.stored:
            if cid in stored:
                stored.remove(cid)
                dest.append(cid)
                return cid
    raise AssertionError(f"card {cid} is nowhere")


def clear_deeds(game: Game, p) -> None:
    """Put the player's deeds and their stored cards away in the box."""
    for stored in p.stored:
        game.box.extend(stored)
    game.box.extend(p.deeds)
    p.deeds.clear()
    p.stored.clear()


def give_deed(game: Game, p, deed_cid: int, stored: int = 0) -> int:
    """Put a deed in the player's row with ``stored`` cards from the deck on it."""
    if deed_cid in p.deeds:
        raise AssertionError("the player already has that deed")
    move(game, deed_cid, p.deeds)
    p.stored.append([])
    for _ in range(stored):
        p.stored[-1].append(game.deck.pop())
    return deed_cid


@pytest.fixture(scope="session")
def tools() -> SimpleNamespace:
    return SimpleNamespace(move=move, give_deed=give_deed, clear_deeds=clear_deeds)


@pytest.fixture(scope="session")
def book(kit) -> Book:
    """The synthetic set plus named cards a scenario can pick by id."""
    base = kit.content()
    special = [
        kit.arcana("Drawer", "Blood Magic", ["Draw 1 Arcana", "Grimoire Level 3: Draw 2 Arcana"]),
        kit.arcana("Adder", "Necromancy", ["Add 1 to any Dark Deed"], ("Creature",)),
        kit.arcana("Pointer", "Demonology", ["Add 1 to highest-points Dark Deed"]),
        kit.arcana("Eacher", "Demonology", ["Add 1 to each Dark Deed"]),
        kit.arcana("Remover", "Demonology", ["Remove 1 from any Dark Deed"]),
        kit.arcana("Stasher", "Blood Magic", ["Stash a Creature card from your hand"]),
        kit.arcana(
            "Seeker", "Necromancy",
            ["Reveal Arcana until a Creature card, take it, discard the rest to the center"],
        ),
    ]
    deeds = [
        kit.deed("Quick", "Necromancy", 1, 5, ["Draw 1 Arcana"]),
        kit.deed("Big", "Blood Magic", 3, 8),
        kit.deed("Twin", "Demonology", 3, 8),
        kit.deed("Tiny", "Demonology", 2, 2),
    ]
    return kit.book(
        arcana=special + list(base.of_kind("arcana")), deed=deeds + list(base.of_kind("deed"))
    )


@pytest.fixture()
def game(book, new_game, kit):
    """A two-player game on ``book``; seat 0 and 1 are the given scripts."""

    def build(a=None, b=None, **kw) -> Game:
        return new_game([a or kit.Script(), b or kit.Script()], book=book, **kw)

    return build



GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="session")
def golden() -> Callable[[str, str], None]:
    """Compare text with tests/engine/golden/<name> exactly; PROPHECY_UPDATE_GOLDEN=1 rewrites."""
    import os

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if os.environ.get("PROPHECY_UPDATE_GOLDEN") == "1":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.is_file(), f"no golden file {path}: run with PROPHECY_UPDATE_GOLDEN=1"
        expected = path.read_text(encoding="utf-8")
        assert text == expected, f"{name} differs from {path}"

    return check


@pytest.fixture(scope="session")
def balance_raw(kit):
    """A small paired sweep in which one card is decided (a Windfall: two free stashes), as
    the raw data ``balance --json`` holds."""
    from prophecy.lab import balance
    from prophecy.lab.executors import Serial

    base = kit.content()
    windfall = kit.arcana("Windfall", "Blood Magic", ["Stash the top card of the Arcana deck"] * 2,
                          copies=3)
    book = kit.book(arcana=[windfall, *base.of_kind("arcana")])
    names = ["Windfall", "Blood Magic 0", "Necromancy 4"]
    raw = balance.sweep(book, Serial(book), names=names, pairs=120, confirm_pairs=60,
                        seat_games=30)
    raw["seconds"] = 1.5  # the wall time is reported, never held
    return raw


@pytest.fixture(scope="session")
def balance_summary(balance_raw):
    """The summary of ``balance_raw``: every number of the report."""
    from prophecy.lab import balance_report

    return balance_report.summarise(balance_raw)
