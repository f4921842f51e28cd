"""The gallery's state: a content folder in, a snapshot of every card's tile (images, problems) out.

``Gallery.refresh`` checks the whole folder again (the loader, as ``prophecy
check`` does), makes every card's face models and their cache keys
(renderer, layout, face model); a face whose key has an image already is
done. It draws the faces still waiting at once when they are few (after a
save, the faces of the cards that changed), else leaves them waiting: the
snapshot it makes then shows those cards by name and effect lines, and
``Gallery.draw`` draws the waiting faces a batch at a time, each batch
making a new snapshot, so a first page need not wait for every card to be
drawn. Each drawing is also the text-fit check: a face that does not fit
gets that problem instead of an image. Images are PNG files in the cache
folder named by their key, so a card that changes back finds its old image,
and nothing is written outside the cache folder.

Problems are placed on the tile of the card whose lines hold them (from the
census of the files, ``census.py``), so a card whose line does not parse
shows its error and keeps its last good image, while the rest of the
gallery goes on; problems outside any card are the gallery's own.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prophecy.compiler.faces import all_faces
from prophecy.compiler.model import effect_lines_of, prose_fields
from prophecy.compiler.model.files import resolved, write_atomic
from prophecy.compiler.model.loader import analyse
from prophecy.compiler.model.pack import Pack
from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.render import png
from prophecy.render.backs import render_face
from prophecy.render.facekey import face_key
from prophecy.render.layoutfile import load_layout
from prophecy.tools.gallery.census import Entry, census, entry_at

#: Faces a refresh draws before it answers when no more wait (a save's card or two); when
#: more wait (a first start, a new layout), they are left to ``Gallery.draw``.
DRAW_AT_ONCE = 8
#: Seconds of drawing between two snapshots while faces wait (each is pushed to the pages).
DRAW_BATCH = 0.25


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    column: int
    message: str
    hint: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "message": self.message, "hint": self.hint,
                "place": f"{self.file}:{self.line}:{self.column}"}


@dataclass(frozen=True)
class Tile:
    """One card in the gallery: its faces' image keys (None: not drawn) and its problems."""

    id: str
    kind: str
    name: str
    front: str | None = None
    back: str | None = None
    problems: tuple[Problem, ...] = ()
    built: bool = True  # False: the loader could not make the card; the images are its last
    card: Any = None  # the model card, when built
    grimoire: str = ""  # the grimoire it belongs to, if any (for the gallery's filter)
    copies: int = 0  # copies in the box (0: not known, the card is not built)
    effects: tuple[str, ...] = ()  # its effect lines' canonical text (searched, listed)
    words: tuple[str, ...] = ()  # its other words: types, flavour, choices (searched)
    pending: bool = False  # a face of it waits to be drawn (shown: its last images, if any)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "front": self.front,
                "back": self.back, "built": self.built, "grimoire": self.grimoire,
                "copies": self.copies, "effects": list(self.effects),
                "words": list(self.words),
                "pending": self.pending, "problems": [p.to_json() for p in self.problems]}


@dataclass(frozen=True)
class Snapshot:
    """Everything the pages show, at one moment; replaced whole on each refresh."""

    version: int = 0
    tiles: tuple[Tile, ...] = ()
    problems: tuple[Problem, ...] = ()  # outside any card
    game: str = ""
    seconds: float = 0.0  # how long the last refresh took
    drawing: int = 0  # faces waiting to be drawn

    def tile(self, card_id: str) -> Tile | None:
        return next((t for t in self.tiles if t.id == card_id), None)

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "game": self.game,
                "tiles": [t.to_json() for t in self.tiles],
                "problems": [p.to_json() for p in self.problems],
                "seconds": round(self.seconds, 3), "drawing": self.drawing}


@dataclass(frozen=True)
class Plan:
    """One card's faces as a refresh found them: their keys and where the card is written."""

    file: str
    line: int
    column: int
    front: str
    back: str


@dataclass(frozen=True)
class Checked:
    """What the last check of the folder found, kept to make snapshots as faces are drawn."""

    problems: tuple[Problem, ...] = ()  # the loader's
    layout_problems: tuple[Problem, ...] = ()
    cards: dict[str, Any] = field(default_factory=dict)
    plans: dict[str, Plan] = field(default_factory=dict)  # a card without one: unbuilt
    game: str = ""
    pack: Pack = field(default_factory=Pack)  # the kinds, to read each card's words


