"""`prophecy lsp`: a language server for the content files, on standard input and output.

An editor starts it and speaks the Language Server Protocol with it: it
publishes the problems ``prophecy check``, the text-fit check and ``prophecy
lint`` find as you type, each at its place with quick fixes, completes
keywords, names and card names, and explains an effect line on hover
(``tools/editor/``). ``docs/editor.md`` says how to wire it into VS Code,
Neovim and Helix.
"""

from __future__ import annotations

import argparse

from prophecy.tools.editor.server import serve_stdio


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stdio", action="store_true",
                        help="talk over standard input and output (the default and only way)")


def run(args: argparse.Namespace) -> int:
    serve_stdio()
    return 0
