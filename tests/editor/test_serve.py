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
from prophecy.tools.gallery.state import card_words

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


def _start(tmp: Path, extra: list[str] | None = None) -> Served:
    content, cache = tmp / "content", tmp / "cache"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    env = {**os.environ, "PROPHECY_CACHE": str(cache)}
    process = subprocess.Popen(
        [sys.executable, "-m", "prophecy.tools", "serve", "--content", str(content),
         "--port", "0", *(extra or [])], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env, cwd=tmp)
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
    # every card drawn: the first start draws them while the page is already shown
    page.wait_for_function("window.prophecy && window.prophecy.drawing === 0", timeout=60000)
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


def _drawn(served: Served) -> None:
    """Wait until the server has drawn every card (it says so on stderr)."""
    import json
    import urllib.request

    with urllib.request.urlopen(served.url + "state.json", timeout=30) as response:
        if not json.loads(response.read())["drawing"]:
            return
    assert served.process.stderr is not None
    for line in served.process.stderr:
        if line.startswith("every card drawn"):
            return
    raise AssertionError("the server stopped before every card was drawn")


def test_ctrl_c_stops_the_server_cleanly_and_it_wrote_only_to_its_cache(tmp_path: Path):
    served = _start(tmp_path)
    _drawn(served)
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


# ---------------------------------------------------------------- finding your way
def _visible(page) -> list[str]:
    return page.eval_on_selector_all(".tile:not([hidden])", "els => els.map(e => e.dataset.id)")


def test_the_top_bar_counts_the_problems_and_links_to_each_broken_card(page, served: Served):
    assert page.locator("#problem-count").inner_text() == "no problems"
    served.edit(GHOUL_LINE, GHOUL_LINE.replace("Necromancy", "Necromncy"))
    page.wait_for_function("document.getElementById('problem-count').textContent === "
                           "'1 problem'", timeout=10000)
    page.select_option("#kind-filter", "deed")  # the broken card is filtered out of sight
    assert "arcana/ghoul-pack" not in _visible(page)
    page.click("#problem-count")
    link = page.locator("#problem-list a[data-id='arcana/ghoul-pack']")
    assert link.inner_text().startswith("Ghoul Pack arcana/necromancy.yaml:37:41 unknown card")
    link.click()
    tile = _tile(page, "arcana/ghoul-pack")
    assert "arcana/ghoul-pack" in _visible(page)  # the filters gave way to it
    page.wait_for_function("el => { const r = el.getBoundingClientRect(); "
                           "return r.top >= 0 && r.bottom <= innerHeight; }",
                           arg=tile.element_handle())
    assert page.evaluate("location.hash") == "#card-arcana/ghoul-pack"


def _searched(card, pack) -> str:
    """What the search box looks through on a card with no problems: name, id, grimoire,
    the effect lines and the other words printed on it (types, flavour)."""
    lines = " ".join(line.text for line in card.lines)
    words = " ".join(card_words(card, pack))
    return f"{card.name} {card.id} {card.grimoire_of or ''} {lines} {words}".lower()


def test_search_narrows_the_cards_by_name_and_says_how_many(page, served: Served):
    content = load_content(served.content)
    page.fill("#search", "blood")
    wanted = sorted(c.id for c in content.cards if "blood" in _searched(c, content.pack))
    assert sorted(_visible(page)) == wanted
    assert page.locator("#shown").inner_text() == f"{len(wanted)} of {len(content.cards)} cards"
    page.fill("#search", "ossuary key")  # every word must match
    assert _visible(page) == ["arcana/ossuary-key"]
    assert page.locator(".kind:not([hidden])").count() == 1
    assert page.locator("#kind-arcana .count").inner_text().startswith("(1 of ")


def test_search_finds_a_card_by_what_its_effect_lines_say(page, served: Served):
    content = load_content(served.content)
    page.fill("#search", "stash")
    wanted = sorted(c.id for c in content.cards
                    if any("stash" in line.text.lower() for line in c.lines)
                    or "stash" in f"{c.name} {c.id}".lower())
    assert len(wanted) > 5  # the cards that stash, not only those named for it
    assert sorted(_visible(page)) == wanted


