"""A layout file read and checked: ``content/layouts/<name>.yaml`` in, a ``Layout`` out.

``load_layout`` validates the file against its schema, then what a schema
cannot say: pixel budgets, boxes inside the card, room for crop marks on every
paper, an installed PNG encoder, font files that exist. Each problem is
raised at its place, as ``prophecy check`` reports content files.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prophecy.compiler.facespec import template
from prophecy.compiler.model import memo
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import missing_layout
from prophecy.compiler.model.schema import schema_errors
from prophecy.compiler.model.yamlsafe import load_yaml, lookup, read_source
from prophecy.dsl.errors import ContentErrors, ProphecyError, suggest
from prophecy.render.layout import Layout
from prophecy.render.png import ENCODERS
from prophecy.render.sheets import spec_for

#: The most pixels a card image may have, bleed included: 40 million, a tarot card at
#: 1200 dpi with room to spare. Each face is drawn whole in memory (4 bytes a pixel),
#: in every worker, so this bounds what a build and a check hold.
MAX_PIXELS = 40_000_000


def _check_pixels(layout: Layout, src: Any, root: Any) -> None:
    width, height = layout.size
    if width * height > MAX_PIXELS:
        node, _ = lookup(root, ["card", "dpi"])
        most = int((MAX_PIXELS / (width * height)) ** 0.5 * layout.dpi)
        raise src.error_at(
            node, f"a card image of {width} x {height} pixels is too large: at most "
            f"{MAX_PIXELS // 1_000_000} million pixels, bleed included",
            f"lower dpi to {most} or less, or make the card smaller")


#: The styles of box drawn to the bleed on purpose (a picture, a band across the top): the
#: only ones that may reach outside the safe zone.
TO_THE_BLEED = ("image", "banner")


def _check_boxes(layout: Layout, src: Any, root: Any) -> None:
    """Every region, the stamp's too, lies on the card image and, unless it is drawn to the
    bleed on purpose, inside the safe zone; the margins leave a card."""
    width, height = layout.trim_mm
    bleed = float(layout.data["card"]["bleed_mm"])
    card = f"the card is {width:g} x {height:g} mm, with {bleed:g} mm of bleed each side"
    errors = []
    boxes: list[tuple[tuple[str | int, ...], list[float]]] = [
        (("regions", kind, name), box)
        for kind, regions in (layout.data.get("regions") or {}).items()
        for name, box in regions.items()]
    boxes += [(("faces", face, "boxes", i, "region"), box["region"])
              for face, spec in (layout.data.get("faces") or {}).items()
              for i, box in enumerate((spec or {}).get("boxes") or ())]
    if "stamp" in layout.data:
        boxes.append((("stamp", "region"), layout.data["stamp"]["region"]))
    safe = float(layout.data["card"]["safe_mm"])
    safe_known = 2 * safe < min(width, height)  # else safe_mm is the one problem, below
    for path, (x, y, w, h) in boxes:
        node, _ = lookup(root, list(path))
        name = ".".join(str(part) for part in path)
        bleeds = path[0] == "stamp"  # the version stamp is printed in the frame on purpose
        if path[0] == "faces":
            box = layout.data["faces"][path[1]]["boxes"][path[3]]
            name = f"'{box.get('name') or box['style']}' of face '{path[1]}'"
            bleeds = box.get("style") in TO_THE_BLEED
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
        elif not bleeds and safe_known and (x < safe - _SLACK or y < safe - _SLACK
                             or x + w > width - safe + _SLACK or y + h > height - safe + _SLACK):
            errors.append(src.error_at(
                node, f"the box {name} reaches outside the safe zone: from ({x:g}, {y:g}) to "
                f"({x + w:g}, {y + h:g}) mm, where the safe zone runs from ({safe:g}, {safe:g})"
                f" to ({width - safe:g}, {height - safe:g})", f"a cut may fall up to "
                f"{safe:g} mm off the line, through what lies outside it: move or shrink the "
                f"box (only {' and '.join(TO_THE_BLEED)} boxes may run to the bleed)"))
    spec = layout.data["card"]
    for key in ("safe_mm", "corner_mm"):
        if 2 * float(spec[key]) >= min(width, height):
            node, _ = lookup(root, ["card", key])
            errors.append(src.error_at(node, f"{key} of {spec[key]:g} mm leaves no card "
                                       f"inside it", f"{card}; write less than "
                                       f"{min(width, height) / 2:g}"))
    if errors:
        raise ContentErrors(errors)


def _check_faces(layout: Layout, src: Any, root: Any) -> None:
    """What each face names exists: its fonts, colours, glyphs and plain palettes; its
    templates are Jinja that compiles; a deck back has the regions it draws in."""
    from prophecy.render.icons import known_glyph  # deferred: start-up time (check)

    data = layout.data
    colours = set(data["colours"]) | {"main", "dark", "light"}
    errors = []

    def wrong(path: list[Any], message: str, hint: str) -> None:
        node, _ = lookup(root, path)
        errors.append(src.error_at(node, message, hint))

    def colour_names(text: str) -> list[str]:
        text = text.strip()
        if text.startswith("mix(") and text.endswith(")"):
            parts = [p.strip() for p in text[4:-1].split(",")]
            if len(parts) == 3:
                return parts[:2]
        return [text]

    for face, spec in (data.get("faces") or {}).items():
        spec = spec or {}
        at = ["faces", face]
        for key in ("grimoire", "deck"):
            value = (spec.get("palette") or {}).get(key)
            if value is None or "{" in value:
                continue
            known = data.get("grimoires" if key == "grimoire" else "decks") or {}
            near = suggest(value, list(known))
            # a deck the layout does not list gets colours made from its name, unless the
            # name is a slip for one it lists
            if value not in known and (key == "grimoire" or near):
                wrong([*at, "palette", key], f"the face '{face}' takes the colours of the "
                      f"{key} '{value}', which the layout does not list",
                      near or f"add '{value}' under {key}s:, or name one of "
                      f"{', '.join(sorted(known)) or 'none'}")
        for key, value in spec.items():
            if isinstance(value, str) and "{" in value:
                _check_template(value, [*at, key], wrong)
        for name in colour_names(spec.get("panel") or "paper"):
            if name not in colours:
                wrong([*at, "panel"], f"the face '{face}' lies on the colour '{name}', which "
                      "is not a colour of the layout", "name main, dark, light, one of "
                      "colours:, or mix(a, b, t) of two of them")
        for i, box in enumerate(spec.get("boxes") or ()):
            place = [*at, "boxes", i]
            label = f"the box '{box.get('name') or box['style']}' of face '{face}'"
            for key, value in box.items():
                if isinstance(value, str) and "{" in value:
                    _check_template(value, [*place, key], wrong)
            if "font" in box and box["font"] not in data["fonts"]:
                wrong([*place, "font"], f"{label} uses the font '{box['font']}', which fonts: "
                      "does not list", f"name one of {', '.join(sorted(data['fonts']))}")
            if "colour" in box:
                for name in colour_names(box["colour"]):
                    if name not in colours:
                        wrong([*place, "colour"], f"{label} is coloured '{name}', which is "
                              "not a colour of the layout", "name main, dark, light, one of "
                              "colours:, or mix(a, b, t) of two of them")
            icon = box.get("icon")
            if isinstance(icon, str) and "{" not in icon and not known_glyph(icon):
                wrong([*place, "icon"], f"{label} shows the glyph '{icon}', which the "
                      "renderer does not draw", "name a glyph listed in docs/packs.md")
            if box["style"] == "rules" and not box.get("show"):
                wrong(place, f"{label} draws rules lines but names no field",
                      "write show: <the field of rules lines it draws>")
    if errors:
        raise ContentErrors(sorted(errors, key=ProphecyError.sort_key))


def _check_template(text: str, path: list[Any], wrong: Callable[..., None]) -> None:
    import jinja2


    try:
        template(text)
    except jinja2.TemplateSyntaxError as exc:
        wrong(path, f"the template {text!r} does not compile: {exc.message}",
              "write a field as {{ field }} and a test as {% if ... %}...{% endif %}")


def _check_sheets(layout: Layout, src: Any, root: Any) -> None:
    """Each paper's grid leaves room for crop marks and the back offset, as a build needs."""
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
    encoder, level = layout.png
    if encoder not in ENCODERS:
        raise ProphecyError(f"the PNG encoder '{encoder}' is not installed", where=str(path),
                            hint="install the project again, or write 'encoder: zlib' under png:")
    if level > PNG_LEVELS[encoder]:
        raise ProphecyError(f"{encoder} has compression levels 0 to {PNG_LEVELS[encoder]},"
                            f" not {level}", where=str(path),
                            hint=f"write a compress_level from 0 to {PNG_LEVELS[encoder]}")


