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

from prophecy.compiler.model import memo
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.yamlsafe import load_yaml, lookup
from prophecy.dsl.errors import ProphecyError, suggest

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
    "fields": (),
    "track": ("start", "caption", "colour"),
}
#: Options that are templates, worked out per card like ``show``.
TEMPLATED = ("icon", "caption", "label", "sublabel", "deck")
#: The options of the deck-back style (a whole face, with no boxes).
BACK_OPTIONS = ("deck", "numeral", "label", "sublabel")
#: The options of a face of boxes: ``panel``, the colour of the ground its boxes lie on
#: (the layout's paper unless it says; The Hours of Fate of the Hours is dark).
FACE_OPTIONS = ("panel",)


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
        options=tuple((k, v) for k, v in data.items() if k in BACK_OPTIONS + FACE_OPTIONS),
    )


#: The faces every layout has unless it declares its own of the name: a kind that names no
#: face shows ``plain`` (its name, its label and every field it has) and ``plain-back`` (one
#: back for the kind, in colours made from its name). Regions are for a poker card, scaled to
#: the layout's card.
BUILT_IN: dict[str, dict[str, Any]] = {
    "plain": {
        "palette": {"deck": "{{ kind.name }}"},
        "boxes": [
            {"name": "title", "region": [5.5, 5.0, 52.5, 8.0], "style": "title",
             "show": "{{ name }}"},
            {"name": "kind", "region": [5.5, 13.6, 52.5, 4.2], "style": "line",
             "size": "small", "font": "label", "colour": "main", "upper": True,
             "show": "{{ kind.label }}"},
            {"name": "fields", "region": [5.0, 19.5, 53.5, 64.5], "style": "fields"},
        ],
    },
    "plain-back": {
        "style": "deck-back", "deck": "{{ kind.name }}", "palette": {"deck": "{{ kind.name }}"},
        "label": "{{ kind.plural }}", "sublabel": "{{ game.name }}",
    },
}
#: The poker card the built-in faces' regions are drawn for (mm).
BUILT_IN_CARD = (63.5, 88.9)


def specs_of(layout_data: Mapping[str, Any]) -> dict[str, FaceSpec]:
    """Every face a layout has, by name: those it declares, then the built-in ones."""
    faces = layout_data.get("faces") or {}
    out = {str(name): spec_of(str(name), data or {}) for name, data in faces.items()}
    card = layout_data.get("card") or {}
    sx = float(card.get("width_mm", BUILT_IN_CARD[0])) / BUILT_IN_CARD[0]
    sy = float(card.get("height_mm", BUILT_IN_CARD[1])) / BUILT_IN_CARD[1]
    for name, data in BUILT_IN.items():
        if name not in out:
            boxes = [{**box, "region": [box["region"][0] * sx, box["region"][1] * sy,
                                        box["region"][2] * sx, box["region"][3] * sy]}
                     for box in data.get("boxes", ())]
            out[name] = spec_of(name, {**data, "boxes": boxes})
    return out


def layout_file(content: Any) -> Path:
    """The layout a game's faces are drawn with: its own layouts/<name>.yaml, else the
    bundled game's."""
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
    try:
        _, _, data = load_yaml(Path(path))
    except ProphecyError:
        return {}  # the layout's own check reports it
    return specs_of(data) if isinstance(data, dict) else {}


# ---------------------------------------------------------------- templates
@cache
def _environment() -> Any:
    import jinja2

    # a field a card leaves out is None: it shows as nothing, so its box is not drawn
    return jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                              keep_trailing_newline=False,
                              finalize=lambda value: "" if value is None else value)


@cache
def template(text: str) -> Callable[[Mapping[str, Any]], str]:
    """A compiled template; plain text (no '{') is its own value."""
    if "{" not in text:
        return lambda context: text
    compiled = _compiled(text)
    return lambda context: str(compiled.render(context))


def _compiled(text: str) -> Any:
    """Jinja's template of a text; its Python code is kept (``compiler/model/memo.py``) by
    the text, Jinja's version and Python's, so the next check does not compile it again."""
    import marshal
    import sys

    import jinja2


    env = _environment()
    key = memo.digest(text, jinja2.__version__, sys.version)
    found = memo.get("template", key)
    if found is not None:
        return env.template_class.from_code(env, marshal.loads(found), env.make_globals(None))
    template = env.from_string(text)  # a syntax error is raised here, as before
    memo.put("template", key, marshal.dumps(env.compile(text)))
    return template


@dataclass
class TemplateNameError(ProphecyError):
    """A template names what a card does not hold ('{{ txet }}'): a mistake in the layout,
    placed by the caller at the layout's line (``keys``: the keys under the face, as
    ('boxes', box name, 'show')) rather than at a card."""

    name: str = ""
    keys: tuple[str, ...] = ()


def layout_place(content: Any, face: str, at: tuple[str, ...]) -> tuple[str, int, int, str]:
    """(file, line, column, source line) of what ``at`` names under the layout's face
    ``face`` (a box by its name: ('boxes', 'text', 'show')); ('', 0, 0, '') when the
    layout cannot be read there."""
    path = layout_file(content)
    try:
        src, root, data = load_yaml(path)
    except (ProphecyError, OSError):
        return "", 0, 0, ""
    steps: list[Any] = ["faces", face]
    boxes = (data.get("faces") or {}).get(face, {}).get("boxes") if isinstance(data, dict) \
        else None
    rest = list(at)
    if rest[:1] == ["boxes"] and len(rest) > 1 and isinstance(boxes, list):
        index = next((i for i, b in enumerate(boxes)
                      if isinstance(b, dict) and b.get("name") == rest[1]), None)
        if index is None:
            return "", 0, 0, ""
        steps += ["boxes", index]
        rest = rest[2:]
    node, _ = lookup(root, [*steps, *rest])
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    return src.where, line, column, src.line(line)


def fill(text: str, context: Mapping[str, Any], where: str,
         at: tuple[str, ...] = ()) -> str:
    """A template worked out for one card; an error names the face and box it is in."""
    import re

    import jinja2

    try:
        return template(text)(context)
    except jinja2.UndefinedError as exc:
        said = str(exc.message or "")
        found = re.search(r"attribute '([^']*)'", said) or re.match(r"'([^']*)' is undefined",
                                                                      said)
        name = found.group(1) if found else said
        owner = re.search(rf"(\w+)\s*\.\s*{re.escape(name)}\b", text) \
            if "attribute" in said else None
        names = [k for k in context if not k.startswith("_")]
        if owner is not None:  # '{{ game.nmae }}'
            message = f"{where} shows {text!r}, and '{owner.group(1)}' has no '{name}'"
            parts = context.get(owner.group(1))
            hint = suggest(name, [str(k) for k in parts]) if isinstance(parts, Mapping) else ""
        else:
            message = f"{where} shows {text!r}, and {name!r} is no field of the card's kind"
            hint = suggest(name, names)
        hint = hint or (f"name a field of the card's kind or one of "
                        f"{', '.join(sorted(names))} (docs/packs.md)")
        raise TemplateNameError(message, hint=hint, name=name, keys=at) from None
    except jinja2.TemplateError as exc:
        raise ProphecyError(f"{where}: the template {text!r} does not work: {exc}",
                            hint="write it as Jinja's {{ field }} (docs/packs.md)") from None
    except (TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
        raise ProphecyError(f"{where}: the template {text!r} fails on this card: {exc}",
                            hint="check the fields it reads (docs/packs.md)") from None
