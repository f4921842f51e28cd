"""The bytes of a full build, as one digest per file: did a change leave every output as it was?

Run: python tests/bench/build_digest.py [--content DIR] [--out DIR]

Builds the content (the bundled game by default) into ``--out`` (a fixed
folder, since a few outputs name their own path) and prints a SHA-256 of every
file written, sorted, then one digest over them all. Run it with each
checkout's own interpreter, into the same folder, and compare: the same lines
mean byte-identical outputs (images, PDFs, Tabletop Simulator files, cards.json).
In rare runs (about one image in a few thousand) ISA-L deflates the same rows to
other bytes: when one PNG (and the PDFs holding it) differs, run it again.

With ``--pixels`` each PNG is digested as what it shows (its size and its
decoded RGB pixels) rather than its bytes: the same lines then mean the same
images however they were deflated, and every other file byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", default=None)
    parser.add_argument("--out", default="/tmp/prophecy-build-digest")
    parser.add_argument("--pixels", action="store_true",
                        help="digest each PNG's decoded pixels, not its bytes")
    args = parser.parse_args(argv)
    out = Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, "-m", "prophecy.tools", "build", "--out", str(out)]
    if args.content:
        command += ["--content", args.content]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    total = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file() and ".build" not in p.parts):
        digest = hashlib.sha256(_pixels(path) if args.pixels and path.suffix == ".png"
                                else path.read_bytes()).hexdigest()
        total.update(f"{path.relative_to(out)} {digest}\n".encode())
        print(f"{digest[:16]}  {path.relative_to(out)}")
    print(f"all: {total.hexdigest()}")
    return 0


def _pixels(path: Path) -> bytes:
    from PIL import Image

    with Image.open(path) as image:
        rgb = image.convert("RGB")
        return repr(rgb.size).encode() + rgb.tobytes()


if __name__ == "__main__":
    sys.exit(main())