def layout_name(content: Path) -> str:
    """The layout a game folder's game.yaml names (``layout:``), poker when it names none."""
    try:  # kept by the file's text: a check reads game.yaml once more, and composes it once
        known = memo.digest("layout name", read_source(content / "game.yaml", "game.yaml").text)
    except ProphecyError:
        return "poker"
    found = memo.get("layout name", known)
    if found is not None:
        return str(found)
    try:
        _, _, data = load_yaml(content / "game.yaml")
    except ProphecyError:
        return "poker"
    name = data.get("layout") if isinstance(data, dict) else None
    name = name if isinstance(name, str) and name.strip() else "poker"
    memo.put("layout name", known, name)
    return name


def load_layout(content: Path, name: str | None = None) -> Layout:
    """Read and validate ``content/layouts/<name>.yaml`` (the bundled one if missing); the
    name is the one the game's game.yaml gives (poker by default).

    Every problem with the file is raised at once, each at its place, as
    ``prophecy check`` reports content files.
    """
    name = name or layout_name(content)
    path = content / "layouts" / f"{name}.yaml"
    if not path.is_file():
        path = bundled_content() / "layouts" / f"{name}.yaml"
    if not path.is_file() and (content / "game.yaml").is_file():
        game, root, _ = load_yaml(content / "game.yaml", "game.yaml")
        raise missing_layout(game, root, name)
    rel = f"layouts/{name}.yaml"
    # a layout found clean before is neither composed nor checked again, its data kept by
    # its text (the PNG encoder is checked each time: it is installed, not written)
    known = memo.digest(rel, read_source(path, rel).text)
    kept = memo.get("layout", known)
    if isinstance(kept, bytes):
        data = pickle.loads(kept)  # each call its own data, as a file read gives
        layout = Layout(name=name, data=data, digest="")
    else:
        src, node, data = load_yaml(path, rel, "write the layout's settings")
        layout = Layout(name=name, data=data, digest="")
        errors = schema_errors("layout", src, node, data)
        if errors:
            raise ContentErrors(sorted(errors, key=ProphecyError.sort_key))
        for check in (_check_pixels, _check_boxes, _check_faces, _check_sheets):
            check(layout, src, node)
        memo.put("layout", known, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
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
