-- Issue 20: verifiable deals, share codes, ratings and seasons.
-- Each hand's commitment (SHA-256 of the variant, its seed and a secret salt) is shown while it is played; the salt
-- is revealed, with the seed and the recorded wall, once it has ended. Its share code (6 unambiguous letters) opens
-- its replay for anyone in the same server; unique across servers, so a code names one hand.
ALTER TABLE hands ADD COLUMN share_code TEXT;
ALTER TABLE hands ADD COLUMN salt TEXT;
ALTER TABLE hands ADD COLUMN commitment TEXT;
ALTER TABLE hands ADD COLUMN wall TEXT;                  -- JSON: the deck as the engine recorded it
CREATE UNIQUE INDEX hands_share_code ON hands (share_code);

-- A server's seasons: at most one open at a time; season 0 (no row) is the all-time ladder every match counts in.
CREATE TABLE seasons (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    number          INTEGER NOT NULL,
    started_by      INTEGER NOT NULL,
    started_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_by        INTEGER,
    ended_at        TEXT,
    UNIQUE (guild_id, number)
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

-- A finished match with at least two humans, written with its last hand's settlement: what ratings are computed
-- from (storage/ratings.py rebuilds every rating from these rows, in id order).
CREATE TABLE rated_matches (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id        INTEGER NOT NULL UNIQUE REFERENCES tables (id) ON DELETE CASCADE,
    guild_id        INTEGER NOT NULL,
    variant_id      TEXT    NOT NULL,
    ruleset         TEXT    NOT NULL,
    season_id       INTEGER NOT NULL DEFAULT 0,             -- the season open when it finished (0: none)
    finished_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    rated           INTEGER NOT NULL DEFAULT 0              -- its rating changes are applied
);
CREATE INDEX rated_matches_pending ON rated_matches (guild_id, id) WHERE rated = 0;

-- Each human of a rated match: the final score and the place among the humans (1 = best; ties share a place).
CREATE TABLE match_places (
    match_id        INTEGER NOT NULL REFERENCES rated_matches (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    score           INTEGER NOT NULL,
    place           INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- The current rating per (server, season, ruleset, player); season 0 is all-time.
CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    season_id       INTEGER NOT NULL,
    ruleset         TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    variant_id      TEXT    NOT NULL,
    mu              DOUBLE PRECISION NOT NULL,
    sigma           DOUBLE PRECISION NOT NULL,
    matches         INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_id, ruleset, user_id)
);

-- Every rating change, for a player's recent form.
CREATE TABLE rating_changes (
    match_id        INTEGER NOT NULL REFERENCES rated_matches (id) ON DELETE CASCADE,
    season_id       INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    place           INTEGER NOT NULL,
    of_players      INTEGER NOT NULL,
    mu_before       DOUBLE PRECISION NOT NULL,
    sigma_before    DOUBLE PRECISION NOT NULL,
    mu              DOUBLE PRECISION NOT NULL,
    sigma           DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, season_id, user_id)
);

-- A season's final table, frozen when an admin ends it.
CREATE TABLE season_standings (
    season_id       INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    ruleset         TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    variant_id      TEXT    NOT NULL,
    position        INTEGER NOT NULL,
    mu              DOUBLE PRECISION NOT NULL,
    sigma           DOUBLE PRECISION NOT NULL,
    matches         INTEGER NOT NULL,
    PRIMARY KEY (season_id, ruleset, user_id)
);
