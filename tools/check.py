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
Run as its own process (the ``prophecy`` command), a check keeps what it said with what
it read (``compiler/model/inputs.py``: every file opened, folder listed and path looked
for, and the code imported); the next check asked the same way, while none of that has
changed, says it again without loading anything, as mypy and ruff do with their caches.
A line read only once rewritten to its one meaning (ruling 20) is not a problem: it
is shown as ``file:line:col: note: reads as '...'`` (``prophecy fmt`` writes it).
Exit 0 when clean, notes or not; 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from prophecy.compiler.model.files import write_atomic
from prophecy.dsl.errors import ContentErrors, ProphecyError
from prophecy.tools import _is_the_command
from prophecy.tools.options import add_content, content_dir
from prophecy.tools.pack import folder_shown
from prophecy.tools.terminal import colour, problem

if TYPE_CHECKING:
    from prophecy.compiler.model import Content
    from prophecy.compiler.model.inputs import Recording
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
    from prophecy.tools.cache import cache_root, content_cache  # deferred: start-up time

    root = content_dir(args)
    kept = content_cache(root, "check")
    if not _says_again():
        from prophecy.compiler.model import memo  # deferred: start-up time (above)

        with memo.kept(kept / "memo.pickle"):
            return _check(args, root)
    key = _said_key(args, root)
    said = _said_before(kept / SAID, key)
    if isinstance(said, tuple):  # nothing it read has changed: what it said holds
        sys.stdout.write(said[0])
        return said[1]
    from prophecy.compiler.model import inputs, memo  # deferred: start-up time (above)

    if said is not None and inputs.unsettled(said):
        # a file it read was written just now (an editor's save, then check): this run
        # could not be kept, so what it reads is not noted either
        with memo.kept(kept / "memo.pickle"):
            return _check(args, root)
    cache = cache_root()
    # what this check works out once (schemas met, lines parsed, the layout's checks) is
    # kept for the next one on this folder
    with inputs.recording([str(cache), os.path.realpath(cache)]) as read, \
            _Tee("stdout") as out, _Tee("stderr") as err, memo.kept(kept / "memo.pickle"):
        code = _check(args, root)
    if not err.parts:  # a warning is not said again: that run is not kept
        _keep_said(kept / SAID, key, read, "".join(out.parts), code)
    return code


#: Whether a check keeps what it said and read, and says it again while nothing it read
#: has changed: None for the ``prophecy`` command run as its own process only. Code that
#: calls a check in its own process may have changed the code under it (a test's
#: monkeypatch), which no file shows.
SAY_AGAIN: bool | None = None


def _says_again() -> bool:
    if SAY_AGAIN is not None:
        return SAY_AGAIN
    return _is_the_command()


#: The file of the cache folder that keeps what the last check said and what it read.
SAID = "said.marshal"
#: Changed when what that file holds changes shape.
SAID_VERSION = 1
#: Variables of the environment that change from one shell command to the next and say
#: nothing to a check.
_VOLATILE = frozenset({"OLDPWD", "PWD", "SHLVL", "_"})


def _said_key(args: argparse.Namespace, root: Path) -> tuple[Any, ...]:
    """Everything besides the files it reads that what a check says depends on: the way it
    was asked (the folder as named, from where, --json, --no-fit, colour), the Python that
    runs it and the environment."""
    stdout = sys.stdout
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k not in _VOLATILE))
    return (SAID_VERSION, sys.version, sys.executable, tuple(sys.path), tuple(sys.flags),
            os.getcwd(), str(root), bool(args.json), bool(args.no_fit), colour(),
            str(getattr(stdout, "encoding", "")), str(getattr(stdout, "errors", "")), env)


def _said_before(path: Path, key: tuple[Any, ...]) -> tuple[str, int] | str | None:
    """What the last check said and its exit code, when it was asked the same way and
    nothing it read (``compiler/model/inputs.py``) has changed since; else the first
    input that changed, or None."""
    import binascii
    import marshal

    try:
        blob = path.read_bytes()
        kept = marshal.loads(blob[4:]) if int.from_bytes(blob[:4], "big") == binascii.crc32(
            blob[4:]) else None
    except (OSError, EOFError, ValueError, TypeError):
        return None  # a cache file is only a cache
    if not (isinstance(kept, tuple) and len(kept) == 4 and kept[0] == key
            and isinstance(kept[1], list) and isinstance(kept[2], str)
            and type(kept[3]) is int):
        return None
    from prophecy.compiler.model.inputs import changed  # deferred: start-up time (above)

    try:
        found = changed(kept[1])
    except Exception:  # noqa: BLE001 - a state of another shape: only a cache
        return None
    return (kept[2], kept[3]) if found is None else found


def _keep_said(path: Path, key: tuple[Any, ...], read: Recording, said: str, code: int) -> None:
    """Keep what a check said, with what it read; a run whose inputs were written while it
    read them keeps nothing (and a file kept before goes: it no longer holds)."""
    import binascii
    import contextlib
    import marshal

    states = read.states()
    with contextlib.suppress(OSError):
        if states is None:
            path.unlink(missing_ok=True)
            return
        body = marshal.dumps((key, states, said, code))
        write_atomic(path, binascii.crc32(body).to_bytes(4, "big") + body, durable=False)


class _Tee:
    """While the block runs, what is written to ``sys.stdout`` (or ``sys.stderr``) is also
    kept in ``parts``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.parts: list[str] = []
        self.stream: TextIO = getattr(sys, name)

    def __enter__(self) -> _Tee:
        self.stream = getattr(sys, self.name)
        setattr(sys, self.name, self)
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(sys, self.name, self.stream)

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _check(args: argparse.Namespace, root: Path) -> int:
    from prophecy.compiler.model.loader import analyse  # deferred: start-up time (above)
    from prophecy.compiler.model.plugins import unrun_note  # deferred: start-up time (above)

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
    from prophecy.compiler.model.loader import counts  # deferred: start-up time (check)

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
