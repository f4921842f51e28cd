"""Print-and-play sheets: the cards (copies expanded) in, PDF pages of fronts and backs out.

Cards are placed trimmed, butted on shared cut lines, in a grid centred on
the page (on their side where the paper asks for it); a card on the edge of
the block has its own bleed printed past that edge, so a cut a little off the
line, or backs printed a little off their fronts, shows no bare paper. Each
page of fronts is followed by the page of their backs, placed so that every
back lands behind its front: columns mirrored for long-edge duplex, rows
mirrored and each back turned half a turn for short-edge duplex. The back
offset is given as seen from the front and turned into the back page's own
directions here. Crop marks are vector lines continuing every cut line into
the margins; none lies within ``printable_mm`` of the paper's edge (home
printers cannot print there) and none touches a card or its printed bleed.
"""

from __future__ import annotations

from dataclasses import dataclass

from prophecy.dsl.errors import ProphecyError, UsageError
from prophecy.render.layout import MM_PER_INCH, POINTS_PER_INCH, Layout
from prophecy.render.pdf import Page, Placement, Rect

Segment = tuple[float, float, float, float]


def pt(mm: float) -> float:
    return mm * POINTS_PER_INCH / MM_PER_INCH


def mm(points: float) -> float:
    return points * MM_PER_INCH / POINTS_PER_INCH


@dataclass(frozen=True)
class SheetSpec:
    """The grid and paper of one PDF, in points; ``offset`` as seen from the front."""

    paper: str
    page: tuple[float, float]
    card: tuple[float, float]  # a card's trimmed size as it lies on the page
    bleed: float  # the card image's own bleed
    columns: int
    rows: int
    sideways: bool = False
    duplex: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)  # points: right and down, seen from the front
    sheet_bleed: float = pt(2.0)  # bleed printed past the block's outer edges
    printable: float = pt(5.0)
    mark_width: float = 0.5
    mark_gap: float = pt(0.5)
    mark_length: float = pt(5.0)

    @property
    def origin(self) -> tuple[float, float]:
        """The grid's top-left corner, from the page's top-left."""
        w, h = self.card
        return ((self.page[0] - self.columns * w) / 2, (self.page[1] - self.rows * h) / 2)

    @property
    def back_shift(self) -> tuple[float, float]:
        """The offset in the back page's own directions (right, down on that page).

        Long-edge duplex turns the sheet over left to right, so right as seen
        from the front is left on the back page; short-edge turns it top to
        bottom, so down seen from the front is up on the back page.
        """
        dx, dy = self.offset
        return (-dx, dy) if self.duplex == "long" else (dx, -dy)

    @property
    def rotation(self) -> int:
        """How far the fronts are turned (degrees, anticlockwise)."""
        return 90 if self.sideways else 0


#: (rotation of a front, duplex edge) → rotation of its back, so that a card turned
#: over left to right shows its back upright when its front was upright.
BACK_ROTATION = {
    (0, "long"): 0, (90, "long"): 270, (0, "short"): 180, (90, "short"): 90,
}


def spec_for(layout: Layout, paper: str, duplex: str | None = None,
             offset_mm: tuple[float, float] | None = None) -> SheetSpec:
    """The sheet of ``paper``; a grid without room for marks, or too big an offset, is refused."""
    s = layout.data["sheets"]
    grid = s["papers"][paper]
    width_mm, height_mm = grid["size"]
    card_w, card_h = layout.trim_mm
    sideways = bool(grid.get("sideways", False))
    card = (pt(card_h), pt(card_w)) if sideways else (pt(card_w), pt(card_h))
    mark = s["crop_mark"]
    spec = SheetSpec(
        paper=paper, page=(pt(width_mm), pt(height_mm)), card=card,
        bleed=pt(layout.data["card"]["bleed_mm"]), columns=grid["columns"], rows=grid["rows"],
        sideways=sideways, duplex=duplex or s["duplex"],
        offset=tuple(pt(v) for v in (offset_mm or s["back_offset_mm"])),  # type: ignore[arg-type]
        sheet_bleed=pt(min(s["bleed_mm"], layout.data["card"]["bleed_mm"])),
        printable=pt(s["printable_mm"]), mark_width=mark["width_pt"],
        mark_gap=pt(mark["gap_mm"]), mark_length=pt(mark["length_mm"]),
    )
    _check_room(spec, layout, mark["min_length_mm"])
    _check_offset(spec, layout, from_option=offset_mm is not None)
    return spec


def _check_room(spec: SheetSpec, layout: Layout, min_length_mm: float) -> None:
    ox, oy = spec.origin
    room = min(ox, oy) - spec.printable - spec.sheet_bleed - spec.mark_gap
    if room + 1e-6 < pt(min_length_mm):
        raise ProphecyError(
            f"{spec.columns} x {spec.rows} cards leave no room on {spec.paper} paper for crop"
            f" marks {min_length_mm:g} mm long, {mm(spec.printable):g} mm inside the paper's"
            f" edge (there is {max(0.0, mm(room)):.2f} mm)",
            where=f"layouts/{layout.name}.yaml",
            hint="use fewer columns or rows, or 'sideways: true', under"
                 f" sheets.papers.{spec.paper}",
        )


def offset_limits(spec: SheetSpec) -> tuple[float, float]:
    """The largest shift (points, each way) that keeps every back card in the printable area."""
    ox, oy = spec.origin
    return (max(0.0, ox - spec.printable), max(0.0, oy - spec.printable))


