"""`prophecy diff` and `build --changed-since`: exactly the cards that changed, by field and line.

Each test makes a git repository holding a copy of the bundled content,
tags it, edits the cards the way a designer does between print runs, and
commits again.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.tools import main

NECRO = "arcana/necromancy.yaml"


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com",
                           "-C", str(repo), *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository with the bundled content tagged v1, then a commit of a designer's edits."""
    root = tmp_path / "game"
    shutil.copytree(bundled_content(), root / "content",
                    ignore=shutil.ignore_patterns("__pycache__"))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "first print")
    _git(root, "tag", "v1")
    content = root / "content"
    # a re-spelling that fmt would undo: no change
    _edit(content / NECRO, '"Add 1 to lowest-points Dark Deed"',
          '"add 1 to  LOWEST-points dark deed"')
    # an effect line changed, copies changed
    _edit(content / NECRO, "Grimoire Level 2: Stash the top card of your discard pile",
          "Grimoire Level 2: Stash the top 2 cards of your discard pile")
    _edit(content / "titles.yaml", "points: 5", "points: 6")
    # a card removed, a card added
    hirelings = (content / "hirelings.yaml").read_text(encoding="utf-8")
    first = hirelings.index("  - name:")
    second = hirelings.index("  - name:", first + 1)
    removed = hirelings[first:second].splitlines()[0].split("name:")[1].strip()
    (content / "hirelings.yaml").write_text(hirelings[:first] + hirelings[second:])
    with (content / "deeds" / "necromancy.yaml").open("a", encoding="utf-8") as out:
        out.write("\n  - name: Empty the Charnel House\n    cards_needed: 4\n    points: 5\n")
    _git(root, "commit", "-qam", "playtest 2")
    (root / "removed.txt").write_text(removed)
    return root


