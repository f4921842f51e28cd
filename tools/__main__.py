"""``python -m prophecy.tools``: the same as the ``prophecy`` command."""

from prophecy.tools import console

console()
