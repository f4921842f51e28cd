"""Text fitting: runs of words and inline icons in, wrapped lines at the largest size that fits.

Fonts are loaded from the layout's font packages, once per process and size,
with Pillow's basic layout engine so every machine shapes the same pixels.
Each text's length in a font and size is measured once per process too: a
face is fitted by trying sizes from the largest down, every face of a deck
repeats the same words, and measuring is most of the cost of fitting.
``fit`` tries sizes from the largest down to the smallest allowed; when even
the smallest does not fit it raises a ``ProphecyError`` naming the card and the
box. Nothing is ever clipped silently.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar, cast

from PIL import ImageDraw, ImageFont

from prophecy.dsl.errors import ProphecyError
from prophecy.render.layout import RGB, Layout


@lru_cache(maxsize=512)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1 << 17)
def _length(path: str, size: int, text: str) -> float:
    return _font(path, size).getlength(text)


def font(layout: Layout, role: str, size: int) -> ImageFont.FreeTypeFont:
    """The font of a role (title, body, ...) at a pixel size."""
    return _font(layout.font_files[role], int(size))


def length(layout: Layout, role: str, size: int, text: str) -> float:
    """How long ``text`` is in the font of a role at a pixel size (its advance, as
    ``getlength`` gives it)."""
    return _length(layout.font_files[role], int(size), text)


@dataclass(frozen=True)
class Word:
    """A word (no spaces) in one font role and colour."""

    text: str
    role: str = "body"
    colour: RGB | None = None


@dataclass(frozen=True)
class Icon:
    """An inline icon, drawn by ``render.icons``, sitting on the text's baseline."""

    name: str
    number: int | None = None
    colour: RGB | None = None


@dataclass(frozen=True)
class Break:
    """A forced line break (a new step, a new paragraph)."""

    gap: float = 0.0  # extra space before the next line, in line heights
    hang: float = 0.0  # indent of the paragraph's wrapped lines, in ems (for bullets)


Token = Word | Icon | Break


@dataclass(frozen=True)
class Line:
    """One laid-out line: (x offset, token, width) triples; ``gap`` space above it."""

    items: tuple[tuple[float, Word | Icon, float], ...]
    width: float
    gap: float = 0.0


@dataclass(frozen=True)
class Block:
    """Lines laid out at one size; ``height`` is the whole block's."""

    lines: tuple[Line, ...]
    size: int
    line_height: float
    height: float


def words(text: str, role: str = "body", colour: RGB | None = None) -> list[Token]:
    return [Word(w, role, colour) for w in text.split()]


def icon_width(size: int) -> float:
    return size * 1.5


def _width(layout: Layout, token: Word | Icon, size: int) -> float:
    if isinstance(token, Icon):
        return icon_width(size)
    return length(layout, token.role, size, token.text)


def wrap(layout: Layout, tokens: Sequence[Token], width: float, size: int) -> Block | None:
    """Greedy wrapping at ``size``; None when one word alone is wider than ``width``."""
    space = length(layout, "body", size, " ")
    line_height = size * layout.line_spacing
    lines: list[Line] = []
    items: list[tuple[float, Word | Icon, float]] = []
    x, gap, hang = 0.0, 0.0, 0.0
    for token in tokens:
        if isinstance(token, Break):
            if items or lines:  # a break before anything only sets the first paragraph's hang
                lines.append(Line(tuple(items), x, gap))
            items, x, gap, hang = [], 0.0, token.gap, token.hang * size
            continue
        w = _width(layout, token, size)
        if w + hang > width:
            return None
        start = x + space if items else 0.0
        if items and start + w > width:
            lines.append(Line(tuple(items), x, gap))
            items, gap, start = [], 0.0, hang
        items.append((start, token, w))
        x = start + w
    if items or not lines:
        lines.append(Line(tuple(items), x, gap))
    height = sum(line_height * (1 + line.gap) for line in lines)
    return Block(tuple(lines), size, line_height, height)


T = TypeVar("T")

#: Fitted text by all that decides it (the layout's digest names its fonts, sizes and
#: spacing): the labels of a face come back on every card of its kind, and the boxes of
#: a design on each of its copies in a large set. A failure to fit is never kept.
_FITTED: dict[tuple[Hashable, ...], object] = {}
FITTED_MOST = 1 << 14


def fitted(key: tuple[Hashable, ...] | None, work: Callable[[], T]) -> T:
    """``work()``, kept under ``key`` for the next time (``None``: not kept)."""
    if key is None:
        return work()
    if key in _FITTED:
        return cast(T, _FITTED[key])
    result = work()
    if len(_FITTED) >= FITTED_MOST:
        _FITTED.clear()
    _FITTED[key] = result
    return result


def forget_fitted() -> None:
    """Let go of every fitted text kept (the next fitting is worked out again)."""
    _FITTED.clear()

#: Draws an inline icon: (draw, the icon, (x, baseline, width), the text's size).
IconPainter = Callable[[ImageDraw.ImageDraw, Icon, tuple[float, float, float], int], None]


def fit(
    sizes: tuple[int, int], attempt: Callable[[int], T | None], card: str, box: str
) -> T:
    """The result of ``attempt(size)`` for the largest size that fits, or an overflow error."""
    largest, smallest = sizes
    for size in range(largest, smallest - 1, -1):
        result = attempt(size)
        if result is not None:
            return result
    raise ProphecyError(
        f"{card}: the text of the '{box}' box does not fit, even at the smallest size"
        f" ({smallest} px)",
        where=card,
        hint="shorten the text, or give the box more room in content/layouts/",
    )


def fit_block(
    layout: Layout, tokens: Sequence[Token], box: tuple[float, float], role: str,
    card: str, name: str,
) -> Block:
    """Wrap ``tokens`` in a (width, height) box at the largest size of ``role`` that fits."""
    width, height = box

    def attempt(size: int) -> Block | None:
        block = wrap(layout, tokens, width, size)
        return block if block is not None and block.height <= height else None

    key = ("block", layout.digest, tuple(tokens), box, role) if layout.digest else None
    return fitted(key, lambda: fit(layout.sizes(role), attempt, card, name))


def draw_block(
    draw: ImageDraw.ImageDraw, layout: Layout, block: Block, x: float, y: float,
    colour: RGB, align: str = "left", width: float = 0.0,
    draw_icon: IconPainter | None = None,
) -> None:
    """Draw a laid-out block with its top-left at (x, y); icons sit on the baseline."""
    size = block.size
    ascent = size * 0.80
    top = y
    for line in block.lines:
        top += block.line_height * line.gap
        baseline = top + (block.line_height - size) / 2 + ascent
        dx = {"left": 0.0, "center": (width - line.width) / 2, "right": width - line.width}[align]
        for ox, token, w in line.items:
            if isinstance(token, Icon):
                if draw_icon is not None:
                    draw_icon(draw, token, (x + dx + ox, baseline, w), size)
                continue
            draw.text(
                (x + dx + ox, baseline), token.text, font=font(layout, token.role, size),
                fill=token.colour or colour, anchor="ls",
            )
        top += block.line_height


def fit_line(
    layout: Layout, text: str, width: float, role: str, font_role: str, card: str, name: str,
    height: float | None = None,
) -> int:
    """The largest size of ``role`` at which ``text`` fits on one line."""

    def attempt(size: int) -> int | None:
        fits = length(layout, font_role, size, text) <= width and (
            height is None or size <= height)
        return size if fits else None

    key = ("line", layout.digest, text, width, role, font_role, height) if layout.digest else None
    return fitted(key, lambda: fit(layout.sizes(role), attempt, card, name))
