"""``python -m benchmarks.picture_bench [--rounds N]``: CPU time to draw one picture of each kind (issue 11's goal:
< 30 ms an image), from positions of seeded hands played by the AI.

``warm``: sprites (cards, tiles, labels) already cached, the picture itself drawn anew each time (the picture
cache is cleared), as in a running bot; ``cold``: the first picture after start-up, every sprite drawn too.
Figures are CPU-seconds (``time.process_time``) per image, printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from bot.pictures import cache
from bot.present import pictures
from bot.present.registry import presenter_for
from engine.core import Game
from engine.registry import get_variant
from engine.selfplay import play_hand

GOAL_MS = 30.0


def _play(variant: str, seed: int, steps: int | None) -> Game:
    v = get_variant(variant)
    return play_hand(v.new_hand(v.validate({}), seed, 0, {}), steps=steps)


def _hand(variant: str, seed: int) -> Callable[[], Any]:
    game = _play(variant, seed, 10)
    view = game.view(game.to_act()[0] if game.to_act() else 0)
    return lambda: pictures.hand_picture(view)


def _table(variant: str, seed: int) -> Callable[[], Any]:
    view = _play(variant, seed, 30).public_view()
    return lambda: pictures.table_picture(view)


def _result(variant: str, seed: int) -> Callable[[], Any] | None:
    game = _play(variant, seed, None)
    if game.result is None or not game.result.winners:
        return None
    presenter, result = presenter_for(get_variant(variant).family), game.result
    return lambda: presenter.result_picture(result, game.seats)


KINDS: dict[str, tuple[str, Callable[[str, int], Callable[[], Any] | None]]] = {
    "zipai_hand": ("paohuzi", _hand), "mahjong_hand": ("changsha", _hand), "paodekuai_hand": ("paodekuai", _hand),
    "zipai_table": ("paohuzi", _table), "mahjong_table": ("changsha", _table), "paodekuai_table": ("paodekuai", _table),
    "zipai_settlement": ("paohuzi", _result), "mahjong_settlement": ("changsha", _result),
    "paodekuai_settlement": ("paodekuai", _result),
}


def measure(rounds: int, seeds: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind, (variant, make) in KINDS.items():
        builds = [b for b in (make(variant, s) for s in range(1, seeds * 3 + 1)) if b is not None][:seeds]
        cache.clear()
        start = time.process_time()
        first = builds[0]()
        assert first is not None
        first.data  # noqa: B018 - drawing happens on first read
        cold = time.process_time() - start
        start = time.process_time()
        n = 0
        size = 0
        for _ in range(rounds):
            for build in builds:
                cache.PICTURES.clear()
                pic = build()
                size += len(pic.data)
                n += 1
        warm = (time.process_time() - start) / n
        out[kind] = {"warm_ms": round(warm * 1000, 2), "cold_ms": round(cold * 1000, 2),
                     "bytes": size // n, "images": n}
    out["goal_ms"] = GOAL_MS
    out["worst_warm_ms"] = max(v["warm_ms"] for v in out.values() if isinstance(v, dict))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.picture_bench", description=__doc__)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=5, help="positions per kind")
    args = ap.parse_args()
    print(json.dumps(measure(args.rounds, args.seeds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
