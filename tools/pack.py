"""Which pack a command works on, said once: a content folder in, one line out.

Every command that reads a pack says first which one it found (the folder as the user
would type it, and the game's name from its ``game.yaml``), so a run in the wrong folder
is seen before anything else. The line goes to stderr: the output a script reads on
stdout (``--json``, ``parse``, ``cards``) stays what it was. ``check`` names the folder
in its own summary line instead, and ``check --json`` in its ``content`` field.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prophecy.compiler.model.files import bundled_content
from prophecy.dsl.errors import printable
from prophecy.tools.options import content_dir

#: Commands that read no pack, or say which one themselves.
SILENT = frozenset({"check", "init", "lsp", "completion"})


def folder_shown(root: Path | str) -> str:
    """The folder as the user would type it: relative to the current folder where it is
    inside it, with a closing '/'; the bundled game says so."""
    try:
        path, here = Path(root).resolve(), Path.cwd().resolve()
    except (OSError, RuntimeError):  # a loop of links: the folder as it was named
        return Path(root).as_posix().rstrip("/") + "/"
    shown = path.relative_to(here) if path.is_relative_to(here) and here != here.parent else path
    text = "./" if shown == Path(".") else shown.as_posix().rstrip("/") + "/"
    if path == bundled_content().resolve() and not here.is_relative_to(path):
        return f"the bundled game ({text})"
    return text


def game_name(root: Path) -> str:
    """The ``name`` of the pack's game.yaml, or '' where there is none to read (the
    command itself then says what is wrong with the file)."""
    import yaml

    try:
        data = yaml.safe_load((root / "game.yaml").read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeError, yaml.YAMLError):
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() if isinstance(name, str) else ""


def pack_line(root: Path) -> str:
    """'pack: Fate of the Hours, in examples/fate-deduction/' (or 'pack: Dark Prophecies,
    the bundled game (/.../content/)')."""
    name = printable(game_name(root))
    folder = folder_shown(root)
    if not name:
        return f"pack: {folder}"
    return f"pack: {name}, {folder}" if folder.startswith("the ") else f"pack: {name}, in {folder}"


def announce(args: argparse.Namespace) -> None:
    """Say on stderr which pack the command ``args`` asks for works on (nothing for a
    command that reads none, or says it itself)."""
    if args.command in SILENT or not hasattr(args, "content"):
        return
    if args.command == "lint" and getattr(args, "list", False):
        return

    print(pack_line(content_dir(args)), file=sys.stderr, flush=True)
