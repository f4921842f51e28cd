"""`prophecy check`: a content folder in, every problem and a one-line summary out.

Problems are printed sorted by place, each as ``file:line:col: message`` with
the source line, a caret and a hint; the last line sums up the cards (copies
counted), the effect lines and the problems. The scenario files of
``scenarios/`` are checked too (schema, names, tables, moves; not played) and
summed up on a line of their own. Exit 0 when clean, 1 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from prophecy.compiler.cli.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.compiler.model.loader import analyse

    root = content_dir(args)
    report = analyse(root)
    folder = root / "scenarios"
    found = scenarios(report, folder) if folder.is_dir() else None
    for error in [*report.errors, *(found[1] if found else [])]:
        print(error)
    print(summary(report))
    if found is not None:
        files = len(list(folder.glob("*.yaml")))
        problems = len(found[1])
        print(f"scenarios: {found[0]} in {files} file{'' if files == 1 else 's'}, "
              f"{problems} problem{'' if problems == 1 else 's'}")
    return 1 if report.errors or (found and found[1]) else 0


def scenarios(report: Any, folder: Path) -> tuple[int, list[Any]]:
    """(how many scenarios, their problems): checked in full once the content is clean."""
    from prophecy.engine.scenarios import runner, source

    if report.errors:
        found, problems = source.read_files([folder])
        return len(found), problems
    return runner.check(report.content, [folder])


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
