"""Statistics of paired measurements: sums in, means, intervals and decisions out.

A paired difference is summed as (n, sum, sum of squares), so shards and
batches add up exactly. ``interval`` gives a mean and a normal interval at a
chosen two-sided level; ``holm`` adjusts a family of p-values (Holm's
step-down method: the strongest-evidence test faces the strictest level, the
next a little less strict, and so on; it holds the chance of any false
finding in the family to alpha, as Bonferroni does, and decides more).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

_NORMAL = NormalDist()


@dataclass
class Sums:
    """n paired differences, their sum and the sum of their squares (per measure)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def se(self) -> float:
        """The standard error of the mean (0 with fewer than two values)."""
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var) / self.n)

    def to_list(self) -> list[float]:
        return [self.n, self.total, self.squares]

    @staticmethod
    def of(values: list[float]) -> Sums:
        return Sums(int(values[0]), float(values[1]), float(values[2]))


def z_for(alpha: float) -> float:
    """The two-sided critical value of a normal test at level ``alpha``."""
    return _NORMAL.inv_cdf(1 - alpha / 2)


def p_value(s: Sums) -> float:
    """Two-sided p-value of a mean of zero (1.0 when nothing varies)."""
    se = s.se
    if se == 0.0:
        return 1.0 if s.mean == 0.0 or s.n < 2 else 0.0
    return 2 * (1 - _NORMAL.cdf(abs(s.mean) / se))


def interval(s: Sums, alpha: float) -> tuple[float, float]:
    """The mean's two-sided interval at level ``alpha`` (1 - alpha coverage)."""
    half = z_for(alpha) * s.se
    return (s.mean - half, s.mean + half)


def holm(p_values: list[float], alpha: float) -> list[bool]:
    """Which hypotheses Holm's step-down method rejects at family level ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    out = [False] * len(p_values)
    m = len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (m - rank):
            break
        out[i] = True
    return out
