"""After start-up (tables restored) the heap is frozen, so full collections skip it during play."""

from __future__ import annotations

import gc
import random
from collections import Counter

import pytest

from fake_discord import playing

from .conftest import Env, short


async def test_restored_tables_are_frozen_after_start_up(env: Env) -> None:
    await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed=3 {short('paohuzi', 2)}")
    gc.unfreeze()
    before = env.table()
    assert any(o is before for o in gc.get_objects())
    await env.restart()
    restored = env.table()
    assert restored is not None and restored is not before and gc.get_freeze_count() > 0
    assert not any(o is restored for o in gc.get_objects())  # in the permanent generation
    later = [restored]
    assert any(o is later for o in gc.get_objects())  # what comes after start-up is collected as usual


async def test_full_collections_are_made_rarer_after_start_up(env: Env) -> None:
    from bot.edge.client import GC_THRESHOLDS
    gc.set_threshold(700, 10, 10)
    await env.restart()
    assert gc.get_threshold() == GC_THRESHOLDS and GC_THRESHOLDS[2] > 10


async def test_the_heap_is_frozen_again_after_tables_start(env: Env) -> None:
    """Tables opened after start-up leave the collector's reach too (every ``Heap.every`` starts), and a
    table leaving memory leaves no reference cycle behind (a frozen one would never be freed)."""
    import weakref

    heap = env.bot.service.heap
    heap.every = 1
    gc.unfreeze()
    freezes = heap.freezes
    table = await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed=3 {short('paohuzi', 2)}")
    assert heap.freezes == freezes + 1 and gc.get_freeze_count() > 0
    assert not any(o is table for o in gc.get_objects())  # in the permanent generation
    await env.cmd(env.alice, "table end")
    await env.bot.service.idle()
    gone = weakref.ref(table)
    gc.disable()
    try:
        env.bot.service.unregister(table.id)
        del table
        assert gone() is None  # freed by its reference count: no cycle kept it
    finally:
        gc.enable()


# openskill's rating sort (once per match rated): nested functions compiled by mypyc that hold each other. No
# collection runs inside it (storage/ratings.py), so it is garbage before any freeze and a young collection frees it.
RATING_SORT = {"_unwind_env", "_pick_zeroth_index__unwind_obj", "_sorter__unwind_obj"}


def _cyclic_garbage() -> Counter[str]:
    """What a collection finds now (only reference cycles are left for it to find), by type; openskill's rating
    sort and the list it sorted left aside."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        sorts = [o for o in gc.garbage if type(o).__name__ in RATING_SORT]
        held = {id(x) for o in sorts for x in gc.get_referents(o) if type(x) is list}
        return Counter(type(o).__qualname__ for o in gc.garbage
                       if type(o).__name__ not in RATING_SORT and id(o) not in held)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai"])
async def test_play_leaves_no_reference_cycles(env: Env, variant: str) -> None:
    """Everything a match makes and lets go of — clicks and their answers, DM panels with their pictures, the
    channel's table message, a DMs-closed player's private panels and notices, settlements, the next deal and
    the table's end — is freed by its reference count, with no collection. So nothing frozen while alive
    (``freeze_heap``, and what survives every collection of generation 1) is garbage kept for ever once let go of."""
    players = [env.alice, env.closed]
    gc.collect()
    gc.disable()
    try:
        await env.open_table(variant, players, f"bot.seed=3 bot.pictures=on {short(variant, 2)}")
        await playing.play_match(env.world, env.bot, env.channel, players, random.Random(2))
        await env.bot.service.idle()
        assert env.table() is None  # played to its end
        garbage = _cyclic_garbage()
    finally:
        gc.enable()
    assert not garbage, garbage.most_common(12)


async def test_what_survives_a_collection_of_generation_1_is_frozen(env: Env) -> None:
    """Once the bot has started, what a collection of generation 1 promotes is frozen at once: generation 2 stays
    empty, so a full collection walks no more than a young one (benchmarks/README.md, issue 22 goal 2)."""
    kept = [object()]
    assert any(o is kept for o in gc.get_objects())
    gc.collect(0)  # survives into generation 1: still walked by the next young collections
    assert any(o is kept for o in gc.get_objects(1))
    gc.collect(1)  # promoted, and frozen
    assert not any(o is kept for o in gc.get_objects()) and gc.get_freeze_count() > 0
    assert not gc.get_objects(2)


async def test_no_garbage_is_frozen_for_ever(env: Env) -> None:
    """With full collections (so freezes) in the middle of every click, a whole match leaves nothing in the
    frozen heap that is garbage: unfrozen, a collection finds none."""
    gc.unfreeze()
    gc.collect()  # what earlier tests left (and frozen again)
    frozen = gc.get_freeze_count()
    threshold = gc.get_threshold()
    players = [env.alice, env.closed]
    gc.set_threshold(50, 2, 2)
    try:
        await env.open_table("paohuzi", players, f"bot.seed=5 bot.pictures=on {short('paohuzi', 2)}")
        await playing.play_match(env.world, env.bot, env.channel, players, random.Random(3))
        await env.bot.service.idle()
    finally:
        gc.set_threshold(*threshold)
    assert gc.get_freeze_count() > frozen  # frozen again and again while the match was played
    gc.unfreeze()
    assert not (garbage := _cyclic_garbage()), garbage.most_common(12)


class _Node:
    """One half of a reference cycle."""

    def __init__(self) -> None:
        self.other: _Node | None = None


async def test_frozen_cyclic_garbage_is_reclaimed_once_the_frozen_heap_doubles(env: Env) -> None:
    """A cycle frozen while alive and let go of afterwards (a path no test walks) is not kept for ever: when a
    refreeze finds the frozen heap doubled since the last whole collection, it is collected whole once; below
    that, a refreeze leaves the frozen heap alone (no full pause for a heap that did not grow)."""
    import weakref

    heap = env.bot.service.heap
    heap.every = 1
    heap.after_reclaim = gc.get_freeze_count()
    reclaims = heap.reclaims
    await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed=3 {short('paohuzi', 2)}")
    assert heap.reclaims == reclaims  # the heap has not doubled: no whole collection
    await env.cmd(env.alice, "table end")
    pairs = []
    for _ in range(gc.get_freeze_count() + 1000):
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        pairs.append(a)
    probe = weakref.ref(pairs[0])
    gc.freeze()  # alive when frozen, as a promoted object is
    del pairs, a, b  # garbage now, but frozen: no collection sees it
    gc.collect()
    assert probe() is not None
    await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed=4 {short('paohuzi', 2)}")
    assert heap.reclaims == reclaims + 1 and probe() is None
