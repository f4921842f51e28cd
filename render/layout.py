"""Layouts as data: ``content/layouts/<name>.yaml`` in, a frozen ``Layout`` out.

The layout says how big a card is (mm and DPI), its bleed and safe zone, the
fonts (files shipped by Python packages), the colours of each grimoire and
deck, the regions of each card kind, and the sheet and Tabletop Simulator
settings. Lengths are millimetres from the trimmed card's top-left corner;
``Layout.box`` turns a region into pixels of the full image, bleed included.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import bundled_content
from prophecy.dsl.errors import ContentErrors, ProphecyError

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The colours of one grimoire or deck, and the name of its symbol."""

    main: RGB
    dark: RGB
    light: RGB
    symbol: str
    label: str = ""


@dataclass(frozen=True)
class Layout:
    """One layout: the data of the YAML file and the sizes derived from it."""

    name: str
    data: dict[str, Any]
    digest: str  # sha256 of the layout and its font files: part of every card's cache key

    # ------------------------------------------------------------ card size
    @property
    def dpi(self) -> int:
        return int(self.data["card"]["dpi"])

    def px(self, mm: float) -> float:
        """Millimetres to pixels at the layout's DPI."""
        return mm * self.dpi / MM_PER_INCH

    @cached_property
    def bleed_px(self) -> float:
        return self.px(self.data["card"]["bleed_mm"])

    @cached_property
    def size(self) -> tuple[int, int]:
        """Width and height of a card image in pixels, bleed included."""
        card = self.data["card"]
        bleed = 2 * card["bleed_mm"]
        return (round(self.px(card["width_mm"] + bleed)), round(self.px(card["height_mm"] + bleed)))

    @cached_property
    def trim_mm(self) -> tuple[float, float]:
        return (float(self.data["card"]["width_mm"]), float(self.data["card"]["height_mm"]))

    def trim_box(self, inset_mm: float = 0.0) -> Box:
        """The cut line (inset by ``inset_mm``) as x0, y0, x1, y1 pixels of the image."""
        w, h = self.trim_mm
        return self.box((inset_mm, inset_mm, w - 2 * inset_mm, h - 2 * inset_mm))

    def box(self, region: tuple[float, ...] | list[float]) -> Box:
        """A [x, y, w, h] mm region as x0, y0, x1, y1 pixels of the full image."""
        x, y, w, h = region
        b = self.bleed_px
        return (b + self.px(x), b + self.px(y), b + self.px(x + w), b + self.px(y + h))

    def region(self, kind: str, name: str) -> Box:
        try:
            return self.box(self.data["regions"][kind][name])
        except KeyError:
            raise ProphecyError(
                f"the layout has no region '{name}' for '{kind}' cards",
                where=f"layouts/{self.name}.yaml",
                hint=f"add regions.{kind}.{name}: [x, y, width, height] in mm",
            ) from None

    @property
    def png(self) -> tuple[str, int]:
        """The PNG deflate library and its level."""
        spec = self.data.get("png", {})
        return spec.get("encoder", "isal"), int(spec.get("compress_level", 2))

    @property
    def cell_dpi(self) -> float:
        """The resolution of a Tabletop Simulator cell (its width over the card's)."""
        return float(self.data["tts"]["cell_width"]) * MM_PER_INCH / self.trim_mm[0]

    # -------------------------------------------------------------- styling
    def pt(self, points: float) -> int:
        """A type size in points, as pixels."""
        return max(1, round(points * self.dpi / POINTS_PER_INCH))

    def sizes(self, role: str) -> tuple[int, int]:
        """(largest, smallest) pixel sizes for a text role: title, body, prose, small."""
        spec = self.data["text"][role]
        return self.pt(spec["max_pt"]), self.pt(spec["min_pt"])

    @property
    def line_spacing(self) -> float:
        return float(self.data["text"]["line_spacing"])

    def colour(self, name: str) -> RGB:
        return hex_rgb(self.data["colours"][name])

    def palette(self, grimoire: str | None, deck: str = "arcana") -> Palette:
        """A grimoire's palette, or the deck's when the card has no (known) grimoire."""
        spec = self.data["grimoires"].get(grimoire) if grimoire else None
        spec = spec or self.data["decks"][deck]
        return Palette(
            main=hex_rgb(spec["main"]),
            dark=hex_rgb(spec["dark"]),
            light=hex_rgb(spec["light"]),
            symbol=spec["symbol"],
            label=spec.get("label", grimoire or ""),
        )

    def font_path(self, role: str) -> Path:
        """The font file of a role, from the package that ships it."""
        spec = self.data["fonts"][role]
        return _font_file(spec["package"], spec["file"], self.name)


def _font_file(package: str, file: str, layout: str) -> Path:
    return _FONT_FILES.get((package, file)) or _find_font(package, file, layout)


_FONT_FILES: dict[tuple[str, str], Path] = {}


def _find_font(package: str, file: str, layout: str) -> Path:
    try:
        path = Path(str(resources.files(package) / "files" / file))
    except ModuleNotFoundError:
        raise ProphecyError(
            f"the font package '{package}' is not installed",
            where=f"layouts/{layout}.yaml",
            hint="install the project again: python3 -m pip install -e .",
        ) from None
    _FONT_FILES[(package, file)] = path
    return path


#: The most pixels a card image may have, bleed included: 40 million, a tarot card at
#: 1200 dpi with room to spare. Each face is drawn whole in memory (4 bytes a pixel),
#: in every worker, so this bounds what a build and a check hold.
MAX_PIXELS = 40_000_000


