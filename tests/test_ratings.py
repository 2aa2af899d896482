"""storage/ratings.py against openskill's own Plackett–Luce for recorded matches: ties, four players, a season beside
the all-time ladder, the order matches are applied in, and the rebuild giving the same numbers."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from storage.db import Database
from storage.ratings import Ladder, places, rules_of, ruleset_of

GUILD = 42
# (ruleset, [(user, place)]) in the order they finished
MATCHES = [
    ("changsha", [(1, 1), (2, 2), (3, 2), (4, 4)]),
    ("changsha", [(1, 3), (2, 1), (3, 2)]),
    ("changsha", [(2, 1), (4, 1)]),
    ("paohuzi", [(1, 2), (3, 1)]),
    ("changsha", [(4, 1), (1, 2), (3, 3), (2, 4)]),
]


def test_places_and_rulesets() -> None:
    assert places([10, -5, 10, 0]) == [1, 4, 1, 3]
    a = ruleset_of("changsha", {"players": 3, "birds": 4, "hands": 8, "difen": 1})
    assert a == ruleset_of("changsha", {"players": 3, "birds": 4, "hands": 16})  # length and stake share a ladder
    assert a != ruleset_of("changsha", {"players": 3, "birds": 2, "hands": 8})  # the birds change the scoring
    assert rules_of(a) == {"birds": 4, "players": 3}


@pytest.mark.both_backends
async def test_recorded_matches_rate_as_openskill_does(db_url: str) -> None:
    db = await Database.open(db_url)
    try:
        ladder = Ladder(db)
        model = PlackettLuce()
        expected: dict[tuple[int, str, int], PlackettLuceRating] = {}
        await ladder.start_season(GUILD, 99)
        for i, (ruleset, seated) in enumerate(MATCHES):
            if i == 3:
                assert await ladder.end_season(GUILD, 99) is not None  # the last two are after the season
            season = 1 if i < 3 else 0
            await db.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                " VALUES (?, ?, 1, ?, '{}', '{}', 'ended')", (GUILD, 1000 + i, ruleset))
            [row] = await db.fetch("SELECT MAX(id) FROM tables")
            await db.execute("INSERT INTO rated_matches (table_id, guild_id, variant_id, ruleset, season_id)"
                             " VALUES (?, ?, ?, ?, ?)", (row[0], GUILD, ruleset, ruleset, season))
            [m] = await db.fetch("SELECT MAX(id) FROM rated_matches")
            for user, place in seated:
                await db.execute("INSERT INTO match_places (match_id, user_id, score, place) VALUES (?, ?, 0, ?)",
                                 (m[0], user, place))
            await ladder.rate_pending(GUILD)
            for ladder_id in {0, season}:
                users = sorted(u for u, _ in seated)
                ranks = [float(dict(seated)[u]) for u in users]
                before = [expected.get((ladder_id, ruleset, u)) or model.rating() for u in users]
                after = model.rate([[r] for r in before], ranks=ranks)
                expected.update({(ladder_id, ruleset, u): t[0] for u, t in zip(users, after, strict=True)})
        live = await ladder.all_ratings()
        got = {(s, r, u): (mu, sigma) for _g, s, r, u, mu, sigma, _n in live}
        assert got.keys() == expected.keys()
        for key, rating in expected.items():
            assert got[key] == (pytest.approx(rating.mu, abs=1e-9), pytest.approx(rating.sigma, abs=1e-9)), key
        # the season's final table was frozen from its ladder
        frozen = await ladder.standings(GUILD, 1, limit=50)
        assert {(r["ruleset"], r["user_id"]): (r["mu"], r["sigma"]) for r in frozen} == {
            (r, u): got[(1, r, u)] for (s, r, u) in got if s == 1}
        assert await ladder.rebuild() == len(MATCHES)
        assert await ladder.all_ratings() == live
    finally:
        await db.close()