@dataclass
class Gallery:
    """A content folder, its cache folder and the latest snapshot."""

    root: Path
    cache: Path
    snapshot: Snapshot = field(default_factory=Snapshot)
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    # Per face key: None when its image is drawn, (message, hint) when it could not be.
    fit: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    layout: Any = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    checked: Checked = field(default_factory=Checked)
    models: dict[str, tuple[str, Any]] = field(default_factory=dict)  # key: (card id, face)
    failed: set[str] = field(default_factory=set)  # keys a drawing bug stopped: tried again
    waiting: threading.Event = field(default_factory=threading.Event)  # set: faces wait

    def image(self, key: str, small: bool) -> Path:
        return self.cache / "faces" / f"{key}{'.small' if small else ''}.png"

    def refresh(self, draw_at_most: int | None = None) -> Snapshot:
        """Check the folder and make the new snapshot (one refresh at a time), drawing the
        faces this check adds to those waiting when they are at most ``draw_at_most`` (a
        save's card, drawn at once even while a first drawing goes on; None: every face)."""
        import time

        with self.lock:
            start = time.perf_counter()
            before = set(self._waiting())
            self._check()
            waiting = self._waiting()
            new = [key for key in waiting if key not in before]
            if draw_at_most is None or len(new) <= draw_at_most:
                for key in waiting if draw_at_most is None else new:
                    self._draw(key)
            return self._publish(seconds=time.perf_counter() - start)

    def draw(self, seconds: float = DRAW_BATCH) -> Snapshot | None:
        """Draw waiting faces, in the gallery's order, for about ``seconds``, then make the
        new snapshot; None when no face waits."""
        import time

        with self.lock:
            waiting = self._waiting()
            if not waiting:
                self.waiting.clear()
                return None
            start = time.perf_counter()
            for key in waiting:
                self._draw(key)
                if time.perf_counter() - start >= seconds:
                    break
            return self._publish(seconds=self.snapshot.seconds)

    def _publish(self, seconds: float) -> Snapshot:
        snapshot = self._assemble()
        self.snapshot = replace(snapshot, version=self.snapshot.version + 1, seconds=seconds)
        if self.snapshot.drawing:
            self.waiting.set()
        else:
            self.waiting.clear()
        return self.snapshot

    def _waiting(self) -> list[str]:
        """The keys of the faces not drawn yet, each once, in the order of the cards."""
        keys = (key for plan in self.checked.plans.values() for key in (plan.front, plan.back))
        return list(dict.fromkeys(key for key in keys if key not in self.fit))

    def _check(self) -> None:
        for key in self.failed:  # a bug met while drawing: try again on the next check
            self.fit.pop(key, None)
        self.failed.clear()
        report = analyse(self.root)
        self.entries = census(self.root, self.entries)
        layout_problems = tuple(self._layout())
        plans = self._plan(report.content) if self.layout is not None else {}
        self.checked = Checked(problems=tuple(_problem(self.root, e) for e in report.errors),
                               layout_problems=layout_problems,
                               cards={c.id: c for c in report.content.cards},
                               plans=plans, game=report.content.game_name,
                               pack=report.content.pack)

    def _assemble(self) -> Snapshot:
        """The snapshot of the last check with every face drawn so far."""
        checked = self.checked
        faces = {card_id: self._outcome(plan) for card_id, plan in checked.plans.items()}
        tiles: dict[str, Tile] = {}
        loose: list[Problem] = list(checked.layout_problems)
        for entries in self.entries.values():
            for entry in entries:
                tiles.setdefault(entry.id, self._tile(entry, checked.cards.get(entry.id), faces,
                                                      checked.pack))
        for problem in [*checked.problems, *(p for f in faces.values() for p in f[2])]:
            self._place(problem, tiles, loose)
        for card_id, tile in tiles.items():
            old = self.snapshot.tile(card_id)
            if old is None or not (old.front or old.back):
                continue
            if tile.problems:
                # A card in trouble keeps showing its last good faces beside its problems.
                tiles[card_id] = replace(tile, front=old.front, back=old.back)
            elif tile.pending:  # and one waiting to be drawn, until it is
                tiles[card_id] = replace(tile, front=tile.front or old.front,
                                         back=tile.back or old.back)
        return Snapshot(tiles=tuple(tiles.values()), problems=tuple(loose), game=checked.game,
                        drawing=len(self._waiting()))

    def _layout(self) -> list[Problem]:
        try:
            self.layout = load_layout(self.root)
        except ContentErrors as exc:
            return [_problem(self.root, e) for e in exc.errors]
        except ProphecyError as exc:
            return [_problem(self.root, exc)]
        return []

    def _plan(self, content: Any) -> dict[str, Plan]:
        """Per card id: its faces' keys; each face is kept to be drawn, and one whose images
        the cache holds is done."""
        self.models = {}
        out = {}
        for card in all_faces(content):
            keys = []
            for face in (card.front, card.back):
                key = face_key(self.layout, face)
                self.models.setdefault(key, (card.id, face))
                if key not in self.fit and self.image(key, False).is_file() \
                        and self.image(key, True).is_file():
                    self.fit[key] = None
                keys.append(key)
            rel = Path(card.where).relative_to(self.root).as_posix()
            out[card.id] = Plan(rel, card.line, card.column, keys[0], keys[1])
        return out

    def _outcome(self, plan: Plan) -> tuple[str | None, str | None, list[Problem], bool]:
        """A card's front and back keys (None when not drawn), its fit problems, and whether
        a face of it waits to be drawn."""
        shown: list[str | None] = []
        problems = []
        for side, key in (("front", plan.front), ("back", plan.back)):
            found = self.fit.get(key)
            shown.append(key if key in self.fit and found is None else None)
            if found is not None:
                message = found[0] if side == "front" else f"{found[0]} (its back)"
                problems.append(Problem(plan.file, plan.line, plan.column, message, found[1]))
        pending = plan.front not in self.fit or plan.back not in self.fit
        return shown[0], shown[1], problems, pending

    def _draw(self, key: str) -> None:
        """Draw a face into the cache; keep its overflow when it does not fit."""
        card, face = self.models[key]
        try:
            img = render_face(self.layout, card, face)
        except ProphecyError as exc:
            self.fit[key] = (exc.message, exc.hint)
            return
        except Exception as exc:  # a drawing bug must not stop the gallery: show it on the card
            self.fit[key] = (f"could not draw this face: {type(exc).__name__}: {exc}",
                             "please report it; the other cards are drawn")
            self.failed.add(key)
            return
        write_atomic(self.image(key, False), png.encode(img, 1), durable=False)
        write_atomic(self.image(key, True), png.encode(img.reduce(2), 1), durable=False)
        self.fit[key] = None

    def _tile(self, entry: Entry, card: Any, faces: dict[str, Any], pack: Pack) -> Tile:
        old = self.snapshot.tile(entry.id)
        if card is None or card.id not in faces:
            # Not built now: keep the last images it had, if any.
            return Tile(entry.id, entry.kind, entry.name, old.front if old else None,
                        old.back if old else None, built=False,
                        grimoire=old.grimoire if old else "",
                        effects=old.effects if old else (), words=old.words if old else ())
        front, back, _, pending = faces[card.id]
        return Tile(entry.id, entry.kind, card.name, front, back, card=card,
                    grimoire=card.grimoire_of or "", copies=card.copies,
                    effects=tuple(line.text for line in effect_lines_of(card)),
                    words=card_words(card, pack), pending=pending)

    def _place(self, problem: Problem, tiles: dict[str, Tile], loose: list[Problem]) -> None:
        entry = entry_at(self.entries.get(problem.file, []), problem.line)
        if entry is None or entry.id not in tiles:
            loose.append(problem)
            return
        tile = tiles[entry.id]
        tiles[entry.id] = replace(tile, problems=(*tile.problems, problem))


def card_words(card: Any, pack: Pack) -> tuple[str, ...]:
    """A card's words beyond its name and rules lines, so the gallery's search finds a card
    by any word printed on it: its text and prose (``prose_fields``: flavour, a
    Verse's text), then the names it is given (its types) and its choices with what each
    means, as its kind declares them."""
    out = [text for field, text in prose_fields(card, pack) if field != "name"]
    kind = pack.kind(card.kind)
    for spec in kind.fields if kind else ():
        if spec.type not in ("name", "choice"):
            continue
        value = card.fields.get(spec.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and item:
                out.append(item)
                out.extend(meaning for word, meaning in spec.values if word == item)
    return tuple(out)


def _problem(root: Path, error: ProphecyError) -> Problem:
    where = Path(error.where)
    try:
        rel = resolved(where).relative_to(resolved(root)).as_posix()
    except ValueError:
        rel = str(where)
    return Problem(rel, error.line, error.column, error.message, error.hint)
