"""Arguments several subcommands share, and where the content folder is."""

from __future__ import annotations

import argparse
from pathlib import Path


def default_content() -> Path:
    """``./content`` when the current folder has one, else the bundled content."""
    from prophecy.compiler.model.files import bundled_content

    here = Path("content")
    return here if (here / "game.yaml").is_file() else bundled_content()


def add_content(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--content",
        metavar="DIR",
        type=Path,
        default=None,
        help="the content folder (default: ./content, else the bundled content)",
    )


def content_dir(args: argparse.Namespace) -> Path:
    return args.content if args.content is not None else default_content()
