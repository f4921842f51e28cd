"""A drawing worker keeps the memory it frees: the next image of the same size reuses it
instead of touching fresh pages (see ``keep_freed_memory``). Each side runs in a new
process, so this test's own process is left as it was."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

_PROGRAM = """
import resource, sys
from PIL import Image
from prophecy.compiler.model.workers import keep_freed_memory
kept = keep_freed_memory() if sys.argv[1] == "keep" else False
card = Image.new("RGB", (825, 1125), (10, 20, 30))
faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(10):  # a band: ten cards drawn and reduced to their cells, then let go
    cells = []
    for _ in range(10):
        drawn = Image.new("RGB", (825, 1125), (1, 2, 3))
        cells.append(drawn.reduce(2, (38, 38, 788, 1088)))
        del drawn
    del cells
print(kept, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults)
"""


def _faults(mode: str) -> tuple[bool, int]:
    out = subprocess.run([sys.executable, "-c", _PROGRAM, mode], check=True,
                         capture_output=True, text=True).stdout.split()
    return out[0] == "True", int(out[1])


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_freed_images_are_reused_not_touched_afresh():
    kept, with_it = _faults("keep")
    plain, without = _faults("plain")
    assert kept and not plain
    pages = 100 * (825 * 1125 + 375 * 525) * 4 // 4096  # every image's, were each new
    assert with_it < pages // 20  # the first images' pages, then the same memory again
    assert without > 4 * with_it  # glibc alone gives pages back and touches them afresh
