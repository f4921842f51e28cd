"""`prophecy fmt`: rewrite non-canonical effect lines in the content files in place.

Only the text of each non-canonical value changes (effect lines, and names
or enum values written in another casing); comments, order, quoting and
spacing of everything else stay byte for byte. ``--check`` writes nothing,
lists ``file:line:col: 'old' -> 'new'`` and exits 1 when anything would
change. Problems in the content are reported as ``prophecy check`` does;
every line that did parse is still rewritten, and the exit code is 1.
"""

from __future__ import annotations

import argparse

from prophecy.compiler.model.files import sweep_temporaries
from prophecy.compiler.model.fmt import plan, rewrite
from prophecy.compiler.model.loader import analyse
from prophecy.tools.check import summary
from prophecy.tools.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check", action="store_true", help="only list what would change; exit 1 if anything would"
    )
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    root = content_dir(args)
    sweep_temporaries(root, "*.yaml")  # what a killed run of fmt or lint --fix left behind
    report = analyse(root)
    for error in report.errors:
        print(error)
    if report.errors:
        print(summary(report))
    changes = plan(report.written)
    problems = len(report.errors)
    left = f"; {problems} problem{_s(problems)} left to fix" if problems else ""
    if args.check:
        for change in changes:
            print(change)
        count = len(changes)
        print(f"fmt: {count} value{_s(count)} would change{left}")
        return 1 if changes or problems else 0
    files, refused = rewrite(changes)
    for error in refused:
        print(error)
    lines = sum(1 for c in changes if c.source.path in files)
    count = len(files)
    print(f"fmt: {lines} value{_s(lines)} rewritten in {count} file{_s(count)}{left}")
    return 1 if problems or refused else 0


def _s(count: int) -> str:
    return "" if count == 1 else "s"
