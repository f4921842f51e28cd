"""Running scenarios: scenario files and the content in, a verdict per scenario out.

``run_scenario`` builds the scenario's table, plays its moves and checks its
expectations: PASS when everything written holds, FAIL with each expectation
that does not (or the error that was expected and did not come, or came and
was not expected), ERROR when the scenario itself is wrong (an unknown card,
key or answer, an impossible table, a question left unanswered). ``check``
finds the mistakes of a scenario file without playing it, for ``prophecy
check``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from prophecy.compiler import model
from prophecy.compiler.model.cards import parsed_line
from prophecy.compiler.model.nouns import vocabulary_of
from prophecy.dsl.errors import DslError, ProphecyError
from prophecy.engine.scenarios.expect import Expect, Mismatch
from prophecy.engine.scenarios.moves import Move, Play, read_moves
from prophecy.engine.scenarios.names import Names
from prophecy.engine.scenarios.source import (
    IllegalMove,
    Item,
    Scenario,
    ScenarioError,
    read_files,
)
from prophecy.engine.scenarios.table import build_table
from prophecy.engine.scenarios.variant import content_for

PASS, FAIL, ERROR = "PASS", "FAIL", "ERROR"


@dataclass
class Outcome:
    """A scenario's verdict, with the mismatches of a FAIL or the mistake of an ERROR."""

    scenario: Scenario
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    error: ProphecyError | None = None

    def lines(self) -> list[str]:
        """The report of this scenario: 'PASS id', or each failure with its place."""
        sid = self.scenario.id
        if self.status == PASS:
            return [f"{PASS} {sid}"]
        if self.status == ERROR:
            return [f"{ERROR} {sid}: {self.error}"]
        return [line for m in self.mismatches
                for line in (f"{FAIL} {sid}: {m}", f"    at {m.item.place}")]


@dataclass
class Report:
    """Every outcome of a run, and the problems of files that could not be read."""

    outcomes: list[Outcome]
    problems: list[ProphecyError]

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems and all(o.status == PASS for o in self.outcomes)

    def summary(self) -> str:
        n = len(self.outcomes)
        errors = self.count(ERROR) + len(self.problems)
        return (f"{n} scenario{'' if n == 1 else 's'}: {self.count(PASS)} passed, "
                f"{self.count(FAIL)} failed, {errors} error{'' if errors == 1 else 's'}")


def seed_of(s: Scenario) -> int:
    found = s.given.get("seed") if s.given is not None else None
    return int(found.value) if found is not None else 0


def run_scenario(content: model.Content, s: Scenario) -> Outcome:
    """Build the table, play the moves, check the expectations."""
    try:
        return _run(content, s)
    except ScenarioError as exc:
        return Outcome(s, ERROR, error=exc)


def _run(content: model.Content, s: Scenario) -> Outcome:
    raised: tuple[Item, IllegalMove] | None = None
    content = content_for(content, s)
    try:
        game, names = build_table(content, s.given, seed_of(s), s.item)
    except IllegalMove as exc:
        return _verdict(s, [], (s.given or s.item, exc))
    play = Play(game, names, content)
    for move in read_moves(s.when, names):
        try:
            play.run(move)
        except IllegalMove as exc:
            raised = (move.item, exc)
            break
    found = Expect(play.game, names).check(s.then) if s.then is not None else []
    return _verdict(s, found, raised)


def _verdict(s: Scenario, found: list[Mismatch], raised: tuple[Item, IllegalMove] | None
             ) -> Outcome:
    if s.error is not None:
        words = str(s.error.value)
        if raised is None:
            found.insert(0, Mismatch(s.error, "an error saying", f"'{words}'", "no error"))
        elif words.lower() not in _said(raised[1]).lower():
            found.insert(0, Mismatch(s.error, "an error saying", f"'{words}'",
                                     f"'{_said(raised[1])}'"))
    elif raised is not None:
        found.insert(0, Mismatch(raised[0], "the move to be", "allowed",
                                 f"the error '{_said(raised[1])}'"))
    return Outcome(s, FAIL if found else PASS, found)


def _said(error: ProphecyError) -> str:
    return f"{error.message} ({error.hint})" if error.hint else error.message


def select(scenarios: list[Scenario], patterns: Iterable[str]) -> list[Scenario]:
    """The scenarios whose id contains one of the patterns (all of them without patterns)."""
    wanted = [p.lower() for p in patterns]
    if not wanted:
        return scenarios
    return [s for s in scenarios if any(p in s.id.lower() for p in wanted)]


def run(content: model.Content, paths: Iterable[Path], patterns: Iterable[str] = ()) -> Report:
    """Every selected scenario of the files, run against the content."""
    scenarios, problems = read_files(paths)
    chosen = select(scenarios, patterns)
    return Report([run_scenario(content, s) for s in chosen], problems)


# -- checking without playing ------------------------------------------------------


def check(content: model.Content, paths: Iterable[Path]) -> tuple[int, list[ProphecyError]]:
    """How many scenarios the files hold, and every mistake found without playing them."""
    scenarios, problems = read_files(paths)
    for s in scenarios:
        problems.extend(check_scenario(content, s))
    return len(scenarios), problems


def check_scenario(content: model.Content, s: Scenario) -> list[ProphecyError]:
    """The mistakes of one scenario: names, keys, its table, its moves' cards and lines."""
    try:
        content = content_for(content, s)
        game, names = build_table(content, s.given, seed_of(s), s.item, reading=True)
        for move in read_moves(s.when, names):
            _check_move(content, move, names, expect_error=s.error is not None)
        if s.then is not None:
            Expect(game, names).check(s.then)
    except IllegalMove as exc:
        return [] if s.error is not None else [exc]
    except ScenarioError as exc:
        return [exc]
    return []


def _check_move(content: model.Content, move: Move, names: Names, expect_error: bool) -> None:
    if move.value is None:
        return
    if move.name == "play":
        names.card(move.value, "arcana")
    elif move.name in ("level up", "manifest"):
        names.grimoire(move.value)
    elif move.name == "complete":
        for item in move.value.items():
            names.card(item, "deed")
    elif move.name == "effect" and not expect_error:  # an error expected may be this line's
        try:  # as a card's line: once per text
            parsed_line(str(move.value.value), vocabulary_of(content))
        except DslError as exc:
            raise move.value.error(exc.message, exc.hint) from None
    this = move.options.get("this grimoire")
    if this is not None:
        names.grimoire(this)
