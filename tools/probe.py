"""Effects that do nothing: each effect line's compiled handler run by the engine in probe states.

For every distinct effect line (its AST and the grimoire 'this' means), the
engine's own handlers (``compiler/handlers.py`` through ``engine/cards.py``)
run its actions, requirements aside, for the first player of a few probe
games: just after setup (levels at the bottom, empty discard piles, bare Dark
Deeds) and the same game a little later, for every seat, so that what a line
makes the other players do is seen: every Grimoire halfway up the content's
levels, two cards on each discard pile, and Dark Deeds in play (as many as the
content's rules deal, and one of each grimoire, within the limit) with a card
stored on each, over three seeds. A line that leaves
every probe state as it found it does nothing and is flagged (``Add 0 to any
Dark Deed``, ``Draw 3 Dark Deeds, keep 0``, ``Level down`` on a card whose
line can only run at level 0...). States are compared as what each player
holds and how many cards each shared place has, so shuffling or reordering a
deck alone is not a change.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from prophecy.compiler.handlers import Names, compile_node, resolve
from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.model import Card, Content, EffectLine, effect_lines_of
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError
from prophecy.engine.bots.greedy import RandomBot
from prophecy.engine.cards import book_of

rule("PL601", "does-nothing", "warning",
     "an effect that changes nothing in any of the probe states the engine runs it in")
rule("PL602", "engine-fails", "error",
     "the engine raises an error while running an effect")

SEEDS = (1, 2, 3)
PROBE_PILE = 2


def engine_lines(card: Card) -> tuple[EffectLine, ...]:
    """The lines the engine runs as effects (a verse's reward, not its condition)."""
    if card.kind == "verse":
        reward: tuple[EffectLine, ...] = card.reward
        return reward
    if card.kind == "title":
        return ()
    # a points table is scored, not run
    return tuple(line for line in effect_lines_of(card)
                 if not isinstance(line.node, ast.PointsTable))


def state(game: Any) -> tuple[Any, ...]:
    """What matters of a game state: each player's holdings and what they know of the
    face-down cards, each shared place's size."""
    players = tuple(
        (sorted(p.hand), sorted(p.pile), tuple(p.levels), tuple(p.deeds),
         tuple(sorted(s) for s in p.stored), sorted(p.stash), sorted(p.completed), p.gained,
         tuple(p.knows))
        for p in game.players
    )
    shared = tuple(len(cards) for name, cards in sorted(game.places().items())
                   if not name.startswith("p"))
    return players, shared


def _game(book: Any, seed: int, later: bool) -> Any:
    from prophecy.engine.plugin import reading_class  # deferred: start-up time (lint)

    players = [RandomBot(seed * 10 + i) for i in range(max(2, book.rules.min_players))]
    # the installed engine's class (the one a pack's engine file is built on): lint reads a
    # pack and never runs its Python
    game = reading_class(book.content)(book, players, seed)
    if later:
        for deck in (game.deck, game.deed_deck):  # a shuffle put off is made now, so that
            settle = getattr(deck, "settle", None)  # cards can be taken from anywhere
            if settle is not None:
                settle(game.rng)
        for p in game.players:  # every seat: 'Each opponent ...' acts on the others
            _later(game, p, book.rules)
        # cards for the piles and the Dark Deeds, a round at a time, so that in a small
        # game every seat has some before any has them all
        for p in game.players:
            _move_spare(game, p.pile)
        for p in game.players:
            _move_spare(game, p.stored[0] if p.stored else p.pile)
        for p in game.players:
            for _ in range(PROBE_PILE - 1):
                _move_spare(game, p.pile)
            for stored in p.stored[1:]:
                _move_spare(game, stored)
    return game


def _later(game: Any, p: Any, rules: Any) -> None:
    """A seat a little into the game, by the content's own rules: every Grimoire halfway
    up, and Dark Deeds in play (as many as the game deals, and one of each grimoire, within
    its limit); ``_game`` puts cards on its discard pile and on each Dark Deed."""
    p.levels = [probe_level(rules)] * len(p.levels)
    wanted = probe_deeds(rules, len(p.levels))
    held = {game.gidx[d] for d in p.deeds}
    for deed in list(reversed(game.deed_deck)):  # one of each grimoire first, from the top
        if len(p.deeds) >= wanted:
            break
        if game.gidx[deed] not in held or len(held) >= len(p.levels):
            game.deed_deck.remove(deed)
            held.add(game.gidx[deed])
            p.deeds.append(deed)
            p.stored.append([])


def probe_level(rules: Any) -> int:
    """The Level of every Grimoire in the later probe state: halfway up the game's range."""
    return int(rules.min_level + rules.max_level + 1) // 2


def probe_deeds(rules: Any, grimoires: int) -> int:
    """Dark Deeds in play in the later probe state: as many as the game deals, and one of
    each grimoire (so a line about a 'matching' Dark Deed finds one), within its limit."""
    return max(1, min(int(rules.deed_limit), max(int(rules.starting_deeds), grimoires)))


#: Arcana left in the deck of a probe game, so that a line that draws or adds has cards to.
RESERVE = 6


def _move_spare(game: Any, to: list[int]) -> None:
    """Move a card to ``to`` from the Arcana deck, while it holds more than RESERVE, or else
    (in a small game) from the fullest hand."""
    if len(game.deck) > RESERVE:
        to.append(game.deck.pop())
        return
    fullest = max((p.hand for p in game.players), key=len)
    if len(fullest) > 1:
        to.append(fullest.pop())


def does_something(book: Any, ops: tuple[Any, ...]) -> tuple[bool, str]:
    """(whether a line's ops changed any probe state, the engine's error if it failed)."""
    changed = False
    for seed in SEEDS:
        for later in (False, True):
            game = _game(book, seed, later)
            before = state(game)
            try:
                resolve(ops, game, game.players[0])
            except Exception as exc:  # an engine bug: report it, do not crash the linter
                return True, f"{type(exc).__name__}: {exc}"
            changed = changed or state(game) != before
    return changed, ""


#: Designs kept per kind (and grimoire) in the probe games: enough for every kind of
#: card to be there, few enough that a probe costs the same for any size of content.
SAMPLE = 40


def sample(content: Content) -> Content:
    """The content cut to at most SAMPLE designs per kind and grimoire, all kinds kept."""
    kept: list[Card] = []
    seen: dict[tuple[str, str | None], int] = {}
    for card in content.cards:
        key = (card.kind, card.grimoire_of)
        if seen.get(key, 0) < SAMPLE:
            seen[key] = seen.get(key, 0) + 1
            kept.append(card)
    return replace(content, cards=tuple(kept)) if len(kept) < len(content.cards) else content


@check("PL601", "PL602", engine="dark-prophecies")
def effects_do_something(ctx: Context) -> Iterator[Finding]:
    """Every distinct effect line, run by the engine; flag the ones that change nothing."""
    book = book_of(sample(ctx.content))
    try:
        _game(book, SEEDS[0], later=True)
    except ProphecyError:  # no game can be set up (too few cards: PL505 says which)
        return
    gi = {name: i for i, name in enumerate(book.grimoires)}
    bits = {name: 1 << i for i, name in enumerate((*book.grimoires, *ctx.content.card_types))}
    seen: dict[tuple[ast.Node, str | None], tuple[bool, str]] = {}
    for card in designs(ctx):
        for line in engine_lines(card):
            key = (line.node, card.grimoire_of)
            if key not in seen:
                ops = _ops(compile_node, line.node, Names(gi, bits, card.grimoire_of))
                seen[key] = does_something(book, ops)
            yield from _findings(line, *seen[key])


def _ops(compile_node: Any, node: ast.Node, names: Any) -> tuple[Any, ...]:
    """The actions of a line as the engine runs them (a bare condition has none)."""
    if isinstance(node, ast.Effect):
        return tuple(compile_node(node, names)[1])
    return ()


def _findings(line: EffectLine, changed: bool, error: str) -> Iterator[Finding]:
    if error:
        yield Finding("PL602", f"the engine fails on '{line.text}': {error}", line.place,
                      "a bug in the engine's handler: report it with this line")
    elif not changed:
        yield Finding("PL601", f"'{line.text}' changes nothing in any probe state",
                      line.place, "give it a count above 0, or delete the line")
