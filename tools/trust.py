"""`prophecy trust [DIR]`: a game folder in, its engine file recorded as trusted out.

A pack's ``engine.py`` runs only in the commands that play (``simulate``,
``balance``, ``test``, ``replay``), and only once trusted: this command
records the file's real path and the digest of its bytes for this user
(``compiler/model/trust.py``), so a file changed since is refused until it is
trusted again. ``--list`` shows what is trusted and whether each file is still
as it was; ``--forget`` takes the folder's file off the record. The commands
that play take ``--trust`` to run a folder's file once, recording nothing
(for CI and scripts): ``add_trust_flag`` and ``apply_trust`` here are theirs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from prophecy.compiler.model import trust
from prophecy.compiler.model import trust as store
from prophecy.compiler.model.loader import analyse, load_content
from prophecy.compiler.model.plugins import engine_file, require_engine
from prophecy.dsl.errors import UsageError
from prophecy.engine.cards import book_of
from prophecy.tools.options import content_dir, default_content


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", nargs="?", type=Path, metavar="DIR", default=None,
                        help="the game's folder (default: the game of the folder you are in)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--list", action="store_true",
                       help="list the engine files trusted, and whether each has changed")
    which.add_argument("--forget", action="store_true",
                       help="no longer trust the folder's engine file")


def add_trust_flag(parser: argparse.ArgumentParser) -> None:
    """``--trust``, for a command that plays a game."""
    parser.add_argument("--trust", action="store_true",
                        help="run the game folder's engine.py this once even if it is not "
                             "trusted ('prophecy trust DIR' records it instead)")


def playable_book(args: argparse.Namespace, command: str) -> Any:
    """The book of the game a playing command plays (``--trust`` applied, its engine
    required), with ``--players`` held to the game's limits."""
    content = load_content(content_dir(args))
    apply_trust(args)  # --trust: the folder's engine.py runs this once
    require_engine(content, command)
    book = book_of(content)
    rules = book.rules
    if not rules.min_players <= args.players <= rules.max_players:
        raise UsageError(f"--players must be {rules.min_players} to {rules.max_players}, "
                         f"not {args.players}", where=f"prophecy {command}",
                         hint="the limits are min_players and max_players in game.yaml")
    return book


def apply_trust(args: argparse.Namespace) -> None:
    """A playing command's ``--trust``: its engine file runs in this run, untrusted or not."""
    trust.grant(bool(getattr(args, "trust", False)))


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list()
    folder = args.folder
    if folder is None:
        folder = default_content()
    path = _engine_file(folder)
    if args.forget:
        gone = trust.forget(path)
        print(f"{trust.shown(path)}: {'no longer trusted' if gone else 'was not trusted'}")
        return 0
    found = trust.trust(path)
    print(f"{trust.shown(path)}: trusted as it is now (sha256 {found[:12]}); simulate, "
          "balance, test and replay run it until it changes")
    return 0


def _engine_file(folder: Path) -> Path:
    """The engine file a game folder plays with (its base game's, for an expansion); a
    usage error when it has none, or an installed engine, which needs no trust."""
    if not (folder / "game.yaml").is_file():
        raise UsageError(f"{folder} holds no game.yaml", where="prophecy trust",
                         hint="name the folder of a game whose game.yaml says 'engine: engine.py'")
    content = analyse(folder).content  # reading runs none of the pack's code
    path = engine_file(content)
    if path is None:
        what = (f"plays with the installed engine '{content.pack.engine}', installed code that "
                "needs no trust" if content.pack.engine else "has no engine")
        raise UsageError(f"{folder} {what}", where="prophecy trust",
                         hint="trust is for a pack's own engine file ('engine: engine.py')")
    if not path.is_file():
        raise UsageError(f"no engine file {path}", where="prophecy trust",
                         hint="game.yaml's 'engine:' names a Python file of the pack")
    return path


def _list() -> int:
    files = store.records()
    if not files:
        print(f"no engine file is trusted ({store.record_path()})")
    for name in files:
        state = store.standing(Path(name)).state
        shown = {"trusted": "trusted", "changed": "changed since: refused until trusted again",
                 "untrusted": "missing"}[state if Path(name).exists() else "untrusted"]
        print(f"{name}: {shown}")
    return 0
