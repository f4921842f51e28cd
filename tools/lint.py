"""`prophecy lint`: the content folder in, findings with stable codes out (exit 1 on errors).

Loads the content and runs every check on what loaded: problems that stop a
file or a card from loading are printed first (as ``prophecy check`` prints
them; the run exits 1), and the checks that count cards against the
component list stand aside while any card is missing. Then it applies the
baseline when there is one, and prints
``file:line:col: CODE message (hint)`` lines sorted by place, then a summary.
``--fix`` applies the fixable findings' edits and lints again, up to a few
passes (one fix can make another possible). Warnings fail only with
``--strict``; a code whose count rose above the baseline always fails.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prophecy.compiler.lint import RULES, lint
from prophecy.compiler.lint.baseline import FILE_NAME, apply_baseline, read_baseline, write_baseline
from prophecy.compiler.lint.fix import apply_edits
from prophecy.compiler.lint.report import Outcome, json_report, text_report
from prophecy.compiler.model.files import resolved
from prophecy.compiler.model.loader import analyse
from prophecy.dsl.errors import UsageError
from prophecy.tools.options import add_content, content_dir

if TYPE_CHECKING:
    from prophecy.compiler.lint import Finding

FIX_PASSES = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_content(parser)
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument("--fix", action="store_true", help="rewrite what can be fixed, in place")
    parser.add_argument("--strict", action="store_true", help="warnings fail the run too")
    parser.add_argument("--select", metavar="CODES", default="",
                        help="only these codes or prefixes, comma-separated (PL2,PL301)")
    parser.add_argument("--ignore", metavar="CODES", default="",
                        help="skip these codes or prefixes, comma-separated")
    parser.add_argument("--docs", metavar="DIR", type=Path, default=None,
                        help="Markdown documents to check too (default: docs/ beside the content)")
    parser.add_argument("--baseline", metavar="FILE", type=Path, default=None,
                        help="the baseline file (default: lint-baseline.json in the content)")
    parser.add_argument("--no-baseline", action="store_true", help="ignore the baseline file")
    parser.add_argument("--write-baseline", action="store_true",
                        help="record the current findings as the baseline, then exit 0")
    parser.add_argument("--list", action="store_true", help="list every code and exit")


def run(args: argparse.Namespace) -> int:
    from prophecy.tools import probe  # noqa: F401  (registers the checks that play games)

    if args.list:
        for rule in sorted(RULES.values(), key=lambda r: r.code):
            print(f"{rule.code} {rule.severity.value:7} {rule.name}: {rule.summary}")
        return 0

    root = content_dir(args)
    only = _codes(args.select, args.ignore, RULES)
    if args.write_baseline and (args.select or args.ignore):
        raise UsageError("a baseline is written from a run of every code",
                            where="prophecy lint",
                            hint="drop --select and --ignore when writing the baseline")
    docs = args.docs if args.docs is not None else resolved(root).parent / "docs"
    baseline = args.baseline or root / FILE_NAME
    findings, broken = _lint(root, docs, only)
    fixed = 0
    if args.fix and findings is not None:
        fixed = _fix(root, docs, only, findings)
        if fixed:
            findings, broken = _lint(root, docs, only)
    _say_problems(broken, findings is not None)
    if findings is None:
        return 1
    if args.write_baseline and broken:
        print("prophecy lint: no baseline is written while some cards do not load",
              file=sys.stderr)
        return 1
    if args.write_baseline:
        counts = write_baseline(baseline, findings)
        print(f"wrote {baseline}: {sum(counts.values())} findings in {len(counts)} codes")
        return 0
    counts = {} if args.no_baseline else read_baseline(baseline)
    counts = {code: n for code, n in counts.items() if code in only}
    outcome = Outcome(apply_baseline(findings, counts), args.strict, fixed)
    print(json_report(outcome, root) if args.json else text_report(outcome, root))
    return 1 if broken else outcome.exit_code


def _codes(select: str, ignore: str, rules: Mapping[str, Any]) -> list[str]:
    def prefixes(text: str) -> list[str]:
        words = [w.strip().upper() for w in text.split(",") if w.strip()]
        for w in words:
            if not any(code.startswith(w) for code in rules):
                raise UsageError(f"no lint code starts with '{w}'",
                                    where="prophecy lint",
                                    hint="'prophecy lint --list' shows the codes")
        return words

    chosen, skipped = prefixes(select), prefixes(ignore)
    return [c for c in rules if (not chosen or c.startswith(tuple(chosen)))
            and not c.startswith(tuple(skipped) or ("\0",))]


#: Checks that count the cards: they would count a card that failed to load as missing.
COUNTING = ("PL501", "PL502", "PL505")


def _lint(root: Path, docs: Path, only: list[str]) -> tuple[Any, list[Any]]:
    """Findings on what of the content loads (None if nothing can be linted), and its problems."""
    report = analyse(root)
    game_broken = any(Path(e.where).name == "game.yaml" for e in report.errors)
    if report.errors and (game_broken or not report.content.cards):
        return None, report.errors
    codes = [c for c in only if not (report.errors and c in COUNTING)]
    return lint(report.content, root, docs, codes), report.errors


def _say_problems(errors: list[Any], linted: bool) -> None:
    """The problems that stop cards from loading, once, to stderr."""
    for error in errors:
        print(error, file=sys.stderr)
    count = f"{len(errors)} problem{'s' if len(errors) != 1 else ''}"
    if not linted:
        print(f"prophecy lint: the content does not load ({count}); "
              "fix them first ('prophecy check' lists them)", file=sys.stderr)
    elif errors:
        print(f"prophecy lint: {count} stop some cards from loading (above); the findings "
              f"below are on the rest, without the card counts ({', '.join(COUNTING)})",
              file=sys.stderr)


def _fix(root: Path, docs: Path, only: list[str], findings: list[Finding]) -> int:
    """Apply fixes until none is left (or a few passes); returns how many were made."""
    total = 0
    for _ in range(FIX_PASSES):
        made = apply_edits(root, [f.fix for f in findings if f.fix is not None])
        total += made
        if not made:
            break
        findings = _lint(root, docs, only)[0]
        if not findings:
            break
    return total
