"""`prophecy test`: scenario files in, 'PASS id' or 'FAIL id: expected ..., got ...' out.

Runs the scenarios of ``content/scenarios/`` (or the files and folders named)
against the content and prints one verdict per scenario, each failure with
the place of the expectation it breaks, then a summary. Exit 0 when every
scenario passes, 1 when one fails or a scenario file has a mistake, 2 when
``-k`` selects nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from prophecy.compiler.model import loader
from prophecy.compiler.model.files import resolved
from prophecy.compiler.model.loader import base_root
from prophecy.compiler.model.plugins import require_engine
from prophecy.dsl.errors import UsageError
from prophecy.engine.scenarios import runner
from prophecy.tools.options import add_content, content_dir
from prophecy.tools.pack import folder_shown
from prophecy.tools.results import test_json, write_junit
from prophecy.tools.terminal import colour, problem, verdict
from prophecy.tools.trust import add_trust_flag, apply_trust

if TYPE_CHECKING:
    from prophecy.compiler.model import Content
    from prophecy.engine.scenarios.runner import Report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_trust_flag(parser)
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="scenario files or folders (default: the content's scenarios/)")
    add_content(parser)
    parser.add_argument("-k", dest="select", action="append", default=[], metavar="ID",
                        help="run only the scenarios whose id contains ID (repeatable)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print only what fails and the summary")
    parser.add_argument("--json", action="store_true",
                        help="print each scenario's verdict as JSON (id, status, file, line, "
                        "column, code, message, fix), for scripts and CI")
    parser.add_argument("--junit", metavar="FILE", type=Path, default=None,
                        help="also write the verdicts as JUnit XML, which CI services read")


def run(args: argparse.Namespace) -> int:
    root = content_dir(args)
    content = loader.load_content(root)
    apply_trust(args)  # --trust: the folder's engine.py runs this once
    require_engine(content, "test")
    paths, base = _scenario_folders(content, root, args.paths)
    report = runner.run(content, paths, args.select)
    if args.select and not report.outcomes and not report.problems:
        raise UsageError(f"no scenario id contains {' or '.join(map(repr, args.select))}",
                         where="prophecy test", hint="run 'prophecy test' to list every id")
    if args.junit is not None:
        write_junit(args.junit, report)
    origin = _origin(report, base, root) if base is not None else None
    if args.json:
        print(test_json(report, origin))
    else:
        _say(report, args.quiet)
        if origin is not None and base is not None:
            print(f"of these, {origin['base']} from the base game's scenarios "
                  f"({_shown(base)}) and {origin['own']} from this pack's "
                  f"({_shown(root / 'scenarios')}), each played with the expansion's cards")
    return 0 if report.ok else 1


def _scenario_folders(content: Content, root: Path,
                      given: list[Path]) -> tuple[list[Path], Path | None]:
    """The scenario files to run, and the base game's scenarios/ folder among them: an
    expansion's own and its base game's (its cards must keep the base game's rulings)."""
    own = root / "scenarios"
    folder = base_root(content)
    if given or folder is None or not (folder / "scenarios").is_dir():
        return given or [own], None
    base = folder / "scenarios"
    return ([base, own] if own.is_dir() else [base]), base


def _origin(report: Report, base: Path, root: Path) -> dict[str, int]:
    """How many of the scenarios run came from the base game's folder, how many from the
    pack's own."""
    inside = resolved(base)
    from_base = sum(1 for o in report.outcomes
                    if resolved(o.scenario.item.src.path).is_relative_to(inside))
    return {"base": from_base, "own": len(report.outcomes) - from_base}


def _shown(folder: Path) -> str:
    return folder_shown(folder)


def _say(report: Report, quiet: bool) -> None:
    """Each problem and verdict (coloured on a terminal), then the summary."""
    on = colour()
    for found in report.problems:
        print(problem(str(found), on))
    for outcome in report.outcomes:
        if not (quiet and outcome.status == runner.PASS):
            print("\n".join(verdict(line, on) for line in outcome.lines()))
    print(report.summary())