def _check_pixels(layout: Layout, src: Any, root: Any) -> None:
    from prophecy.compiler.model.yamlsafe import lookup

    width, height = layout.size
    if width * height > MAX_PIXELS:
        node, _ = lookup(root, ["card", "dpi"])
        most = int((MAX_PIXELS / (width * height)) ** 0.5 * layout.dpi)
        raise src.error_at(
            node, f"a card image of {width} x {height} pixels is too large: at most "
            f"{MAX_PIXELS // 1_000_000} million pixels, bleed included",
            f"lower dpi to {most} or less, or make the card smaller")


def _check_boxes(layout: Layout, src: Any, root: Any) -> None:
    """Every region, the stamp's too, lies on the card image; the margins leave a card."""
    from prophecy.compiler.model.yamlsafe import lookup

    width, height = layout.trim_mm
    bleed = float(layout.data["card"]["bleed_mm"])
    card = f"the card is {width:g} x {height:g} mm, with {bleed:g} mm of bleed each side"
    errors = []
    boxes = [(("regions", kind, name), box) for kind, regions in layout.data["regions"].items()
             for name, box in regions.items()]
    if "stamp" in layout.data:
        boxes.append((("stamp", "region"), layout.data["stamp"]["region"]))
    for path, (x, y, w, h) in boxes:
        node, _ = lookup(root, list(path))
        name = ".".join(path)
        if w <= 0 or h <= 0:
            errors.append(src.error_at(node, f"the box {name} has no area ({w:g} x {h:g} mm)",
                                       "write [x, y, width, height] with a width and a height"
                                       " above 0"))
        elif (x < -bleed - _SLACK or y < -bleed - _SLACK or x + w > width + bleed + _SLACK
              or y + h > height + bleed + _SLACK):
            errors.append(src.error_at(
                node, f"the box {name} reaches off the card: from ({x:g}, {y:g}) to "
                f"({x + w:g}, {y + h:g}) mm", f"{card}; move or shrink the box, or change"
                " the card's size"))
    spec = layout.data["card"]
    for key in ("safe_mm", "corner_mm"):
        if 2 * float(spec[key]) >= min(width, height):
            node, _ = lookup(root, ["card", key])
            errors.append(src.error_at(node, f"{key} of {spec[key]:g} mm leaves no card "
                                       f"inside it", f"{card}; write less than "
                                       f"{min(width, height) / 2:g}"))
    if errors:
        raise ContentErrors(errors)


def _check_sheets(layout: Layout, src: Any, root: Any) -> None:
    """Each paper's grid leaves room for crop marks and the back offset, as a build needs."""
    from prophecy.compiler.model.yamlsafe import lookup
    from prophecy.render.sheets import spec_for

    errors = []
    for paper in layout.data["sheets"]["papers"]:
        try:
            spec_for(layout, paper)
        except ProphecyError as exc:
            node, key = lookup(root, ["sheets", "papers", paper])
            errors.append(src.error_at(key or node, exc.message, exc.hint))
    if errors:
        raise ContentErrors(errors)


#: How far (mm) a box may pass the image's edge: rounding in a layout written by hand.
_SLACK = 0.01


#: The highest level of each deflate library the layout may name.
PNG_LEVELS = {"isal": 3, "zlib": 9}


def _check_png(layout: Layout, path: Path) -> None:
    from prophecy.render.png import ENCODERS

    encoder, level = layout.png
    if encoder not in ENCODERS:
        raise ProphecyError(f"the PNG encoder '{encoder}' is not installed", where=str(path),
                            hint="install the project again, or write 'encoder: zlib' under png:")
    if level > PNG_LEVELS[encoder]:
        raise ProphecyError(f"{encoder} has compression levels 0 to {PNG_LEVELS[encoder]},"
                            f" not {level}", where=str(path),
                            hint=f"write a compress_level from 0 to {PNG_LEVELS[encoder]}")


def hex_rgb(text: str) -> RGB:
    """'#a1b2c3' → (161, 178, 195)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def load_layout(content: Path, name: str = "poker") -> Layout:
    """Read and validate ``content/layouts/<name>.yaml`` (the bundled one if missing).

    Every problem with the file is raised at once, each at its place, as
    ``prophecy check`` reports content files.
    """
    from prophecy.compiler.model.schema import schema_errors
    from prophecy.compiler.model.yamlsafe import load_yaml

    path = content / "layouts" / f"{name}.yaml"
    if not path.is_file():
        path = bundled_content() / "layouts" / f"{name}.yaml"
    src, node, data = load_yaml(path, f"layouts/{name}.yaml", "write the layout's settings")
    errors = schema_errors("layout", src, node, data)
    if errors:
        raise ContentErrors(sorted(errors, key=ProphecyError.sort_key))
    layout = Layout(name=name, data=data, digest="")
    _check_pixels(layout, src, node)
    _check_boxes(layout, src, node)
    _check_sheets(layout, src, node)
    _check_png(layout, path)
    fonts = sorted({str(layout.font_path(role)) for role in data["fonts"]})
    for font in fonts:
        if not Path(font).is_file():
            raise ProphecyError(f"font file not found: {font}", where=str(path))
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode())
    for font in fonts:
        digest.update(Path(font).name.encode())
        digest.update(str(Path(font).stat().st_size).encode())
    return Layout(name=name, data=data, digest=digest.hexdigest())
