"""A content folder N times the bundled set: a factor in, a folder that checks clean out.

Run: python tests/bench/make_content.py FACTOR OUT_DIR

Every card design of every list (Arcana, Grimoires, Dark Deeds, Verses,
Hirelings, Titles) is repeated FACTOR times under numbered names ("Ossuary
Key 2", ...), with its effects, copies and fields unchanged; the component
counts in game.yaml are multiplied to match, so the result checks and lints
clean like the bundled set. The reference card and the round tracker stay
single. ``bench_scale.py`` times the commands on it.
"""

from __future__ import annotations

import copy
import shutil
import sys
from pathlib import Path

import yaml

from prophecy.compiler.model.files import bundled_content

LISTS = {"arcana": "cards", "deeds": "deeds", "grimoires.yaml": "grimoires",
         "verses.yaml": "verses", "hirelings.yaml": "hirelings", "titles.yaml": "titles"}
SCALED_KINDS = ("arcana", "grimoire", "deed", "verse", "hireling", "title")


def _repeat(items: list[dict], factor: int) -> list[dict]:
    out = list(items)
    for n in range(2, factor + 1):
        out.extend({**copy.deepcopy(item), "name": f"{item['name']} {n}"} for item in items)
    return out


def _write(path: Path, data: dict, header: str) -> None:
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
    path.write_text(header + body, encoding="utf-8")


def make(factor: int, out: Path) -> Path:
    """Write the content ``factor`` times the bundled set into ``out``; returns ``out``."""
    src = bundled_content()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(src, out, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    for path in sorted(out.rglob("*.yaml")):
        rel = path.relative_to(out)
        key = LISTS.get(rel.parts[0]) or LISTS.get(rel.name)
        if key is None or rel.parts[0] == "layouts":
            continue
        text = path.read_text(encoding="utf-8")
        header = text.splitlines()[0] + "\n"
        data = yaml.safe_load(text)
        data[key] = _repeat(data[key], factor)
        _write(path, data, header)
    game_path = out / "game.yaml"
    text = game_path.read_text(encoding="utf-8")
    game = yaml.safe_load(text)
    for kind, spec in game["components"].items():
        if kind in SCALED_KINDS:
            game["components"][kind] = {k: v * factor for k, v in spec.items()}
    _write(game_path, game, text.splitlines()[0] + "\n")
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    print(make(int(sys.argv[1]), Path(sys.argv[2])))
