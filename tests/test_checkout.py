"""The suite tests the tree it sits in: run from a copy with another tree's package, it stops."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _conftest():
    """The suite's own conftest.py, loaded by its path (it is not an importable module)."""
    spec = importlib.util.spec_from_file_location("suite_conftest", ROOT / "tests" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


imported_elsewhere = _conftest().imported_elsewhere


def test_the_package_of_this_checkout_passes(tmp_path):
    assert imported_elsewhere(str(ROOT / "dsl" / "__init__.py"), ROOT) is None
    assert imported_elsewhere(str(tmp_path / "prophecy" / "dsl" / "__init__.py"), tmp_path) is None


def test_another_trees_package_is_named(tmp_path):
    problem = imported_elsewhere(str(ROOT / "dsl" / "__init__.py"), tmp_path)
    assert problem is not None
    assert problem.startswith(f"the prophecy package is imported from {ROOT}, not from this "
                              f"checkout ({tmp_path.resolve()})")


def test_a_copy_tested_with_this_trees_venv_fails_at_collection(tmp_path):
    """A copy of the tests (and a source folder) beside which this venv's package is not:
    pytest stops before collecting, naming the folder the package came from."""
    copy = tmp_path / "copy"
    (copy / "tests").mkdir(parents=True)
    (copy / "dsl").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", copy / "tests" / "conftest.py")
    (copy / "tests" / "test_planted.py").write_text("def test_passes():\n    assert True\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests"], cwd=copy, capture_output=True, text=True, timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr
    assert f"the prophecy package is imported from {ROOT}" in done.stderr
    assert "1 passed" not in done.stdout
