"""Print-and-play sheets: the cards (copies expanded) in, PDF pages of fronts and backs out.

Cards are placed trimmed, butted on shared cut lines, in a grid centred on
the page; each page of fronts is followed by the page of their backs, with
columns mirrored for long-edge duplex (rows for short-edge) and an optional
x/y offset for printers that misregister. Crop marks are vector lines in the
margins that continue each cut line and never touch a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from prophecy.dsl.errors import ProphecyError
from prophecy.render.layout import MM_PER_INCH, POINTS_PER_INCH, Layout
from prophecy.render.pdf import Page, Rect


def pt(mm: float) -> float:
    return mm * POINTS_PER_INCH / MM_PER_INCH


@dataclass(frozen=True)
class SheetSpec:
    """The grid and paper of one PDF: page size in points, card size, options."""

    paper: str
    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    columns: int
    rows: int
    duplex: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)  # points: right and down
    mark_width: float = 0.5
    mark_gap: float = 2.0
    mark_length: float = 14.0

    @property
    def origin(self) -> tuple[float, float]:
        """The grid's top-left corner, from the page's top-left."""
        w, h = self.card
        return ((self.page[0] - self.columns * w) / 2, (self.page[1] - self.rows * h) / 2)


def spec_for(layout: Layout, paper: str, duplex: str | None = None,
             offset_mm: tuple[float, float] | None = None) -> SheetSpec:
    s = layout.data["sheets"]
    width_mm, height_mm = s["papers"][paper]
    card_w, card_h = layout.trim_mm
    spec = SheetSpec(
        paper=paper,
        page=(pt(width_mm), pt(height_mm)),
        card=(pt(card_w), pt(card_h)),
        bleed=pt(layout.data["card"]["bleed_mm"]),
        columns=s["columns"],
        rows=s["rows"],
        duplex=duplex or s["duplex"],
        offset=tuple(pt(v) for v in (offset_mm or s["back_offset_mm"])),  # type: ignore[arg-type]
        mark_width=s["crop_mark"]["width_pt"],
        mark_gap=pt(s["crop_mark"]["gap_mm"]),
        mark_length=pt(s["crop_mark"]["length_mm"]),
    )
    ox, oy = spec.origin
    if ox < spec.mark_gap or oy < spec.mark_gap:
        raise ProphecyError(
            f"{spec.columns} x {spec.rows} cards do not fit on {paper} paper with room for"
            " crop marks", where=f"layouts/{layout.name}.yaml",
            hint="use fewer columns or rows in sheets:",
        )
    return spec


def slot_rect(spec: SheetSpec, row: int, col: int, dx: float = 0.0, dy: float = 0.0) -> Rect:
    """A card's trimmed rectangle in PDF coordinates (origin bottom-left)."""
    ox, oy = spec.origin
    w, h = spec.card
    x = ox + col * w + dx
    y = spec.page[1] - (oy + (row + 1) * h) - dy
    return (x, y, w, h)


def back_slot(spec: SheetSpec, row: int, col: int) -> tuple[int, int]:
    """Where a front's back goes on the following page, so they meet when printed duplex."""
    if spec.duplex == "short":
        return spec.rows - 1 - row, col
    return row, spec.columns - 1 - col


def crop_marks(spec: SheetSpec, dx: float = 0.0, dy: float = 0.0):
    """Line segments continuing every cut line into the margins, stopping short of the page edge."""
    ox, oy = spec.origin
    w, h = spec.card
    W, H = spec.page
    left, right = ox + dx, ox + spec.columns * w + dx
    top, bottom = H - oy - dy, H - oy - spec.rows * h - dy
    limit = pt(1.0)
    segs = []
    for i in range(spec.columns + 1):
        x = left + i * w
        segs.append((x, top + spec.mark_gap, x, min(top + spec.mark_gap + spec.mark_length,
                                                     H - limit)))
        segs.append((x, bottom - spec.mark_gap,
                     x, max(bottom - spec.mark_gap - spec.mark_length, limit)))
    for j in range(spec.rows + 1):
        y = bottom + j * h
        segs.append((left - spec.mark_gap, y, max(left - spec.mark_gap - spec.mark_length,
                                                  limit), y))
        segs.append((right + spec.mark_gap, y,
                     min(right + spec.mark_gap + spec.mark_length, W - limit), y))
    return [s for s in segs if abs(s[0] - s[2]) + abs(s[1] - s[3]) > 0.01]


def _place(spec: SheetSpec, image: str, rect: Rect) -> tuple[str, Rect, Rect]:
    x, y, w, h = rect
    b = spec.bleed
    return (image, (x - b, y - b, w + 2 * b, h + 2 * b), rect)


def _grid_box(spec: SheetSpec, dx: float = 0.0, dy: float = 0.0) -> Rect:
    ox, oy = spec.origin
    w, h = spec.card
    return (ox + dx, spec.page[1] - oy - spec.rows * h - dy, spec.columns * w, spec.rows * h)


def pages(spec: SheetSpec, cards: list[tuple[str, str]]) -> list[Page]:
    """Pages for (front image, back image) pairs: fronts, then their backs, page by page."""
    per_page = spec.columns * spec.rows
    out: list[Page] = []
    dx, dy = spec.offset
    for start in range(0, len(cards), per_page):
        chunk = cards[start : start + per_page]
        front = Page(*spec.page, trim=_grid_box(spec), lines=crop_marks(spec),
                     line_width=spec.mark_width)
        back = Page(*spec.page, trim=_grid_box(spec, dx, dy), lines=crop_marks(spec, dx, dy),
                    line_width=spec.mark_width)
        for i, (face, rear) in enumerate(chunk):
            row, col = divmod(i, spec.columns)
            front.placements.append(_place(spec, face, slot_rect(spec, row, col)))
            brow, bcol = back_slot(spec, row, col)
            back.placements.append(_place(spec, rear, slot_rect(spec, brow, bcol, dx, dy)))
        out += [front, back]
    return out
