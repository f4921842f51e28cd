"""Statistics of paired measurements: sums in, means, intervals and decisions out.

A paired difference is summed as (n, sum, sum of squares), so shards and
batches add up exactly. ``interval`` gives a mean and a normal interval at a
chosen two-sided level. ``Sprt`` is the sequential test a balance run stops
each measure by (stronger, weaker or within a margin, with stated error
rates), and ``operating`` simulates how often it ends each way: its power.
``seat_chi_square`` tests whether every seat wins equally often.
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


def interval(s: Sums, alpha: float) -> tuple[float, float]:
    """The mean's two-sided interval at level ``alpha`` (1 - alpha coverage)."""
    half = z_for(alpha) * s.se
    return (s.mean - half, s.mean + half)


# -- the sequential test -----------------------------------------------------------------


def llr(s: Sums, theta0: float, theta1: float) -> float:
    """The generalised log-likelihood ratio of a mean ``theta1`` against ``theta0``.

    The differences are taken as normal with an unknown spread, profiled out
    (the GSPRT of Fishtest): n/2 · ln(Σ(x - θ0)² / Σ(x - θ1)²). Positive
    favours ``theta1``. With fewer than two values it is 0 (no evidence).
    """
    if s.n < 2:
        return 0.0
    near = s.squares - 2 * theta0 * s.total + s.n * theta0 * theta0
    far = s.squares - 2 * theta1 * s.total + s.n * theta1 * theta1
    if near <= 0.0 and far <= 0.0:
        return 0.0
    if far <= 0.0:
        return math.inf
    if near <= 0.0:
        return -math.inf
    return s.n / 2 * math.log(near / far)


@dataclass(frozen=True)
class Sprt:
    """Two sequential probability ratio tests run together (Sobel and Wald): a mean of 0
    against +margin and against -margin.

    After each look: "stronger" once the evidence for +margin over 0 reaches the upper
    bound, "weaker" likewise for -margin, "within" once both tests favour 0 down to the
    lower bound; otherwise play on. ``alpha`` is the chance of calling a design stronger
    (or weaker) when it is no different; ``beta`` the chance of missing a design that is
    ``margin`` points stronger (or weaker), calling it within or running out of pairs.
    """

    margin: float = 1.0
    alpha: float = 0.05
    beta: float = 0.05
    side: int = 0  # 0: both ways; +1 (-1): only "stronger" ("weaker") against "within"

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def verdict(self, s: Sums) -> str | None:
        """"stronger", "weaker", "within", or None while the evidence is short of a bound."""
        side = self.side
        up = llr(s, 0.0, self.margin) if side >= 0 else -math.inf
        down = llr(s, 0.0, -self.margin) if side <= 0 else -math.inf
        if up >= self.upper:
            return "stronger"
        if down >= self.upper:
            return "weaker"
        if up <= self.lower and down <= self.lower:
            return "within"
        return None


def to_settle(s: Sums, test: Sprt) -> float:
    """About how many more units the two-sided test needs to end, were the mean and spread
    what they are so far: each bound's distance over the drift of its log-likelihood ratio
    per unit (theta1 * (mean - theta1 / 2) / variance for the alternative theta1). A mean
    beyond half the margin heads for stronger (weaker), one inside it for within, which
    needs both ratios down at the lower bound. 0 once it has ended; inf with no spread to
    go by, or a mean at half the margin, where neither bound comes nearer."""
    if test.verdict(s) is not None:
        return 0.0
    var = s.squares / s.n - s.mean * s.mean if s.n >= 2 else 0.0
    if var <= 0.0:
        return math.inf
    sides = []
    for theta1 in (test.margin, -test.margin):
        drift = theta1 * (s.mean - theta1 / 2) / var
        now = llr(s, 0.0, theta1)
        if drift > 0:
            return max(0.0, (test.upper - now) / drift)
        sides.append(0.0 if now <= test.lower else
                     math.inf if drift == 0 else (test.lower - now) / drift)
    return max(sides)


def operating(test: Sprt, spread: float, effect: float, batch: int, ceiling: int,
              runs: int = 400, first: int = 2, seed: int = 1) -> dict[str, float]:
    """How often the test ends in each verdict for a true mean ``effect`` and a spread (SD)
    per unit ``spread``, looking after every ``batch`` units from the ``first``-th batch on,
    up to ``ceiling`` units ("undecided" when it runs out): normal units, simulated with a
    seeded generator, so the same call gives the same figures."""
    import random

    rng = random.Random(seed)
    gauss = rng.gauss
    counts = {"stronger": 0, "weaker": 0, "within": 0, "undecided": 0}
    for _ in range(runs):
        s = Sums()
        found, looks = None, 0
        while found is None and s.n < ceiling:
            for _ in range(min(batch, ceiling - s.n)):
                s.add(gauss(effect, spread))
            looks += 1
            if looks >= first:
                found = test.verdict(s)
        counts[found or "undecided"] += 1
    return {k: v / runs for k, v in counts.items()}


# -- seat wins ---------------------------------------------------------------------------


def chi_square_sf(x: float, df: int) -> float:
    """The chance that a chi-square variable of ``df`` (a whole number) degrees of freedom
    is at least ``x``: the regularised upper incomplete gamma function Q(df/2, x/2)."""
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    for i in range(1, (df - 1) // 2 + 1):
        total += math.exp(-half + (i - 0.5) * math.log(half) - math.lgamma(i + 0.5))
    return min(1.0, total)


def seat_chi_square(wins: list[int]) -> tuple[float, float]:
    """(statistic, p-value) of a chi-square test that every seat wins equally often, over the
    games somebody won."""
    won = sum(wins)
    if won == 0 or len(wins) < 2:
        return 0.0, 1.0
    fair = won / len(wins)
    x = sum((w - fair) ** 2 / fair for w in wins)
    return x, chi_square_sf(x, len(wins) - 1)


def binomial_cdf(x: int, n: int, p: float) -> float:
    """The chance of at most ``x`` successes in ``n`` trials of chance ``p`` each."""
    if x < 0:
        return 0.0
    if x >= n or p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 0.0
    lp, lq = math.log(p), math.log1p(-p)
    total = 0.0
    for i in range(x + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                          + i * lp + (n - i) * lq)
    return min(1.0, total)
