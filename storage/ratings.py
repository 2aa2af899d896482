"""Ratings per player per ruleset per server (openskill's Plackett–Luce), seasons, and their rebuild.

The rules chosen (issue 20; docs/architecture.md "Ratings"):

- A **ruleset** is the variant with the room options that change how hands are played or scored, with their
  values (:func:`ruleset_of`): 长沙 with 4 birds is another ladder than with 2. Options that only set the match's
  length or who deals first (局数, 局数上限, 目标分, 庄家), or multiply every payment alike (底分), do not change
  who finishes ahead of whom, so they share a ladder.
- A match is rated when it **finishes** (the match's own end, not a dissolved table) with **at least two humans**.
  AI seats are left out: the humans are ranked among themselves by their final scores (ties share a place), as a
  match of only them. The AI is one fixed program, not a player whose skill the ladder learns; rating it would let
  every player farm (or lose to) the same opponent and drag the scale, while dropping such matches entirely would
  leave most small servers (two friends and an AI at a 3-seat table) with no ladder at all.
- Every rated match counts on the server's **all-time** ladder (season 0) and, when an admin has a **season**
  open, on that season's ladder too, which starts everyone afresh; ending a season freezes its final table.
- A match is stored (``rated_matches``, ``match_places``) in the transaction that settles its last hand; its
  rating changes are applied after, one match at a time in the order they were stored. A crash in between leaves
  it pending, and the next match, ``/rank``, ``/leaderboard`` or ``/season end`` of that server applies it.
  Ratings are thus a function of the stored matches: ``python -m storage.ratings rebuild`` recomputes them all
  (the bot stopped, or nobody playing), and a test checks that what it computes equals what play wrote.

Shown: ``points`` = 1000 + 40 × (μ − 3σ) rounded, openskill's ordinal on a scale players know (a new player has
1000, the tiers are every 200 points, ``bot/ladder.py`` names them).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .base import IntegrityError, Tx
from .db import DEFAULT_URL, Database

MODEL = PlackettLuce()  # openskill's defaults: μ 25, σ 25/3, β 25/6
# options that set only the match's length, the first dealer, or a factor every payment shares alike
NOT_RULES = frozenset({"hands", "max_hands", "target", "rounds", "banker", "difen"})
ALL_TIME = 0
PLACEMENT = 5  # rated matches before a player's tier is shown (定级赛)


def ruleset_of(variant_id: str, options: dict[str, Any]) -> str:
    """The ladder a match counts on: the variant id and its rule-changing options, in key order
    (``changsha;birds=4;…``), every such option named with its value so a later change of default keeps ladders
    apart."""
    parts = [variant_id] + [f"{k}={json.dumps(v, sort_keys=True)}" for k, v in sorted(options.items())
                            if k not in NOT_RULES and not k.startswith("bot.")]
    return ";".join(parts)


def rules_of(ruleset: str) -> dict[str, Any]:
    """The options a ruleset id names (the inverse of :func:`ruleset_of` for its options)."""
    out: dict[str, Any] = {}
    for part in ruleset.split(";")[1:]:
        key, _, value = part.partition("=")
        out[key] = json.loads(value)
    return out


def places(scores: Sequence[int]) -> list[int]:
    """Competition places (1 = best; equal scores share the better place: 1, 2, 2, 4)."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def ladder_points(mu: float, sigma: float) -> int:
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    matches: int

    @property
    def points(self) -> int:
        return ladder_points(self.mu, self.sigma)


