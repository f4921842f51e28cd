"""Benchmark: how much CPU `prophecy serve` spends before its first page, beside its floor.

Run: python tests/bench/bench_serve_start.py [--runs N]

As a new user meets it: ``prophecy init g`` in an empty folder, then
``prophecy serve`` in ``g`` with an empty cache folder (nothing drawn yet).
Each run starts a new server process, asks for the gallery page as soon as
the address is printed, and reads the server's CPU seconds (user and system,
its threads included, from ``/proc``) the moment the page has arrived; it
then waits until every card's faces are drawn (the server says so on
stderr; the gallery is not asked in between, which would cost CPU) and
reads the CPU seconds again. The floor is a bare ``python -c pass`` measured in the same run.
Figures are medians of runs made in turns, so a busy moment hits each alike.

Target: the first page within 3 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def command() -> list[str]:
    """The installed ``prophecy`` beside this Python, else ``python -m prophecy.tools``."""
    found = Path(sys.executable).with_name("prophecy")
    return [str(found)] if found.is_file() else [sys.executable, "-m", "prophecy.tools"]


def cpu_now(pid: int) -> float:
    """CPU seconds a running process has used so far (every thread, and children it waited)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / TICK  # utime, stime, cutime, cstime


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as response:
        return bytes(response.read())


def wait_drawn(url: str, server: subprocess.Popen[str]) -> None:
    """Return once every face is drawn: at once when none waits, else when stderr says so."""
    if not json.loads(get(url + "state.json")).get("drawing"):
        return
    assert server.stderr is not None
    for line in server.stderr:
        if line.startswith("every card drawn"):
            return
    sys.exit("prophecy serve stopped before every card was drawn")


def serve_once(game: Path, cache: Path) -> tuple[float, float]:
    """CPU seconds of one server to its first page, and to every card drawn."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PROPHECY_CACHE"] = str(cache)
    server = subprocess.Popen([*command(), "serve", "--port", "0"], cwd=game, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if not url.startswith("http://"):
            sys.exit(f"prophecy serve printed no address (exit {server.wait()})")
        page = get(url)
        first = cpu_now(server.pid)
        if b'class="tile' not in page:
            sys.exit("the first page shows no card")
        wait_drawn(url, server)
        drawn = cpu_now(server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
        for stream in (server.stdout, server.stderr):
            if stream:
                stream.close()
    return first, drawn


def floor() -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    firsts, drawns, floors = [], [], []
    with tempfile.TemporaryDirectory() as temp:
        made = Path(temp) / "empty"
        made.mkdir()
        subprocess.run([*command(), "init", "g"], cwd=made, check=True, capture_output=True)
        for n in range(runs):
            game = Path(temp) / f"run{n}" / "g"
            shutil.copytree(made / "g", game)
            first, drawn = serve_once(game, Path(temp) / f"cache{n}")
            firsts.append(first)
            drawns.append(drawn)
            floors.append(floor())
            print(f"run {n + 1}: first page {first:.2f} s CPU, every card drawn {drawn:.2f} s "
                  f"CPU; python -c pass {floors[-1]:.3f} s", file=sys.stderr)
    print(f"prophecy serve, fresh game and empty cache, median of {runs} runs (CPU seconds):")
    print(f"  first page          {statistics.median(firsts):6.2f}   (target 3)")
    print(f"  every card drawn    {statistics.median(drawns):6.2f}")
    print(f"  python -c pass      {statistics.median(floors):6.3f}   (floor)")


if __name__ == "__main__":
    main()
