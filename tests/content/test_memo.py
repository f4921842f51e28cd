"""What `prophecy check` keeps between runs (``compiler/model/memo.py``) never changes what
it finds: each kept result is read under a key of everything it depends on, only with the
code that made it, and a damaged file of them is only a slower check."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest
from PIL import Image

from prophecy.compiler.model import memo
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import analyse
from prophecy.tools import main
from prophecy.tools.cache import content_cache


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled content, checked once with a cache folder of its own."""
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "cache"))
    memo.forget()
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    assert main(["check", "--content", str(root)]) == 0
    memo.forget()  # each check below starts as a new process does: from the file alone
    return root


def _kept(root: Path) -> Path:
    return content_cache(root, "check") / "memo.pickle"


def _load(root: Path) -> dict:
    """A memo file's data (after its header and checksum)."""
    return pickle.loads(_kept(root).read_bytes()[len(memo.MAGIC) + 32:])


def _store(root: Path, data: dict) -> None:
    """A memo file of ``data``, with a right checksum (as the code writes one)."""
    import hashlib

    body = pickle.dumps(data)
    _kept(root).write_bytes(memo.MAGIC + hashlib.sha256(body).digest() + body)


def _check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    memo.forget()
    code = main(["check", "--content", str(root)])
    return code, capsys.readouterr().out


def test_a_clean_check_keeps_what_it_worked_out(content):
    data = _load(content)
    assert data["salt"] == memo.salt()
    tables = data["tables"]
    assert set(tables) >= {"clean", "line", "layout", "words"}
    assert len(tables["clean"]) >= 13  # game.yaml, the card files, the layout, the scenarios
    # every distinct line of the cards, and those the scenarios run alone
    assert len(tables["line"]) > len({line.text for line in analyse(content).content
                                      .effect_lines()})


def test_the_same_check_again_says_the_same(content, capsys):
    first = _check(content, capsys)
    assert first == _check(content, capsys)
    assert first[0] == 0


@pytest.mark.parametrize(("old", "new", "said"), [
    # the schema: data found clean before, changed
    ("    copies: 2\n", "    copies: two\n", ":18:13: 'copies' must be"),
    # an effect line parsed before, changed
    ('"Add 1 to lowest-points Dark Deed"', '"Add 1 to lowset-points Dark Deed"',
     "lowset-points"),
])
def test_a_change_after_a_clean_check_is_found(content, capsys, old, new, said):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = _check(content, capsys)
    assert code == 1 and said in out
    path.write_text(text, encoding="utf-8")
    assert _check(content, capsys)[0] == 0


def test_a_layout_changed_after_a_clean_check_is_checked_again(content, capsys):
    path = content / "layouts" / "poker.yaml"
    shutil.copy(bundled_content() / "layouts" / "poker.yaml", path)
    assert _check(content, capsys)[0] == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("font: title", "font: titel", 1), encoding="utf-8")
    code, out = _check(content, capsys)
    assert code == 1 and "uses the font 'titel', which fonts: does not list" in out


def test_a_vocabulary_name_is_checked_again_when_it_changes(content, capsys):
    path = content / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "card_types: [Spell, Item, Creature]"
    assert old in text
    path.write_text(text.replace(old, "card_types: [Spell, Item, Creature, Dark Relic]"),
                    encoding="utf-8")
    code, out = _check(content, capsys)
    assert code == 1 and "'Dark Relic' holds 'Dark', a keyword" in out


def test_each_card_gets_a_node_of_its_own_for_a_line_parsed_before(content):
    memo.forget()
    with memo.kept(_kept(content)):
        lines = analyse(content).content.effect_lines()
    assert memo.get("line", "x") is None
    by_text: dict[str, list] = {}
    for line in lines:
        by_text.setdefault(line.text, []).append(line.node)
    repeated = [nodes for nodes in by_text.values() if len(nodes) > 1]
    assert repeated  # the bundled cards repeat some lines
    for nodes in repeated:
        assert all(n == nodes[0] and n is not nodes[0] for n in nodes[1:])


