"""What both draft packs (examples/draft-disciplines, examples/draft-mastery) promise alike:
they check and lint clean, every rule of the draft is a scenario that passes, and seeded
games play to the end, their engine is their plug-in's, and each README lists every rule
with its scenarios. Each pack's own engine steps are tested in its own file."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from prophecy.compiler.model.loader import load_content
from prophecy.engine.bots.roster import make_bot
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game
from prophecy.engine.plugin import new_game
from prophecy.tools import main
from prophecy.tools.init import shipped

#: Each draft, and the fewest rounds its games last on average: the Disciplines game ends
#: when the deck first runs out (about 6 rounds here), the Mastery game once it has run out
#: twice (about 10.6; once would be about 7).
DRAFTS = {"draft-disciplines": 5, "draft-mastery": 9}
#: How many rules each draft has (its README's table has a row for each), and the class of
#: its engine plug-in.
RULES = {"draft-disciplines": 17, "draft-mastery": 20}
ENGINES = {"draft-disciplines": "DisciplinesGame", "draft-mastery": "MasteryGame"}


@pytest.fixture(params=sorted(DRAFTS))
def draft(request):
    return request.param


def test_the_pack_checks_and_lints_clean(draft, capsys):
    pack = str(shipped()[draft])
    assert main(["check", "--content", pack]) == 0
    assert main(["lint", "--content", pack]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out


def test_every_scenario_of_the_draft_passes(draft, capsys):
    assert main(["test", "--content", str(shipped()[draft])]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith("0 failed, 0 errors") and int(last.split()[0]) >= 40


def test_a_short_seeded_simulation_plays_to_the_end_of_the_deck(draft, capsys):
    argv = ["simulate", "--content", str(shipped()[draft]), "--games", "12", "--players",
            "2", "--bots", "greedy", "--seed", "5", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first  # the same seed plays the same games
    assert first["games"] == 12 and first["score"]["mean"] > 0
    assert first["rounds"]["mean"] > DRAFTS[draft]


def test_the_engine_is_the_plug_in_s_subclass(draft):
    book = book_of(load_content(shipped()[draft]))
    game = new_game(book, [make_bot("random", f"3:{c}") for c in range(2)], 3)
    assert type(game).__name__ == ENGINES[draft] and isinstance(game, Game)


def test_the_readme_lists_each_rule_of_the_draft_with_scenarios_that_exist(draft):
    """README.md's table has a row for each of the draft's rules, and every scenario the
    README names (for a rule or a ruling) is one of the pack's, each of which it names."""
    pack = shipped()[draft]
    readme = (pack / "README.md").read_text(encoding="utf-8")
    rules = [row for row in readme.splitlines() if re.match(r"\| \d+ \|", row)]
    assert [int(row.split("|")[1]) for row in rules] == list(range(1, RULES[draft] + 1))
    assert all(re.search(r"`[a-z0-9-]+`", row) for row in rules)
    named = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", readme)) - {pack.name}
    ids = {s["id"] for f in (pack / "scenarios").glob("*.yaml")
           for s in yaml.safe_load(f.read_text(encoding="utf-8"))["scenarios"]}
    assert named == ids


def test_the_simulation_reports_the_score_parts_the_drafts_engine_has(draft, capsys):
    """Neither draft stashes cards or awards Titles: its engine's SCORE_PARTS leave them
    out, so the summary shows the draft's own parts and no line that can only be 0.00."""
    argv = ["simulate", "--content", str(shipped()[draft]), "--games", "4", "--players", "2",
            "--bots", "greedy", "--seed", "5", "--trust"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    parts = data["score"]["parts"]
    assert list(parts) == ["grimoires", "deeds", "gained"]
    assert parts["grimoires"]["mean"] > 0 and parts["deeds"]["mean"] > 0
    assert main(argv) == 0
    summary = capsys.readouterr().out
    assert "  grimoires " in summary and "  gained " in summary
    assert "stash" not in summary and "titles" not in summary


def test_tallies_of_games_with_other_score_parts_do_not_add_up():
    from prophecy.dsl.errors import ProphecyError
    from prophecy.engine.scoring import PARTS
    from prophecy.lab.simulate import Tally

    bundled = Tally(2, 3, 4, ("greedy",))
    draft = Tally(2, 3, 4, ("greedy",), ("grimoires", "deeds", "gained"))
    with pytest.raises(ProphecyError, match="different score parts"):
        bundled.add(draft)
    saved = draft.to_json()
    assert Tally.from_json(saved).parts == draft.parts
    del saved["parts"], saved["part_sum"], saved["part_sq"]  # a tally saved before parts
    assert Tally.from_json(saved).parts == PARTS


def test_shards_of_a_draft_merge_with_its_score_parts(tmp_path, capsys):
    pack = str(shipped()["draft-mastery"])
    files = []
    for i in (1, 2):
        assert main(["simulate", "--content", pack, "--trust", "--games", "4", "--players",
                     "2", "--shard", f"{i}/2", "--json"]) == 0
        files.append(tmp_path / f"{i}.json")
        files[-1].write_text(capsys.readouterr().out)
    assert main(["merge", *map(str, files), "--content", pack, "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert list(merged["score"]["parts"]) == ["grimoires", "deeds", "gained"]
