"""Save to page: how long a saved change to one card takes to show in an open gallery page.

Starts ``prophecy serve`` on a copy of the bundled content, opens the
gallery in headless Chromium (Debian's), then saves an edit to one card's
effect line N times (each a text not seen before, so each save is checked
and drawn) and measures, for each save, the time from the file's write to
the moment the page has the card's new image loaded. Prints each figure,
the median, the best and the worst.

    python tests/bench/bench_serve.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from prophecy.compiler.model.files import bundled_content

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LINE = '"Grimoire Level 2 + Top Discard Necromancy: Add 2 to a matching Dark Deed"'
CARD = "arcana/ghoul-pack"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as temp:
        content = Path(temp) / "content"
        shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
        env = {**os.environ, "PROPHECY_CACHE": str(Path(temp) / "cache")}
        server = subprocess.Popen([sys.executable, "-m", "prophecy.tools", "serve",
                                   "--content", str(content), "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  env=env)
        try:
            url = server.stdout.readline().strip() if server.stdout else ""
            figures = measure(url, content / "arcana" / "necromancy.yaml", rounds)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=15)
            if server.stdout:
                server.stdout.close()
    for n, ms in enumerate(figures, 1):
        print(f"save {n}: {ms:.0f} ms")
    print(f"save to page over {len(figures)} saves: median {statistics.median(figures):.0f} ms, "
          f"best {min(figures):.0f} ms, worst {max(figures):.0f} ms")


def measure(url: str, path: Path, rounds: int) -> list[float]:
    original = path.read_text(encoding="utf-8")
    texts = [original.replace(LINE, LINE.replace("Add 2", f"Add {n + 3}")) for n in
             range(rounds)]
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        # every card drawn first: a save is measured, not the first start's drawing
        page.wait_for_function("window.prophecy && window.prophecy.drawing === 0",
                               timeout=60000)
        for text in texts:
            count = page.evaluate("id => window.prophecy.updates.filter(u => u.id === id).length",
                                  CARD)
            written = time.time() * 1000
            path.write_text(text, encoding="utf-8")
            page.wait_for_function(
                "([id, n]) => window.prophecy.updates.filter(u => u.id === id).length > n",
                arg=[CARD, count], timeout=20000)
            shown = page.evaluate("id => window.prophecy.updates.filter(u => u.id === id)"
                                  ".pop().at", CARD)
            out.append(shown - written)
            time.sleep(0.3)
        browser.close()
    return out


if __name__ == "__main__":
    main()
