-- 托管 (auto-play) flags and 解散 (end-table) votes survive a restart.
-- A seat on 托管 stays on it until its player acts again; before this a restart silently took it off.
ALTER TABLE seats ADD COLUMN auto INTEGER NOT NULL DEFAULT 0;

-- One row per player who asked to dissolve a live table; a majority of the seated humans ends it.
CREATE TABLE end_votes (
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    voted_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;
