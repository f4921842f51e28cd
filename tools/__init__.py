"""The `prophecy` command line: argv in, exit code out.

Exit codes: 0 success, 1 problems in the input (each reported with its
place), 2 a usage error, 3 an internal error (a bug: one line says so, and
``--debug`` shows the traceback), 130 interrupted with Ctrl-C.

The driver is thin. It finds the subcommand, imports only that command's module
(so `prophecy parse` never loads Pillow or jsonschema), lets it add its
arguments and run, and turns the project's errors into messages and exit 1.
"""

from __future__ import annotations

import sys


def _interrupted_early(kind: type[BaseException], value: BaseException, tb: object) -> None:
    """A Ctrl-C while the command's code is still being imported: one line, no traceback."""
    if issubclass(kind, KeyboardInterrupt):
        print("prophecy: interrupted", file=sys.stderr)
        return
    sys.__excepthook__(kind, value, tb)  # type: ignore[arg-type]


def _is_the_command() -> bool:
    """Whether this process is the `prophecy` command (or ``python -m`` this package), not a
    test or a script that imports it."""
    import os

    started = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return (os.path.basename(started) == "prophecy"
            or started == os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                       "__main__.py"))


# Run as the `prophecy` command, a Ctrl-C that comes before main() can catch it says so
# in one line; main() catches every later one itself.
if _is_the_command():
    sys.excepthook = _interrupted_early

import argparse  # noqa: E402
import importlib  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from prophecy.dsl.errors import ProphecyError, UsageError, printable  # noqa: E402

#: Subcommand → (its module in this package, with add_arguments(parser) and run(args) -> int,
#: and a summary).
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "check every content file: schemas, effect lines, names"),
    "parse": ("parse", "parse effect lines and print their canonical text or AST"),
    "fmt": ("fmt", "rewrite effect lines in the content to their canonical text"),
    "cards": ("cards", "list the cards with their canonical effects"),
    "lint": ("lint", "find inconsistencies in the rules text"),
    "build": ("build", "render faces, backs, print-and-play PDFs and TTS sheets"),
    "simulate": ("simulate", "play many games with bots and report on balance"),
    "replay": ("replay", "replay an event log and check each game ends the same"),
    "diff": ("diff", "list the cards changed between two content folders or git revisions"),
    "serve": ("serve", "a live gallery of every card in the browser, redrawn on save"),
    "lsp": ("lsp", "a language server for the content files (diagnostics, completion, hover)"),
    "schemas": ("schemas", "write the content's JSON schemas (for editors) from game.yaml"),
    "balance": ("balance", "measure each card design against its vanilla twin in paired games"),
    "merge": ("merge", "add up the shards of a simulate or balance run"),
    "test": ("test", "run the rulings scenarios and report each one that fails"),
    "init": ("init", "start a new game: a copy of the bundled game or of another pack"),
    "trust": ("trust", "let the commands that play run a game folder's own engine.py"),
    "completion": ("completion", "write the shell completion script for bash, zsh or fish"),
}


def _module(command: str) -> Any:
    """The module of a subcommand, imported only when that subcommand runs."""
    return importlib.import_module(f"{__name__}.{COMMANDS[command][0]}")


#: Every exit code of every command, declared once: ``prophecy --help`` ends with this
#: table and docs/cli.md shows it (a test holds the two to it).
EXIT_CODES: tuple[tuple[int, str], ...] = (
    (0, "success: the content is clean, every scenario passes, the files are written (a diff "
        "that finds changes succeeds too)"),
    (1, "the input has problems, each reported with its place: check; lint (errors, and "
        "warnings with --strict); test (a scenario fails); fmt --check and schemas --check "
        "(a file would change); replay (a game ends differently); a file or folder that "
        "cannot be read or written"),
    (2, "a usage error: an unknown command or option, a value an option cannot take, "
        "test -k that selects no scenario"),
    (3, "an internal error: a bug in prophecy, said in one line (--debug shows the "
        "traceback)"),
    (130, "stopped with Ctrl-C; what was written before is left as it was"),
)


def exit_codes_text(width: int = 79) -> str:
    """The table of exit codes as ``prophecy --help`` ends with it."""
    import textwrap

    rows = [textwrap.fill(text, width, initial_indent=f"  {code:<5}",
                          subsequent_indent=" " * 7) for code, text in EXIT_CODES]
    return "exit codes:\n" + "\n".join(rows)