def _diff(capsys, *args: str) -> dict:
    assert main(["diff", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _changed_ids(found: dict) -> set[str]:
    return {c["id"] for c in found["changed"]}


def test_diff_between_two_revisions_names_exactly_the_changed_cards(repo, capsys):
    removed = (repo / "removed.txt").read_text()
    found = _diff(capsys, "v1", "HEAD", "--content", str(repo / "content"))
    assert [c["id"] for c in found["added"]] == ["deed/empty-the-charnel-house"]
    assert [c["name"] for c in found["removed"]] == [removed]
    changed = {c["id"]: c for c in found["changed"]}
    titles = {i for i in changed if i.startswith("title/")}
    assert len(titles) == 1 and set(changed) == titles | {"arcana/grave-robbing"}
    key = changed["arcana/grave-robbing"]
    assert key["fields"] == {}
    assert key["effects"] == {"effects": {
        "removed": ["Grimoire Level 2: Stash the top card of your discard pile"],
        "added": ["Grimoire Level 2: Stash the top 2 cards of your discard pile"]}}
    assert changed[titles.pop()]["fields"] == {"points": {"old": 5, "new": 6}}
    assert found["counts"]["deed"] == {"old": 24, "new": 25}
    assert found["counts"]["hireling"]["new"] == found["counts"]["hireling"]["old"] - 1


def test_diff_defaults_to_the_last_tag_against_the_working_tree(repo, capsys, monkeypatch):
    monkeypatch.chdir(repo)
    _edit(repo / "content" / "tracker.yaml", "name: Round Tracker", "name: Round Tracker\n  "
          "flavor: Sand runs down.")
    found = _diff(capsys)
    assert found["old"].startswith("v1 (") and found["new"].endswith("(working tree)")
    assert "tracker/round-tracker" in _changed_ids(found)
    assert len(found["changed"]) == 3


def test_the_text_lists_fields_and_lines(repo, capsys):
    assert main(["diff", "v1", "HEAD", "--content", str(repo / "content")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("diff v1 (") and " -> HEAD (" in out[0]
    assert "  ~ arcana/grave-robbing  Grave Robbing" in out
    assert "        - Grimoire Level 2: Stash the top card of your discard pile" in out
    assert "        + Grimoire Level 2: Stash the top 2 cards of your discard pile" in out
    assert "      points: 5 -> 6" in out
    assert "  + deed/empty-the-charnel-house  Empty the Charnel House" in out
    assert "  deed: 24 -> 25 (+1)" in out
    assert out[-1] == "2 changed, 1 added, 1 removed"


def test_an_unknown_revision_is_a_usage_error(repo, capsys):
    assert main(["diff", "v9", "--content", str(repo / "content")]) == 2
    assert "'v9' is neither a folder nor a revision of" in capsys.readouterr().err


def test_a_reprints_unknown_revision_is_named_by_the_command_that_was_run(repo, tmp_path,
                                                                          capsys):
    assert main(["build", "--changed-since", "v9", "--out", str(tmp_path / "out"),
                 "--content", str(repo / "content")]) == 2
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith("prophecy build --changed-since: 'v9' is neither a folder nor a ")
    assert "prophecy diff" not in err


def test_build_changed_since_writes_only_the_changed_cards(repo, tmp_path, capsys):
    out = tmp_path / "reprint"
    content = repo / "content"
    assert main(["build", "--content", str(content), "--changed-since", "v1", "--out", str(out),
                 "--paper", "a4", "--jobs", "1"]) == 0
    fronts = sorted(p.name for p in (out / "cards").glob("*.png"))
    titles = [name for name in fronts if name.startswith("title-")]
    assert len(titles) == 1
    assert fronts == sorted(["arcana-grave-robbing.png", "deed-empty-the-charnel-house.png",
                             *titles])
    assert sorted(p.name for p in (out / "backs").glob("*.png")) == [
        "arcana.png", "deed.png", "title.png"]
    listed = json.loads((out / "cards.json").read_text())["cards"]
    assert sorted(c["id"] for c in listed) == sorted(
        ["arcana/grave-robbing", "deed/empty-the-charnel-house", f"title/{titles[0][6:-4]}"])
    copies = sum(c["copies"] for c in listed)
    assert copies == 4  # Grave Robbing twice, the new deed, the title
    # every copy on the sheets, front and back: 8 placed images
    assert _placed_images((out / "sheets-a4.pdf").read_bytes()) == 2 * copies
    # A second reprint, since the last commit, holds nothing of the first.
    assert main(["build", "--content", str(content), "--changed-since", "HEAD", "--out",
                 str(out), "--paper", "a4", "--jobs", "1"]) == 0
    assert list((out / "cards").glob("*.png")) == []
    assert not (out / "sheets-a4.pdf").exists()
    assert json.loads((out / "cards.json").read_text())["cards"] == []


def _placed_images(pdf: bytes) -> int:
    """How many card images the pages of a PDF place (each 'cm /ImN Do' in a page stream)."""
    import re
    import zlib

    count = 0
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            text = zlib.decompress(stream)
        except zlib.error:
            text = stream
        count += len(re.findall(rb"re W n [\d. -]+ cm /Im\d+ Do Q", text))
    return count


def test_a_new_version_alone_changes_no_card(repo, capsys):
    _edit(repo / "content" / "game.yaml", 'version: "0.2"', 'version: "0.3"')
    found = _diff(capsys, "HEAD", "--content", str(repo / "content"))
    assert found["game"] == {"version": {"old": "0.2", "new": "0.3"}}
    assert (found["added"], found["removed"], found["changed"]) == ([], [], [])


def test_options_and_rules_that_differ_are_listed_between_revisions(repo, capsys):
    game = repo / "content" / "game.yaml"
    _edit(game, "  hand: {rule: limit}", "  hand: {rule: draw-up-to, size: 5}")
    _edit(game, "  turns: by-player", "  turns: by-action")
    _edit(game, "  hand_limit: 7", "  hand_limit: 6")
    _git(repo, "commit", "-qam", "a hand drawn up to five")
    found = _diff(capsys, "HEAD~1", "HEAD", "--content", str(repo / "content"))
    assert found["game"] == {
        "rules.hand_limit": {"old": 7, "new": 6},
        "options.turns": {"old": "by-player", "new": "by-action"},
        "options.hand": {"old": "limit", "new": "draw-up-to, size 5"},
    }


def test_options_that_differ_between_two_folders_are_listed_as_text(tmp_path, capsys):
    draft = tmp_path / "draft"
    shutil.copytree(bundled_content(), draft, ignore=shutil.ignore_patterns("__pycache__"))
    _edit(draft / "game.yaml", "    draw arcana: 2\n    draw deeds: 2\n    manifest: 2\n", "")
    _edit(draft / "game.yaml", "  discard: personal", "  discard: shared")
    _edit(draft / "game.yaml", "  end: {after: rounds}", "  end: {after: deck-emptied, times: "
          "{2 players: 2, 3 players: 3, 4 players: 3}}")
    _edit(draft / "game.yaml", "engine: dark-prophecies", "engine: engine.py")
    (draft / "engine.py").write_text("from prophecy.engine.plugin import ENGINE\n")
    (draft / "engine.yaml").write_text("name: dark-prophecies\nbuilt_on: dark-prophecies\n")
    assert main(["diff", str(bundled_content()), str(draft)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:6] == [
        "  game.yaml engine: 'dark-prophecies' -> 'engine.py'",
        "  game.yaml options.actions: 'play 2, level up 2, draw arcana 2, draw deeds 2, "
        "manifest 2' -> 'play 2, level up 2'",
        "  game.yaml options.discard: 'personal' -> 'shared'",
        "  game.yaml options.end: 'rounds' -> 'deck-emptied, times 2 players 2, 3 players 3, "
        "4 players 3, at most 30 rounds'",
        "0 changed, 0 added, 0 removed",
    ]


def test_a_link_in_a_revision_is_read_through_the_repository(repo, capsys):
    # The verses live beside the content folder, linked in through a second link: the
    # revision's content is the linked file as that revision holds it, as the working tree
    # reads it.
    content = repo / "content"
    (repo / "shared").mkdir()
    (content / "verses.yaml").rename(repo / "shared" / "verses.yaml")
    (repo / "shared" / "current.yaml").symlink_to("verses.yaml")
    (content / "verses.yaml").symlink_to("../shared/current.yaml")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "verses shared")
    assert _diff(capsys, "HEAD", "--content", str(content))["changed"] == []
    _edit(repo / "shared" / "verses.yaml", "If you have 2 or more stashed cards",
          "If you have 3 or more stashed cards")
    found = _diff(capsys, "HEAD", "--content", str(content))
    assert found["changed"] and {c["id"].split("/")[0] for c in found["changed"]} == {"verse"}


@pytest.mark.parametrize("absolute", [True, False])
def test_a_link_out_of_the_repository_in_a_revision_is_named(repo, tmp_path, capsys, absolute):
    content = repo / "content"
    outside = tmp_path / "outside.yaml"
    (content / NECRO).rename(outside)
    target = str(outside) if absolute else "../../../outside.yaml"
    (content / NECRO).symlink_to(target)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a link out")
    for argv in (["diff", "HEAD"], ["build", "--changed-since", "HEAD", "--out",
                                    str(tmp_path / "reprint")]):
        assert main([*argv, "--content", str(content)]) == 1
        err = capsys.readouterr().err
        assert f"content/{NECRO} is a link to '{target}'" in err, err
        assert "internal error" not in err and "git worktree add" in err


def test_a_layout_edit_changes_exactly_the_cards_it_draws(tmp_path, capsys):
    """A box moved on the Title face changes the six Titles and nothing else; a colour every
    face shares changes every card; undone, only the Titles differ again."""
    old = tmp_path / "old"
    shutil.copytree(bundled_content(), old, ignore=shutil.ignore_patterns("__pycache__"))
    new = tmp_path / "new"
    shutil.copytree(old, new)
    layout = new / "layouts" / "poker.yaml"
    text = layout.read_text(encoding="utf-8")
    title = text.index("\n  title:\n")
    region = text.index("region: [", title)
    layout.write_text(text[:region] + "region: [6.0," + text[region + len("region: [5.5,"):],
                      encoding="utf-8")
    assert text[region:region + len("region: [5.5,")] == "region: [5.5,"
    found = _diff(capsys, str(old), str(new))
    assert _changed_ids(found) == {f"title/{c['id'].split('/')[1]}" for c in found["changed"]}
    assert len(found["changed"]) == 6
    _edit(layout, 'paper: "#f3ead6"', 'paper: "#f3ead7"')
    found = _diff(capsys, str(old), str(new))
    assert len(found["changed"]) == 106
    _edit(layout, 'paper: "#f3ead7"', 'paper: "#f3ead6"')
    assert len(_diff(capsys, str(old), str(new))["changed"]) == 6
