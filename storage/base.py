"""What the two backends (``storage/sqlite.py``, ``storage/postgres.py``) share with ``storage/db.py``.

Queries are written once, in ``db.py``, with ``?`` placeholders and the named dialect token :data:`NOW_TEXT`;
each backend translates them (``?`` → ``$n`` on PostgreSQL) and runs them. A write job is an ``async`` function
of a :class:`Tx`: on PostgreSQL it awaits asyncpg, on SQLite the same coroutine never suspends and is driven to
its end on the database thread, so a whole batch still costs one trip there.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

# The current UTC time as ISO-8601 text (``2026-12-01T11:40:20.123Z``), the format every stored timestamp has.
# Both backends keep timestamps as TEXT so rows read back the same type, and ``since`` compares as text.
NOW_TEXT = "NOW_TEXT"


def ago_text(seconds: float) -> str:
    """The dialect token for the time ``seconds`` before now, as :data:`NOW_TEXT` gives it (compares as text)."""
    return f"AGO_TEXT({seconds:g})"


AGO_TEXT = re.compile(r"AGO_TEXT\((-?[0-9.]+)\)")


def timestamps(sql: str, now: str, at: str) -> str:
    """``sql`` with :data:`NOW_TEXT` and :func:`ago_text` in a dialect's words: ``now`` its current time, ``at``
    a time ``{offset}`` seconds from it."""
    return AGO_TEXT.sub(lambda m: at.format(offset=-float(m[1])), sql.replace(NOW_TEXT, now))

MAX_BATCH = 1000  # bounds how long one commit holds up the reads queued behind it
MAX_TRIES = 5  # a job undone by a transient conflict runs again in the next batch, this many times at most


class CommitError(Exception):
    """The transaction holding this write did not commit: nothing in it is durable."""


class IntegrityError(Exception):
    """A write broke a constraint (a second live table in one channel ...): nothing of that write was kept.

    Raised by both backends in place of their driver's own error, which is its ``__cause__``."""


class Row(Protocol):
    """A result row, read by column name or position (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...  # the values in column order (tests read rows as tuples)

    def keys(self) -> Iterable[str]: ...


class Tx(Protocol):
    """The cursor a write job gets, inside its batch's transaction."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, args: Sequence[Any]) -> int:
        """Run an INSERT into a table with an ``id`` key; returns the new row's id."""
        ...

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Run one statement that returns rows (``DELETE … RETURNING``) and return them."""
        ...


# A unit of work for the writer: runs inside the batch's transaction.
WriteFn = Callable[[Tx], Awaitable[T]]
BatchResult = list[tuple[bool, Any]]  # per job: (True, its value) or (False, the exception that undid it)


class Backend(Protocol):
    """One database: a writer that commits a batch of jobs at once, and reads."""

    name: str

    async def commit_batch(self, jobs: Sequence[WriteFn[Any]]) -> BatchResult:
        """Run every job in one transaction and commit once. Each job's error undoes only that job; if the
        commit itself fails every job fails with :class:`CommitError`."""
        ...

    def transient(self, error: Exception) -> bool:
        """A job failed with ``error`` only because another process's transaction held what it needed (a
        deadlock PostgreSQL broke): the job was undone and may simply run again in the next batch."""
        ...

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def migrate(self, scripts: Sequence[tuple[int, str]]) -> int:
        """Apply the numbered scripts the database has not seen; returns its version after."""
        ...

    async def close(self) -> None: ...
