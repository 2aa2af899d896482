"""Two bot processes over the fake Discord edge, sharing one database.

``database_url`` is the one place the backend is chosen: the suite's ``db_url`` (tests/conftest.py), a SQLite
file (WAL works across processes) and, for tests marked ``both_backends``, a database on the local PostgreSQL.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fake_discord import guild_id_on_shard

ROOT = Path(__file__).resolve().parents[2]
ANSWER_TIMEOUT = 60.0  # a hung worker fails the test instead of hanging the suite (not a speed assertion)


@pytest.fixture
def database_url(db_url: str) -> str:
    return db_url


class WorkerFailed(AssertionError):
    pass


@dataclass
class Proc:
    """One ``python -m tests.shards.worker`` process: JSON commands in, JSON answers out."""

    name: str
    args: list[str]
    popen: subprocess.Popen[str] | None = None
    answers: queue.Queue[str | None] = field(default_factory=queue.Queue)
    ready: dict[str, Any] = field(default_factory=dict)
    stderr: Path | None = None

    def start(self) -> Proc:
        assert self.stderr is not None
        err = self.stderr.open("a", encoding="utf-8")
        self.popen = subprocess.Popen([sys.executable, "-m", "tests.shards.worker", *self.args], cwd=ROOT,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                                      encoding="utf-8", env=os.environ | {"PYTHONPATH": str(ROOT)})
        err.close()
        self.answers = queue.Queue()
        out = self.popen.stdout
        assert out is not None

        def read() -> None:
            for line in out:
                self.answers.put(line)
            self.answers.put(None)
        threading.Thread(target=read, daemon=True).start()
        self.ready = self._answer()
        return self

    def _answer(self) -> dict[str, Any]:
        try:
            line = self.answers.get(timeout=ANSWER_TIMEOUT)
        except queue.Empty:
            raise WorkerFailed(f"{self.name} did not answer; stderr:\n{self.log()}") from None
        if line is None:
            raise WorkerFailed(f"{self.name} exited; stderr:\n{self.log()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def log(self) -> str:
        return self.stderr.read_text(encoding="utf-8")[-4000:] if self.stderr and self.stderr.exists() else ""

    def send(self, op: str, **args: Any) -> None:
        assert self.popen is not None and self.popen.stdin is not None
        self.popen.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.popen.stdin.flush()

    def ask(self, op: str, **args: Any) -> Any:
        self.send(op, **args)
        answer = self._answer()
        if "error" in answer or answer.get("world_errors"):
            raise WorkerFailed(f"{self.name} {op} {args}: {answer}; stderr:\n{self.log()}")
        return answer["ok"]

    def kill(self) -> None:
        """SIGKILL: no close, no flush, nothing of the bot's own shutdown runs."""
        assert self.popen is not None
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(timeout=ANSWER_TIMEOUT)
        assert self.popen.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.popen is None or self.popen.poll() is not None:
            return
        try:
            self.send("quit")
            self.popen.wait(timeout=ANSWER_TIMEOUT)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.popen.kill()
            self.popen.wait()


@dataclass
class Deployment:
    """The world both processes model (same ids in each), and the processes."""

    tmp: Path
    database_url: str
    count: int
    world: dict[str, Any]
    users: dict[str, int]
    guilds: list[dict[str, Any]]  # {"id", "shard", "channels"}
    procs: list[Proc] = field(default_factory=list)

    def process(self, name: str, shard_ids: str, seed: int) -> Proc:
        world_file = self.tmp / "world.json"
        world_file.write_text(json.dumps(self.world), encoding="utf-8")
        proc = Proc(name, ["--db", self.database_url, "--shard-count", str(self.count), "--shard-ids", shard_ids,
                           "--world", str(world_file), "--journal", str(self.tmp / f"discord-shards-{shard_ids}.jsonl"),
                           "--seed", str(seed), "--share", str(self.tmp / "interactions.jsonl")], stderr=self.tmp / f"{name}.stderr")
        self.procs.append(proc)
        return proc.start()

    def channels_of(self, shard: int) -> list[int]:
        return [c for g in self.guilds if g["shard"] == shard for c in g["channels"]]

    def guild_of(self, channel: int) -> int:
        return next(g["id"] for g in self.guilds if channel in g["channels"])


@pytest.fixture
def deployment(tmp_path: Path, database_url: str) -> Iterator[Deployment]:
    dep = two_shards(tmp_path, database_url)
    yield dep
    for p in dep.procs:
        p.stop()


def two_shards(tmp_path: Path, database_url: str) -> Deployment:
    """Two shards; one guild on each (two channels apiece); four players, members of both guilds (the
    processes are started by ``Deployment.process``; benchmarks/shard_bench.py uses it too)."""
    count = 2
    base = 1 << 40  # user and channel ids far from any guild's or message's
    users = {name: (base + i) << 22 for i, name in enumerate(["alice", "bob", "carol", "dave"])}
    guilds = []
    for shard in range(count):
        gid = guild_id_on_shard(shard, count)
        assert (gid >> 22) % count == shard
        guilds.append({"id": gid, "shard": shard, "channels": [((base + 100 + shard * 10 + k) << 22) for k in range(2)]})
    app_id = (base + 99) << 22
    world = {"app_id": app_id,
             "users": [{"name": n, "id": uid} for n, uid in users.items()],
             "guilds": [{"id": g["id"], "name": f"牌友{g['shard']}", "owner": users["alice"],
                         "members": list(users.values()), "channels": g["channels"]} for g in guilds]}
    return Deployment(tmp_path, database_url, count, world, users, guilds)
