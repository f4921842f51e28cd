"""`prophecy serve` in a real browser: headless Chromium (Debian's) driven by Playwright.

The server runs as its own process on a copy of the bundled content, as a
designer runs it; the tests edit the content files on disk and watch the
open page change without a reload. They skip only when no Chromium is
installed (CI installs Debian's ``chromium``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NECRO = "arcana/necromancy.yaml"
GHOUL_LINE = '"Grimoire Level 2 + Top Discard Necromancy: Add 2 to a matching Dark Deed"'

pytestmark = [pytest.mark.slow,  # the live gallery in a real browser
              pytest.mark.skipif(not CHROMIUM.is_file(), reason="no Chromium installed")]


class Served:
    """A running ``prophecy serve``: its process, address, content and cache folders."""

    def __init__(self, process: subprocess.Popen[str], url: str, content: Path, cache: Path):
        self.process, self.url, self.content, self.cache = process, url, content, cache
        self.originals: dict[Path, str] = {}

    def edit(self, old: str, new: str, rel: str = NECRO) -> float:
        """Replace text in a content file as an editor saves it; the time it was written."""
        path = self.content / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        self.originals.setdefault(path, text)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return time.time() * 1000

    def restore(self) -> None:
        """Put every edited file back as it was."""
        for path, text in self.originals.items():
            path.write_text(text, encoding="utf-8")
        self.originals.clear()


def _start(tmp: Path) -> Served:
    content, cache = tmp / "content", tmp / "cache"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    env = {**os.environ, "PROPHECY_CACHE": str(cache)}
    process = subprocess.Popen(
        [sys.executable, "-m", "prophecy.compiler.cli", "serve", "--content", str(content),
         "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        cwd=tmp)
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), process.stderr.read() if process.stderr else ""
    return Served(process, url, content, cache)


def _stop(served: Served) -> tuple[int, str]:
    served.process.send_signal(signal.SIGINT)
    try:
        code = served.process.wait(timeout=15)
    finally:
        if served.process.poll() is None:
            served.process.kill()
    err = served.process.stderr.read() if served.process.stderr else ""
    for stream in (served.process.stdout, served.process.stderr):
        if stream is not None:
            stream.close()
    return code, err


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    found = _start(tmp_path_factory.mktemp("serve"))
    yield found
    if found.process.poll() is None:
        _stop(found)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, served: Served) -> Iterator[object]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(served.url)
    page.wait_for_function("window.prophecy && window.prophecy.version >= 1")
    yield page
    page.close()
    if served.originals:
        served.restore()
        time.sleep(1)  # let the server see the restored files before the next test


def _tile(page, card_id: str):
    return page.locator(f'.tile[data-id="{card_id}"]')


def test_the_gallery_shows_every_card_grouped_by_kind(page, served: Served):
    content = load_content(served.content)
    ids = page.eval_on_selector_all(".tile", "els => els.map(e => e.dataset.id)")
    assert sorted(ids) == sorted(c.id for c in content.cards)
    kinds = page.eval_on_selector_all(".kind", "els => els.map(e => e.dataset.kind)")
    assert kinds == ["arcana", "grimoire", "deed", "verse", "hireling", "title", "reference",
                     "tracker"]
    first = _tile(page, ids[0]).locator("img.front")
    first.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                           arg=first.element_handle())
    assert first.evaluate("img => [img.naturalWidth, img.naturalHeight]") == [413, 563]  # half
    assert page.locator(".tile.broken").count() == 0


def test_saving_a_file_updates_the_open_page_without_a_reload(page, served: Served):
    page.evaluate("window.notReloaded = true")
    tile = _tile(page, "arcana/ghoul-pack")
    before = tile.get_attribute("data-front")
    written = served.edit(GHOUL_LINE, GHOUL_LINE.replace("Add 2", "Add 3"))
    page.wait_for_function(
        "([id, old]) => { const el = document.querySelector(`.tile[data-id='${id}']`);"
        " return el.dataset.front !== old && window.prophecy.updates.some(u => u.id === id); }",
        arg=["arcana/ghoul-pack", before], timeout=10000)
    assert page.evaluate("window.notReloaded") is True
    shown = page.evaluate("id => window.prophecy.updates.filter(u => u.id === id).pop().at",
                          "arcana/ghoul-pack")
    print(f"save to page: {shown - written:.0f} ms")
    img = tile.locator("img.front")
    assert img.evaluate("img => img.naturalWidth") == 413
    assert img.get_attribute("src") == f"/thumb/{tile.get_attribute('data-front')}.png"
    # only the changed card was redrawn: every other tile keeps its image
    assert page.locator(".tile.broken").count() == 0
    served.edit(GHOUL_LINE.replace("Add 2", "Add 3"), GHOUL_LINE)
    page.wait_for_function("([id, old]) => document.querySelector(`.tile[data-id='${id}']`)"
                           ".dataset.front === old", arg=["arcana/ghoul-pack", before])


def test_a_broken_line_shows_its_error_on_its_own_tile(page, served: Served):
    served.edit(GHOUL_LINE, GHOUL_LINE.replace("Necromancy", "Necromncy"))
    tile = _tile(page, "arcana/ghoul-pack")
    page.wait_for_selector('.tile.broken[data-id="arcana/ghoul-pack"]', timeout=10000)
    assert page.locator(".tile.broken").count() == 1
    error = tile.locator(".errors li")
    assert error.count() == 1
    assert error.inner_text() == (
        "arcana/necromancy.yaml:37:41 unknown card type or grimoire 'Necromncy'\n"
        "hint: did you mean 'Necromancy'?")
    # the card keeps its last good faces, and the rest of the gallery goes on working
    assert tile.locator("img.front").get_attribute("src")
    served.edit(GHOUL_LINE.replace("Necromancy", "Necromncy"), GHOUL_LINE)
    page.wait_for_function("document.querySelectorAll('.tile.broken').length === 0")


def test_text_that_does_not_fit_is_shown_on_its_tile(page, served: Served):
    long = GHOUL_LINE.replace("Deed", "Deed, then Draw 1 Arcana, then Discard 1 to the center")
    served.edit(GHOUL_LINE, "\n      - ".join([long] * 4))
    page.wait_for_selector('.tile.broken[data-id="arcana/ghoul-pack"]', timeout=10000)
    text = _tile(page, "arcana/ghoul-pack").locator(".errors").inner_text()
    assert text.startswith("arcana/necromancy.yaml:32:5 arcana/ghoul-pack: the text of the "
                           "'effects' box does not fit")
    served.edit("\n      - ".join([long] * 4), GHOUL_LINE)
    page.wait_for_function("document.querySelectorAll('.tile.broken').length === 0")


def test_a_card_page_shows_its_face_lines_and_ast_and_follows_edits(page, served: Served):
    page.goto(served.url + "card/arcana/ghoul-pack")
    page.wait_for_function("window.prophecy && window.prophecy.version >= 1")
    full = page.locator("article.card img.front")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                           arg=full.element_handle())
    assert full.evaluate("img => img.naturalWidth") == 825
    lines = page.locator("ol.lines code.canonical").all_inner_texts()
    assert lines == ["Add 1 to fewest-cards Dark Deed",
                     "Grimoire Level 2 + Top Discard Necromancy: Add 2 to a matching Dark Deed"]
    assert '"node": "AddToDeed"' in page.locator("pre.ast").first.text_content()
    assert page.locator("p.explain").first.inner_text() == (
        "Put the top card of the Arcana deck face down on your Dark Deed holding the fewest "
        "cards. Like every effect it is optional.")
    served.edit(f'"Add 1 to fewest-cards Dark Deed"\n      - {GHOUL_LINE}',
                f'"Add 1 to most-cards Dark Deed"\n      - {GHOUL_LINE}')
    page.wait_for_function("document.querySelector('ol.lines code.canonical').textContent"
                           " === 'Add 1 to most-cards Dark Deed'", timeout=10000)


def test_ctrl_c_stops_the_server_cleanly_and_it_wrote_only_to_its_cache(tmp_path: Path):
    served = _start(tmp_path)
    before = {p: p.read_bytes() for p in served.content.rglob("*") if p.is_file()}
    code, err = _stop(served)
    assert code == 0
    assert "Traceback" not in err
    assert err.rstrip().endswith("prophecy serve: stopped")
    assert {p: p.read_bytes() for p in served.content.rglob("*") if p.is_file()} == before
    outside = [p for p in tmp_path.rglob("*") if p.is_file()
               and served.cache not in p.parents and served.content not in p.parents]
    assert outside == []
    assert any(served.cache.rglob("*.png"))
