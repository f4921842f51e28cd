"""Checks on cards in play and points tables: card designs in, lines that cannot work out.

A line of a card in play ('At the start of your turn', 'Exhaust this card') is
used only while its card is in front of a player: an Arcana card played into
play, a Grimoire card, a Dark Deed in play. Printed on a card that is never
there (a Prophecy Verse, a Hireling, a Title) it never happens. A points table
gives a card more points as more cards are stored on it; one whose points fall
makes storing a card a loss.
"""

from __future__ import annotations

from collections.abc import Iterator

from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.model.nouns import a, label
from prophecy.dsl import ast

rule("PL305", "moment-never-comes", "warning",
     "a line of a card in play is printed on a card that is never in play")
rule("PL704", "points-table-falls", "warning",
     "a points table gives fewer points for more stored cards")

#: The kinds of card that can be in front of a player, where such a line is used.
IN_PLAY_KINDS = ("arcana", "grimoire", "deed")


@check("PL305", engine="dark-prophecies")
def moments_on_cards_never_in_play(ctx: Context) -> Iterator[Finding]:
    """'At the start of your turn' on a Verse: its moment never comes."""
    content = ctx.content
    hint = (f"put the line on {ast.listing(a(label(content, k)) for k in IN_PLAY_KINDS)}, "
            "or write it without its moment")
    for card in designs(ctx):
        if card.kind in IN_PLAY_KINDS:
            continue
        for line in card.lines:
            node = line.node
            if isinstance(node, ast.Effect) and any(
                    isinstance(r, ast.Moment) for r in node.requirements):
                yield Finding("PL305", f"'{card.name}' is {a(label(content, card.kind))}, never "
                              f"in play in front of a player, so its line '{line.text}' is "
                              "never used", line.place, hint)


@check("PL704", engine="dark-prophecies")
def points_tables_rise(ctx: Context) -> Iterator[Finding]:
    """A row worth fewer points than the row before it."""
    for card in designs(ctx):
        for line in card.lines:
            node = line.node
            if not isinstance(node, ast.PointsTable):
                continue
            for before, row in zip(node.rows, node.rows[1:], strict=False):
                if row.points < before.points:
                    yield Finding("PL704", f"'{card.name}' is worth {row.points} points with "
                                  f"{row.stored} stored cards but {before.points} with "
                                  f"{before.stored}", line.place,
                                  "points should not fall as cards are stored")
                    break
