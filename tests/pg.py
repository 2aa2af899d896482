"""A local PostgreSQL for the tests and the benchmark, from the binaries of the ``pgserver`` package.

``pgserver``'s wheels (the ``test`` extra) bundle PostgreSQL, so ``pip install -e '.[test]'`` is all CI needs.
We run its ``initdb`` / ``pg_ctl`` ourselves rather than through ``pgserver.get_server``: that one waits at most
10 s for the server (a loaded 2-core runner can take longer) and serialises every start behind one lock file.
Run as root (CI is), postgres refuses to start, so the server runs as a system user ``pgserver`` created for it
(pgserver's own helpers, which also open the binaries' directories to that user). The server listens only on a
Unix socket in its own data directory, never on a TCP port, so test runs and xdist workers never collide.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

# A developer without PostgreSQL may skip its tests by saying so; nobody else skips them (CI must run them).
SKIP_ENV = "HUNAN_NO_POSTGRES"
SYSTEM_USER = "pgserver"  # the name pgserver itself uses, so one user serves both
START_TIMEOUT = 180  # seconds: initdb and the first start on a loaded runner

# A test server only: nothing here must outlive a crash of the machine, and fsync would cost most of the time
# the storage tests take. The benchmark keeps PostgreSQL's durable defaults.
FAST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                 "deadlock_timeout": "100ms"}  # two test "processes" deadlock on purpose: break it soon


def skipped() -> bool:
    return os.environ.get(SKIP_ENV, "") not in ("", "0")


def _binaries() -> Path:
    from pgserver._commands import POSTGRES_BIN_PATH  # type: ignore[import-untyped]

    return Path(POSTGRES_BIN_PATH)


def _as_root_prepare(pgdata: Path) -> str:
    from pgserver.utils import (  # type: ignore[import-untyped]
        ensure_folder_permissions,
        ensure_prefix_permissions,
        ensure_user_exists,
    )

    entry = ensure_user_exists(SYSTEM_USER)
    assert entry is not None  # typed Optional, but it creates the user when missing and returns the entry
    bin_path = _binaries()
    ensure_prefix_permissions(bin_path)
    ensure_folder_permissions(bin_path, stat.S_IRGRP | stat.S_IROTH | stat.S_IXGRP | stat.S_IXOTH)
    ensure_folder_permissions(bin_path.parent / "lib", stat.S_IRGRP | stat.S_IROTH)
    os.chown(pgdata, entry.pw_uid, entry.pw_gid)
    return SYSTEM_USER


class LocalPostgres:
    """One started server; :meth:`create` makes a fresh database on it and gives its URL."""

    def __init__(self, pgdata: Path, user: str | None) -> None:
        self.pgdata = pgdata
        self.user = user
        self._names = itertools.count()
        self._stopped = False

    @classmethod
    def start(cls, *, fast: bool = True) -> LocalPostgres:
        # Under /tmp, not pytest's base directory: the system user must reach it, and pytest keeps its own 0700.
        pgdata = Path(tempfile.mkdtemp(prefix="hunan-pg-"))
        user = _as_root_prepare(pgdata) if os.geteuid() == 0 else None
        pg = cls(pgdata, user)
        atexit.register(pg.stop)
        settings = " ".join(f"-c {k}={v}" for k, v in FAST_SETTINGS.items()) if fast else ""
        try:
            pg._run("initdb", "-D", str(pgdata), "--auth=trust", "-U", "postgres", "--encoding=UTF8", "--no-sync")
            pg._run("pg_ctl", "-D", str(pgdata), "-w", "-t", str(START_TIMEOUT), "-l", str(pgdata / "log"),
                    "-o", f"-h '' -k {pgdata} {settings}", "start")
        except BaseException:
            pg.stop()
            raise
        return pg

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([str(_binaries() / tool), *args], user=self.user, capture_output=True, text=True,
                              timeout=START_TIMEOUT + 30, cwd=self.pgdata)
        if done.returncode != 0:
            log = self.pgdata / "log"
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip()}\n"
                               + (log.read_text() if log.exists() else ""))

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={quote(str(self.pgdata))}"

    def postmaster_pid(self) -> int:
        return int((self.pgdata / "postmaster.pid").read_text().split("\n", 1)[0])

    async def create(self) -> str:
        import asyncpg  # type: ignore[import-untyped]

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
        if self._stopped:
            return
        self._stopped = True
        try:
            if (self.pgdata / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.pgdata), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.pgdata, ignore_errors=True)

