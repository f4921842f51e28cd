"""`prophecy check`: a content folder in, every problem and a one-line summary out.

Problems are printed sorted by place, each as ``file:line:col: message`` with
the source line, a caret and a hint; the last line sums up the cards (copies
counted), the effect lines and the problems. Besides the loader's checks
(schemas, effect lines, names) every card face is measured against the
layout, and each one whose text does not fit is reported at its card
(``tools/fit.py``; results are kept in the cache folder, so an unchanged
face is measured once); ``--no-fit`` skips the measuring, but the layout and
every card's faces (their templates) are still made and checked. The
scenario files of ``scenarios/`` are checked too (schema, names, tables,
moves; not played) and summed up on a line of their own; a
clean file's result is kept in the cache folder until the file, the code,
the book's setup or a card it names changes (``cli/scenario_check.py``).
A line read only once rewritten to its one meaning (ruling 20) is not a problem: it
is shown as ``file:line:col: note: reads as '...'`` (``prophecy fmt`` writes it).
Exit 0 when clean, notes or not; 1 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from prophecy.compiler.model import memo
from prophecy.compiler.model.loader import analyse, counts
from prophecy.compiler.model.plugins import unrun_note
from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.tools.options import add_content, content_dir
from prophecy.tools.pack import folder_shown
from prophecy.tools.terminal import colour, problem

if TYPE_CHECKING:
    from prophecy.compiler.model import Content
    from prophecy.compiler.model.loader import Report
    from prophecy.dsl.errors import ProphecyError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-fit", action="store_true",
                        help="do not measure the text of each card face against the layout")
    parser.add_argument("--json", action="store_true",
                        help="print the problems as JSON (file, line, column, code, message, "
                        "fix), for scripts and CI")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.tools.cache import content_cache  # deferred: start-up time (fmt)

    root = content_dir(args)
    # what this check works out once (schemas met, lines parsed, the layout's checks) is
    # kept for the next one on this folder
    with memo.kept(content_cache(root, "check") / "memo.pickle"):
        return _check(args, root)


def _check(args: argparse.Namespace, root: Path) -> int:
    report = analyse(root)
    rules_broken = any(str(e.where).endswith("game.yaml") for e in report.errors)
    if not args.no_fit and report.content.cards and not rules_broken:
        overflow = _fit(report.content, root)
    else:  # faces drawn from broken rules would only repeat game.yaml's problems
        overflow = _layout(root)
        if not rules_broken and report.content.cards:
            overflow += _faces(report.content, bool(overflow))
    unique = {e.sort_key(): e for e in [*report.errors, *overflow]}
    origin = {e.sort_key(): "fit" for e in overflow}  # the rest: the loader's, or scenarios'
    report.errors = [unique[k] for k in sorted(unique)]
    folder = root / "scenarios"
    found = None
    if folder.is_dir():
        from prophecy.tools import scenario_check  # deferred: start-up time (fmt)

        found = scenario_check.check(report.content, bool(report.errors), folder, root)
    if args.json:
        from prophecy.tools.results import check_json  # deferred: start-up time (fmt)

        print(check_json(root, [(e, origin.get(e.sort_key(), "content")) for e in report.errors]
                         + [(e, "scenario") for e in (found[1] if found else [])],
                         summary(report), found[0] if found else None, notes=read_as(report)))
        return 1 if report.errors or (found and found[1]) else 0
    on = colour()
    for error in [*report.errors, *(found[1] if found else [])]:
        print(problem(str(error), on))
    for reads_as in notes(report):
        print(reads_as)
    note = unrun_note(report.content)  # check never runs a pack's Python: say so once
    if note:
        print(note)
    print(summary(report))
    if found is not None:
        files = len(list(folder.glob("*.yaml")))
        problems = len(found[1])
        print(f"scenarios: {found[0]} in {files} file{'' if files == 1 else 's'}, "
              f"{problems} problem{'' if problems == 1 else 's'}")
    return 1 if report.errors or (found and found[1]) else 0


def read_as(report: Report) -> list[tuple[str, int, int, str]]:
    """(file, line, column, note) of each line read only once rewritten (ruling 20)."""
    return sorted((str(item.source.where), item.node.start_mark.line + 1,
                   item.node.start_mark.column + 1, item.note)
                  for item in report.written if getattr(item, "note", ""))


def notes(report: Report) -> list[str]:
    """'file:line:col: note: reads as ...' for each line read only once rewritten (ruling
    20): not a problem, so check still exits 0; ``prophecy fmt`` writes the canonical text."""
    return [f"{where}:{line}:{column}: note: {note}"
            for where, line, column, note in read_as(report)]


def _fit(content: Content, root: Path) -> list[ProphecyError]:
    """The faces that overflow; results are kept in the cache folder for the next check."""
    from prophecy.tools.cache import (  # deferred: start-up time (fmt)
        content_cache,
        read_json,
        write_json,
    )
    from prophecy.tools.fit import overflows  # deferred: start-up time (fmt)

    path = content_cache(root, "fit") / "faces.json"
    # a cache file is only a cache: an entry that is not (message, hint) or None is dropped
    known = {k: tuple(v) if v else None for k, v in read_json(path).items()
             if v is None or isinstance(v, list) and len(v) == 2
             and all(isinstance(x, str) for x in v)}
    results = dict(known)
    found = overflows(content, root, results)
    if results != known:
        write_json(path, {k: list(v) if v else None for k, v in results.items()})
    return found


def _faces(content: Content, layout_broken: bool) -> list[ProphecyError]:
    """What --no-fit leaves unmeasured is still read: each card's faces are made (not laid
    out), so a layout's template that names a field the card has not, or the reference
    template's typo, is found at its line; each problem once."""
    from prophecy.compiler.faces import card_faces  # deferred: start-up time (fmt)

    if layout_broken:
        return []
    found: dict[tuple[object, ...], ProphecyError] = {}
    for card in content.cards:
        try:
            card_faces(card, content)
        except ProphecyError as exc:
            found.setdefault((exc.where, exc.line, exc.column, exc.message), exc)
    return list(found.values())


def _layout(root: Path) -> list[ProphecyError]:
    """The layout's problems alone (the faces unmeasured)."""
    from prophecy.render.layoutfile import load_layout  # deferred: start-up time (fmt)

    try:
        load_layout(root)
    except ContentErrors as exc:
        return list(exc.errors)
    except ProphecyError as exc:
        return [exc]
    return []


def summary(report: Report) -> str:
    """'content/: 106 card designs (139 cards with copies: 72 arcana, ...), 250 effect
    lines, 0 problems': the folder checked comes first, so a check of the wrong folder
    is seen at once."""
    per_kind = counts(report.content)
    total = sum(per_kind.values())
    designs = len(report.content.cards)
    kinds = ", ".join(f"{n} {kind}" for kind, n in per_kind.items())
    lines = len(report.content.effect_lines())
    problems = len(report.errors)
    return (
        f"{_folder(report.content.root)}: {designs} card design{'' if designs == 1 else 's'} "
        f"({total} card{'' if total == 1 else 's'} with copies: {kinds}), {lines} effect "
        f"line{'' if lines == 1 else 's'}, "
        f"{problems} problem{'' if problems == 1 else 's'}"
    )


def _folder(root: Path | str) -> str:
    """The checked folder as the user would type it (``tools/pack.py``)."""
    return folder_shown(root)
