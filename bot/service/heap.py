"""The collector's reach: what lives for hours (modules, discord.py's state, the live tables) is moved out of it.

A full (generation-2) collection walks every tracked object outside the frozen heap: at 1,000 live tables that
were opened after start-up it took ~370 ms CPU (benchmarks/bot_bench.py --variant mixed), a pause for every
table at once. So the heap is frozen after start-up (restored tables) and again after every ``REFREEZE_AFTER``
tables started since (each freeze collects first, so no garbage is frozen, and that collection only walks what
came since the last freeze). What is frozen is still freed when nothing refers to it; only a reference cycle
among frozen objects would outlive its use, and neither a hand nor a table leaving memory is one
(tests/test_match.py, tests/bot/test_gc_freeze.py).
"""

from __future__ import annotations

import gc

# Full (generation-2) collections only after 100 generation-1 ones instead of CPython's 10: at 500 live tables
# each one walks the whole young heap (30-100 ms), which put them on the p99 of a click; one now comes about
# every few minutes of play instead of every few seconds (benchmarks/README.md has both figures).
GC_THRESHOLDS = (700, 10, 100)
REFREEZE_AFTER = 50  # tables started since the last freeze: the next freeze's collection walks about this many


def freeze_heap() -> None:
    """Move everything alive now out of the collector's reach, and make full collections rarer: they then walk
    only what came later, and seldom, which keeps their pauses off the p99 of a click."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Heap:
    """Counts the tables started since the heap was last frozen, and freezes it again every ``every``."""

    def __init__(self, every: int = REFREEZE_AFTER) -> None:
        self.every = every
        self.started = 0
        self.freezes = 0

    def frozen(self) -> None:
        """The heap was frozen (start-up, after restoring)."""
        self.started = 0
        self.freezes += 1

    def table_started(self) -> None:
        self.started += 1
        if self.started >= self.every:
            freeze_heap()
            self.frozen()
