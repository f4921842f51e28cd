"""The command line's last defences: internal errors, interrupts, and what reaches a terminal."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from prophecy.dsl.errors import ProphecyError, printable, window
from prophecy.tools import INTERNAL_ERROR, main

pytestmark = pytest.mark.slow  # whole commands stopped with Ctrl-C

ROOT = Path(__file__).resolve().parents[1]


def interruptible() -> None:
    """In a child before it starts: Ctrl-C as a terminal's foreground job gets it.

    A job a shell starts in the background begins with SIGINT ignored, and
    every process inherits that; the commands are tested as a person runs them.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture()
def ctrl_c_on():
    """This process answers Ctrl-C as Python's own (whatever the process was started with)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def test_an_unexpected_exception_is_one_line_and_exit_3(monkeypatch, capsys):
    from prophecy.tools import check

    def broken(args):
        raise RuntimeError("the dice are loaded")

    monkeypatch.setattr(check, "run", broken)
    assert main(["check"]) == INTERNAL_ERROR == 3
    err = capsys.readouterr().err
    first, hint = err.splitlines()
    assert first.startswith("prophecy check: internal error while running ")
    assert first.endswith("RuntimeError: the dice are loaded")
    assert hint.startswith("  hint: this is a bug in prophecy") and "Traceback" not in err


def test_debug_shows_the_traceback(monkeypatch):
    from prophecy.tools import check

    monkeypatch.setattr(check, "run", lambda args: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        main(["--debug", "check"])


@pytest.mark.parametrize(("text", "shown"), [
    ("plain", "plain"), ("a\x1b[31mred", "a\\x1b[31mred"), ("nul\x00", "nul\\x00"),
    ("line\u2028break", "line\\u2028break"), ("tab\there", "tab here"), ("c1\x9b", "c1\\x9b"),
])
def test_control_characters_are_escaped(text, shown):
    assert printable(text) == shown


def test_a_long_line_is_shown_as_a_window_with_the_caret_on_its_column():
    line = "x" * 5000 + "BAD" + "y" * 5000
    shown, column = window(line, 5001)
    assert len(shown) <= 110 and shown[column - 1 : column + 2] == "BAD"
    text = str(ProphecyError("wrong", line=1, column=5001, where="f", source=line, length=3))
    source, caret = text.splitlines()[1:3]
    assert len(source) < 120 and source[caret.index("^") : caret.index("^") + 3] == "BAD"


def test_a_name_with_an_escape_sequence_never_reaches_the_terminal_raw(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("*.py"))
    path = content / "titles.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("- name: ") + len("- name: ")
    end = text.index("\n", first)
    path.write_text(text[:first] + '"Sly\\e[2J One"' + text[end:], encoding="utf-8")
    main(["cards", "--kind", "title", "--content", str(content)])
    main(["check", "--content", str(content)])
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err


def test_ctrl_c_during_a_build_is_one_line_exit_130_and_no_half_made_file(tmp_path):
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "prophecy.tools", "build", "--content",
         str(ROOT / "content"), "--out", str(out), "--jobs", "2", "--paper", "a4"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True, preexec_fn=interruptible)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if any(out.rglob(".*.tmp")):  # drawing is under way
            break
        time.sleep(0.01)
    if proc.poll() is not None:
        pytest.skip("the build ended before it could be interrupted")
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to every process of the group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == (
        "prophecy build: interrupted; what was written before is as it was")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert not list(out.rglob(".*.tmp")) and not list(out.glob("cards/*.png"))


def test_a_build_in_one_process_leaves_ctrl_c_working(tmp_path, ctrl_c_on):
    """Only worker processes ignore interrupts; the command's own process never does."""
    assert main(["build", "--content", str(ROOT / "content"), "--out", str(tmp_path / "o"),
                 "--only", "Reference Card", "--jobs", "1"]) == 0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def test_ctrl_c_during_a_simulation_in_workers_is_one_line_and_exit_130(tmp_path):
    report = tmp_path / "report.html"
    proc = subprocess.Popen(
        [sys.executable, "-m", "prophecy.tools", "simulate", "--content",
         str(ROOT / "content"), "--games", "100000", "--jobs", "2", "--report", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True,
        preexec_fn=interruptible)
    time.sleep(4)  # the workers are playing
    if proc.poll() is not None:
        pytest.skip("the simulation ended before it could be interrupted")
    os.killpg(proc.pid, signal.SIGINT)  # to the command and to every worker, as a terminal does
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    # stderr is not a terminal here, so the run's progress lines come first
    said = [line for line in err.strip().splitlines()[1:]  # after the pack line
            if not re.fullmatch(r"prophecy simulate: \d+/100000 games \(\d+%\), \d+ s", line)]
    assert said == ["prophecy simulate: interrupted; what was written before is as it was"]
    assert not report.exists() and list(tmp_path.iterdir()) == []


def test_ctrl_c_while_the_command_is_being_loaded_is_one_line_and_exit_130(monkeypatch, capsys):
    # A Ctrl-C in the first tenth of a second lands while argparse loads the command's
    # module (one try in 24 once printed a traceback from there).
    import prophecy.tools as cli

    def slow(command):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_module", slow)
    assert main(["simulate", "--games", "3"]) == 130
    err = capsys.readouterr().err
    assert err == "prophecy simulate: interrupted\n"


def test_ctrl_c_before_main_runs_is_one_line_in_the_command(tmp_path):
    # the `prophecy` command's own process: an interrupt raised as the package loads
    script = ("import sys; sys.argv = ['prophecy']; import prophecy.tools; "
              "raise KeyboardInterrupt")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stderr == "prophecy: interrupted\n"


def test_a_quick_command_leaves_at_once_with_all_it_had_to_say(tmp_path):
    """`prophecy check` (one of QUICK_EXIT) leaves the process without tearing it down, once
    its output is flushed: every line and the exit code arrive, into a pipe or a file."""
    import shutil

    from prophecy.compiler.model.files import bundled_content
    from prophecy.tools import QUICK_EXIT

    assert "check" in QUICK_EXIT and "build" not in QUICK_EXIT
    content = tmp_path / "content"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    path = content / "arcana" / "necromancy.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    copies: 2\n",
                                                             "    copies: two\n"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PROPHECY_CACHE"] = str(tmp_path / "cache")
    command = [sys.executable, "-m", "prophecy.tools", "check", "--content",
               str(content)]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[-2].startswith(f"{content}/: ") and lines[-1].startswith("scenarios: ")
    assert "'copies' must be" in done.stdout
    with (tmp_path / "said.txt").open("w") as out:  # block-buffered: flushed before leaving
        assert subprocess.run(command, stdout=out, env=env).returncode == 1
    assert (tmp_path / "said.txt").read_text() == done.stdout
    head = subprocess.run(f"{subprocess.list2cmdline(command)} | head -1", shell=True,
                          capture_output=True, text=True, env=env)
    assert head.stdout == lines[0] + "\n" and head.stderr == ""
