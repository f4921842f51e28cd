"""Fixtures of the content suite: a copy of the minimal content folder, with overrides.

The minimal folder and the defect folders state only what they change: their kinds are the
bundled game's, put under their game.yaml as they are copied (``with_bundled_kinds``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ..conftest import with_bundled_kinds

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MINIMAL = FIXTURES / "minimal"
DEFECTS = FIXTURES / "defects"
#: Files of a defect folder that describe the case instead of overriding content.
CASE_FILES = ("expected.txt", "delete.txt")


def overlay(target: Path, case: Path) -> None:
    """Copy a defect folder's files over a content folder and delete what it lists."""
    for path in sorted(case.rglob("*")):
        if path.is_file() and path.name not in CASE_FILES:
            destination = target / path.relative_to(case)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
    listed = case / "delete.txt"
    if listed.is_file():
        for rel in listed.read_text(encoding="utf-8").split():
            (target / rel).unlink()


@pytest.fixture
def make_content(tmp_path: Path) -> Callable[..., Path]:
    """A fresh copy of the minimal content; a defect folder and/or {file: text} on top."""

    def make(case: Path | None = None, files: dict[str, str | bytes] | None = None) -> Path:
        target = tmp_path / "content"
        shutil.copytree(MINIMAL, target)
        if case is not None:
            overlay(target, case)
        with_bundled_kinds(target)
        for rel, text in (files or {}).items():
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            data = text if isinstance(text, bytes) else text.encode("utf-8")
            path.write_bytes(data)
        return target

    return make
