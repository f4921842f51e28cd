"""What both draft packs (examples/draft-disciplines, examples/draft-mastery) promise alike:
they check and lint clean, every rule of the draft is a scenario that passes, and seeded
games play to the end. Each pack's own engine steps are tested in its own file."""

from __future__ import annotations

import json

import pytest

from prophecy.compiler.cli import main
from prophecy.compiler.cli.init import shipped

#: Each draft, and the fewest rounds its games last on average: the Disciplines game ends
#: when the deck first runs out (about 6 rounds here), the Mastery game once it has run out
#: twice (about 10.6; once would be about 7).
DRAFTS = {"draft-disciplines": 5, "draft-mastery": 9}


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
