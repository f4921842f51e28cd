"""The build pipeline: a content folder and build options in, every output file in ``out`` out.

``build(content, out, options, note)`` chains the stages the way Jinja's
``Environment.compile`` chains parse, generate and compile:

1. ``_load``: the content, checked (a problem stops the build before anything
   is written), and the card-face layout;
2. ``_faces``: every card's face models (``compiler/faces.py``);
3. ``_draw``: the images whose inputs changed, in worker processes;
4. ``_assemble``: PDF sheets, Tabletop Simulator sheets and ``cards.json``;
5. ``_save``: the state file that lets the next build skip unchanged work.

When no input file changed since the last build, nothing is even loaded.
The pipeline prints nothing: what a person should read goes to ``note``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prophecy.compiler.faces import card_faces
from prophecy.compiler.model.files import (
    file_digest,
    package_dir,
    regular_files,
    resolved,
    sweep_temporaries,
    write_atomic,
)
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import UsageError, suggest
from prophecy.render import build as images
from prophecy.render import outputs
from prophecy.render.build import STATE
from prophecy.render.cmyk import check_extras
from prophecy.render.layoutfile import load_layout
from prophecy.render.sheets import spec_for

PAPERS = {"a4": ("a4",), "letter": ("letter",), "both": ("a4", "letter")}

Note = Callable[[str], None]


@dataclass(frozen=True)
class Options:
    """What the person building chose (the command line's options)."""

    paper: str = "both"
    only: str | None = None
    jobs: int | None = None
    duplex: str | None = None
    back_offset: tuple[float, float] | None = None
    tts_url: str | None = None
    preset: str = "home"

    @property
    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1


@dataclass(frozen=True)
class Result:
    """What a build did: how many images it planned and drew, or that all was up to date."""

    out: Path
    images: int = 0
    drawn: int = 0
    cards: int = 0
    up_to_date: bool = False
    seconds: float = 0.0


def code_files() -> list[Path]:
    """The code whose change must redraw the cards: the drawing, the faces."""
    render = package_dir("prophecy.render")
    compiler = package_dir("prophecy.compiler")
    return [*sorted(render.glob("*.py")), compiler / "faces.py"]


#: The files of a game folder a build reads: its YAML and CSV cards, layouts and game.yaml,
#: its templates (the reference card's) and its pictures.
CONTENT_SUFFIXES = (".yaml", ".csv", ".j2", ".png", ".jpg", ".jpeg")


def inputs(content: Path) -> dict[str, str]:
    """Every input file of a build (content, layout, drawing code) and the digest of its bytes.

    Only regular files are read: a named pipe or a link to a device called
    ``*.yaml`` is no input (the loader names it when it is a content file).
    """
    found = [p for p in regular_files(content, "*") if p.suffix.lower() in CONTENT_SUFFIXES]
    return {str(path): file_digest(path) for path in [*found, *code_files()]}


def fingerprint(content: Path, out: Path, options: Options,
                files: dict[str, str] | None = None) -> str:
    """A digest of every input file and the options (of ``files`` when already read)."""
    digest = hashlib.sha256(repr(_option_key(out, options)).encode())
    for name, digest_of_file in (files if files is not None else inputs(content)).items():
        digest.update(name.encode() + b"\0" + digest_of_file.encode())
    return digest.hexdigest()


def _option_key(out: Path, options: Options) -> tuple[Any, ...]:
    offset = None if options.back_offset is None else ",".join(map(str, options.back_offset))
    return (options.paper, options.duplex, offset, options.tts_url, options.preset,
            str(resolved(out)))


#: What a build records, each entry's type (a mapping's values, a list's items).
_STATE_SHAPE: dict[str, tuple[type, type]] = {
    "images": (dict, str), "outputs": (dict, str), "sizes": (dict, int), "files": (list, str),
}


def _well_formed(value: object, kind: type, item: type) -> bool:
    if kind is dict:
        return isinstance(value, dict) and all(
            isinstance(k, str) and type(v) is item for k, v in value.items())
    return isinstance(value, list) and all(type(v) is item for v in value)


#: The name of a TTS image the build writes: a file straight inside ``tts/``, nothing else
#: (the state never makes a build read a file elsewhere).
_TTS_FILE = re.compile(r"tts/[^/\\.\x00][^/\\\x00]*\.png")


def _tts_record(record: object) -> bool:
    """A TTS file's record as ``outputs.write_tts`` makes it: its columns, and each band's
    deflated length, Adler-32 and cells' image keys (none for a blank cell)."""
    if not isinstance(record, dict) or set(record) != {"columns", "bands"}:
        return False
    columns, bands = record["columns"], record["bands"]
    return type(columns) is int and columns > 0 and isinstance(bands, list) and all(
        isinstance(band, list) and len(band) == 3 and type(band[0]) is int and band[0] >= 0
        and type(band[1]) is int and 0 <= band[1] < 2**32 and isinstance(band[2], list)
        and len(band[2]) == columns and all(k is None or type(k) is str for k in band[2])
        for band in bands) and bool(bands)


def read_state(out: Path, name: str | None = None) -> dict[str, Any]:
    """What the last build into ``out`` recorded (its state file, or ``name`` in ``out``),
    or nothing. The file is the build's own cache: an entry of the wrong shape is dropped
    (what it held is made again), so a damaged file never stops a build."""
    try:
        state = json.loads((out / (name or STATE)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(state, dict):
        return {}
    kept = {entry: state[entry] for entry, shape in _STATE_SHAPE.items()
            if _well_formed(state.get(entry), *shape)}
    if isinstance(state.get("tts"), dict):
        kept["tts"] = {rel: record for rel, record in state["tts"].items()
                       if isinstance(rel, str) and _TTS_FILE.fullmatch(rel)
                       and _tts_record(record)}
    if isinstance(state.get("fingerprint"), str):
        kept["fingerprint"] = state["fingerprint"]
    return kept


def check_out(content: Path, out: Path) -> None:
    """Refuse an output folder that is a file, or that is the content folder or inside it.

    A build writes hundreds of files: mixed into the content they would be
    read back as content (``*.json`` beside the schemas, a ``tts/`` folder)
    and shipped with it, and a clean-up of the output would delete content.
    """
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out names a file, not a folder: {out}", where="prophecy build",
                         hint="name a folder (it is created if missing)")
    folder, target = resolved(content), resolved(out)
    if target == folder or folder in target.parents:
        inside = "is the content folder" if target == folder else "is inside the content folder"
        raise UsageError(f"--out {out} {inside} ({content})", where="prophecy build",
                         hint="write the build beside the content, not into it: "
                         "--out output (the default)")


def build(content: Path, out: Path, options: Options, note: Note) -> Result:
    """Build everything (or ``options.only``'s card) from ``content`` into ``out``."""
    start = time.perf_counter()
    check_out(content, out)
    check_extras(options.preset)  # a missing extra stops the build before it draws anything
    state = read_state(out)
    sweep_temporaries(out)  # what a build killed midway left; its outputs were never renamed
    # The inputs as they are now, before anything is read: what this build is made from.
    # A file edited while the build runs is then named and rebuilt next time, never
    # recorded as built.
    read = inputs(content)
    fp = fingerprint(content, out, options, read)
    if options.only is None:
        files = state.get("files", [])
        if state.get("fingerprint") == fp and all(images.intact(out, f, state) for f in files):
            return Result(out, up_to_date=True, seconds=time.perf_counter() - start)
    loaded, layout = _load(content, options, note)
    result = _run(content, out, options, note, state, loaded, layout, start, fp)
    changed = sorted(name for name, digest in inputs(content).items()
                     if read.get(name) != digest)
    for name in changed:
        note(f"warning: {name} changed during the build; its outputs may be out of date, "
             "and the next build makes them again")
    return result


def _load(content: Path, options: Options, note: Note) -> tuple[Any, Any]:
    loaded = load_content(content)
    layout = load_layout(content)
    check_sheets(layout, options)
    for grimoire in loaded.grimoires:
        if grimoire not in (layout.data.get("grimoires") or {}):
            note(f"warning: layout '{layout.name}' has no colours for grimoire '{grimoire}'; "
                 f"its cards use the Arcana deck's (add it under 'grimoires:' in "
                 f"layouts/{layout.name}.yaml)")
    return loaded, layout


def _run(content: Path, out: Path, options: Options, note: Note, state: dict[str, Any],
         loaded: Any, layout: Any, start: float, fp: str) -> Result:
    # Faces come from the whole content (the reference card sums it up), so a card
    # drawn alone with --only is the same image a full build draws.
    chosen = only_card(loaded, options.only).cards if options.only else loaded.cards
    cards = tuple(card_faces(card, loaded) for card in chosen)
    plan = images.plan(cards, layout)
    # --only always redraws the card's front; its back (often the deck's) only if it changed.
    force = set(plan.fronts.values()) if options.only is not None else set()
    jobs = images.stale(plan.jobs, state, out, force)
    opts = outputs.Options(PAPERS[options.paper], options.duplex, options.back_offset,
                           options.tts_url, options.preset)
    # The TTS sheets are planned first: their bands are deflated where their cells are drawn.
    work = outputs.TtsWork() if options.only is not None else outputs.plan_tts(
        cards, plan, layout, out, opts, state, loaded.game_name, {j.path for j in jobs})
    note(f"rendering {len(jobs)} of {len(plan.jobs)} images with {options.workers} workers")
    segments = images.render_all(jobs, layout, out, options.workers,
                                 images.progress_printer(len(jobs) > 20, note), work.bands)
    drawn = {**state.get("images", {}), **{j.path: j.key for j in jobs}}
    drawn_now = [j.path for j in jobs]
    if options.only is not None:
        # Drawing is deterministic: unchanged inputs redraw the same bytes, so the sheets
        # stay valid and the last full build's fingerprint with them.
        same = state.get("fingerprint") == fp
        _save(out, {**state, "images": drawn,
                    "sizes": {**state.get("sizes", {}), **images.sizes(out, drawn_now)},
                    "fingerprint": state.get("fingerprint") if same else None})
        note(f"rendered {options.only}: {', '.join(j.path for j in jobs)}")
        return Result(out, len(plan.jobs), len(jobs), len(cards),
                      seconds=time.perf_counter() - start)
    done, records = _assemble(cards, plan, layout, out, options, opts, state,
                              loaded.game_name, note, work, segments)
    images.remove_stale(out, state, plan)
    shutil.rmtree(out / ".build" / "cells", ignore_errors=True)  # kept by earlier versions
    files = sorted({*plan.jobs, *done, "cards.json", "tts/saved-object.json"})
    _save(out, {"images": {k: drawn[k] for k in sorted(plan.jobs)}, "outputs": done,
                "files": files, "sizes": images.sizes(out, files), "fingerprint": fp,
                "tts": records})
    return Result(out, len(plan.jobs), len(jobs), len(cards),
                  seconds=time.perf_counter() - start)


def _assemble(cards: Any, plan: Any, layout: Any, out: Path, options: Options, opts: Any,
              state: dict[str, Any], title: str, note: Note, work: Any,
              segments: Any) -> tuple[dict[str, str], dict[str, Any]]:
    """The sheets, the TTS files and cards.json; returns every written output's key, and
    the state's record of the TTS files.

    ``work`` is the TTS export planned before drawing, ``segments`` the bands the
    workers deflated for it.
    """
    tasks: list[outputs.Task] = []
    done: dict[str, str] = {}
    if options.preset == "home":
        done |= outputs.write_sheets(cards, plan, layout, out, opts, state, title, tasks)
    records = outputs.write_tts(work, segments, layout, out, note)
    done |= work.keys
    for line in outputs.run_tasks(tasks, options.workers):
        note(line)
    if options.preset != "home":
        shop, lines = outputs.write_shop(cards, plan, layout, out, opts, state, title,
                                         options.workers)
        done |= shop
        for line in lines:
            note(line)
    write_atomic(out / "cards.json", outputs.cards_json(cards, plan, layout, title),
                 unless_same=True, durable=False)
    return done, records


def check_sheets(layout: Any, options: Options) -> None:
    """Refuse a paper grid or back offset the sheets cannot take, before anything is drawn."""
    if options.only is None and options.preset == "home":
        for paper in PAPERS[options.paper]:
            spec_for(layout, paper, options.duplex, options.back_offset)


def only_card(content: Any, name: str) -> Any:
    """The content with only the cards called ``name`` (by name or id, any casing)."""
    wanted = name.strip().lower()
    hits = tuple(c for c in content.cards if wanted in (c.name.lower(), c.id.lower()))
    if not hits:
        raise UsageError(f"no card named '{name}'", where="prophecy build --only",
                         hint=suggest(name, [c.name for c in content.cards]) or
                         "see 'prophecy cards' for the names")
    return dataclasses.replace(content, cards=hits)


def _save(out: Path, state: dict[str, Any]) -> None:
    data = (json.dumps(state, indent=1, sort_keys=True) + "\n").encode()
    write_atomic(out / STATE, data, durable=False)
