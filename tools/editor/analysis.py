"""Problems for an editor: a content folder and the unsaved texts of its files in, problems out.

This is ``prophecy check``, the text-fit check and ``prophecy lint`` run on
the files as the editor has them (saved or not), each problem placed at its
exact line and column (inside an effect line's string: the bad word), with
its hint and, where there is one, its fixes: the canonical text of a line
that ``prophecy fmt`` would rewrite, the word a "did you mean" suggests, a
lint finding's own fix. Lines and columns are 1-based, as everywhere in the
project; the language server turns them into the editor's positions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prophecy.compiler.lint import core
from prophecy.compiler.model.files import resolved
from prophecy.compiler.model.fmt import plan
from prophecy.compiler.model.loader import analyse
from prophecy.dsl.errors import ProphecyError
from prophecy.tools.fit import overflows

_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")


@dataclass(frozen=True)
class Fix:
    """Replace the text from (line, column) to (end_line, end_column), 1-based, with ``new``."""

    title: str
    line: int
    column: int
    end_line: int
    end_column: int
    new: str


@dataclass(frozen=True)
class Problem:
    """One problem in one file, for the editor."""

    path: Path
    line: int
    column: int
    length: int
    message: str
    hint: str = ""
    source: str = "prophecy check"
    code: str = ""
    severity: str = "error"  # error, warning, information
    fixes: tuple[Fix, ...] = ()


@dataclass
class Result:
    """Every problem of a content folder, by file, and what was loaded."""

    problems: dict[Path, list[Problem]] = field(default_factory=dict)
    content: Any = None
    written: list[Any] = field(default_factory=list)


def content_root(path: Path) -> Path | None:
    """The content folder a file belongs to: the nearest folder above it with a game.yaml."""
    for folder in [path.parent, *path.parent.parents]:
        if (folder / "game.yaml").is_file():
            return folder
    return None


def analyse_folder(root: Path, texts: Mapping[Path, str], fit: MutableMapping[str, Any],
                   lint: bool = True) -> Result:
    """Check, fit and lint the folder with the unsaved ``texts``; ``fit`` keeps face results."""
    report = analyse(root, texts)
    out = Result(content=report.content, written=report.written)
    errors = list(report.errors)
    if report.content.cards:
        errors += overflows(report.content, root, fit)
    for error in errors:
        _add(out, _from_error(error))
    for item in report.written:
        found = _canonical(item)
        if found is not None:
            _add(out, found)
    if lint and not report.errors:
        for problem in _lint(report, root, texts):
            _add(out, problem)
    return out


def _add(out: Result, problem: Problem) -> None:
    out.problems.setdefault(resolved(problem.path), []).append(problem)


def _from_error(error: ProphecyError) -> Problem:
    fixes: tuple[Fix, ...] = ()
    found = _DID_YOU_MEAN.search(error.hint or "")
    if found and error.line and error.length > 0:
        end = error.column + error.length
        fixes = (Fix(f"Replace with '{found.group(1)}'", error.line, error.column, error.line,
                     end, found.group(1)),)
    return Problem(Path(error.where), max(1, error.line), max(1, error.column),
                   max(1, error.length), error.message, error.hint, fixes=fixes)


def _canonical(item: Any) -> Problem | None:
    """An effect line that ``prophecy fmt`` would rewrite, with the rewrite as its fix."""
    changes = plan([item])
    if not changes:
        return None
    change = changes[0]
    text = change.source.text
    line, column = _place(text, change.start)
    end_line, end_column = _place(text, change.end - _tail(text[change.start:change.end]))
    new = change.replacement.rstrip("\r\n")
    note = getattr(item, "note", "")  # read only once rewritten (ruling 20): say as what
    message = note or f"not in canonical form: '{change.new}'"
    return Problem(change.source.path, line, column, max(1, end_column - column) if
                   end_line == line else 1, message,
                   "prophecy fmt rewrites it", "prophecy fmt", severity="information",
                   fixes=(Fix("Write the canonical text", line, column, end_line, end_column,
                              new),))


def _tail(raw: str) -> int:
    """The line breaks a block scalar's span ends with (kept out of the replaced range)."""
    return len(raw) - len(raw.rstrip("\r\n"))


def _place(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of a character offset in ``text``."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


def _lint(report: Any, root: Path, texts: Mapping[Path, str]) -> list[Problem]:
    from prophecy.tools import probe  # noqa: F401  (registers the checks that play games)

    unsaved = {}
    for path, text in texts.items():
        try:
            unsaved[resolved(path).relative_to(resolved(root)).as_posix()] = text.splitlines()
        except ValueError:
            continue
    ctx = core.Context(report.content, root, None, _texts=unsaved)
    unique = {(f.code, f.place, f.message): f for f in core.run_checks(ctx)}
    return [_from_finding(f, root, report) for f in unique.values()]


def _from_finding(finding: Any, root: Path, report: Any) -> Problem:
    place = finding.place
    severity = "error" if finding.severity.value == "error" else "warning"
    fixes: tuple[Fix, ...] = ()
    if finding.fix is not None:
        fixes = _lint_fix(finding.fix, report)
    return Problem(root / place.file, place.line, place.column, 1, finding.message,
                   finding.hint, "prophecy lint", finding.code, severity, fixes)


def _lint_fix(edit: Any, report: Any) -> tuple[Fix, ...]:
    """A lint edit as a text replacement: a whole effect line as fmt quotes it, or a word."""
    from dataclasses import replace

    place = edit.place
    if edit.effect:
        for item in report.written:
            if (item.source.rel, item.node.start_mark.line + 1, item.text) == (
                    place.file, place.line, edit.old):
                found = _canonical(replace(item, canonical=edit.new))
                return found.fixes if found else ()
        return ()
    return (Fix(f"Replace with '{edit.new}'", place.line, place.column, place.line,
                place.column + len(edit.old), edit.new),)
