"""A content file that composed and met its schema cleanly is kept (``compiler/model/memo.py``'s
``file`` table, ``loader._load_file``): the next check reads its nodes and data back instead
of composing and checking it again, and what it finds is what working it out would find.
Each test makes the kept result wrong if it were used where it must not be."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model import loader, memo
from prophecy.compiler.model.files import bundled_content


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    return root


def _analyse(root: Path, kept: Path) -> tuple[loader.Report, list[str]]:
    """A check as a new process makes it, with the memo file ``kept``: the report, and the
    files it composed."""
    composed: list[str] = []
    real = loader.compose

    def counting(src, *args):  # type: ignore[no-untyped-def]
        composed.append(src.rel)
        return real(src, *args)

    memo.forget()
    with pytest.MonkeyPatch.context() as m, memo.kept(kept):
        m.setattr(loader, "compose", counting)
        report = loader.analyse(root)
    memo.forget()
    return report, composed


def _said(report: loader.Report) -> list[str]:
    return [str(e) for e in report.errors]


def test_an_unchanged_file_is_not_composed_again_and_loads_the_same(game, tmp_path):
    kept = tmp_path / "memo.pickle"
    first, composed = _analyse(game, kept)
    assert "game.yaml" in composed and len(composed) >= 13
    again, composed = _analyse(game, kept)
    assert composed == []
    assert again.content == first.content and _said(again) == _said(first) == []
    assert [c.place for c in again.content.cards] == [c.place for c in first.content.cards]
    # each load its own data: a card's fields are not shared with another run's
    assert again.content.cards[0].fields is not first.content.cards[0].fields


def test_an_edited_file_alone_is_composed_again_and_its_problem_found(game, tmp_path):
    kept = tmp_path / "memo.pickle"
    _analyse(game, kept)
    path = game / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    copies: 2\n", "    copies: two\n", 1), encoding="utf-8")
    report, composed = _analyse(game, kept)
    assert composed == ["arcana/necromancy.yaml"]
    assert any("'copies' must be" in e for e in _said(report))
    # a file with a problem is never kept: it is composed each time, its problem said
    report, composed = _analyse(game, kept)
    assert composed == ["arcana/necromancy.yaml"]
    assert any("'copies' must be" in e for e in _said(report))
    path.write_text(text, encoding="utf-8")
    report, composed = _analyse(game, kept)
    assert composed == [] and _said(report) == []


def test_the_same_text_under_another_name_is_placed_in_its_own_file(game, tmp_path):
    kept = tmp_path / "memo.pickle"
    _analyse(game, kept)
    shutil.copy(game / "deeds" / "necromancy.yaml", game / "deeds" / "zz.yaml")
    report, composed = _analyse(game, kept)
    assert composed == ["deeds/zz.yaml"]
    duplicates = [e for e in report.errors if "duplicate card name" in e.message]
    assert duplicates and all(str(e.where).endswith("zz.yaml") for e in duplicates)


def test_a_file_is_checked_again_against_a_schema_that_changed(game, tmp_path):
    """game.yaml's kinds make each file's schema: a file kept under the old schema is checked
    against the new one (an Arcana card of two types, once a card may have only one)."""
    kept = tmp_path / "memo.pickle"
    _analyse(game, kept)
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "list: true, min: 1, max: 3, required: true,\n              title: Card types"
    assert old in text
    path.write_text(text.replace(old, old.replace("max: 3", "max: 1")), encoding="utf-8")
    report, composed = _analyse(game, kept)
    assert "arcana/necromancy.yaml" in composed  # its schema changed: checked again
    assert any("arcana/" in str(e.where) and "types" in e.message for e in report.errors)


def test_the_code_the_kept_results_are_made_by_includes_the_word_lists(monkeypatch):
    """A line parsed with other word lists or another grammar is not read back: memo's salt
    names dsl/'s data files as well as its modules."""
    import os
    from pathlib import Path as P

    monkeypatch.setattr(memo, "_SALT", [])
    before = memo.salt()
    real = P.stat

    def later(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        found = real(self, *args, **kwargs)
        if self.name in ("words.txt", "grammar.lark"):
            values = list(found)
            values[6] += 1  # a word list written since: another size, another time
            return os.stat_result(values)
        return found

    monkeypatch.setattr(P, "stat", later)
    monkeypatch.setattr(memo, "_SALT", [])
    assert memo.salt() != before