def test_search_finds_a_card_by_its_types_flavour_and_problems(page, served: Served):
    content = load_content(served.content)
    # a card type: every Creature, though few say so in their name or lines
    page.fill("#search", "creature")
    creatures = sorted(c.id for c in content.cards if "Creature" in c.fields.get("types", ()))
    assert len(creatures) > 3
    assert sorted(_visible(page)) == sorted(c.id for c in content.cards
                                            if "creature" in _searched(c, content.pack))
    assert set(creatures) <= set(_visible(page))
    # a word only the flavour text holds
    flavour = {c.id: str(c.fields.get("flavor") or "") for c in content.cards}
    word = next(w for text in flavour.values() for w in text.lower().strip(".").split()
                if len(w) > 6 and w.isalpha()
                and not any(w in f"{c.name} {c.id} {' '.join(x.text for x in c.lines)}".lower()
                            for c in content.cards))
    page.fill("#search", word)
    wanted = sorted(i for i, text in flavour.items() if word in text.lower())
    assert wanted and sorted(_visible(page)) == wanted
    # a word of a problem's message, kept current as the card breaks and mends
    page.fill("#search", "necromncy")
    assert _visible(page) == []
    served.edit(GHOUL_LINE, GHOUL_LINE.replace("Necromancy", "Necromncy"))
    page.wait_for_function("document.querySelectorAll('.tile:not([hidden])').length === 1",
                           timeout=10000)
    assert _visible(page) == ["arcana/ghoul-pack"]
    served.restore()
    page.wait_for_function("document.querySelectorAll('.tile:not([hidden])').length === 0",
                           timeout=10000)


def test_filters_by_kind_grimoire_and_problems(page, served: Served):
    content = load_content(served.content)
    page.select_option("#kind-filter", "deed")
    assert sorted(_visible(page)) == sorted(c.id for c in content.cards if c.kind == "deed")
    page.select_option("#grimoire-filter", "Necromancy")
    assert sorted(_visible(page)) == sorted(c.id for c in content.cards if c.kind == "deed"
                                            and c.grimoire_of == "Necromancy")
    page.select_option("#kind-filter", "")
    assert sorted(_visible(page)) == sorted(c.id for c in content.cards
                                            if c.grimoire_of == "Necromancy")
    page.select_option("#grimoire-filter", "")
    page.check("#broken-filter")
    assert _visible(page) == []
    served.edit(GHOUL_LINE, GHOUL_LINE.replace("Necromancy", "Necromncy"))
    page.wait_for_function("document.querySelectorAll('.tile:not([hidden])').length === 1",
                           timeout=10000)
    assert _visible(page) == ["arcana/ghoul-pack"]


def test_the_list_view_is_one_compact_row_a_card_with_counts(page, served: Served):
    content = load_content(served.content)
    grid_height = page.evaluate("document.documentElement.scrollHeight")
    page.click("#view-list")
    assert page.evaluate("document.body.classList.contains('list-view')")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < grid_height / 2
    rows = page.eval_on_selector_all(".tile", "els => els.map(e => e.getBoundingClientRect()"
                                              ".height)")
    assert len(rows) == len(content.cards) and max(rows) < 50
    # each row shows the card's effect lines beside its name
    key = next(c for c in content.cards if len(c.lines) >= 2)
    shown = _tile(page, key.id).locator(".effects")
    assert shown.is_visible()
    assert shown.locator("li").all_inner_texts() == [line.text for line in key.lines]
    counts = page.eval_on_selector_all(".kind:not([hidden]) h2", "els => els.map(e => "
                                                                 "e.textContent.trim())")
    assert counts[0] == f"Arcana ({len(content.of_kind('arcana'))})"
    page.reload()  # the view is remembered
    page.wait_for_function("window.prophecy && window.prophecy.version >= 1")
    assert page.evaluate("document.body.classList.contains('list-view')")
    page.click("#view-grid")


