"""A local PostgreSQL for the tests and the benchmark, from the ``pgserver`` package (the ``test`` extra).

``pgserver``'s wheels bundle the PostgreSQL binaries, so ``pip install -e '.[test]'`` is all CI needs. Run as
root (CI is), it creates a system user ``pgserver`` and starts ``postgres`` as that user (postgres refuses to
run as root). The server listens on a Unix socket in its data directory only, never on a TCP port, so two
test runs (or two xdist workers, each with its own server) never collide.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

# A developer without PostgreSQL may skip its tests by saying so; nobody else skips them (CI must run them).
SKIP_ENV = "HUNAN_NO_POSTGRES"

# A test server only: nothing here must outlive a crash of the machine, and fsync would cost most of the time
# the storage tests take. The benchmark keeps PostgreSQL's durable defaults.
FAST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


def skipped() -> bool:
    return os.environ.get(SKIP_ENV, "") not in ("", "0")


class LocalPostgres:
    """One started server; :meth:`create` makes a fresh database on it and gives its URL."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.socket_dir = str(server.get_postmaster_info().socket_dir)
        self._names = itertools.count()

    @classmethod
    def start(cls, pgdata: Path, *, fast: bool = True) -> LocalPostgres:
        import pgserver  # type: ignore[import-untyped]

        pg = cls(pgserver.get_server(pgdata, cleanup_mode="delete"))
        if fast:
            pg.run(*(f"ALTER SYSTEM SET {k} = '{v}'" for k, v in FAST_SETTINGS.items()), "SELECT pg_reload_conf()")
        return pg

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={quote(self.socket_dir)}"

    def pids(self) -> list[int]:
        """The server's processes (the postmaster and its backends), for reading their CPU time."""
        import psutil

        root = psutil.Process(self.server.get_pid())
        return [root.pid, *(c.pid for c in root.children(recursive=True))]

    def run(self, *statements: str) -> None:
        """Each statement on its own (ALTER SYSTEM may not share a transaction), outside any event loop."""
        async def go() -> None:
            import asyncpg  # type: ignore[import-untyped]

            conn = await asyncpg.connect(self.url())
            try:
                for sql in statements:
                    await conn.execute(sql)
            finally:
                await conn.close()
        asyncio.run(go())

    async def create(self) -> str:
        import asyncpg

        name = f"hunan_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    async def drop(self, url: str) -> None:
        import asyncpg

        name = url.split("/")[-1].split("?")[0]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    def stop(self) -> None:
        self.server.cleanup()
