-- Channel posts that must land once: a hand's settlement and a match's final ranking. Each is written in the
-- transaction that settles what it announces and gets its message id once posted, so a post Discord refused
-- or a crash cut off is posted later (bot/delivery.py: by the table's next publish, a later try, or the next
-- start-up's restore), once. message_id 0: never posted, the channel is gone.
CREATE TABLE channel_posts (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    hand_id         INTEGER REFERENCES hands (id) ON DELETE CASCADE,
    content         TEXT    NOT NULL,
    message_id      INTEGER,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX channel_posts_unposted ON channel_posts (table_id, id) WHERE message_id IS NULL;
