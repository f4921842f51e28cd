"""`prophecy build`: argv in, card images, PDF sheets, TTS sheets and cards.json out.

Thin: it reads the options and calls ``render.pipeline.build``, which does
the work and says what it does through a callback printed here to stderr.
``--changed-since REV`` writes a reprint instead (``cli/reprint.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from prophecy.compiler.model import memo
from prophecy.dsl.errors import UsageError
from prophecy.render.pipeline import Options, build
from prophecy.tools.cache import content_cache
from prophecy.tools.options import add_content, content_dir, jobs, max_jobs
from prophecy.tools.reprint import only_new, reprint

if TYPE_CHECKING:
    from prophecy.render.pipeline import Options

PAPERS = ("a4", "letter", "both")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="DIR", type=Path, default=Path("output"),
                        help="the output folder (default: output)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="both",
                        help="the paper of the print-and-play sheets (default: both)")
    parser.add_argument("--only", metavar="NAME",
                        help="render only this card (its name or id), not the sheets")
    parser.add_argument("--jobs", metavar="N", type=jobs, default=None,
                        help=f"worker processes (default: one per core; at most {max_jobs()} "
                        "here)")
    parser.add_argument("--duplex", choices=("long", "short"), default=None,
                        help="the edge the printer flips on (default: the layout's, long)")
    parser.add_argument("--back-offset", metavar="X,Y", default=None,
                        help="move the backs X mm right and Y mm down, as seen from the front "
                        "of the sheet (printers that misregister)")
    parser.add_argument("--preset", choices=("home", "tgc", "mpc", "dtc"), default="home",
                        help="what to print for: home (print-and-play sheets, the default), "
                        "tgc (The Game Crafter), mpc (MakePlayingCards), dtc (DriveThruCards)")
    parser.add_argument("--tts-url", metavar="URL", default=None,
                        help="where Tabletop Simulator finds tts/ (default: its file:// address)")
    parser.add_argument("--changed-since", metavar="REV", default=None,
                        help="a reprint: only the cards added or changed since the git revision "
                        "REV (or content folder), with their backs and sheets")
    parser.add_argument("--only-new", action="store_true",
                        help="for an expansion: only the cards it adds (and any card of the "
                        "base game it prints otherwise), with their backs and sheets")
    add_content(parser)


def _offset(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset takes two numbers, not '{text}'",
                            where="prophecy build",
                            hint="for example --back-offset 0.5,-0.25") from None
    return (x, y)


def run(args: argparse.Namespace) -> int:
    # What `prophecy check` works out once (schemas met, lines parsed, the layout's checks)
    # is the build's to reuse, and the reverse: a build after an edit reads the same file.
    with memo.kept(content_cache(content_dir(args), "check") / "memo.pickle"):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    options = Options(args.paper, args.only, args.jobs, args.duplex,
                      _offset(args.back_offset), args.tts_url, args.preset)
    if args.changed_since is not None or args.only_new:
        return _reprint(args, options)
    result = build(content_dir(args), args.out, options, _note)
    if result.up_to_date:
        _note(f"up to date: {result.out} ({result.seconds:.2f} s)")
    elif args.only is None:
        _note(f"built {result.out}: {result.images} images ({result.drawn} drawn), "
              f"{result.cards} cards, in {result.seconds:.2f} s")
    return 0


def _note(text: str) -> None:
    print(text, file=sys.stderr)


def _reprint(args: argparse.Namespace, options: Options) -> int:
    chosen = [name for name, given in (("--only", args.only is not None),
                                       ("--changed-since", args.changed_since is not None),
                                       ("--only-new", args.only_new)) if given]
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} choose the cards "
                         f"{'two' if len(chosen) == 2 else 'three'} ways",
                         where="prophecy build", hint="give one of them")
    if args.only_new:
        only_new(content_dir(args), args.out, options, _note)
    else:
        reprint(content_dir(args), args.changed_since, args.out, options, _note)
    return 0
