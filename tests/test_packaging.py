"""Packaging: one top-level package, every folder of it shipped, data found from anywhere."""

from __future__ import annotations

import tomllib
from pathlib import Path

from prophecy.compiler.model.files import bundled_content, package_dir, schemas_dir

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _folders() -> dict[str, Path]:
    """Every folder under a mapped root that holds files, by its package name."""
    found = {}
    for package, folder in CONFIG["package-dir"].items():
        root = ROOT / folder
        for path in [root, *sorted(p for p in root.rglob("*") if p.is_dir())]:
            if path.name == "__pycache__" or not any(f.is_file() for f in path.iterdir()):
                continue
            rel = path.relative_to(root).parts
            found[".".join([package, *rel])] = path
    return found


def _shipped_by(path: Path) -> list[str]:
    """The listed packages whose package-data globs take ``path`` (relative to the package's
    folder: a pack of examples/ is shipped by the examples package's '*/...' globs)."""
    folders = _folders()
    globs = CONFIG["package-data"]
    out = []
    for package in CONFIG["packages"]:
        folder = folders.get(package)
        if folder is None or folder not in path.parents:
            continue
        rel = path.relative_to(folder).as_posix()
        if any(Path(rel).match(p) and rel.count("/") == p.count("/")
               for p in globs.get(package, [])):
            out.append(package)
    return out


def _data_files() -> list[Path]:
    return [path for folder in _folders().values() for path in folder.iterdir()
            if path.is_file() and path.suffix not in (".py", ".pyc")]


def test_the_package_is_pure_python():
    """No compiled module, and no source of one, so the wheel is ``py3-none-any`` and
    installs anywhere Python does (.ci/wheel-check builds it and checks its name)."""
    assert "ext-modules" not in CONFIG
    compiled = [path for folder in _folders().values() for path in folder.iterdir()
                if path.suffix in (".c", ".h", ".pyx", ".so", ".pyd")]
    assert not compiled, f"compiled code in the package: {compiled}"


def test_every_folder_with_files_is_a_listed_package_or_its_data():
    for package, folder in _folders().items():
        if package in CONFIG["packages"]:
            continue
        data = [p for p in folder.iterdir() if p.is_file()]
        # a pack's own engine (examples/<pack>/engine.py) is data, loaded by its path
        assert not any(p.suffix == ".py" and not _shipped_by(p) for p in data), (
            f"{folder} holds code but is no package")
        assert all(_shipped_by(p) for p in data), f"{folder} is neither a package nor shipped"


def test_every_listed_package_is_under_prophecy():
    assert all(name.startswith("prophecy.") for name in CONFIG["packages"])


def test_every_data_file_is_matched_by_package_data():
    for path in _data_files():
        assert _shipped_by(path), f"{path} is not shipped"


def test_bundled_data_is_found_through_the_import_system():
    assert (bundled_content() / "game.yaml").is_file()
    assert (schemas_dir() / "arcana.schema.json").is_file()
    assert (package_dir("prophecy.lab") / "templates" / "report.html.j2").is_file()
