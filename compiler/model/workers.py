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


#: glibc's ``mallopt`` settings: the size from which an allocation is mapped on its own
#: (and unmapped when freed), and the free memory a process keeps before giving it back.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def keep_freed_memory() -> bool:
    """In a process that allocates and frees images of megabytes, one after another: keep
    the memory it frees, for the next image, rather than give it back to the system.

    By default glibc maps each allocation of more than a few hundred kB on its
    own and unmaps it when freed, and trims the heap above 128 kB of free
    memory; the next image then touches every page for the first time again.
    Where this was measured that cost about 2.5 us a page: a build's workers
    took 51,000 to 59,000 such faults, and 20,000 to 24,000 with this.
    Allocations under 64 MB then come from the heap, and up to 256 MB freed
    stays with the process, which ends with the build. Elsewhere than glibc
    this does nothing. Returns whether it did anything.
    """
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(_M_MMAP_THRESHOLD, 64 << 20) and mallopt(_M_TRIM_THRESHOLD, 256 << 20))
