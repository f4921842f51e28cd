"""`prophecy fmt`: rewrite non-canonical effect lines in the content files in place.

Only the text of each non-canonical effect line changes; comments, order,
quoting and spacing of everything else stay byte for byte. ``--check`` writes
nothing, lists ``file:line:col: 'old' -> 'new'`` and exits 1 when anything
would change. Content with problems is reported as ``prophecy check`` does,
and nothing is written.
"""

from __future__ import annotations

import argparse

from prophecy.compiler.cli.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check", action="store_true", help="only list what would change; exit 1 if anything would"
    )
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.compiler.cli.check import summary
    from prophecy.compiler.model.fmt import plan, rewrite
    from prophecy.compiler.model.loader import analyse

    report = analyse(content_dir(args))
    if report.errors:
        for error in report.errors:
            print(error)
        print(summary(report))
        print("fmt: nothing written; fix the problems first")
        return 1
    changes = plan(report.written)
    if args.check:
        for change in changes:
            print(change)
        count = len(changes)
        print(f"fmt: {count} effect line{_s(count)} would change")
        return 1 if changes else 0
    files = rewrite(changes)
    lines, count = len(changes), len(files)
    print(f"fmt: {lines} effect line{_s(lines)} rewritten in {count} file{_s(count)}")
    return 0


def _s(count: int) -> str:
    return "" if count == 1 else "s"
