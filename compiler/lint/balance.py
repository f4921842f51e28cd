"""Balance checks on numbers: Dark Deed points, their bonuses, Grimoire points, Hireling marks.

The Dark Deed curve is fitted on the content itself: a straight line of points
against cards needed, by least squares over all the *other* deeds (so an
outlier cannot pull the line towards itself). A deed is flagged when its points
are further from that line than three times the spread of the others around it
(their residual standard deviation), and by two points at least, so that a
set laid out exactly on a line does not flag a deed for being one point off.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.lint.source import field_place
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.lint.values import scores, worth
from prophecy.compiler.model import Card, Content, EffectLine, nouns

rule("PL701", "deed-points-outlier", "warning",
     "a Dark Deed's points are far off the content's points-per-card-needed curve")
rule("PL702", "bonus-beats-deed", "warning",
     "a When Complete bonus is worth more points than the Dark Deed itself")
rule("PL703", "grimoire-points-fall", "warning",
     "a Grimoire is worth fewer points at a higher level")
rule("PL901", "needless-redraw", "warning",
     "a Hireling marked for redraw whose effect still counts in the final round")
rule("PL902", "missing-redraw", "warning",
     "a Hireling without the redraw mark whose effect cannot count in the final round")

SIGMAS = 3.0
MIN_GAP = 2.0
MIN_DEEDS = 5


@dataclass(frozen=True)
class Sums:
    """The running sums a least-squares line needs; one point can be taken out in O(1)."""

    n: int = 0
    x: float = 0.0
    y: float = 0.0
    xx: float = 0.0
    xy: float = 0.0
    yy: float = 0.0

    @classmethod
    def of(cls, points: list[tuple[float, float]]) -> Sums:
        return cls(len(points), sum(x for x, _ in points), sum(y for _, y in points),
                   sum(x * x for x, _ in points), sum(x * y for x, y in points),
                   sum(y * y for _, y in points))

    def without(self, x: float, y: float) -> Sums:
        return Sums(self.n - 1, self.x - x, self.y - y, self.xx - x * x, self.xy - x * y,
                    self.yy - y * y)

    def fit(self) -> tuple[float, float, float]:
        """Least squares y = a + b·x: (a, b, residual standard deviation)."""
        n = self.n
        mx, my = self.x / n, self.y / n
        sxx = self.xx - n * mx * mx
        sxy = self.xy - n * mx * my
        syy = self.yy - n * my * my
        b = sxy / sxx if sxx > 1e-9 else 0.0
        a = my - b * mx
        residual = max(0.0, syy - b * sxy)
        return a, b, math.sqrt(residual / max(1, n - 2))


def fit(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Least squares y = a + b·x over ``points``: (a, b, residual standard deviation)."""
    return Sums.of(points).fit()


def deeds(content: Content) -> list[Card]:
    """The Dark Deed designs with fixed points and cards needed (not those scored by a points
    table, whose kind may have neither)."""
    return [c for c in {c.id: c for c in content.of_kind("deed")}.values()
            if c.kind == "deed" and isinstance(c.get("points"), int)
            and isinstance(c.get("cards_needed"), int)]


@check("PL701", engine="dark-prophecies")
def deed_outliers(ctx: Context) -> Iterator[Finding]:
    """Deeds whose points sit far from the line fitted on the other deeds."""
    all_deeds = deeds(ctx.content)
    if len(all_deeds) < MIN_DEEDS:
        return
    # The line through the *other* deeds: every sum once, then each deed taken out of it.
    total = Sums.of([(d.cards_needed, d.points) for d in all_deeds])
    for deed in all_deeds:
        a, b, sd = total.without(deed.cards_needed, deed.points).fit()
        expected = a + b * deed.cards_needed
        gap = deed.points - expected
        limit = max(SIGMAS * sd, MIN_GAP)
        if abs(gap) > limit:
            word = "more" if gap > 0 else "fewer"
            yield Finding("PL701", f"'{deed.name}' gives {deed.points} points for "
                          f"{deed.cards_needed} cards, {abs(gap):.1f} {word} than the curve "
                          f"({expected:.1f}; limit ±{limit:.1f})",
                          field_place(ctx, deed, "points"),
                          f"about {round(expected)} points fits the other "
                          f"{nouns.plural(ctx.content, 'deed')}")


@check("PL702", engine="dark-prophecies")
def bonus_beats_deed(ctx: Context) -> Iterator[Finding]:
    """When Complete bonuses worth more than the deed: completing it is the reward."""
    content = ctx.content
    what, bonus_title = nouns.label(content, "deed"), _bonus_title(content)
    for deed in deeds(content):
        bonus = deed.get("when_complete", ())
        value = sum(worth(line.node, content) for line in bonus)
        if value > deed.points:
            yield Finding("PL702", f"the {bonus_title} bonus of '{deed.name}' is worth about "
                          f"{value:.1f} points, the {what} {deed.points}",
                          bonus[0].place,
                          f"shrink the bonus or raise the {what}'s points")


def _bonus_title(content: Content) -> str:
    """The title the pack gives a Dark Deed's bonus field ('When Complete' when it gives none)."""
    declared = content.pack.kind("deed")
    spec = declared.field("when_complete") if declared is not None else None
    return spec.title if spec is not None and spec.title else "When Complete"


@check("PL703", engine="dark-prophecies")
def grimoire_points_rise(ctx: Context) -> Iterator[Finding]:
    """Grimoire points that fall from one level to the next."""
    for card in designs(ctx):
        if card.kind != "grimoire":
            continue
        for level in range(1, len(card.points)):
            if card.points[level] < card.points[level - 1]:
                yield Finding("PL703", f"'{card.name}' is worth {card.points[level]} at level "
                              f"{level} but {card.points[level - 1]} at level {level - 1}",
                              field_place(ctx, card, "points"),
                              "points should not fall as the level rises")
                break


def counts_at_end(effect: tuple[EffectLine, ...]) -> bool:
    """True when some action of the effect can change the final scores."""
    return any(scores(line.node) for line in effect)


@check("PL901", "PL902", engine="dark-prophecies")
def redraw_marks(ctx: Context) -> Iterator[Finding]:
    """The redraw mark is for hirelings that would do nothing in the final round."""
    round_ = ctx.content.rules.hireling_redraw_round
    for card in designs(ctx):
        if card.kind != "hireling":
            continue
        scores = counts_at_end(card.effect)
        if card.redraw and scores:
            yield Finding("PL901", f"'{card.name}' is redrawn in round {round_}, but its effect "
                          "still changes the final scores", field_place(ctx, card, "redraw"),
                          "remove the redraw mark")
        elif not card.redraw and not scores and card.effect:
            yield Finding("PL902", f"'{card.name}' does nothing for the score in the final round",
                          card.place, "mark it 'redraw: true'")
