-- Tables, seats, hands and the append-only action log; cumulative scores per (guild, variant, user).
CREATE TABLE tables (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    variant_id      TEXT    NOT NULL,
    options         TEXT    NOT NULL,          -- JSON, validated by the engine
    bot_options     TEXT    NOT NULL,          -- JSON: turn timer, fixed seed (tests/demo)
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'ended')),
    first_dealer    INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at        TEXT,
    end_reason      TEXT
);
-- One live table per channel (a thread is its own channel).
CREATE UNIQUE INDEX tables_one_live_per_channel ON tables (channel_id) WHERE status != 'ended';
CREATE INDEX tables_live ON tables (status) WHERE status != 'ended';

CREATE TABLE seats (
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    user_id         INTEGER,                   -- NULL for an AI seat
    name            TEXT    NOT NULL,
    dm_channel_id   INTEGER,
    dm_closed       INTEGER NOT NULL DEFAULT 0,
    dm_hand_no      INTEGER,                   -- the hand whose private panel dm_message_id shows
    dm_message_id   INTEGER,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE hands (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    hand_no         INTEGER NOT NULL,
    seed            INTEGER NOT NULL,
    dealer          INTEGER NOT NULL,
    message_id      INTEGER,                   -- the channel's table message for this hand
    started_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    settled_at      TEXT,
    result          TEXT,                      -- JSON HandResult once settled
    UNIQUE (table_id, hand_no)
);

-- Every accepted action, written before anyone is told about it.
CREATE TABLE actions (
    hand_id         INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    code            TEXT    NOT NULL,
    by_ai           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (hand_id, seq)
) WITHOUT ROWID;

CREATE TABLE hand_seats (
    hand_id         INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    user_id         INTEGER,
    delta           INTEGER NOT NULL,
    won             INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seat)
);
CREATE INDEX hand_seats_user ON hand_seats (user_id);

CREATE TABLE scores (
    guild_id        INTEGER NOT NULL,
    variant_id      TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    hands           INTEGER NOT NULL DEFAULT 0,
    wins            INTEGER NOT NULL DEFAULT 0,
    points          INTEGER NOT NULL DEFAULT 0,
    best_delta      INTEGER,
    best_hand_id    INTEGER,
    best_text       TEXT,
    PRIMARY KEY (guild_id, variant_id, user_id)
);
