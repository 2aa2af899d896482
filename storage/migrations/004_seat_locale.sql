-- Each seated player's Discord locale (e.g. en-US, zh-TW), remembered from their clicks: their DM panel is sent
-- when someone else moves, with no interaction of theirs to read it from. NULL: not known yet (the guild's).
ALTER TABLE seats ADD COLUMN locale TEXT;
