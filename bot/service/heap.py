"""The collector's reach: what lives for hours (modules, discord.py's state, the live tables) is moved out of it.

A full (generation-2) collection walks every tracked object outside the frozen heap: at 1,000 live tables that
were opened after start-up it took ~370 ms CPU (benchmarks/bot_bench.py --variant mixed), a pause for every
table at once. So the heap is frozen after start-up (restored tables), and from then on what survives every
collection of generation 1 (or 2) is frozen as soon as it is promoted: generation 2 stays empty, and a full
collection, when one comes, walks only the young generations (a few thousand objects, ~3 ms) like any
generation-1 collection. The heap is frozen afresh (a full collection first) after every ``REFREEZE_AFTER``
tables started too.

What is frozen is still freed when nothing refers to it; only a reference cycle among frozen objects would
outlive its use (a cycle made by a path no test walks: an error's traceback kept, a library's own). Such garbage
is bounded, not kept for ever: when a refreeze finds the frozen heap grown to ``RECLAIM_GROWTH`` times what it was
after the last whole collection, everything is brought back within the collector's reach and collected once (one
full pause, ~0.1-0.4 s at 1,000 tables) before it is frozen again. A bot whose live heap only grows with its
tables reclaims at doublings (a few times while it fills up); a leak cannot hold more than the live heap again. Nothing is frozen as garbage (a collection has just freed what was), and play makes no reference
cycles at all: whatever a click, a hand or a table lets go of is freed by its reference count (the views and
interactions of discord.py are unhooked, ``bot/edge/components.py``, ``bot/edge/errors.py``;
tests/bot/test_gc_freeze.py, tests/test_match.py).
"""

from __future__ import annotations

import gc
from typing import Any

# A generation-1 collection after every 5 young ones (CPython: 10): it walks what survived them, half as much, so
# its pause is half as long (at 1,000 mixed tables the longest went from 7.7 to 4.0 ms, and the collector's CPU
# fell by a fifth: benchmarks/README.md). Full (generation-2) collections only after 100 generation-1 ones
# (CPython: 10). Generation 2 is kept empty (below), so they are as cheap as young ones, but each stops tracking the
# engine's memo tables (dicts of atomic keys and values), and the next entry puts them back among the
# young objects, walked by young collections until the next freeze: the rarer, the better.
GC_THRESHOLDS = (700, 5, 100)
REFREEZE_AFTER = 50  # tables started since the last freeze: the next freeze's collection walks about this many
RECLAIM_GROWTH = 2.0  # the frozen heap grown this much since the last whole collection: collect it whole again


def freeze_heap() -> None:
    """Move everything alive now out of the collector's reach, set the collector's thresholds, and from now on
    freeze what survives every collection of generation 1 or 2 (:func:`_freeze_promoted`)."""
    if _freeze_promoted not in gc.callbacks:
        gc.callbacks.append(_freeze_promoted)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def reclaim() -> int:
    """Everything frozen brought back within the collector's reach, one whole collection (frees frozen cyclic
    garbage), and frozen again; the objects frozen after it."""
    gc.unfreeze()
    freeze_heap()
    return gc.get_freeze_count()


def _freeze_promoted(phase: str, info: dict[str, Any]) -> None:
    """After a collection of generation 1 or 2, generation 2 holds what it just promoted or kept, all of it
    alive (it has freed the garbage among it): frozen at once, no collection walks it again. (Not while
    ``DEBUG_SAVEALL`` keeps the garbage found in ``gc.garbage``, a census: that garbage would be frozen too.)"""
    if phase == "stop" and info.get("generation", 0) >= 1 and not gc.get_debug() & gc.DEBUG_SAVEALL:
        gc.freeze()


class Heap:
    """Counts the tables started since the heap was last frozen, and freezes it again every ``every``."""

    def __init__(self, every: int = REFREEZE_AFTER) -> None:
        self.every = every
        self.started = 0
        self.freezes = 0
        self.reclaims = 0
        self.after_reclaim = 0  # objects frozen after the last whole collection (start-up's freeze counts as one)

    def frozen(self) -> None:
        """The heap was frozen (start-up, after restoring)."""
        self.started = 0
        self.freezes += 1
        if not self.after_reclaim:
            self.after_reclaim = gc.get_freeze_count()

    def table_started(self) -> None:
        self.started += 1
        if self.started >= self.every:
            if self.after_reclaim and gc.get_freeze_count() > RECLAIM_GROWTH * self.after_reclaim:
                self.after_reclaim = reclaim()
                self.reclaims += 1
            else:
                freeze_heap()
            self.frozen()
