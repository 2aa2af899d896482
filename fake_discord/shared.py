"""Several worlds modelling one Discord (one world per bot process, tests/shards): an interaction fed to one
world may be answered through another, as Discord lets whoever holds a token answer."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from .records import PendingInteraction
from .world import World


class SharedInteractions(World):
    def __init__(self) -> None:
        super().__init__()
        self._shared: Path | None = None  # see share_interactions

    def share_interactions(self, path: Path) -> None:
        """Each interaction fed to this world is also written to ``path``, and an answer through a token this
        world did not issue is looked up there (a forwarded click, answered by the process owning the table).
        The answer lands in the world of the process that sent it."""
        self._shared = path

    def _announce(self, pend: PendingInteraction) -> None:
        if self._shared is not None:
            rec = {"token": pend.token, "id": pend.id, "user": pend.user_id, "channel": pend.channel_id,
                   "message": pend.message_id}
            with self._shared.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")

    def _adopt(self, token: str) -> PendingInteraction | None:
        """An interaction another world issued (see share_interactions), now answered through this one."""
        if self._shared is None or not self._shared.exists():
            return None
        for line in self._shared.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["token"] == token:
                if int(rec["channel"]) not in self.channels:
                    return None
                fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
                pend = PendingInteraction(int(rec["id"]), token, int(rec["user"]), int(rec["channel"]),
                                          rec["message"], time.perf_counter(), fut)
                self.pending[token] = pend
                return pend
        return None
