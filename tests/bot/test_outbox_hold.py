"""An outbox held while a click is answered: nothing queued starts, everything starts in order once released,
and a held outbox that is dropped is idle again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.service.outbox import Outbox


async def test_a_held_outbox_starts_nothing_until_released_then_everything_in_order() -> None:
    box = Outbox("t")
    done: list[str] = []

    def job(name: str) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            done.append(name)
        return run

    box.hold()
    box.post(job("a"))
    box.edit("k", job("b"))
    box.edit("k", job("c"))  # replaces b before it is sent
    for _ in range(5):
        await asyncio.sleep(0)
    assert done == [] and box.busy
    box.release()
    await box.idle()
    assert done == ["a", "c"] and not box.busy


async def test_a_job_running_when_held_finishes_and_the_rest_waits() -> None:
    box = Outbox("t")
    done: list[str] = []
    gate = asyncio.Event()

    async def first() -> None:
        await gate.wait()
        done.append("first")

    async def second() -> None:
        done.append("second")

    box.post(first)
    await asyncio.sleep(0)  # first is running
    box.hold()
    box.post(second)
    gate.set()
    for _ in range(5):
        await asyncio.sleep(0)
    assert done == ["first"] and box.busy
    box.release()
    await box.idle()
    assert done == ["first", "second"]


async def test_a_held_outbox_dropped_is_idle() -> None:
    box = Outbox("t")

    async def never() -> None:
        raise AssertionError("dropped: never sent")

    box.hold()
    box.post(never)
    box.drop()
    await asyncio.wait_for(box.idle(), 1)
    box.release()
    await asyncio.sleep(0)
