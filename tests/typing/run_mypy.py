"""Type check: mypy on the prophecy package as this checkout lays it out; prints mypy's report.

Run: python tests/typing/run_mypy.py   (exit status: mypy's)

mypy cannot follow setuptools' editable-install import hook, and the folders
of the checkout (``dsl/``, ``engine/``...) are not named as the modules
(``prophecy.dsl``...). So the script lays the namespace out as symlinks under
``.mypy_cache/src/prophecy/`` and checks that, with the settings of
``[tool.mypy]`` in pyproject.toml; paths in the report are the checkout's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("dsl", "compiler", "engine", "render", "lab", "tools", "content")
#: What is held to the type checker: every package, the command line included.
CHECKED = ("prophecy.dsl", "prophecy.compiler", "prophecy.engine", "prophecy.render",
           "prophecy.lab", "prophecy.tools")


def tree() -> Path:
    base = ROOT / ".mypy_cache" / "src"
    package = base / "prophecy"
    package.mkdir(parents=True, exist_ok=True)
    for name in FOLDERS:
        link = package / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name, target_is_directory=True)
    return base


def plugins() -> list[Path]:
    """Every engine plug-in a shipped pack carries: each is held to the same strict checks
    as the package it plugs into."""
    return sorted((ROOT / "examples").glob("*/engine.py"))


def mypy(base: Path, targets: list[str]) -> int:
    """One mypy run over ``targets``, its report printed with the checkout's paths."""
    args = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
            *targets]
    env = {**os.environ, "MYPYPATH": str(base)}
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
    prefix = f"{base}/prophecy/".replace(str(ROOT) + "/", "")
    for stream, out in ((done.stdout, sys.stdout), (done.stderr, sys.stderr)):
        out.write(stream.replace(str(base) + "/prophecy/", "").replace(prefix, ""))
    return done.returncode


def main() -> int:
    base = tree()
    status = mypy(base, [arg for module in CHECKED for arg in ("-p", module)])
    # each plug-in on its own: every one of them is a module named 'engine'
    for path in plugins():
        status = max(status, mypy(base, [str(path.relative_to(ROOT))]))
    return status


if __name__ == "__main__":
    sys.exit(main())
