"""The C allocator keeps the JSON reader's working memory between loads (glibc only).

orjson reads a document into a scratch buffer sized from the text (some 40 MB for a late
3 MB save) before it makes the Python objects. glibc's malloc gives a block that large its
own mapping and returns it to the system when freed, so every load faults its pages in anew:
some 1,000 page faults, a third of the reading of a late save (measured: 5.0 ms → 3.3 ms).
`keep_parse_memory` raises the size from which malloc maps a block of its own to 64 MB and
the free memory it keeps before returning any to 128 MB (`mallopt`, once a process): the
buffer is then reused from one load to the next. Larger blocks (a hostile save's) are mapped
and returned as before. Elsewhere than glibc (musl, macOS, Windows) nothing changes.
"""

from __future__ import annotations

import sys
from functools import cache

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
"""glibc's `mallopt` parameters (malloc.h)."""
MMAP_FROM = 64 * 2**20
"""Blocks at least this large get a mapping of their own (glibc: 128 KB, rising to 32 MB)."""
KEEP_FREE = 128 * 2**20
"""Free memory kept at the top of the heap before any is given back."""


@cache
def keep_parse_memory() -> bool:
    """Tune glibc's malloc once for this process; whether it was tuned."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here: the first load, not the program's start, pays for it

    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
        gnu = libc.gnu_get_libc_version  # glibc's own: musl has a mallopt that does nothing
    except (OSError, AttributeError):
        return False
    del gnu
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_FROM) and mallopt(M_TRIM_THRESHOLD, KEEP_FREE))
