"""An engine of a pack's own plays in every command that plays: the example of docs/engine.md.

The engine file is the block docs/engine.md shows under "Engines of your own"
(the action 'draw an Arcana card' draws two), saved in a copy of the bundled
game whose game.yaml names it, with the declaration shown beside it, and
trusted. Scenarios, simulations (in worker processes too), balance pairs and
replays then play that engine; lint's probe plays the installed engine it is
built on (lint runs none of a pack's Python).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from prophecy.compiler.model import trust
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of
from prophecy.engine.game import Game
from prophecy.engine.plugin import game_class, new_game
from prophecy.tools import main

DOCS = Path(__file__).resolve().parents[2] / "docs"
SCENARIO = """# yaml-language-server: $schema=../schemas/scenarios.schema.json
scenarios:
  - id: drawing-an-arcana-card
    rule: "Action: Draw an Arcana Card"
    says: The action draws from the top of the Arcana deck.
    given:
      arcana deck: [Hellhound, Bone Lantern]
    when: [draw arcana]
    then:
      player 1: {hand: [Hellhound, Bone Lantern]}
"""


def engine_file(block: str = "engine file", language: str = "python") -> str:
    """The engine file of docs/engine.md (or its declaration), as written there."""
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {block} -->\n```{language}\n(.*?)```", text, re.S)
    assert found, f"docs/engine.md shows no {block}"
    return found.group(1)


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("variant") / "two-card-draw"
    shutil.copytree(bundled_content(), root,
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    (root / "engine.py").write_text(engine_file(), encoding="utf-8")
    (root / "engine.yaml").write_text(engine_file("engine declaration", "yaml"),
                                      encoding="utf-8")
    trust.trust(root / "engine.py")  # as its author would, once
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "engine: dark-prophecies", "engine: engine.py"), encoding="utf-8")
    (root / "scenarios" / "variant.yaml").write_text(SCENARIO, encoding="utf-8")
    return root


def test_the_pack_names_its_own_engine_and_checks(pack, capsys):
    assert main(["check", "--content", str(pack)]) == 0, capsys.readouterr().out
    book = book_of(load_content(pack))
    cls = game_class(book)
    assert cls.__name__ == "TwoCardDraw" and issubclass(cls, Game)
    assert game_class(book_of(load_content(bundled_content()))) is Game


def test_a_scenario_plays_the_packs_engine(pack, capsys):
    scenario = pack / "scenarios" / "variant.yaml"
    assert main(["test", "--content", str(pack), str(scenario)]) == 0
    assert "PASS drawing-an-arcana-card" in capsys.readouterr().out
    # the same scenario, on the game whose engine draws one card, fails
    assert main(["test", str(scenario)]) == 1
    assert "got [Hellhound]" in capsys.readouterr().out


def test_the_bundled_scenarios_still_pass_where_the_rule_is_not_met(pack, capsys):
    assert main(["test", "--content", str(pack), "-q", "-k", "three-actions"]) == 0


def _simulate(content: Path, jobs: int, capsys) -> dict:
    assert main(["simulate", "--content", str(content), "--games", "6", "--players", "2",
                 "--seed", "5", "--jobs", str(jobs), "--json"]) == 0
    return json.loads(capsys.readouterr().out)["tally"]


def test_simulate_plays_the_packs_engine_in_worker_processes(pack, capsys):
    alone, workers = _simulate(pack, 1, capsys), _simulate(pack, 2, capsys)
    assert alone == workers  # the workers played the pack's engine too
    assert _simulate(bundled_content(), 2, capsys) != workers


def test_a_log_replays_only_with_the_engine_that_wrote_it(pack, tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    assert main(["simulate", "--content", str(pack), "--games", "2", "--players", "2",
                 "--bots", "greedy", "--log", str(log)]) == 0
    assert main(["replay", "--content", str(pack), str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1


def test_balance_pairs_play_the_packs_engine(pack):
    from prophecy.lab import balance

    content = load_content(pack)
    book = book_of(content)
    design = balance.subjects(book, ["Hellhound"])[0]
    plan = balance.plan_for(book, [design], 3, 2, ("greedy",), 2)
    for mode in ("chosen", "forced"):
        ours = balance.play_batch(book, balance.Subject(design, mode), plan, 0, 2)
        base = book_of(load_content(bundled_content()))
        theirs = balance.play_batch(
            base, balance.Subject(balance.subjects(base, ["Hellhound"])[0], mode), plan, 0, 2)
        assert ours != theirs


def test_the_lint_probe_plays_the_installed_engine_the_pack_is_built_on(pack):
    from prophecy.tools.probe import _game

    book = book_of(load_content(pack))
    assert type(_game(book, 1, later=True)) is Game  # lint reads a pack: engine.py never runs


def test_a_game_made_for_the_book_is_the_engines_and_branches_as_one(pack):
    from prophecy.engine.bots.greedy import GreedyBot

    game = new_game(book_of(load_content(pack)), [GreedyBot(1), GreedyBot(2)], 4)
    import random

    assert type(game.branch(random.Random(1))) is type(game)
    hand = len(game.players[0].hand)
    game.act(game.players[0], "arcana")
    assert len(game.players[0].hand) == hand + 2


PRAYER = '''"""Dark Prophecies with an action of its own: Pray, worth a point."""

from prophecy.dsl import ast
from prophecy.engine.game import Game
from prophecy.engine.plugin import DarkProphecies
from prophecy.engine.protocol import END

PRAY = "pray"
WORTH = (ast.Effect((), (ast.GainPoints(1),)),)


class Prayers(Game):
    ACTIONS = {**Game.ACTIONS, "pray": PRAY}

    def action_options(self, p, used):
        kinds = super().action_options(p, used)
        if kinds != [END] and used.get(PRAY, 0) < self.limits[PRAY]:
            kinds.insert(-1, PRAY)
        return kinds

    def action_refusal(self, p, used, kind):
        if kind == PRAY and used.get(PRAY, 0) >= self.limits[PRAY]:
            return "no more prayers this turn"
        return None if kind == PRAY else super().action_refusal(p, used, kind)

    def act(self, p, kind, card=-1, grimoire=-1):
        if kind == PRAY:
            self.gain(p, 1)
        else:
            super().act(p, kind, card, grimoire)

    def action_candidates(self, p, kind):
        return [(-1, -1, WORTH)] if kind == PRAY else []


class Engine(DarkProphecies):
    name = "prayers"
    bases = ("dark-prophecies",)
    game_class = Prayers


ENGINE = Engine()
'''


@pytest.fixture(scope="module")
def prayers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("prayers") / "prayers"
    shutil.copytree(bundled_content(), root,
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    (root / "engine.py").write_text(PRAYER, encoding="utf-8")
    (root / "engine.yaml").write_text(
        "name: prayers\nbuilt_on: dark-prophecies\nactions: [pray]\n", encoding="utf-8")
    trust.trust(root / "engine.py")
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8").replace("engine: dark-prophecies", "engine: engine.py")
    game.write_text(text.replace("    manifest: 2\n", "    manifest: 2\n    pray: 1\n"),
                    encoding="utf-8")
    return root


def test_an_engines_own_action_is_an_option_of_its_game_yaml(prayers, capsys):
    assert main(["check", "--content", str(prayers)]) == 0, capsys.readouterr().out
    game = prayers / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("    pray: 1", "    pary: 1"), encoding="utf-8")
    try:
        assert main(["check", "--content", str(prayers)]) == 1
        out = capsys.readouterr().out
        assert "the engine has no action 'pary'" in out and "did you mean 'pray'?" in out
    finally:
        game.write_text(text, encoding="utf-8")


def test_the_bots_weigh_an_engines_own_action_and_keep_its_limit(prayers):
    from collections import Counter

    from prophecy.engine.bots.roster import make_bot

    book = book_of(load_content(prayers))
    taken: Counter[tuple[int, int]] = Counter()
    for seed in range(6):
        game = new_game(book, [make_bot("greedy", seed), make_bot("planner:2", seed)], seed,
                        log=True).play()
        for rnd, seat, ask, options, index in game.log or []:
            if ask == "action" and options[index] == "pray":
                taken[(seed * 100 + rnd, seat)] += 1
    assert taken and max(taken.values()) == 1  # prayed, and once a turn at most


def test_the_bundled_engine_is_found_as_its_entry_point_names_it_without_reading_metadata():
    import tomllib
    from importlib.metadata import entry_points

    from prophecy.compiler.model import plugins

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml")
                            .read_text(encoding="utf-8"))
    assert project["project"]["entry-points"][plugins.GROUP] == plugins.BUNDLED
    for name in plugins.BUNDLED:
        (point,) = [ep for ep in entry_points(group=plugins.GROUP) if ep.name == name]
        assert plugins.installed_engine(name) is point.load()
