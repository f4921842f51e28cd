"""``python -m prophecy.compiler.cli``: the same as the ``prophecy`` command."""

import sys

from prophecy.compiler.cli import main

sys.exit(main())
