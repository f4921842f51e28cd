"""The balance report in a real browser: headless Chromium opens it and sees the findings first."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prophecy.lab.report_html import write_balance_report

pytestmark = pytest.mark.slow  # the report in a real browser

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "")
                 if p and Path(p).exists()), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def test_the_page_leads_with_the_verdicts_then_the_decided_findings(balance_summary, tmp_path):
    sync = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no Chromium here (CI installs Debian's chromium package)")
    assert balance_summary["findings"], "the fixture must decide something"
    path = tmp_path / "balance.html"
    write_balance_report(balance_summary, path)
    with sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(path.as_uri())
        headings = page.locator("h1, h2").all_inner_texts()
        shown = page.locator("#decided li").all_inner_texts()
        top = page.locator("#decided li").first.bounding_box()
        verdicts = page.locator("#verdicts td.word").all_inner_texts()
        first = page.locator("#verdicts tr").nth(1).bounding_box()
        page.screenshot(path=str(tmp_path / "balance.png"))
        browser.close()
    # the page leads with one verdict a card, then what is decided
    assert headings[:3] == ["Dark Prophecies: paired balance report".replace(
        "Dark Prophecies", balance_summary["game"]), "Verdicts, one a card", "What is decided"]
    assert verdicts == [v["verdict"] for v in balance_summary["verdicts"]]
    assert first is not None and first["y"] < 700  # the first verdict without scrolling
    assert shown[: len(balance_summary["findings"])] == balance_summary["findings"]
    assert shown[0].startswith("Windfall (Arcana), points a game over its vanilla twin: when "
                               "played stronger +")
    assert top is not None
