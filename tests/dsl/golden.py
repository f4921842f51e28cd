"""Golden text files of the dsl suite: read them, and rewrite them on request.

A golden file holds blocks, each a '> ' line with an input (a Python string
literal, so any character can be written) and the lines that input must
give. ``PROPHECY_UPDATE_GOLDEN=1`` rewrites the outputs for the inputs the
file lists, keeping them; otherwise a test compares each block exactly.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from pathlib import Path

UPDATE = os.environ.get("PROPHECY_UPDATE_GOLDEN") == "1"


def read(path: Path) -> list[tuple[str, str]]:
    """(input, expected output) of every block of a golden file."""
    blocks: list[tuple[str, list[str]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("> "):
            blocks.append((ast.literal_eval(line[2:]), []))
        elif blocks and not line.startswith("#"):
            blocks[-1][1].append(line)
    return [(text, "\n".join(lines).rstrip("\n")) for text, lines in blocks]


def write(path: Path, header: str, inputs: list[str], render: Callable[[str], str]) -> None:
    """Rewrite the file: its header, then each input and what it gives now."""
    out = [header.rstrip("\n"), ""]
    for text in inputs:
        out += [f"> {text!r}", render(text), ""]
    path.write_text("\n".join(out), encoding="utf-8")


def header(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines[: next(
        (i for i, line in enumerate(lines) if line.startswith("> ")), len(lines))]
        if line.startswith("#"))
