"""Worker processes and Ctrl-C: the parent takes the interrupt, the workers never do.

Every pool of the project (drawing, sheets, shop files, simulated games) is
made inside ``interrupts_held()`` with ``ignore_interrupts`` as (or in) its
initializer. A Ctrl-C then reaches only the parent, which stops the pool,
removes what was half made and prints one line; no worker prints a
traceback of its own.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


def ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the pool and cleans up.

    A worker that took the interrupt itself would print its own traceback. The
    pool is made with Ctrl-C held back (``interrupts_held``), so a worker
    never takes one between its start and this call.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes start; it arrives once they have."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
