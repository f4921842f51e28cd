"""`prophecy check`: a content folder in, every problem and a one-line summary out.

Problems are printed sorted by place, each as ``file:line:col: message`` with
the source line, a caret and a hint; the last line sums up the cards (copies
counted), the effect lines and the problems. Besides the loader's checks
(schemas, effect lines, names) every card face is measured against the
layout, and each one whose text does not fit is reported at its card
(``cli/fit.py``; results are kept in the cache folder, so an unchanged face
is measured once); ``--no-fit`` skips that, the layout itself is checked
either way. The scenario files of ``scenarios/`` are checked too (schema,
names, tables, moves; not played) and summed up on a line of their own; a
clean result is kept in the cache folder until a file or the code changes.
Exit 0 when clean, 1 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from prophecy.compiler.cli.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-fit", action="store_true",
                        help="do not measure the text of each card face against the layout")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.compiler.model.loader import analyse

    root = content_dir(args)
    report = analyse(root)
    rules_broken = any(str(e.where).endswith("game.yaml") for e in report.errors)
    if not args.no_fit and report.content.cards and not rules_broken:
        overflow = _fit(report.content, root)
    else:  # faces drawn from broken rules would only repeat game.yaml's problems
        overflow = _layout(root)
    unique = {e.sort_key(): e for e in [*report.errors, *overflow]}
    report.errors = [unique[k] for k in sorted(unique)]
    folder = root / "scenarios"
    found = scenarios(report, folder, root) if folder.is_dir() else None
    for error in [*report.errors, *(found[1] if found else [])]:
        print(error)
    print(summary(report))
    if found is not None:
        files = len(list(folder.glob("*.yaml")))
        problems = len(found[1])
        print(f"scenarios: {found[0]} in {files} file{'' if files == 1 else 's'}, "
              f"{problems} problem{'' if problems == 1 else 's'}")
    return 1 if report.errors or (found and found[1]) else 0


def scenarios(report: Any, folder: Path, root: Path) -> tuple[int, list[Any]]:
    """(how many scenarios, their problems): checked in full once the content is clean.

    A clean result is kept in the cache folder under a digest of every file of
    the content folder and of the code that checks it, so a second check of
    the same files and code reads it instead of laying out every table again.
    """
    from prophecy.compiler.cli.cache import content_cache, read_json, write_json

    if report.errors:
        from prophecy.engine.scenarios import source

        found, problems = source.read_files([folder])
        return len(found), problems
    path = content_cache(root, "scenarios") / "clean.json"
    key = _digest(root)
    known = read_json(path)
    if key is not None and known.get("key") == key and isinstance(known.get("count"), int):
        return known["count"], []
    from prophecy.engine.scenarios import runner

    count, problems = runner.check(report.content, [folder])
    if not problems and key is not None:
        write_json(path, {"key": key, "count": count})
    return count, problems


def _digest(root: Path) -> str | None:
    """A digest of the content folder's files and of the package's code (None: unreadable).

    The files are digested as the Dask executor digests what it ships; the code
    is named by each source file's path, size and modification time, as make
    does: an installed package changes only when it is installed again.
    """
    import hashlib

    import prophecy.compiler
    import prophecy.dsl
    import prophecy.engine
    from prophecy.engine.executors import content_files, digest

    try:
        h = hashlib.sha256(digest(content_files(root)).encode())
    except OSError:
        return None
    for package in (prophecy.dsl, prophecy.compiler, prophecy.engine):
        for base in package.__path__:
            for path in sorted(Path(base).rglob("*.py")):
                st = path.stat()
                h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0".encode(
                    "utf-8", "surrogateescape"))
    return h.hexdigest()


def _fit(content, root) -> list:
    """The faces that overflow; results are kept in the cache folder for the next check."""
    from prophecy.compiler.cli.cache import content_cache, read_json, write_json
    from prophecy.compiler.cli.fit import overflows

    path = content_cache(root, "fit") / "faces.json"
    known = {k: tuple(v) if v else None for k, v in read_json(path).items()}
    results = dict(known)
    found = overflows(content, root, results)
    if results != known:
        write_json(path, {k: list(v) if v else None for k, v in results.items()})
    return found


def _layout(root) -> list:
    """The layout's problems alone (the faces unmeasured)."""
    from prophecy.dsl.errors import ContentErrors, ProphecyError
    from prophecy.render.layoutfile import load_layout

    try:
        load_layout(root)
    except ContentErrors as exc:
        return list(exc.errors)
    except ProphecyError as exc:
        return [exc]
    return []


def summary(report) -> str:
    """'content: 139 cards (72 arcana, ...), 250 effect lines, 0 problems'."""
    from prophecy.compiler.model.loader import counts

    per_kind = counts(report.content)
    total = sum(per_kind.values())
    kinds = ", ".join(f"{n} {kind}" for kind, n in per_kind.items())
    lines = len(report.content.effect_lines())
    problems = len(report.errors)
    return (
        f"content: {total} cards ({kinds}), {lines} effect lines, "
        f"{problems} problem{'' if problems == 1 else 's'}"
    )
