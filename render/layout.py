"""Layouts as data: ``content/layouts/<name>.yaml`` in, a frozen ``Layout`` out.

The layout says how big a card is (mm and DPI), its bleed and safe zone, the
fonts (files shipped by Python packages), the colours of each grimoire and
deck, the regions of each card kind, and the sheet and Tabletop Simulator
settings. Lengths are millimetres from the trimmed card's top-left corner;
``Layout.box`` turns a region into pixels of the full image, bleed included.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from prophecy.compiler.facespec import FaceSpec, specs_of
from prophecy.dsl.errors import ProphecyError

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


#: A deck back's regions on a poker card (63.5 x 88.9 mm), for a layout that names none.
DEFAULT_REGIONS: dict[str, dict[str, tuple[float, float, float, float]]] = {
    "back": {"symbol": (14.25, 24.0, 35.0, 35.0), "label": (5.0, 62.0, 53.5, 9.0),
             "sublabel": (5.0, 71.0, 53.5, 6.0)},
}


def _made_palette(deck: str) -> dict[str, str]:
    """Colours for a deck the layout does not list, made from its name: each kind of a pack
    without a layout of its own still gets its own, the same every build."""
    import colorsys
    import zlib

    hue = (zlib.crc32(deck.encode()) % 360) / 360

    def hexed(saturation: float, value: float) -> str:
        r, g, b = colorsys.hsv_to_rgb(hue, saturation, value)
        return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"

    return {"main": hexed(0.55, 0.42), "dark": hexed(0.6, 0.14), "light": hexed(0.1, 0.94),
            "symbol": "scroll", "label": deck.replace("_", " ").replace("-", " ").title()}


@dataclass(frozen=True)
class Layout:
    """One layout: the data of the YAML file and the sizes derived from it."""

    name: str
    data: dict[str, Any]
    digest: str  # sha256 of the layout and its font files: part of every card's cache key

    # ------------------------------------------------------------ card size
    @cached_property
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

    @cached_property
    def faces(self) -> dict[str, FaceSpec]:
        """The faces the layout declares (``faces:``), by name."""
        return specs_of(self.data)

    def box(self, region: tuple[float, ...] | list[float]) -> Box:
        """A [x, y, w, h] mm region as x0, y0, x1, y1 pixels of the full image."""
        x, y, w, h = region
        b = self.bleed_px
        return (b + self.px(x), b + self.px(y), b + self.px(x + w), b + self.px(y + h))

    def region(self, group: str, name: str) -> Box:
        """A named region of ``regions:`` (a deck back's: ``back``), or its default for a
        poker card scaled to this card."""
        found = ((self.data.get("regions") or {}).get(group) or {}).get(name)
        if found is None:
            default = DEFAULT_REGIONS.get(group, {}).get(name)
            if default is None:
                raise ProphecyError(
                    f"the layout has no region '{name}' of '{group}'",
                    where=f"layouts/{self.name}.yaml",
                    hint=f"add regions.{group}.{name}: [x, y, width, height] in mm")
            w, h = self.trim_mm
            found = [default[0] * w / 63.5, default[1] * h / 88.9, default[2] * w / 63.5,
                     default[3] * h / 88.9]
        return self.box(found)

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
        found = self._colours.get(name)
        if found is None:
            found = self._colours[name] = hex_rgb(self.data["colours"][name])
        return found

    def palette(self, grimoire: str | None, deck: str = "arcana") -> Palette:
        """A grimoire's palette, or the deck's when the card has no (known) grimoire."""
        found = self._palettes.get((grimoire, deck))
        if found is None:
            found = self._palettes[grimoire, deck] = self._palette(grimoire, deck)
        return found

    # A face asks for its colours many times over: each is read from the data once.
    @cached_property
    def _colours(self) -> dict[str, RGB]:
        return {}

    @cached_property
    def _palettes(self) -> dict[tuple[str | None, str], Palette]:
        return {}

    def _palette(self, grimoire: str | None, deck: str) -> Palette:
        spec = (self.data.get("grimoires") or {}).get(grimoire) if grimoire else None
        spec = spec or (self.data.get("decks") or {}).get(deck) or _made_palette(deck)
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

    @cached_property
    def font_files(self) -> dict[str, str]:
        """Each role's font file, as the text measuring and drawing open it."""
        return {role: str(self.font_path(role)) for role in self.data["fonts"]}


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


def hex_rgb(text: str) -> RGB:
    """'#a1b2c3' → (161, 178, 195)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
