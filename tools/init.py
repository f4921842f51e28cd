"""`prophecy init DIR [--from PACK | --blank]`: a new game folder, a copy of a pack.

``--from`` takes the name of a pack that ships with prophecy (``prophecy init
--list`` names them: the bundled game and the examples) or the folder of any
pack. The copy holds the pack's game.yaml, card files, layouts, templates and
scenarios, and its JSON schemas written anew from its game.yaml, so an editor
checks each file as it is typed from the start. Nothing is written when DIR
exists and is not empty; the copy is made beside it and moved into place whole.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from prophecy.compiler.model.files import bundled_content, package_dir, write_atomic
from prophecy.compiler.model.schemagen import stale_schemas
from prophecy.compiler.model.yamlsafe import load_yaml
from prophecy.dsl.errors import ProphecyError, UsageError, suggest

#: What a pack folder holds that a new game copies (code and caches are left behind).
_SKIP = ("__pycache__", "__init__.py", ".build")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", metavar="DIR", type=Path, nargs="?",
                        help="the new game's folder (it must not exist, or be empty)")
    parser.add_argument("--from", dest="source", metavar="PACK", default="dark-prophecies",
                        help="a pack that ships with prophecy (see --list), or a pack's folder "
                             "(default: dark-prophecies, the bundled game)")
    parser.add_argument("--blank", action="store_true",
                        help="start from a blank game: one kind of card, one face, one back "
                             "and two cards (the same as --from blank)")
    parser.add_argument("--list", action="store_true", help="name the packs that ship, and stop")


def shipped() -> dict[str, Path]:
    """The packs that ship with prophecy, by name: the bundled game, then the examples."""
    out = {"dark-prophecies": bundled_content()}
    try:
        examples = package_dir("prophecy.examples")
    except ModuleNotFoundError:
        return out
    for folder in sorted(examples.iterdir()):
        if (folder / "game.yaml").is_file():
            out[folder.name] = folder
    return out


def run(args: argparse.Namespace) -> int:
    packs = shipped()
    if args.list:
        for name, folder in packs.items():
            print(f"{name:20} {_title(folder)}")
        return 0
    if args.folder is None:
        raise UsageError("no folder to make the game in", where="prophecy init",
                         hint="write the new game's folder, as in 'prophecy init mygame'")
    if args.blank:
        if args.source not in ("dark-prophecies", "blank"):
            raise UsageError("--blank and --from name two starting points",
                             where="prophecy init", hint="keep one of them")
        args.source = "blank"
    source = packs.get(args.source) or Path(args.source)
    if not (source / "game.yaml").is_file():
        raise UsageError(f"'{args.source}' is neither a pack that ships nor a game folder",
                         where="prophecy init --from",
                         hint=suggest(args.source, list(packs))
                         or f"the packs that ship are {', '.join(packs)}; or name a folder "
                            "with a game.yaml")
    target: Path = args.folder
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target} already exists and is not an empty folder",
                         where="prophecy init",
                         hint="name a new folder: nothing of an existing game is overwritten")
    _copy(source, target)
    print(f"made {target}: a copy of {_title(source)}")
    print(f"  next: cd {target}, then prophecy check and prophecy build (each works on the "
          "game of the folder it is run in)")
    return 0


def _title(folder: Path) -> str:
    try:
        _, _, data = load_yaml(folder / "game.yaml")
    except ProphecyError:
        return folder.name
    return str(data.get("name") or folder.name) if isinstance(data, dict) else folder.name


def _copy(source: Path, target: Path) -> None:
    """The pack's files, then its schemas written anew, all beside ``target`` first."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        copy = staging / "pack"
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns(*_SKIP),
                        copy_function=shutil.copyfile)
        stale, _ = stale_schemas(copy)
        for path, text in stale.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text.encode("utf-8"))
        if target.exists():
            target.rmdir()
        copy.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
