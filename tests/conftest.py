"""The storage backends the tests run on: SQLite always, PostgreSQL for tests marked ``both_backends``
(every test that asks for ``db_url`` when ``HUNAN_ALL_BACKENDS=1``).

PostgreSQL comes from ``tests/pg.py``: one server per xdist worker (session scope), started on first use and
stopped at the worker's end; each test gets a fresh database on it, dropped after. If the server cannot start, those tests fail; they skip only when ``HUNAN_NO_POSTGRES=1``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.pg import SKIP_ENV, LocalPostgres, skipped

BACKENDS = ["sqlite", "postgres"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_backends: run this test on SQLite and on PostgreSQL")
    config.addinivalue_line("markers", "heavy: one of the suite's longest tests, run first")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first: the workers take tests in this order, and one of them started last would leave
    the other worker idle to the end (a stable sort keeps every other test where it was)."""
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    both = metafunc.definition.get_closest_marker("both_backends") is not None or os.environ.get(
        "HUNAN_ALL_BACKENDS", "") not in ("", "0")
    metafunc.parametrize("backend", BACKENDS if both else BACKENDS[:1], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def postgres() -> Iterator[LocalPostgres]:
    if skipped():
        pytest.skip(f"{SKIP_ENV} is set: PostgreSQL tests skipped")
    pg = LocalPostgres.start()
    yield pg
    pg.stop()


@pytest.fixture
async def pg_url(postgres: LocalPostgres) -> AsyncIterator[str]:
    """A fresh, empty database on the worker's server."""
    url = await postgres.create()
    yield url
    await postgres.drop(url)


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on the backend this run of the test is for."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return f"sqlite:///{tmp_path}/bot.sqlite3"
