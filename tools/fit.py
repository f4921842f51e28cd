"""Text fit as a check: loaded content and its layout in, one placed error per face that overflows.

Each card face is laid out by render's own ``measure_face``: the code that
draws it, with the same fonts, measuring and shrinking, on a canvas that
paints nothing (so fit and face cannot disagree, at a fraction of the cost of
drawing). A box whose text does not fit even at the smallest size becomes an
error at the card's place in its content file, so ``prophecy check``, the
language server and the live gallery report every overflowing card at once
instead of one per build. A face's result is kept by its cache key (renderer,
layout and face model): a face that has not changed is not measured again.
Render stops a face at its first overflowing box, so a face with two is
reported once, for the first.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from prophecy.dsl.errors import ContentErrors, ProphecyError

#: Face cache key → None (fits) or (message, hint) of its overflow.
Results = MutableMapping[str, tuple[str, str] | None]


def overflows(content: Any, root: Path, results: Results | None = None) -> list[ProphecyError]:
    """Every face of ``content`` that does not fit its layout; layout problems too."""
    from prophecy.render.layoutfile import load_layout

    try:
        layout = load_layout(root)
    except ContentErrors as exc:
        return list(exc.errors)
    except ProphecyError as exc:
        return [exc]
    return face_overflows(content, layout, {} if results is None else results)


def face_overflows(content: Any, layout: Any, results: Results) -> list[ProphecyError]:
    from prophecy.compiler.faces import all_faces
    from prophecy.render.build import face_key

    errors: list[ProphecyError] = []
    seen: set[str] = set()
    lines: dict[str, list[str]] = {}
    try:
        cards = all_faces(content)
    except ProphecyError as exc:  # a card no face can show (the rules ask too much of it)
        return [exc]
    for card in cards:
        for side, face in (("front", card.front), ("back", card.back)):
            key = face_key(layout, face)
            if key in seen:
                continue  # a deck's shared back is reported once
            seen.add(key)
            if key not in results:
                results[key] = _measure(layout, card.id, face)
            found = results[key]
            if found is not None:
                errors.append(_placed(card, side, found, lines))
    return errors


def _measure(layout: Any, card: str, face: Any) -> tuple[str, str] | None:
    from prophecy.render.backs import measure_face

    try:
        measure_face(layout, card, face)
    except ProphecyError as exc:
        return exc.message, exc.hint
    return None


def _placed(card: Any, side: str, found: tuple[str, str],
            lines: dict[str, list[str]]) -> ProphecyError:
    message, hint = found
    if side == "back":
        message = message.replace(f"{card.id}:", f"{card.id} (back):", 1)
    if card.where not in lines:
        try:
            lines[card.where] = Path(card.where).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            lines[card.where] = []
    text = lines[card.where]
    source = text[card.line - 1] if 0 < card.line <= len(text) else ""
    return ProphecyError(message, card.line, card.column, hint, card.where, source)