def test_a_back_shared_by_a_kind_is_shown_once_and_a_card_s_own_back_on_its_tile(page,
                                                                               served: Served):
    arcana = page.locator("#kind-arcana")
    shared = arcana.locator(".shared-back")
    assert shared.count() == 1
    key = shared.get_attribute("data-back")
    backs = page.eval_on_selector_all("#kind-arcana .tile", "els => els.map(e => e.dataset.back)")
    assert set(backs) == {key}
    assert arcana.locator(".tile img.back").count() == 0
    assert shared.locator("figcaption").inner_text() == f"the back of {len(backs)} cards"
    # a Grimoire's back is its own (its level 4 and Manifest): on its tile
    grimoires = page.locator("#kind-grimoire")
    assert grimoires.locator(".shared-back").count() == 0
    assert grimoires.locator(".tile img.back").count() == grimoires.locator(".tile").count()
    assert page.evaluate("fetch('/favicon.ico').then(r => r.status)") == 200
    # as the server writes the page, before any script runs
    context = page.context.browser.new_context(java_script_enabled=False)
    plain = context.new_page()
    plain.goto(served.url)
    assert plain.locator("#kind-arcana .shared-back").count() == 1
    assert plain.locator("#kind-arcana .tile img.back").count() == 0
    assert plain.locator("#kind-grimoire .tile img.back").count() == grimoires.locator(
        ".tile").count()
    context.close()


@pytest.fixture(scope="module")
def balance_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import contextlib
    import io

    from prophecy.tools import main

    path = tmp_path_factory.mktemp("balance") / "balance.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["balance", "--cards", "Bloodletting", "--pairs", "60", "--json"]) == 0
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_serve_balance_shows_each_card_s_verdict_on_its_tile_and_page(browser, balance_run,
                                                                      tmp_path: Path):
    import json

    from prophecy.lab import balance_report

    row = balance_report.summarise(json.loads(balance_run.read_text()))["designs"][0]
    modes = row["modes"]
    assert list(modes) == ["chosen", "forced"]
    served = _start(tmp_path, ["--balance", str(balance_run)])
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(served.url)
        page.wait_for_function("window.prophecy && window.prophecy.version >= 1")
        said = {"chosen": "as chosen", "forced": "forced"}
        shown = " · ".join(
            f"{said[mode]} {m['points']['mean']:+.2f} [{m['points']['ci'][0]:+.2f}, "
            f"{m['points']['ci'][1]:+.2f}] {m['verdict']}" for mode, m in modes.items())
        assert _tile(page, "arcana/bloodletting").locator(".verdict").inner_text() == shown
        assert page.locator(".tile .verdict").count() == 1  # no other card was measured
        page.goto(served.url + "card/arcana/bloodletting")
        table = dict(zip(page.locator("table.balance th").all_inner_texts(),
                         page.locator("table.balance td").all_inner_texts(), strict=True))
        for mode, m in modes.items():
            mean, (low, high) = m["points"]["mean"], m["points"]["ci"]
            assert table[f"points a game, {said[mode]}"] == (
                f"{mean:+.2f} for its holder against the twin (interval {low:+.2f} to "
                f"{high:+.2f}): {m['verdict']}")
            assert table[f"pairs of games, {said[mode]}"] == (
                f"{m['pairs']} ({m['games']} games played)")
        assert "e+" not in page.locator("table.balance").inner_text()  # no raw sums
        page.close()
    finally:
        _stop(served)


