"""``python -m benchmarks``: every benchmark, one after another, each pinned to one core (``--quick``: a
short smoke run of each). The figures and what they mean are in ``benchmarks/README.md``."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

FULL = [
    ["-m", "benchmarks.engine_bench", "--hands", "5000", "--selfplay", "1000"],
    ["benchmarks/bot_bench.py", "--tables", "500", "--seconds", "10"],
    ["-m", "benchmarks.flood_bench", "--tables", "200", "--seconds", "3", "--rounds", "10", "--flood-rate", "500"],
    ["-m", "benchmarks.storage_bench", "--tables", "500,5000", "--seconds", "10"],
    ["-m", "benchmarks.mahjong_bench", "--hands", "100000", "--brute"],
    ["-m", "benchmarks.mahjong_selfplay", "--hands", "1000"],
    ["-m", "benchmarks.paodekuai_bench", "--hands", "20000"],
    ["-m", "benchmarks.picture_bench", "--rounds", "20"],
    ["-m", "benchmarks.picture_bench", "--clicks", "--tables", "27", "--seconds", "6", "--rounds", "6", "--warmup", "3"],
]
QUICK = [
    ["-m", "benchmarks.engine_bench", "--hands", "200", "--selfplay", "20", "--memo-hands", "200"],
    ["benchmarks/bot_bench.py", "--tables", "20", "--seconds", "1", "--rounds", "1", "--warmup", "0"],
    ["-m", "benchmarks.flood_bench", "--tables", "20", "--seconds", "1", "--rounds", "1", "--warmup", "0"],
    ["-m", "benchmarks.storage_bench", "--tables", "20", "--seconds", "1", "--rounds", "1", "--warmup", "0"],
    ["-m", "benchmarks.mahjong_bench", "--hands", "2000"],
    ["-m", "benchmarks.mahjong_selfplay", "--hands", "20"],
    ["-m", "benchmarks.paodekuai_bench", "--hands", "500"],
    ["-m", "benchmarks.picture_bench", "--rounds", "1", "--seeds", "2"],
    ["-m", "benchmarks.picture_bench", "--clicks", "--tables", "9", "--seconds", "1", "--rounds", "2", "--warmup", "0"],
]


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="a short smoke run of each benchmark")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pin = ["taskset", "-c", "0"] if sys.platform.startswith("linux") and _has("taskset") else []
    failed = 0
    for argv in QUICK if args.quick else FULL:
        print(f"\n== {' '.join(argv)}", flush=True)
        failed += subprocess.call([*pin, sys.executable, *argv], cwd=root) != 0
    return 1 if failed else 0


def _has(tool: str) -> bool:
    return any(os.access(os.path.join(d, tool), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep))


if __name__ == "__main__":
    sys.exit(main())
