"""The rules-text linter: loaded ``Content`` in, sorted findings with stable codes out.

``lint(content, root)`` runs every registered check (``compiler/lint/*.py``,
one small function each) and returns its findings sorted by place. Codes,
severities and summaries are in ``RULES``; ``docs/lint.md`` explains each.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from prophecy.compiler.lint import (  # noqa: F401  (importing a module registers its checks)
    balance,
    components,
    faces,
    inplay,
    numbers,
    requirements,
    rulings,
    terms,
    wording,
)
from prophecy.compiler.lint.core import (
    CHECKS,
    RULES,
    Context,
    Edit,
    Finding,
    Rule,
    Severity,
    run_checks,
)
from prophecy.compiler.model import Content

__all__ = ["CHECKS", "RULES", "Context", "Edit", "Finding", "Rule", "Severity", "lint"]


def lint(
    content: Content,
    root: Path | str | None = None,
    docs: Path | None = None,
    only: Iterable[str] | None = None,
) -> list[Finding]:
    """Every finding on ``content`` (whose files are under ``root``), sorted by place.

    ``docs`` is the folder of Markdown documents to read as well (none by
    default); ``only`` limits the run to some codes.
    """
    ctx = Context(content, Path(root if root is not None else content.root), docs)
    unique = {(f.code, f.place, f.message): f for f in run_checks(ctx, only)}
    return sorted(unique.values(), key=Finding.sort_key)
