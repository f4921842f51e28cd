"""Check (a script, not a test) of the backs under a duplex misregistration of 1 and 2 mm.

Every back design of the bundled content (or ``--content``) is laid on a
simulated back page, the page moved by 1 and 2 mm each way, and the cards
cut at the front's cut lines (``render/duplex.py``). For each back it prints
the bare paper on the worst cut card (pixels) and the border asymmetry (the
largest difference in brightness, 0-255, between opposite borders at the same
distance from the cut). Deck backs must show no bare paper and an asymmetry
under the limit, or copies printed on different sheets could be told apart;
the backs of two-faced cards (a Grimoire's top level, the tracker's last
round) are shown too, but they are faces everyone sees, so only bare paper
counts for them.

    python tests/bench/check_back_shift.py [--content DIR] [--limit 12]

Exit status 1 when a deck back fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from prophecy.compiler.faces import all_faces  # noqa: E402
from prophecy.compiler.model.loader import load_content  # noqa: E402
from prophecy.render.backs import render_face  # noqa: E402
from prophecy.render.duplex import shift_report  # noqa: E402
from prophecy.render.layoutfile import load_layout  # noqa: E402

SHIFTS = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (2.0, 0.0), (0.0, 2.0), (-2.0, -2.0), (2.0, 2.0)]
#: Asymmetry (0-255) a person does not see as a border wider on one side.
LIMIT = 12.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--limit", type=float, default=LIMIT)
    args = parser.parse_args()
    content = load_content(args.content)
    layout = load_layout(args.content)
    backs = {}
    for card in all_faces(content):
        back = card.back
        key = back.shared or f"{card.id} ({back.design})"
        if key not in backs:
            backs[key] = (bool(back.shared), render_face(layout, card.id, back))
    failed = 0
    print(f"{'back':34} {'shift mm':>10} {'bare px':>8} {'asymmetry':>10}")
    for name, (deck, image) in sorted(backs.items()):
        for shift in SHIFTS:
            r = shift_report(layout, image, shift)
            bad = r.bare > 0 or (deck and r.asymmetry > args.limit)
            failed += bad
            print(f"{name:34} {shift[0]:>4g},{shift[1]:<5g} {r.bare:8d} {r.asymmetry:10.1f}"
                  f"{'  FAIL' if bad else ''}")
    print(f"{failed} failing (limit: no bare paper; deck backs asymmetry <= {args.limit:g})")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
