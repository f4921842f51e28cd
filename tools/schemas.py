"""`prophecy schemas`: a content folder's game.yaml in, its JSON schemas written to schemas/.

The schemas are what an editor's YAML language server checks each content
file with (the ``# yaml-language-server: $schema=...`` line): the grimoire
names and card types of this game as enums, examples of effect lines, and
the bounds of every count and size. Run it after changing the vocabulary or
the glossary. A content file without the line gets it as its first line.
``--check`` writes nothing, lists the files that are out of date and exits 1
if any is.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from prophecy.compiler.model.files import write_atomic
from prophecy.compiler.model.schemagen import stale_schemas
from prophecy.tools.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="only list the schema files that are out of date; exit 1 if any is")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    root = content_dir(args)
    stale, total = stale_schemas(root)
    if args.check:
        for path in sorted(stale):
            print(f"{path}: out of date with game.yaml")
        print(f"schemas: {len(stale)} of {total} files out of date"
              + ("; run 'prophecy schemas' to write them" if stale else ""))
        return 1 if stale else 0
    for path, text in sorted(stale.items()):
        write_atomic(path, text.encode("utf-8"))
    print(f"schemas: wrote {len(stale)} of {total} files in {root / 'schemas'}")
    headed = _add_headers(root)
    if headed:
        print(f"schemas: named its schema on the first line of {headed} file"
              f"{'' if headed == 1 else 's'}")
    return 0


def _add_headers(root: Path) -> int:
    """Give every content file that lacks it the line naming its schema; how many got it."""
    from prophecy.compiler.model.loader import MissingHeader, analyse  # deferred: start-up time

    count = 0
    for error in analyse(root).errors:
        if isinstance(error, MissingHeader) and error.path is not None:
            raw = error.path.read_bytes()
            bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
            newline = b"\r\n" if b"\r\n" in raw else b"\n"
            write_atomic(error.path,
                         bom + error.header.encode() + newline + raw[len(bom):])
            count += 1
    return count