def test_serve_refuses_a_balance_file_that_is_no_balance_run(tmp_path: Path, capsys):
    from prophecy.tools import main

    path = tmp_path / "figures.json"
    path.write_text('{"cards": {"arcana/bloodletting": {"points": [30, 74, 1610]}}}')
    assert main(["serve", "--balance", str(path), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "not the JSON of a run" in err and "prophecy balance --json" in err


# ---------------------------------------------------------------- the top bar and the filters
CONTROLS = ["#filters", "#search", "#kind-filter", "#grimoire-filter", "#broken-filter",
            "#view-grid", "#view-list"]


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_the_open_problem_list_never_covers_the_filters(page, served: Served):
    import re

    path = served.content / NECRO
    text = path.read_text(encoding="utf-8")
    served.originals.setdefault(path, text)
    # a dozen lines the language has no words for, on as many cards: a long list
    path.write_text(re.sub(r'^(      - ")', r"\1Zap ", text, count=12, flags=re.M),
                    encoding="utf-8")
    page.wait_for_function("document.querySelectorAll('#problem-list li').length >= 6",
                           timeout=10000)
    page.click("#problem-count")
    for width, scrolled in [(1400, 0), (700, 0), (420, 0), (700, 4000)]:
        page.set_viewport_size({"width": width, "height": 700})
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        listed = page.locator("#problem-list ul").bounding_box()
        assert listed is not None and listed["height"] > 40  # open, and showing problems
        assert listed["x"] >= 0 and listed["x"] + listed["width"] <= width  # all of it seen
        for control in CONTROLS:
            box = page.locator(control).bounding_box()
            assert box is not None, control
            assert not _overlap(listed, box), (width, scrolled, control, listed, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= 700, (width, control)
    # and the search box takes a click and words while the list is open
    page.click("#search")
    page.keyboard.type("ghoul")
    assert _visible(page) == ["arcana/ghoul-pack"]
    assert page.locator("#problem-list").get_attribute("open") is not None


# ---------------------------------------------------------------- the first page, at once
def test_a_card_shows_its_name_and_lines_until_its_faces_are_drawn(browser, tmp_path: Path):
    """As serve starts: the first check draws nothing, the page shows each card by name and
    effect lines, and each card's image replaces them when a drawing batch reaches it."""
    import json
    import threading

    from prophecy.tools.gallery.state import Gallery
    from prophecy.tools.gallery.web import GalleryServer, Hub

    content = tmp_path / "content"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    gallery = Gallery(content, tmp_path / "cache")
    first = gallery.refresh(draw_at_most=0)
    card = next(c for c in load_content(content).cards if c.id == "arcana/ghoul-pack")
    last = first.tiles[-1].id
    hub = Hub()
    server = GalleryServer(("127.0.0.1", 0), gallery, hub, {})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_function("window.prophecy.drawing > 0")
        ghoul = _tile(page, "arcana/ghoul-pack")
        assert page.locator(".tile.pending").count() == len(first.tiles)
        assert ghoul.locator("h3").inner_text() == "Ghoul Pack"
        assert ghoul.locator(".drawing").is_visible()
        assert ghoul.locator(".effects").is_visible()
        assert ghoul.locator(".effects li").all_inner_texts() == [line.text for line in card.lines]
        assert not ghoul.locator("img.front").is_visible()
        while gallery.snapshot.tile("arcana/ghoul-pack").pending:  # as the drawing thread does
            hub.send(json.dumps(gallery.draw(seconds=0).to_json()))
        page.wait_for_function("el => !el.classList.contains('pending') && "
                               "el.querySelector('img.front').naturalWidth > 0",
                               arg=ghoul.element_handle(), timeout=10000)
        assert ghoul.locator("img.front").get_attribute("src") == (
            f"/thumb/{gallery.snapshot.tile('arcana/ghoul-pack').front}.png")
        assert not ghoul.locator(".drawing").is_visible()
        assert not ghoul.locator(".effects").is_visible()  # the grid shows them on the face
        assert "pending" in _tile(page, last).get_attribute("class")  # not reached yet
        while (snapshot := gallery.draw()) is not None:
            hub.send(json.dumps(snapshot.to_json()))
        page.wait_for_function("window.prophecy.drawing === 0", timeout=10000)
        assert page.locator(".tile.pending").count() == 0
        assert page.evaluate("window.prophecy.version") == gallery.snapshot.version
        assert "drawing" not in page.locator("#status").inner_text()
    finally:
        page.close()
        hub.close()
        server.shutdown()
        server.server_close()
