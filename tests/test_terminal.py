"""Output fit for where it goes: colour on a terminal only (never with NO_COLOR or
--no-color), and progress on stderr as a bar on a terminal and as a line every few
seconds in a log or a CI job."""

from __future__ import annotations

import io
import re

import pytest

from prophecy.tools import main, terminal
from prophecy.tools.terminal import Progress

ESCAPE = re.compile("\x1b\\[")


class Tty(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_in_a_log_progress_is_one_plain_line_every_few_seconds():
    log, clock = io.StringIO(), Clock()
    shown = Progress("prophecy simulate", 10, "games", stream=log, every=5, clock=clock)
    for done, at in ((1, 101), (2, 104.9), (3, 105.5), (4, 108), (9, 111)):
        clock.now = at
        shown.update(done)
    shown.close()
    assert log.getvalue().splitlines() == [
        "prophecy simulate: 3/10 games (30%), 6 s",
        "prophecy simulate: 9/10 games (90%), 11 s",
    ]
    assert not ESCAPE.search(log.getvalue()) and "\r" not in log.getvalue()


def test_on_a_terminal_progress_is_a_bar_redrawn_in_place_and_cleared():
    tty, clock = Tty(), Clock()
    shown = Progress("prophecy balance", None, "pairs played", stream=tty, clock=clock)
    clock.now = 102
    shown.update(40, "3 measures decided or done")
    assert tty.getvalue() == "\r\x1b[K40 pairs played, 3 measures decided or done (2 s)"
    shown.close()
    assert tty.getvalue().endswith("\r\x1b[K")
    bar = Tty()
    Progress("prophecy simulate", 4, "games", stream=bar).update(2)
    assert "[" + "#" * 15 + "." * 15 + "] 2/4 games (50%)" in bar.getvalue()


def test_a_long_simulation_in_a_log_says_how_far_it_has_come(monkeypatch, capsys):
    monkeypatch.setattr(terminal, "EVERY", 0.0)
    assert main(["simulate", "--games", "4", "--players", "2", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^prophecy simulate: 4/4 games \(100%\), \d+ s$", err, re.M), err


@pytest.fixture
def on_a_terminal(monkeypatch):
    """stdout a terminal (set once the test runs: pytest's capture comes after fixtures),
    with NO_COLOR unset."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = Tty()

    def started() -> Tty:
        monkeypatch.setattr("sys.stdout", out)
        return out
    return started


ONE = ["test", "-k", "three-actions-a-round"]


def test_verdicts_are_coloured_on_a_terminal(on_a_terminal):
    on_a_terminal = on_a_terminal()
    assert main(ONE) == 0
    assert "\x1b[32mPASS\x1b[0m three-actions-a-round" in on_a_terminal.getvalue()


def test_no_color_flag_turns_colour_off(on_a_terminal):
    on_a_terminal = on_a_terminal()
    assert main([*ONE, "--no-color"]) == 0
    assert "PASS three-actions-a-round" in on_a_terminal.getvalue()
    assert not ESCAPE.search(on_a_terminal.getvalue())
    assert main(ONE) == 0  # the flag holds for its own run only
    assert ESCAPE.search(on_a_terminal.getvalue())


def test_the_no_color_variable_turns_colour_off(on_a_terminal, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    on_a_terminal = on_a_terminal()
    assert main(ONE) == 0
    assert "PASS three-actions-a-round" in on_a_terminal.getvalue()
    assert not ESCAPE.search(on_a_terminal.getvalue())


def test_not_on_a_terminal_nothing_is_coloured(capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(ONE) == 0
    assert not ESCAPE.search(capsys.readouterr().out)


def test_a_problem_is_painted_by_its_parts():
    text = "a.yaml:3:5: unknown grimoire 'X'\n    X Level 2\n    ^\n  hint: did you mean 'Y'?"
    painted = terminal.problem(text, True)
    assert painted.splitlines() == [
        "\x1b[1ma.yaml:3:5:\x1b[0m unknown grimoire 'X'", "    X Level 2",
        "\x1b[31m    ^\x1b[0m", "  \x1b[36mhint:\x1b[0m did you mean 'Y'?"]
    assert terminal.problem(text, False) == text


def test_with_no_update_for_a_while_the_heartbeat_says_the_last_count_again():
    log, clock = io.StringIO(), Clock()
    shown = Progress("prophecy balance", None, "pairs played", stream=log, every=5,
                     clock=clock)
    clock.now = 106
    shown.update(300, "0 measures decided or done")
    for at in (108, 110.5, 112):  # a long seat table: the sweep says nothing
        clock.now = at
        shown.beat()
    assert log.getvalue().splitlines() == [
        "prophecy balance: 300 pairs played, 0 measures decided or done, 6 s",
        "prophecy balance: 300 pairs played, 0 measures decided or done, 12 s",
    ]


def test_the_heartbeat_stops_when_the_run_is_closed():
    shown = Progress("prophecy simulate", 3, "games", stream=io.StringIO()).start()
    assert shown._beating is not None and shown._beating.is_alive()
    shown.close()
    assert not shown._beating.is_alive()
