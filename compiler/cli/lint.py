"""`prophecy lint`: the content folder in, findings with stable codes out (exit 1 on errors).

Loads the content (a content that does not load gets the loader's errors and
exit 1), runs every check, applies the baseline when there is one, and prints
``file:line:col: CODE message (hint)`` lines sorted by place, then a summary.
``--fix`` applies the fixable findings' edits and lints again, up to a few
passes (one fix can make another possible). Warnings fail only with
``--strict``; a code whose count rose above the baseline always fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prophecy.compiler.cli.options import add_content, content_dir

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
    from prophecy.compiler.lint import RULES

    if args.list:
        for rule in sorted(RULES.values(), key=lambda r: r.code):
            print(f"{rule.code} {rule.severity.value:7} {rule.name}: {rule.summary}")
        return 0
    from prophecy.compiler.lint.baseline import (
        FILE_NAME,
        apply_baseline,
        read_baseline,
        write_baseline,
    )
    from prophecy.compiler.lint.report import Outcome, json_report, text_report

    root = content_dir(args)
    only = _codes(args.select, args.ignore, RULES)
    if args.write_baseline and (args.select or args.ignore):
        from prophecy.dsl.errors import UsageError

        raise UsageError("a baseline is written from a run of every code",
                            where="prophecy lint",
                            hint="drop --select and --ignore when writing the baseline")
    docs = args.docs if args.docs is not None else root.resolve().parent / "docs"
    baseline = args.baseline or root / FILE_NAME
    findings = _lint(root, docs, only)
    if findings is None:
        return 1
    fixed = 0
    if args.fix:
        fixed = _fix(root, docs, only, findings)
        findings = _lint(root, docs, only) if fixed else findings
        if findings is None:
            return 1
    if args.write_baseline:
        counts = write_baseline(baseline, findings)
        print(f"wrote {baseline}: {sum(counts.values())} findings in {len(counts)} codes")
        return 0
    counts = {} if args.no_baseline else read_baseline(baseline)
    counts = {code: n for code, n in counts.items() if code in only}
    outcome = Outcome(apply_baseline(findings, counts), args.strict, fixed)
    print(json_report(outcome, root) if args.json else text_report(outcome, root))
    return outcome.exit_code


def _codes(select: str, ignore: str, rules) -> list[str]:
    from prophecy.dsl.errors import UsageError

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


def _load(root: Path):
    """The content, or None after printing why it does not load."""
    from prophecy.compiler.model.loader import load_content
    from prophecy.dsl.errors import ProphecyError

    try:
        return load_content(root)
    except ProphecyError as exc:
        errors = getattr(exc, "errors", None) or [exc]
        for error in errors:
            print(error, file=sys.stderr)
        print(f"prophecy lint: the content does not load ({len(errors)} problems); "
              "fix them first ('prophecy check' lists them)", file=sys.stderr)
        return None


def _lint(root: Path, docs: Path, only: list[str]):
    from prophecy.compiler.lint import lint

    content = _load(root)
    return None if content is None else lint(content, root, docs, only)


def _fix(root: Path, docs: Path, only: list[str], findings: list) -> int:
    """Apply fixes until none is left (or a few passes); returns how many were made."""
    from prophecy.compiler.lint.fix import apply_edits

    total = 0
    for _ in range(FIX_PASSES):
        made = apply_edits(root, [f.fix for f in findings if f.fix is not None])
        total += made
        findings = _lint(root, docs, only) if made else None
        if not findings:
            break
    return total