FRESH = Rating(MODEL.mu, MODEL.sigma, 0)


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """One match's new ratings, each player a team of one, by openskill's Plackett–Luce."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    # openskill sorts by rank through nested functions that refer to each other (compiled by mypyc): a small
    # reference cycle each call. With no collection inside the call it is garbage by the time any collection
    # runs, freed by the next young one, and never alive at a full collection's freeze (bot/service/heap.py)
    collecting = gc.isenabled()
    gc.disable()
    try:
        after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    finally:
        if collecting:
            gc.enable()
    return [Rating(team[0].mu, team[0].sigma, r.matches + 1) for team, r in zip(after, before, strict=True)]


class Raced(Exception):
    """Another worker did this first (applied the match, ended the season): the write is undone."""


_locks: dict[int, asyncio.Lock] = {}


def _lock(guild_id: int) -> asyncio.Lock:
    # a server's matches are applied one at a time (a server belongs to one process: bot/edge/shards.py)
    return _locks.setdefault(guild_id, asyncio.Lock())


class Ladder:
    """Ratings and seasons of the servers in one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- applying matches ------------------------------------------------------------------------------

    async def rate_pending(self, guild_id: int) -> int:
        """Apply the server's stored matches not yet rated, oldest first; returns how many."""
        done = 0
        async with _lock(guild_id):
            for row in await self.db.fetch("SELECT id FROM rated_matches WHERE guild_id = ? AND rated = 0 ORDER BY id",
                                           (guild_id,)):
                try:
                    await self._apply(int(row["id"]))
                except Raced:
                    continue
                done += 1
        return done

    async def pending_guilds(self) -> list[int]:
        """Servers with stored matches not yet rated."""
        rows = await self.db.fetch("SELECT DISTINCT guild_id FROM rated_matches WHERE rated = 0 ORDER BY guild_id")
        return [int(r["guild_id"]) for r in rows]

    async def _apply(self, match_id: int) -> None:
        [m] = await self.db.fetch("SELECT guild_id, variant_id, ruleset, season_id FROM rated_matches WHERE id = ?",
                                  (match_id,))
        seated = await self.db.fetch("SELECT user_id, place FROM match_places WHERE match_id = ? ORDER BY user_id",
                                     (match_id,))
        users = [int(r["user_id"]) for r in seated]
        ranks = [int(r["place"]) for r in seated]
        seasons = [ALL_TIME] + ([int(m["season_id"])] if m["season_id"] else [])
        changes: list[tuple[int, int, Rating, Rating]] = []  # (season, user, before, after)
        for season in seasons:
            before = await self._current(int(m["guild_id"]), season, str(m["ruleset"]), users)
            after = rate(before, ranks) if len(users) >= 2 else before
            changes += [(season, u, b, a) for u, b, a in zip(users, before, after, strict=True)]
        place_of = dict(zip(users, ranks, strict=True))

        async def job(tx: Tx) -> None:
            if await tx.execute("UPDATE rated_matches SET rated = 1 WHERE id = ? AND rated = 0", (match_id,)) != 1:
                raise Raced(match_id)
            for season, user, b, a in changes:
                await tx.execute(
                    "INSERT INTO ratings (guild_id, season_id, ruleset, user_id, variant_id, mu, sigma, matches)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, season_id, ruleset, user_id) DO UPDATE"
                    " SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
                    (m["guild_id"], season, m["ruleset"], user, m["variant_id"], a.mu, a.sigma, a.matches))
                await tx.execute(
                    "INSERT INTO rating_changes (match_id, season_id, user_id, place, of_players, mu_before,"
                    " sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (match_id, season, user, place_of[user], len(users), b.mu, b.sigma, a.mu, a.sigma))
        await self.db.write(job)

    async def _current(self, guild_id: int, season: int, ruleset: str, users: list[int]) -> list[Rating]:
        rows = await self.db.fetch(
            f"SELECT user_id, mu, sigma, matches FROM ratings WHERE guild_id = ? AND season_id = ? AND ruleset = ?"
            f" AND user_id IN ({', '.join('?' * len(users))})", (guild_id, season, ruleset, *users))
        have = {int(r["user_id"]): Rating(float(r["mu"]), float(r["sigma"]), int(r["matches"])) for r in rows}
        return [have.get(u, FRESH) for u in users]

    async def rebuild(self) -> int:
        """Forget every rating and apply every stored match again, in order; returns how many were applied.
        Seasons' frozen final tables are kept (their matches give the same numbers again)."""
        async def job(tx: Tx) -> None:
            await tx.execute("DELETE FROM rating_changes")
            await tx.execute("DELETE FROM ratings")
            await tx.execute("UPDATE rated_matches SET rated = 0")
        await self.db.write(job)
        done = 0
        for row in await self.db.fetch("SELECT DISTINCT guild_id FROM rated_matches ORDER BY guild_id"):
            done += await self.rate_pending(int(row["guild_id"]))
        return done

    # -- reading ---------------------------------------------------------------------------------------

    async def board(self, guild_id: int, season: int, variant_id: str | None, limit: int = 10) -> list[dict[str, Any]]:
        """The best ratings of a ladder (one variant's rulesets, or all), highest μ − 3σ first."""
        where, args = ("", ()) if variant_id is None else (" AND variant_id = ?", (variant_id,))
        rows = await self.db.fetch(
            "SELECT user_id, ruleset, variant_id, mu, sigma, matches FROM ratings WHERE guild_id = ? AND season_id = ?"
            f"{where} ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?", (guild_id, season, *args, limit))
        return [dict(r) for r in rows]

    async def player(self, guild_id: int, season: int, user_id: int,
                     variant_id: str | None = None) -> list[dict[str, Any]]:
        """A player's ratings on a ladder, best first."""
        where, args = ("", ()) if variant_id is None else (" AND variant_id = ?", (variant_id,))
        rows = await self.db.fetch(
            "SELECT ruleset, variant_id, mu, sigma, matches FROM ratings WHERE guild_id = ? AND season_id = ?"
            f" AND user_id = ?{where} ORDER BY mu - 3 * sigma DESC, ruleset", (guild_id, season, user_id, *args))
        return [dict(r) for r in rows]

    async def form(self, guild_id: int, season: int, user_id: int, ruleset: str, limit: int = 5) -> list[dict[str, Any]]:
        """A player's last rated matches on one ladder, newest first: place, of how many, the change in points."""
        rows = await self.db.fetch(
            "SELECT c.place, c.of_players, c.mu_before, c.sigma_before, c.mu, c.sigma FROM rating_changes c"
            " JOIN rated_matches m ON m.id = c.match_id WHERE m.guild_id = ? AND c.season_id = ? AND c.user_id = ?"
            " AND m.ruleset = ? ORDER BY c.match_id DESC LIMIT ?", (guild_id, season, user_id, ruleset, limit))
        return [{"place": int(r["place"]), "of": int(r["of_players"]),
                 "change": ladder_points(r["mu"], r["sigma"]) - ladder_points(r["mu_before"], r["sigma_before"])}
                for r in rows]

    async def all_ratings(self) -> list[tuple[int, int, str, int, float, float, int]]:
        """Every stored rating (tests compare a rebuild with what play wrote)."""
        rows = await self.db.fetch("SELECT guild_id, season_id, ruleset, user_id, mu, sigma, matches FROM ratings"
                                   " ORDER BY guild_id, season_id, ruleset, user_id")
        return [(int(r[0]), int(r[1]), str(r[2]), int(r[3]), float(r[4]), float(r[5]), int(r[6])) for r in rows]

    # -- seasons ---------------------------------------------------------------------------------------

    async def open_season(self, guild_id: int) -> dict[str, Any] | None:
        rows = await self.db.fetch("SELECT id, number, started_at FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
                                   (guild_id,))
        return dict(rows[0]) if rows else None

    async def start_season(self, guild_id: int, user_id: int) -> int | None:
        """Open the server's next season; returns its number, or None if one is open already."""
        async def job(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO seasons (guild_id, number, started_by) SELECT ?, COALESCE(MAX(number), 0) + 1, ?"
                " FROM seasons WHERE guild_id = ?", (guild_id, user_id, guild_id))
        try:
            await self.db.write(job)
        except IntegrityError:  # the one-open-season index
            return None
        season = await self.open_season(guild_id)
        return int(season["number"]) if season else None

    async def end_season(self, guild_id: int, user_id: int) -> dict[str, Any] | None:
        """Close the open season (its pending matches applied first) and freeze its final table: each ruleset's
        players by μ − 3σ. Returns the season (``id``, ``number``), None if none was open."""
        await self.rate_pending(guild_id)
        season = await self.open_season(guild_id)
        if season is None:
            return None
        sid = int(season["id"])

        async def job(tx: Tx) -> None:
            if await tx.execute("UPDATE seasons SET ended_at = NOW_TEXT, ended_by = ? WHERE id = ? AND ended_at IS NULL",
                                (user_id, sid)) != 1:
                raise Raced(sid)
            await tx.execute(
                "INSERT INTO season_standings (season_id, ruleset, user_id, variant_id, position, mu, sigma, matches)"
                " SELECT ?, ruleset, user_id, variant_id,"
                " ROW_NUMBER() OVER (PARTITION BY ruleset ORDER BY mu - 3 * sigma DESC, user_id), mu, sigma, matches"
                " FROM ratings WHERE guild_id = ? AND season_id = ?", (sid, guild_id, sid))
        try:
            await self.db.write(job)
        except Raced:
            return None
        return {"id": sid, "number": int(season["number"])}

    async def seasons(self, guild_id: int) -> list[dict[str, Any]]:
        rows = await self.db.fetch("SELECT id, number, started_at, ended_at FROM seasons WHERE guild_id = ?"
                                   " ORDER BY number", (guild_id,))
        return [dict(r) for r in rows]

    async def standings(self, guild_id: int, number: int, variant_id: str | None = None,
                        limit: int = 10) -> list[dict[str, Any]]:
        """A season's frozen final table (empty while it is open or if it does not exist), best first."""
        where, args = ("", ()) if variant_id is None else (" AND st.variant_id = ?", (variant_id,))
        rows = await self.db.fetch(
            "SELECT st.ruleset, st.user_id, st.variant_id, st.position, st.mu, st.sigma, st.matches"
            " FROM season_standings st JOIN seasons s ON s.id = st.season_id WHERE s.guild_id = ? AND s.number = ?"
            f"{where} ORDER BY st.mu - 3 * st.sigma DESC, st.user_id LIMIT ?", (guild_id, number, *args, limit))
        return [dict(r) for r in rows]


async def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.ratings",
                                     description="Hunan Tables ratings: recompute them from the stored matches")
    parser.add_argument("cmd", choices=["rebuild"])
    parser.add_argument("--url", default=None, help="database URL (default: $DATABASE_URL, else the bot's default)")
    args = parser.parse_args(argv)
    url = args.url or os.environ.get("DATABASE_URL") or DEFAULT_URL
    db = await Database.open(url)
    try:
        done = await Ladder(db).rebuild()
    finally:
        await db.close()
    print(f"rebuilt ratings from {done} matches")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(cli()))
