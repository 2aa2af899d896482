-- A lobby closes itself after its room option's idle time (bot.idle): active_at is when it last changed (its
-- creation, a seat, an option), in Unix seconds of the bot's clock, so a restart knows how long it has been idle
-- (NULL: a lobby from before this migration, counted from the restart). kicked: the users the host removed
-- before the start (踢出), a JSON list, who may not join that table again.
ALTER TABLE tables ADD COLUMN active_at INTEGER;
ALTER TABLE tables ADD COLUMN kicked TEXT NOT NULL DEFAULT '[]';
