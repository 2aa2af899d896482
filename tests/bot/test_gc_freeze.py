"""After start-up (tables restored) the heap is frozen, so full collections skip it during play."""

from __future__ import annotations

import gc

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
