-- Component interactions handed from the process that received them (Discord sends every DM event to shard 0)
-- to the process owning the table's shard: the raw gateway payload, taken by whichever of the two deletes the
-- row first (storage/forwarded.py). Rows live for a couple of seconds at most.
CREATE TABLE forwarded (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    shard           INTEGER NOT NULL,
    payload         TEXT    NOT NULL,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX forwarded_by_shard ON forwarded (shard, id);
