"""`prophecy replay`: play the games of an event log again and check they end the same.

A log written by ``prophecy simulate --log FILE`` holds, per game, its seed
and every answer given. Replaying feeds the answers back to the engine with
the same seed; the final state of each game must match the fingerprint in its
last line. A mismatch means the rules or the cards changed since the log was
written (or the log was edited).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from prophecy.compiler.model.loader import load_content
from prophecy.compiler.model.plugins import require_engine
from prophecy.dsl.errors import ProphecyError
from prophecy.engine import log
from prophecy.engine.cards import book_of
from prophecy.tools.options import add_content, content_dir
from prophecy.tools.trust import add_trust_flag, apply_trust


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_trust_flag(parser)
    parser.add_argument("log", type=Path, metavar="FILE.jsonl",
                        help="an event log written by 'prophecy simulate --log'")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    content = load_content(content_dir(args))
    apply_trust(args)  # --trust: the folder's engine.py runs this once
    require_engine(content, "replay")
    where = str(args.log)
    try:
        text = args.log.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ProphecyError(f"cannot read the log: {reason}", where=where, line=0,
                            hint="name a file written by 'prophecy simulate --log FILE'") from None
    games = log.split_games(text.splitlines(), where)
    if not games:
        raise ProphecyError("the log holds no game", where=where, line=0,
                            hint="write one with 'prophecy simulate --games 1 --log FILE'")
    book = book_of(content)
    for number, game in enumerate(games, 1):
        try:
            log.replay(book, [line for _, line in game], [n for n, _ in game])
        except ProphecyError as exc:
            exc.where, exc.message = where, f"game {number}: {exc.message}"
            raise
    print(f"{where}: {len(games)} game{'s' if len(games) != 1 else ''} replayed, "
          "every final state identical")
    return 0
