"""End-of-game scoring: a finished game in, each player's score by part and the winner out.

First the Titles in play are awarded (each compiled ``award`` applies the
title tie rule), then every player's score is the sum of five parts: the
points of their grimoires at their levels, ``stash_points`` per stashed card,
the points of their completed Dark Deeds, the Titles they won, and the
points their effects gained them ('Gain 2 points'). The highest
total wins; a tie goes to the most cards stored on Dark Deeds in play; a tie
after that has no winner.
"""

from __future__ import annotations

from typing import Any

PARTS = ("grimoires", "stash", "deeds", "titles", "gained")


def grimoire_points(game: Any, p: Any) -> int:
    book = game.book
    return sum(book.points_of(g)[level] for g, level in zip(p.grimoires, p.levels, strict=True))


def deed_points(game: Any, p: Any) -> int:
    """The points of a player's completed Dark Deeds: each its own, or, for one with a points
    table, the points of the cards it held when it was completed."""
    view = game.views[p.seat]
    points, tables = view.deed_points, view.tables
    if not tables:
        return sum(points[d] for d in p.completed)
    design = view.design
    return sum(points[d] if design[d] not in tables else
               tables[design[d]].points(p.kept.get(d, 0)) for d in p.completed)


def base_parts(game: Any, p: Any) -> dict[str, int]:
    """The score parts that do not depend on the other players."""
    return {
        "grimoires": grimoire_points(game, p),
        "stash": game.rules.stash_points * len(p.stash),
        "deeds": deed_points(game, p),
        "titles": 0,
        "gained": p.gained,
    }


def award_titles(game: Any) -> dict[int, int | None]:
    """Title card id -> the seat that wins it, or None."""
    book = game.book
    out: dict[int, int | None] = {}
    for t in game.titles:
        winner = book.awards[book.design[t]](game)
        out[t] = None if winner is None else winner.seat
    return out


def finish(game: Any) -> dict[str, Any]:
    """Award the titles, score every player, name the winner."""
    titles = award_titles(game)
    parts = [base_parts(game, p) for p in game.players]
    for t, seat in titles.items():
        if seat is not None:  # the points as the winner's own cards say (see lab/twins.py)
            parts[seat]["titles"] += game.views[seat].card(t).points
    totals = [sum(part.values()) for part in parts]
    return {
        "titles": titles,
        "parts": parts,
        "scores": totals,
        "winner": pick_winner(totals, [sum(map(len, p.stored)) for p in game.players]),
    }


def pick_winner(totals: list[int], on_deeds: list[int]) -> int | None:
    """Highest total; then most cards on Dark Deeds; still tied: nobody."""
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        most = max(on_deeds[s] for s in tied)
        tied = [s for s in tied if on_deeds[s] == most]
    return tied[0] if len(tied) == 1 else None