def _check_offset(spec: SheetSpec, layout: Layout, from_option: bool) -> None:
    lx, ly = offset_limits(spec)
    dx, dy = spec.offset
    if abs(dx) <= lx + 1e-6 and abs(dy) <= ly + 1e-6:
        return
    limits = [f"{axis} must lie within ±{mm(limit):.2f} mm"
              for axis, value, limit in (("X", dx, lx), ("Y", dy, ly)) if abs(value) > limit + 1e-6]
    message = (f"a back offset of {mm(dx):g},{mm(dy):g} mm moves the backs out of the printable"
               f" area of {spec.paper} paper ({mm(spec.printable):g} mm from its edges): "
               + " and ".join(limits))
    hint = "measure the shift again, as seen from the front of the sheet (X right, Y down)"
    if from_option:
        raise UsageError(message, where="prophecy build --back-offset", hint=hint)
    raise ProphecyError(message, where=f"layouts/{layout.name}.yaml", hint=hint)


# ------------------------------------------------------------------ geometry
def slot_rect(spec: SheetSpec, row: int, col: int, dx: float = 0.0, dy: float = 0.0) -> Rect:
    """A card's trimmed rectangle in PDF coordinates (origin bottom-left); dx right, dy down."""
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


def _clip(spec: SheetSpec, rect: Rect, row: int, col: int, filled: set[tuple[int, int]]) -> Rect:
    """The trimmed rectangle, grown by the sheet bleed on every side with no card beside it."""
    x, y, w, h = rect
    b = spec.sheet_bleed
    left = b if (row, col - 1) not in filled else 0.0
    right = b if (row, col + 1) not in filled else 0.0
    top = b if (row - 1, col) not in filled else 0.0
    bottom = b if (row + 1, col) not in filled else 0.0
    return (x - left, y - bottom, w + left + right, h + top + bottom)


def _placement(spec: SheetSpec, image: str, rect: Rect, clip: Rect, rotate: int) -> Placement:
    x, y, w, h = rect
    b = spec.bleed
    return Placement(image, (x - b, y - b, w + 2 * b, h + 2 * b), clip, rotate)


def crop_marks(spec: SheetSpec, dx: float = 0.0, dy: float = 0.0) -> list[Segment]:
    """Segments continuing every cut line into the margins, inside the printable area.

    Each starts past the printed bleed (and a gap) and stops ``printable``
    short of the paper's edge; on a back page moved by ``dx, dy`` the marks
    move with the cards, and a mark with no room left there is dropped.
    """
    ox, oy = spec.origin
    w, h = spec.card
    W, H = spec.page
    left, right = ox + dx, ox + spec.columns * w + dx
    top, bottom = H - oy - dy, H - oy - spec.rows * h - dy
    start = spec.sheet_bleed + spec.mark_gap
    lo, hi_x, hi_y = spec.printable, W - spec.printable, H - spec.printable
    segs: list[Segment] = []
    for i in range(spec.columns + 1):
        x = left + i * w
        if lo <= x <= hi_x:
            segs += _mark(spec, x, top + start, hi_y, +1, vertical=True)
            segs += _mark(spec, x, bottom - start, lo, -1, vertical=True)
    for j in range(spec.rows + 1):
        y = bottom + j * h
        if lo <= y <= hi_y:
            segs += _mark(spec, y, left - start, lo, -1, vertical=False)
            segs += _mark(spec, y, right + start, hi_x, +1, vertical=False)
    return segs


def _mark(spec: SheetSpec, at: float, start: float, limit: float, way: int,
          vertical: bool) -> list[Segment]:
    """One mark on the line ``at`` from ``start`` outwards (``way``), cut at ``limit``."""
    end = start + way * spec.mark_length
    end = min(end, limit) if way > 0 else max(end, limit)
    if (end - start) * way < 0.5:  # no room left (half a point or less): no mark
        return []
    return [(at, start, at, end)] if vertical else [(start, at, end, at)]


def _grid_box(spec: SheetSpec, dx: float = 0.0, dy: float = 0.0) -> Rect:
    ox, oy = spec.origin
    w, h = spec.card
    return (ox + dx, spec.page[1] - oy - spec.rows * h - dy, spec.columns * w, spec.rows * h)


def _bleed_box(spec: SheetSpec, dx: float = 0.0, dy: float = 0.0) -> Rect:
    x, y, w, h = _grid_box(spec, dx, dy)
    b = spec.sheet_bleed
    return (x - b, y - b, w + 2 * b, h + 2 * b)


def pages(spec: SheetSpec, cards: list[tuple[str, str]]) -> list[Page]:
    """Pages for (front image, back image) pairs: fronts, then their backs, page by page."""
    per_page = spec.columns * spec.rows
    out: list[Page] = []
    dx, dy = spec.back_shift
    back_turn = BACK_ROTATION[(spec.rotation, spec.duplex)]
    for start in range(0, len(cards), per_page):
        chunk = cards[start : start + per_page]
        slots = [divmod(i, spec.columns) for i in range(len(chunk))]
        backs = [back_slot(spec, r, c) for r, c in slots]
        front = Page(*spec.page, trim=_grid_box(spec), bleed=_bleed_box(spec),
                     lines=crop_marks(spec), line_width=spec.mark_width)
        back = Page(*spec.page, trim=_grid_box(spec, dx, dy), bleed=_bleed_box(spec, dx, dy),
                    lines=crop_marks(spec, dx, dy), line_width=spec.mark_width)
        for (face, rear), (row, col), (brow, bcol) in zip(chunk, slots, backs, strict=True):
            rect = slot_rect(spec, row, col)
            front.placements.append(_placement(
                spec, face, rect, _clip(spec, rect, row, col, set(slots)), spec.rotation))
            rect = slot_rect(spec, brow, bcol, dx, dy)
            back.placements.append(_placement(
                spec, rear, rect, _clip(spec, rect, brow, bcol, set(backs)), back_turn))
        out += [front, back]
    return out
