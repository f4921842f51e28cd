"""Fixtures shared by every suite: the bundled content folder and its vocabulary."""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.dsl.vocabulary import Vocabulary

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
MINIMAL = ROOT / "tests" / "content" / "fixtures" / "minimal"


def imported_elsewhere(package_file: str, root: Path) -> str | None:
    """Why the ``prophecy`` package imported is not this checkout's, or None when it is.

    An editable install maps ``prophecy.dsl`` to the folder it was installed from, so a
    copy of the checkout tested with another checkout's venv would silently test the
    other checkout. The package is this tree's when ``prophecy.dsl`` is ``dsl/`` here,
    or ``prophecy/dsl/`` here (the package laid out as installed, as the mutation run does).
    """
    found = Path(package_file).resolve().parent
    if found in (root / "dsl", root / "prophecy" / "dsl"):
        return None
    return (f"the prophecy package is imported from {found.parent}, not from this checkout "
            f"({root}): the tests would test that other tree. Install this checkout into a "
            f"virtual environment of its own: python3 -m venv .venv && "
            f".venv/bin/pip install -e '{root}[test]'")


def pytest_configure(config: pytest.Config) -> None:
    import prophecy.dsl

    problem = imported_elsewhere(prophecy.dsl.__file__ or "", ROOT)
    if problem is not None:
        raise pytest.UsageError(problem)


@pytest.fixture(scope="session")
def content_dir() -> Path:
    """The bundled content folder (read only: copy it to tmp_path before changing it)."""
    return CONTENT


def kinds_block(game: Path) -> str:
    """The ``kinds:`` block of a game.yaml as written: from its ``kinds:`` line up to the next
    line that starts in the first column (a key, or the comment that opens the next key)."""
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("kinds:\n")
    end = next((n for n in range(start + 1, len(lines))
                if lines[n][:1] not in ("", " ", "\n")), len(lines))
    return "".join(lines[start:end])


def with_bundled_kinds(folder: Path, bundled: Path = CONTENT / "game.yaml") -> Path:
    """``folder`` with the kinds of the bundled game put at the end of its game.yaml, when
    that declares none.

    A fixture's game.yaml states only what it changes (its vocabulary, rules, counts or the
    defect it holds); its kinds are the bundled game's, so a field the bundled game gains
    reaches every fixture and breaks none of their places (the kinds come last).
    """
    game = folder / "game.yaml"
    if not game.is_file():  # a case of a missing game.yaml
        return folder
    text = game.read_text(encoding="utf-8")
    if not any(line.startswith("kinds:") for line in text.splitlines()):
        game.write_text(text.rstrip("\n") + "\n\n" + kinds_block(bundled), encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def minimal_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/content/fixtures/minimal with the bundled kinds: twelve cards of the bundled
    game's kinds (read only: copy it to tmp_path before changing it)."""
    import shutil

    folder = tmp_path_factory.mktemp("fixtures") / "minimal"
    shutil.copytree(MINIMAL, folder)
    return with_bundled_kinds(folder)


@pytest.fixture(autouse=True, scope="session")
def _bundled_schemas_made() -> None:
    """The bundled game's card schemas, made from its game.yaml as ``prophecy schemas`` makes
    them: git keeps none of them (a fresh clone has none), and tests read them."""
    from prophecy.compiler.model.files import write_atomic
    from prophecy.compiler.model.schemagen import stale_schemas

    for path, text in stale_schemas(CONTENT)[0].items():
        write_atomic(path, text.encode("utf-8"))


@pytest.fixture(scope="session")
def vocab() -> Vocabulary:
    """The vocabulary of the bundled game.yaml."""
    return read_vocabulary(CONTENT)


@pytest.fixture(autouse=True, scope="session")
def _cache_in_tmp(tmp_path_factory: pytest.TempPathFactory):
    """The cache folder of every command run by the tests is a temporary one."""
    import os

    old = os.environ.get("PROPHECY_CACHE")
    os.environ["PROPHECY_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("PROPHECY_CACHE", None)
    else:
        os.environ["PROPHECY_CACHE"] = old


@pytest.fixture(autouse=True, scope="session")
def _config_in_tmp(tmp_path_factory: pytest.TempPathFactory):
    """The user's settings of every command run by the tests are in a temporary folder, where
    the draft packs' engine files are trusted (as a designer trusts them once): the tests
    that play them run them; tests/test_trust.py holds what an untrusted one may not do."""
    import os

    from prophecy.compiler.model import trust

    old = os.environ.get("PROPHECY_CONFIG")
    os.environ["PROPHECY_CONFIG"] = str(tmp_path_factory.mktemp("config"))
    for draft in ("draft-mastery", "draft-disciplines"):
        trust.trust(ROOT / "examples" / draft / "engine.py")
    yield
    if old is None:
        os.environ.pop("PROPHECY_CONFIG", None)
    else:
        os.environ["PROPHECY_CONFIG"] = old


@pytest.fixture(autouse=True)
def _no_trust_outlives_a_test():
    """A command's --trust holds for its own run only, never for the next test."""
    from prophecy.compiler.model import trust

    yield
    trust.grant(False)


def _id_safe(text: str) -> str:
    """A test id of printable ASCII: any other character (and '\\') as <hex>."""
    return "".join(c if " " <= c <= "~" and c != "\\" else f"<{ord(c):x}>" for c in text)


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Parameters that are text with line breaks, control or non-ASCII characters get ids
    of printable ASCII. Pytest would escape them in a way it cannot read back, so such
    a test could not be run by its id (``pytest 'file::test[id]'``, as mutmut does)."""
    if isinstance(val, str) and val != _id_safe(val):
        return _id_safe(val)
    return None