def build_parser(command: str | None, *, every: bool = False) -> argparse.ArgumentParser:
    """The argument parser; only ``command``'s own arguments are loaded (every command's
    with ``every``, for the shell completion scripts)."""
    parser = argparse.ArgumentParser(
        prog="prophecy",
        description="Check, lint, simulate and print the cards of Dark Prophecies.",
        epilog=exit_codes_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true",
                        help="on an internal error, show the whole traceback")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the installed version and exit")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, summary) in COMMANDS.items():
        sub = subs.add_parser(name, help=summary, description=summary)
        sub.add_argument("--no-color", action="store_true",
                         help="no colour in the output (as the NO_COLOR variable does)")
        if name == command or every:
            _module(name).add_arguments(sub)
    return parser


class _Version(argparse.Action):
    """--version: the installed version, looked up only when asked for (reading the
    installed distributions' metadata costs every other command time)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        print(f"prophecy {_version()}")
        parser.exit()


def _version() -> str:
    """The installed distribution's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dark-prophecies")
    except PackageNotFoundError:  # pragma: no cover - run from a folder, not installed
        return "unknown"


#: Commands with nothing left to do once they return (no workers, servers or files open).
QUICK_EXIT = frozenset({"check", "parse", "fmt", "cards", "lint", "diff", "schemas"})


def console() -> None:
    """The ``prophecy`` command: ``main``, and after a command of ``QUICK_EXIT`` straight out
    of the process once its output is flushed (as mypy does: freeing a large content model
    object by object costs a tenth of a check, for memory the system takes back anyway)."""
    argv = sys.argv[1:]
    code = main(argv)
    if next((a for a in argv if not a.startswith("-")), None) in QUICK_EXIT:
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except OSError:  # the reader went away: what was left to say is lost either way
            pass
        os._exit(code)
    sys.exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    try:
        parser = build_parser(command)  # imports the command's module
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:
            return int(exc.code or 0)
        module = _module(args.command)
    except KeyboardInterrupt:  # before the command began: nothing was written
        shown = command if command in COMMANDS else ""
        print(f"prophecy{' ' + shown if shown else ''}: interrupted", file=sys.stderr)
        return 130
    from prophecy.tools import terminal  # deferred: start-up time (help)

    terminal.NO_COLOR_FLAG = bool(getattr(args, "no_color", False))
    try:
        from prophecy.tools.pack import announce  # deferred: start-up time (help)

        announce(args)  # which pack, before anything else is said
        with _fewer_collections():
            return int(module.run(args))
    except ProphecyError as exc:
        print(exc, file=sys.stderr)
        return 2 if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        print(f"prophecy {args.command}: interrupted; what was written before is as it was",
              file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`prophecy cards | head`): stop quietly, as other tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        # A file or folder the command could not read or write (a full disk, no
        # permission, a file where a folder should be): say which, without a traceback.
        what = exc.strerror or str(exc)
        # A rename names its target second: that is the path the user knows (the first is
        # a temporary file written beside it).
        target = exc.filename2 or exc.filename
        name = f": {target}" if target else ""
        print(f"prophecy {args.command}: {what}{name}", file=sys.stderr)
        print("  hint: check the path and its permissions, then run the command again",
              file=sys.stderr)
        return 1
    except Exception as exc:  # the last line of defence: a bug, said in one line
        if args.debug:
            raise
        print(f"prophecy {args.command}: internal error while {_where(exc)}: "
              f"{type(exc).__name__}: {printable(str(exc))[:200]}", file=sys.stderr)
        print("  hint: this is a bug in prophecy, not in your content: please report it with "
              "the command line (run it again with --debug for the details)", file=sys.stderr)
        return INTERNAL_ERROR


INTERNAL_ERROR = 3


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Python's cycle collector run less often while a command runs.

    A command builds one large model of the content that lives as long as the
    command does; at the default thresholds the collector walks all of it again
    and again (a quarter of the first check of 13,000 cards, for no garbage).
    Objects are still freed as soon as nothing uses them; only the search for
    cycles among them waits longer.
    """
    import gc

    before = gc.get_threshold()
    gc.set_threshold(10_000, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _where(exc: BaseException) -> str:
    """The place in our own code an exception came from: 'running build (render/pdf.py:88)'."""
    import traceback

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "prophecy" in f.filename
              or "/compiler/" in f.filename or "/render/" in f.filename
              or "/engine/" in f.filename or "/dsl/" in f.filename]
    if not frames:
        return "running the command"
    last = frames[-1]
    parts = Path(last.filename).parts
    short = "/".join(parts[-2:])
    return f"running {last.name} ({short}:{last.lineno})"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