@pytest.mark.parametrize("damage", ["garbage", "cut short", "one byte changed"])
def test_a_damaged_file_is_only_a_slower_check(content, capsys, damage):
    expected = _check(content, capsys)
    blob = _kept(content).read_bytes()
    if damage == "garbage":
        blob = b"\x80\x05not a pickle"
    elif damage == "cut short":
        blob = blob[: len(blob) // 2]
    else:  # a flipped byte in the pickled tables: still a pickle, not the one written
        blob = blob[:-40] + bytes([blob[-40] ^ 1]) + blob[-39:]
    _kept(content).write_bytes(blob)
    assert memo._read(_kept(content)) == {}  # nothing of it is read
    assert _check(content, capsys) == expected
    assert _load(content)["salt"] == memo.salt()


def test_what_other_code_kept_is_not_read(content, capsys):
    """A result kept under another salt is ignored: here one that would hide a field the
    schema does not know (poisoned on purpose), which is read when the salt is this code's."""
    path = content / "arcana" / "necromancy.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    copies: 2\n",
                                                             "    copies: 2\n    colour: red\n", 1))
    code, out = _check(content, capsys)
    assert code == 1 and "unknown field 'colour'" in out
    data = _load(content)
    data["tables"]["clean"] = {k: True for k in _all_keys(content)}
    data["salt"] = "other code"
    _store(content, data)
    code, out = _check(content, capsys)
    assert code == 1 and "unknown field 'colour'" in out
    data["salt"] = memo.salt()
    _store(content, data)
    assert _check(content, capsys)[0] == 0  # the poison is read: the salt is what guards


def _all_keys(root: Path) -> list[str]:
    """Every key the schema check of the folder asks for."""
    asked: list[str] = []
    real = memo.get

    def spy(table: str, key: str) -> object:
        if table == "clean":
            asked.append(key)
        return real(table, key)

    memo.forget()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(memo, "get", spy)
        analyse(root)
    return asked


def test_a_check_with_nothing_changed_keeps_what_the_next_edit_needs(content, capsys):
    """The check after a clean one reads no scenario file; what checking them found is kept
    all the same, for the check after an edit to a card they name."""
    first = _load(content)["tables"]
    assert _check(content, capsys)[0] == 0
    second = _load(content)["tables"]
    assert {name: set(entries) for name, entries in second.items()} == {
        name: set(entries) for name, entries in first.items()}


def test_a_file_keeps_the_most_recently_used_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(memo, "KEEP", 3)
    path = tmp_path / "memo.pickle"
    memo.forget()
    for run in range(5):
        with memo.kept(path):
            for n in (run, run + 10):
                if memo.get("t", str(n)) is None:
                    memo.put("t", str(n), n)
        memo.forget()
    kept = pickle.loads(path.read_bytes()[len(memo.MAGIC) + 32:])["tables"]["t"]
    # the last run's two entries, last; the one used the run before; older ones dropped
    assert list(kept)[-2:] in (["4", "14"], ["14", "4"]) and len(kept) == 3
    assert list(kept)[0] in ("3", "13")
    with memo.kept(path):
        assert memo.get("t", "4") == 4 and memo.get("t", "0") is None


def test_a_run_that_needs_no_table_reads_and_writes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "memo.pickle"
    read: list[Path] = []
    real = memo._read
    monkeypatch.setattr(memo, "_read", lambda p: read.append(p) or real(p))
    memo.forget()
    with memo.kept(path):
        pass
    assert read == [] and not path.exists()
    with memo.kept(path):
        memo.put("t", "a", 1)
    assert read == [path] and path.exists()
    memo.forget()
    with memo.kept(path):
        assert memo.get("t", "a") == 1  # read when first needed
    assert read == [path, path]


def test_an_error_in_a_kept_run_is_not_swallowed(tmp_path):
    for touch in (False, True):
        with pytest.raises(RuntimeError, match="boom"), memo.kept(tmp_path / "memo.pickle"):
            if touch:
                memo.get("t", "a")
            raise RuntimeError("boom")


def test_a_build_reuses_what_a_check_worked_out_and_draws_the_same(content, tmp_path,
                                                                   monkeypatch):
    """After `prophecy check`, a build of the same folder finds the layout's checks done
    (they are not run again), and its files are those a build with no kept file makes."""
    from prophecy.render import layoutfile

    runs: list[int] = []
    real = layoutfile._check_faces

    def counted(*args):
        runs.append(1)
        return real(*args)

    monkeypatch.setattr(layoutfile, "_check_faces", counted)
    memo.forget()
    warm = tmp_path / "warm"
    assert main(["build", "--content", str(content), "--out", str(warm), "--jobs", "1",
                 "--paper", "a4", "--only", "Bone Lantern"]) == 0
    assert runs == []
    monkeypatch.setenv("PROPHECY_CACHE", str(tmp_path / "empty"))
    memo.forget()
    cold = tmp_path / "cold"
    assert main(["build", "--content", str(content), "--out", str(cold), "--jobs", "1",
                 "--paper", "a4", "--only", "Bone Lantern"]) == 0
    assert runs == [1]
    for image in ("cards/arcana-bone-lantern.png", "backs/arcana.png"):
        with Image.open(warm / image) as a, Image.open(cold / image) as b:
            assert a.tobytes() == b.tobytes() and a.info == b.info
