"""``python -m prophecy.compiler.cli``: the same as the ``prophecy`` command."""

from prophecy.compiler.cli import console

console()
