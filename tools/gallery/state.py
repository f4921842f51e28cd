"""The gallery's state: a content folder in, a snapshot of every card's tile (images, problems) out.

``Gallery.refresh`` checks the whole folder again (the loader, as ``prophecy
check`` does), makes every card's face models, and draws only the faces
whose cache key (renderer, layout, face model) has no image yet: after a
save, that is the faces of the cards that changed. Each drawing is also the
text-fit check: a face that does not fit gets that problem instead of an
image. Images are PNG files in the cache folder named by their key, so a
card that changes back finds its old image, and nothing is written outside
the cache folder.

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

from prophecy.compiler.model.files import resolved
from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.tools.gallery.census import Entry, census, entry_at


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

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "front": self.front,
                "back": self.back, "built": self.built, "grimoire": self.grimoire,
                "copies": self.copies, "effects": list(self.effects),
                "problems": [p.to_json() for p in self.problems]}


@dataclass(frozen=True)
class Snapshot:
    """Everything the pages show, at one moment; replaced whole on each refresh."""

    version: int = 0
    tiles: tuple[Tile, ...] = ()
    problems: tuple[Problem, ...] = ()  # outside any card
    game: str = ""
    seconds: float = 0.0  # how long the refresh took

    def tile(self, card_id: str) -> Tile | None:
        return next((t for t in self.tiles if t.id == card_id), None)

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "game": self.game,
                "tiles": [t.to_json() for t in self.tiles],
                "problems": [p.to_json() for p in self.problems],
                "seconds": round(self.seconds, 3)}


@dataclass
class Gallery:
    """A content folder, its cache folder and the latest snapshot."""

    root: Path
    cache: Path
    snapshot: Snapshot = field(default_factory=Snapshot)
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    fit: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    layout: Any = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def image(self, key: str, small: bool) -> Path:
        return self.cache / "faces" / f"{key}{'.small' if small else ''}.png"

    def refresh(self) -> Snapshot:
        """Check, draw what changed, and make the new snapshot (one refresh at a time)."""
        import time

        with self.lock:
            start = time.perf_counter()
            snapshot = self._refresh()
            self.snapshot = replace(snapshot, version=self.snapshot.version + 1,
                                    seconds=time.perf_counter() - start)
            return self.snapshot

    def _refresh(self) -> Snapshot:
        from prophecy.compiler.model.loader import analyse

        report = analyse(self.root)
        self.entries = census(self.root, self.entries)
        problems = [_problem(self.root, e) for e in report.errors]
        layout_problems = self._layout()
        cards = {c.id: c for c in report.content.cards}
        faces = self._faces(report.content) if self.layout is not None else {}
        tiles: dict[str, Tile] = {}
        loose: list[Problem] = list(layout_problems)
        for entries in self.entries.values():
            for entry in entries:
                tiles.setdefault(entry.id, self._tile(entry, cards.get(entry.id), faces))
        for problem in problems + [p for f in faces.values() for p in f[2]]:
            self._place(problem, tiles, loose)
        for card_id, tile in tiles.items():
            old = self.snapshot.tile(card_id)
            if tile.problems and old is not None and (old.front or old.back):
                # A card in trouble keeps showing its last good faces beside its problems.
                tiles[card_id] = replace(tile, front=old.front, back=old.back)
        return Snapshot(tiles=tuple(tiles.values()), problems=tuple(loose),
                        game=report.content.game_name)

    def _layout(self) -> list[Problem]:
        from prophecy.render.layoutfile import load_layout

        try:
            self.layout = load_layout(self.root)
        except ContentErrors as exc:
            return [_problem(self.root, e) for e in exc.errors]
        except ProphecyError as exc:
            return [_problem(self.root, exc)]
        return []

    def _faces(self, content: Any) -> dict[str, tuple[str | None, str | None, list[Problem]]]:
        """Per card id: its front and back keys (None when not drawn) and its fit problems."""
        from prophecy.compiler.faces import all_faces
        from prophecy.render.facekey import face_key

        out = {}
        for card in all_faces(content):
            keys: list[str | None] = []
            problems = []
            for side, face in (("front", card.front), ("back", card.back)):
                key = face_key(self.layout, face)
                found = self._draw(key, card.id, face)
                if found is None:
                    keys.append(key)
                    continue
                keys.append(None)
                message = found[0] if side == "front" else f"{found[0]} (its back)"
                rel = Path(card.where).relative_to(self.root).as_posix()
                problems.append(Problem(rel, card.line, card.column, message, found[1]))
            out[card.id] = (keys[0], keys[1], problems)
        return out

    def _draw(self, key: str, card: str, face: Any) -> tuple[str, str] | None:
        """Draw a face into the cache unless it is there; its overflow, if it does not fit."""
        if key in self.fit:
            return self.fit[key]
        if self.image(key, False).is_file() and self.image(key, True).is_file():
            self.fit[key] = None
            return None
        from prophecy.compiler.model.files import write_atomic
        from prophecy.render import png
        from prophecy.render.backs import render_face

        try:
            img = render_face(self.layout, card, face)
        except ProphecyError as exc:
            self.fit[key] = (exc.message, exc.hint)
            return self.fit[key]
        except Exception as exc:  # a drawing bug must not stop the gallery: show it on the card
            return (f"could not draw this face: {type(exc).__name__}: {exc}",
                    "please report it; the other cards are drawn")
        write_atomic(self.image(key, False), png.encode(img, 1), durable=False)
        write_atomic(self.image(key, True), png.encode(img.reduce(2), 1), durable=False)
        self.fit[key] = None
        return None

    def _tile(self, entry: Entry, card: Any, faces: dict[str, Any]) -> Tile:
        from prophecy.compiler.model import effect_lines_of

        old = self.snapshot.tile(entry.id)
        if card is None or card.id not in faces:
            # Not built now: keep the last images it had, if any.
            return Tile(entry.id, entry.kind, entry.name, old.front if old else None,
                        old.back if old else None, built=False,
                        grimoire=old.grimoire if old else "",
                        effects=old.effects if old else ())
        front, back, _ = faces[card.id]
        return Tile(entry.id, entry.kind, card.name, front, back, card=card,
                    grimoire=card.grimoire_of or "", copies=card.copies,
                    effects=tuple(line.text for line in effect_lines_of(card)))

    def _place(self, problem: Problem, tiles: dict[str, Tile], loose: list[Problem]) -> None:
        entry = entry_at(self.entries.get(problem.file, []), problem.line)
        if entry is None or entry.id not in tiles:
            loose.append(problem)
            return
        tile = tiles[entry.id]
        tiles[entry.id] = replace(tile, problems=(*tile.problems, problem))


def _problem(root: Path, error: ProphecyError) -> Problem:
    where = Path(error.where)
    try:
        rel = resolved(where).relative_to(resolved(root)).as_posix()
    except ValueError:
        rel = str(where)
    return Problem(rel, error.line, error.column, error.message, error.hint)
