"""The clock tests move themselves (bot/service/clock.py): time passes only when told, sleepers wake at their own moment
and in order, and short back-off pauses pass at once."""

from __future__ import annotations

import asyncio

from bot.service.clock import ManualClock


async def test_sleepers_wake_at_their_moment_in_order_and_only_when_time_is_moved() -> None:
    clock = ManualClock()
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.monotonic()))
        if name == "a":  # a wake-up that starts another wait counts from its own moment
            await clock.sleep(10)
            woke.append(("a again", clock.monotonic()))

    tasks = [asyncio.ensure_future(sleeper(n, s)) for n, s in (("b", 20), ("a", 5), ("c", 30))]
    for _ in range(10):
        await asyncio.sleep(0)
    assert woke == [] and clock.next_deadline() == 5
    await clock.advance(4.5)
    assert woke == []
    await clock.advance(15.5)  # to 20: a at 5, a again at 15, b at 20; c still sleeps
    assert woke == [("a", 5), ("a again", 15), ("b", 20)]
    tasks[2].cancel()
    await clock.advance(100)
    assert woke == [("a", 5), ("a again", 15), ("b", 20)] and clock.next_deadline() is None
    assert clock.monotonic() == 120 and clock.time() - clock.monotonic() == ManualClock().time()


async def test_back_off_pauses_pass_at_once_and_move_the_clock() -> None:
    clock = ManualClock(instant=10)
    timer = asyncio.ensure_future(clock.sleep(30))
    await asyncio.sleep(0)
    for _ in range(4):
        await clock.sleep(4)  # a retry's back-off: no test has to move time for it
    assert clock.monotonic() == 16 and not timer.done()
    for _ in range(4):
        await clock.sleep(4)
    await asyncio.sleep(0)
    assert timer.done()  # the pauses took 32 s of the clock: the 30 s timer's moment came with them
