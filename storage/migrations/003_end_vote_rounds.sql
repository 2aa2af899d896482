-- 解散 votes have two sides and a round. A 拒绝 is stored like a 同意 (agree = 0), so a restart keeps the
-- tally; end_round numbers the proposals of a table, so the 同意/拒绝 buttons of a proposal that was
-- decided go stale and a new proposal starts from no votes.
ALTER TABLE end_votes ADD COLUMN agree INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN end_round INTEGER NOT NULL DEFAULT 0;
