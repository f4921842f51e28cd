"""Text fit as a check: loaded content and its layout in, one placed error per face that overflows.

Each card face is laid out by render's own ``measure_face``: the code that
draws it, with the same fonts, measuring and shrinking, on a canvas that
paints nothing (so fit and face cannot disagree, at a fraction of the cost of
drawing). A box whose text does not fit even at the smallest size becomes an
error at the card's place in its content file, so ``prophecy check``, the
language server and the live gallery report every overflowing card at once
instead of one per build. A face's result is kept by its cache key (renderer,
layout and face model): a face that has not changed is not measured again.
A card's two face keys are kept too, by the card's data and what every face
shares (the layout, the game's settings, the summary's template; its
pictures by their bytes), so a card that has not changed does not even have
its faces built: after a one-card edit one card's faces are built and laid out.
Render stops a face at its first overflowing box, so a face with two is
reported once, for the first.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from prophecy.compiler import faces
from prophecy.compiler.faces import picture_unchanged, pictures_of, shared_inputs
from prophecy.compiler.model import memo
from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.render.layoutfile import load_layout

#: Face cache key → None (fits) or (message, hint) of its overflow.
Results = MutableMapping[str, tuple[str, str] | None]


def overflows(content: Any, root: Path, results: Results | None = None) -> list[ProphecyError]:
    """Every face of ``content`` that does not fit its layout; layout problems too."""
    try:
        layout = load_layout(root)
    except ContentErrors as exc:
        return list(exc.errors)
    except ProphecyError as exc:
        return [exc]
    return face_overflows(content, layout, {} if results is None else results)


#: Changed when what the "fit" memo table keeps for a card changes shape or meaning.
_CARD_KEYS = "fit-cards-1"


def face_overflows(content: Any, layout: Any, results: Results) -> list[ProphecyError]:
    errors: list[ProphecyError] = []
    seen: set[str] = set()
    lines: dict[str, list[str]] = {}
    todo: dict[str, tuple[str, Any]] = {}  # face key -> (card id, face) to measure
    placed: list[tuple[Any, str, str]] = []  # (card, side, face key) in content order
    shared = _shared_key(content, layout)
    for card in content.cards:
        kept = _kept_keys(shared, card, results)
        if kept is None:
            try:
                made = faces.card_faces(card, content)  # by its module: a test counts calls
            except ProphecyError as exc:  # a card no face can show (the rules ask too much)
                return [exc]
            kept = _keep_keys(shared, card, layout, made.front, made.back)
            for key, face in zip(kept, (made.front, made.back), strict=True):
                if key not in results:
                    todo.setdefault(key, (card.id, face))
        placed += [(card, "front", kept[0]), (card, "back", kept[1])]
    for key, (card_id, face) in todo.items():
        results[key] = _measure(layout, card_id, face)
    for card, side, key in placed:
        if key in seen:
            continue  # a deck's shared back is reported once
        seen.add(key)
        found = results[key]
        if found is not None:
            errors.append(_placed(card, side, found, lines, content.root))
    return errors


def _shared_key(content: Any, layout: Any) -> str:
    """What every face of the content is made from besides its card: the code, the layout and
    the game's settings (the cards' own data is left out; each card's key adds it)."""
    return memo.digest(_CARD_KEYS, layout.digest, shared_inputs(content))


def _kept_keys(shared: str, card: Any, results: Results) -> tuple[str, str] | None:
    """A card's front and back face keys as an earlier run worked them out, when the card,
    the settings and its pictures are as they were and both faces' results are known: then
    its faces are neither built again nor laid out."""
    kept = memo.get("fit", memo.digest(shared, repr(card)))
    if kept is None or kept[0] not in results or kept[1] not in results:
        return None
    if not all(picture_unchanged(p) for p in kept[2]):
        return None
    return kept[0], kept[1]


def _keep_keys(shared: str, card: Any, layout: Any, front: Any, back: Any) -> tuple[str, str]:
    from prophecy.render.facekey import face_key  # deferred: start-up time (check)

    keys = face_key(layout, front), face_key(layout, back)
    memo.put("fit", memo.digest(shared, repr(card)),
             (*keys, pictures_of(front) + pictures_of(back)))
    return keys


def _measure(layout: Any, card: str, face: Any) -> tuple[str, str] | None:
    from prophecy.render.backs import measure_face  # deferred: start-up time (check)

    try:
        measure_face(layout, card, face)
    except ProphecyError as exc:
        return exc.message, exc.hint
    return None


def _placed(card: Any, side: str, found: tuple[str, str],
            lines: dict[str, list[str]], root: str) -> ProphecyError:
    message, hint = found
    if side == "back":
        message = message.replace(f"{card.id}:", f"{card.id} (back):", 1)
    where = str(Path(root) / card.place.file)  # as the card's faces name it
    if where not in lines:
        try:
            lines[where] = Path(where).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            lines[where] = []
    text = lines[where]
    line, column = card.place.line, card.place.column
    source = text[line - 1] if 0 < line <= len(text) else ""
    return ProphecyError(message, line, column, hint, where, source)
