"""Faces as data: a layout's ``faces:`` in, what each box of a card's face shows out.

A layout declares each face a kind may show: its palette (a grimoire's
colours, else a deck's), and its boxes, each a region of the card, a style and
what it shows (``show:``). ``show`` is a Jinja template over the card's fields
(its rules lines as their canonical text, a choice's words under ``words``,
the game's ``rules`` and ``game``), or, for a ``rules`` box, the name of the
field whose lines it draws. Options such as a banner's ``icon`` may be
templates too. ``FaceSpec.values(card)`` works out every box, so the renderer
draws what the face model says and never reads a card's fields itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from prophecy.dsl.errors import ProphecyError

#: The styles a box may have, and the options each reads (the renderer draws them).
STYLES: dict[str, tuple[str, ...]] = {
    "title": (),
    "line": ("size", "font", "colour", "align", "upper"),
    "prose": ("size", "font", "colour"),
    "rules": ("fill", "top"),
    "medallion": ("caption",),
    "stack": ("caption",),
    "icon": ("icon", "colour"),
    "disc": (),
    "edges": (),
    "banner": ("icon",),
    "mark": ("icon", "caption"),
    "summary": (),
    "image": ("fit",),
    "badge": ("colour",),
}
#: Options that are templates, worked out per card like ``show``.
TEMPLATED = ("icon", "caption", "label", "sublabel", "deck")
#: The options of the deck-back style (a whole face, with no boxes).
BACK_OPTIONS = ("deck", "numeral", "label", "sublabel")


@dataclass(frozen=True)
class BoxSpec:
    """One box of a face: where, how it is drawn, and what it shows."""

    name: str
    region: tuple[float, float, float, float]
    style: str
    show: str = ""
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)


@dataclass(frozen=True)
class FaceSpec:
    """One face of the layout: its palette and its boxes (or a whole-face style)."""

    name: str
    palette_grimoire: str = ""  # a template: the grimoire whose colours it takes, if any
    palette_deck: str = ""  # a template: the deck whose colours it takes otherwise
    style: str = ""  # 'deck-back' for a deck's shared back; '' for a face of boxes
    boxes: tuple[BoxSpec, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)


def spec_of(name: str, data: Mapping[str, Any]) -> FaceSpec:
    """A face's declaration (already checked against the layout's schema) as a FaceSpec."""
    palette = data.get("palette") or {}
    boxes = tuple(
        BoxSpec(name=str(box.get("name") or box.get("style")), region=tuple(box["region"]),
                style=str(box["style"]), show=str(box.get("show", "")),
                options=tuple((k, v) for k, v in box.items()
                              if k not in ("name", "region", "style", "show")))
        for box in data.get("boxes") or ())
    return FaceSpec(
        name=name, palette_grimoire=str(palette.get("grimoire", "")),
        palette_deck=str(palette.get("deck", "")), style=str(data.get("style", "")),
        boxes=boxes,
        options=tuple((k, v) for k, v in data.items() if k in BACK_OPTIONS),
    )


def specs_of(layout_data: Mapping[str, Any]) -> dict[str, FaceSpec]:
    """Every face a layout declares, by name."""
    faces = layout_data.get("faces") or {}
    return {str(name): spec_of(str(name), data or {}) for name, data in faces.items()}


def layout_file(content: Any) -> Path:
    """The layout a game's faces are drawn with: its own layouts/<name>.yaml, else the
    bundled game's."""
    from prophecy.compiler.model.files import bundled_content

    name = f"{content.pack.layout}.yaml"
    own = Path(content.root) / "layouts" / name
    return own if own.is_file() else bundled_content() / "layouts" / name


def face_specs(content: Any) -> dict[str, FaceSpec]:
    """The faces of a game's layout (read once per file and state of it)."""
    path = layout_file(content)
    try:
        stat = path.stat()
    except OSError:
        return {}
    return _specs_at(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _specs_at(path: str, mtime: int, size: int) -> dict[str, FaceSpec]:
    from prophecy.compiler.model.yamlsafe import load_yaml

    try:
        _, _, data = load_yaml(Path(path))
    except ProphecyError:
        return {}  # the layout's own check reports it
    return specs_of(data) if isinstance(data, dict) else {}


# ---------------------------------------------------------------- templates
@cache
def _environment() -> Any:
    import jinja2

    return jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                              keep_trailing_newline=False)


@cache
def template(text: str) -> Callable[[Mapping[str, Any]], str]:
    """A compiled template; plain text (no '{') is its own value."""
    if "{" not in text:
        return lambda context: text
    compiled = _environment().from_string(text)
    return lambda context: str(compiled.render(context))


def fill(text: str, context: Mapping[str, Any], where: str) -> str:
    """A template worked out for one card; an error names the face and box it is in."""
    import jinja2

    try:
        return template(text)(context)
    except jinja2.UndefinedError as exc:
        raise ProphecyError(f"{where} shows {text!r}, which names {exc.message}",
                            hint="name a field of the card's kind, 'rules', 'game' or "
                                 "'words' (docs/packs.md)") from None
    except jinja2.TemplateError as exc:
        raise ProphecyError(f"{where}: the template {text!r} does not work: {exc}",
                            hint="write it as Jinja's {{ field }} (docs/packs.md)") from None
    except (TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
        raise ProphecyError(f"{where}: the template {text!r} fails on this card: {exc}",
                            hint="check the fields it reads (docs/packs.md)") from None
