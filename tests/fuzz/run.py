"""Fuzz for longer: the suite's properties on many more inputs; prints how many were tried.

Run: python tests/fuzz/run.py [--seconds N]   (the time is shared among the properties)

Each property of ``properties.py`` gets its share of the time and as many
generated inputs as fit in it (hypothesis, not derandomised: each run tries
new inputs). The first failure stops the run with hypothesis's report.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))
import properties as prop  # noqa: E402

PROPERTIES = {
    "parser": (prop.lines, prop.parser_answers),
    "yaml reader": (prop.yaml_texts, prop.reader_answers),
    "loader": (prop.damaged_files(), prop.loader_reports),
    "fmt": (prop.loose_effects(), prop.fmt_keeps_files),
    "check is the gate": (prop.gate_content(), prop.check_is_the_gate),
}


def run(name: str, seconds: float, batch: int = 200) -> int:
    """Inputs tried for one property in about ``seconds``: batches of new random inputs."""
    strategy, check = PROPERTIES[name]
    tried = 0

    @settings(max_examples=batch, deadline=60000, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(value):
        nonlocal tried
        tried += 1
        check(value)

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        one()
    return tried


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=600.0)
    seconds = parser.parse_args().seconds
    total = 0
    for name in PROPERTIES:
        # a gate input runs four commands (seconds each): small batches keep to the time
        tried = run(name, seconds / len(PROPERTIES), batch=4 if name == "check is the gate"
                    else 200)
        total += tried
        print(f"{name:12} {tried:8d} inputs, no failure", flush=True)
    print(f"{'all':12} {total:8d} inputs")


if __name__ == "__main__":
    main()
