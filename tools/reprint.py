"""A reprint: the content, a git revision and an output folder in; the changed cards printed out.

``prophecy build --changed-since REV`` finds the cards added or changed since
REV (``compiler/changes.py``, the same cards ``prophecy diff REV`` lists) and
writes, into the output folder, only their fronts and backs, the
print-and-play sheets of just those cards (every copy, backs behind fronts;
with ``--preset``, the print shop's files instead),
and a ``cards.json`` listing them: a stack to print, cut and swap into a
playtest deck. It is made from render's own steps (plan, draw, sheets); files
of an earlier reprint into the same folder that this one does not hold are
removed, so the folder holds the reprint and nothing else.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

from prophecy.compiler.changes import compare, snapshot
from prophecy.compiler.faces import all_faces
from prophecy.compiler.model.files import write_atomic
from prophecy.compiler.model.loader import base_root, load_content
from prophecy.dsl.errors import UsageError
from prophecy.render import build as images
from prophecy.render import outputs
from prophecy.render.cmyk import check_extras
from prophecy.render.layoutfile import load_layout
from prophecy.render.pipeline import PAPERS, check_out, read_state
from prophecy.tools.diff import load_side

STATE = ".build/reprint.json"
#: The command a reprint's errors name: the one the user ran.
COMMAND = "prophecy build --changed-since"


def reprint(content: Path, since: str, out: Path, options: Any, note: Any) -> list[str]:
    """Write the reprint of the cards changed since ``since``; returns their ids."""
    start = time.perf_counter()
    check_out(content, out)
    check_extras(options.preset)
    current = load_content(content)
    with snapshot(since, content, COMMAND) as old:
        changes = compare(load_side(old.folder, old.label, COMMAND), current)
    ids = changes.ids
    note(f"since {since}: {len(changes.changed)} changed, {len(changes.added)} added, "
         f"{len(changes.removed)} removed")
    _write(current, content, set(ids), out, options, note)
    note(f"reprint of {len(ids)} card{'s' if len(ids) != 1 else ''} in {out} "
         f"({time.perf_counter() - start:.2f} s)")
    return ids


def only_new(content: Path, out: Path, options: Any, note: Any) -> list[str]:
    """Write what an expansion adds to its base game: its own cards, and each card of the
    base game it prints otherwise (a reference card whose rules it changed); the base
    game's cards, which only carry the expansion's name on their backs, are left out.
    Returns their ids."""
    from dataclasses import replace


    start = time.perf_counter()
    check_out(content, out)
    check_extras(options.preset)
    current = load_content(content)
    folder = base_root(current)
    if folder is None:
        raise UsageError("--only-new prints the cards an expansion adds, and this game "
                         "extends no other", where=ONLY_NEW,
                         hint="for the cards changed since a git revision, use "
                         "--changed-since REV; for the whole game, leave --only-new out")
    base = load_side(folder, "the base game", ONLY_NEW)
    # the base game's name on a base card's back is no change the expansion made to it
    changes = compare(base, replace(current, game_name=base.game_name))
    ids = changes.ids
    note(f"{current.game_name}: {len(changes.added)} new card"
         f"{'s' if len(changes.added) != 1 else ''}, {len(changes.changed)} of the base "
         f"game's printed otherwise")
    _write(current, content, set(ids), out, options, note)
    note(f"the expansion's {len(ids)} card{'s' if len(ids) != 1 else ''} in {out} "
         f"({time.perf_counter() - start:.2f} s)")
    return ids


#: The command an expansion's print names in its errors.
ONLY_NEW = "prophecy build --only-new"


def _write(current: Any, content: Path, ids: set[str], out: Path, options: Any,
           note: Any) -> None:
    layout = load_layout(content)
    cards = tuple(f for f in all_faces(current) if f.id in ids)
    plan = images.plan(cards, layout)
    state = read_state(out, STATE)
    jobs = images.stale(plan.jobs, state, out, set())
    images.render_all(jobs, layout, out, options.workers,
                      images.progress_printer(len(jobs) > 20, note))
    done: dict[str, str] = {}
    if cards:
        opts = outputs.Options(PAPERS[options.paper], options.duplex, options.back_offset,
                               options.tts_url, options.preset)
        if options.preset == "home":
            tasks: list[Any] = []
            done = outputs.write_sheets(cards, plan, layout, out, opts, state,
                                        current.game_name, tasks)
            lines = outputs.run_tasks(tasks, options.workers)
        else:  # a print shop's files for just these cards
            done, lines = outputs.write_shop(cards, plan, layout, out, opts, state,
                                             current.game_name, options.workers)
        for line in lines:
            note(line)
    write_atomic(out / "cards.json", outputs.cards_json(cards, plan, layout, current.game_name),
                 unless_same=True, durable=False)
    _remove_others(out, state, plan, done)
    _save(out, {"images": {p: j.key for p, j in sorted(plan.jobs.items())}, "outputs": done,
                "sizes": images.sizes(out, [*plan.jobs, *done, "cards.json"])})


def _remove_others(out: Path, state: dict[str, Any], plan: Any, done: dict[str, str]) -> None:
    """Delete what an earlier reprint wrote here and this one does not hold."""
    for path in set(state.get("images", {})) - set(plan.jobs):
        (out / path).unlink(missing_ok=True)
    shutil.rmtree(out / ".build" / "cells", ignore_errors=True)  # kept by earlier versions
    for name in set(state.get("outputs", {})) - set(done):
        (out / name).unlink(missing_ok=True)


def _save(out: Path, state: dict[str, Any]) -> None:
    data = (json.dumps(state, indent=1, sort_keys=True) + "\n").encode()
    write_atomic(out / STATE, data, durable=False)
