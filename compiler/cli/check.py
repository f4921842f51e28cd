"""`prophecy check`: a content folder in, every problem and a one-line summary out.

Problems are printed sorted by place, each as ``file:line:col: message`` with
the source line, a caret and a hint; the last line sums up the cards (copies
counted), the effect lines and the problems. Exit 0 when clean, 1 otherwise.
"""

from __future__ import annotations

import argparse

from prophecy.compiler.cli.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.compiler.model.loader import analyse

    report = analyse(content_dir(args))
    for error in report.errors:
        print(error)
    print(summary(report))
    return 1 if report.errors else 0


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
