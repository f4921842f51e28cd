"""How output looks where it goes: a stream in, colour and progress fit for it out.

On a terminal, problems and verdicts are coloured and a long run draws a bar
that redraws itself in place; in a log or a CI job (not a terminal) nothing
is coloured and a long run writes one plain progress line every few seconds,
so a run of minutes is never silent there. ``NO_COLOR`` (any value, as
https://no-color.org asks) or ``--no-color`` turns colour off everywhere.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

#: Set by the command line's ``--no-color`` for the command being run.
NO_COLOR_FLAG = False

#: Seconds between two progress lines in a log.
EVERY = 5.0

_CODES = {"bold": "1", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}
_PLACE = re.compile(r"^(\S+?:\d+:\d+:|\S+?:)( )")


def colour(stream: TextIO | None = None) -> bool:
    """Whether text written to ``stream`` (stdout by default) should be coloured."""
    stream = sys.stdout if stream is None else stream
    if NO_COLOR_FLAG or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, style: str, on: bool) -> str:
    """``text`` in ``style`` (a name of ``_CODES``) when ``on``, else unchanged."""
    return f"\x1b[{_CODES[style]}m{text}\x1b[0m" if on else text


def problem(text: str, on: bool) -> str:
    """A problem as ``str(ProphecyError)`` writes it, its place bold, caret red, hint cyan."""
    if not on:
        return text
    lines = text.split("\n")
    lines[0] = _PLACE.sub(lambda m: paint(m.group(1), "bold", on) + m.group(2), lines[0], 1)
    for i, line in enumerate(lines[1:], 1):
        if line.strip() and set(line.strip()) == {"^"}:
            lines[i] = paint(line, "red", on)
        elif line.startswith("  hint: "):
            lines[i] = "  " + paint("hint:", "cyan", on) + line[len("  hint:"):]
    return "\n".join(lines)


#: The colour of each scenario verdict.
VERDICTS = {"PASS": "green", "FAIL": "red", "ERROR": "red"}


def verdict(line: str, on: bool) -> str:
    """'PASS id' / 'FAIL id: ...' with its first word coloured."""
    word, sep, rest = line.partition(" ")
    style = VERDICTS.get(word)
    return paint(word, style, on) + sep + rest if style else line


class Progress:
    """How far a long run has come, on stderr: a bar on a terminal, a line now and then in a log.

    ``update(done)`` may be called as often as wanted; in a log it writes at
    most one line every ``every`` seconds (and the first after that long), so a
    short run writes nothing and a long one is heard from. A run may go long
    between two updates (a balance sweep's seat table): ``start()`` keeps a
    heartbeat that says the last count again when ``every`` seconds pass with
    no line (start it once any worker processes are forked).
    """

    def __init__(self, command: str, total: int | None, unit: str, *,
                 stream: TextIO | None = None, every: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.command, self.total, self.unit = command, total, unit
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.every, self.clock = EVERY if every is None else every, clock
        self.started = self.last = clock()
        self.drawn = False
        self.done, self.detail = 0, ""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._beating: threading.Thread | None = None

    def update(self, done: int, detail: str = "") -> None:
        with self._lock:
            self.done, self.detail = done, detail
            now = self.clock()
            if self.tty:
                self._bar(done, detail, now)
            elif now - self.last >= self.every:
                self.last = now
                self.stream.write(f"{self.command}: {self._count(done)}"
                                  f"{self._detail(detail)}, {now - self.started:.0f} s\n")
                self.stream.flush()

    def beat(self) -> None:
        """The last count said again (with the time now) if it is due: the heartbeat's step."""
        self.update(self.done, self.detail)

    def start(self) -> Progress:
        """Keep a heartbeat until ``close()``; returns this progress."""
        if self._beating is None:
            self._beating = threading.Thread(target=self._beat, name="progress", daemon=True)
            self._beating.start()
        return self

    def _beat(self) -> None:
        while not self._stop.wait(min(self.every, 1.0)):
            self.beat()

    def close(self) -> None:
        self._stop.set()
        if self._beating is not None:
            self._beating.join()
        with self._lock:
            if self.tty and self.drawn:
                self.stream.write("\r\x1b[K")
                self.stream.flush()

    def _bar(self, done: int, detail: str, now: float) -> None:
        width = 30
        if self.total:
            filled = width * min(done, self.total) // self.total
            bar = f"[{'#' * filled}{'.' * (width - filled)}] "
        else:
            bar = ""
        self.stream.write(f"\r\x1b[K{bar}{self._count(done)}{self._detail(detail)} "
                          f"({now - self.started:.0f} s)")
        self.stream.flush()
        self.drawn = True

    def _count(self, done: int) -> str:
        if self.total:
            return f"{done}/{self.total} {self.unit} ({100 * done // self.total}%)"
        return f"{done} {self.unit}"

    @staticmethod
    def _detail(detail: str) -> str:
        return f", {detail}" if detail else ""
