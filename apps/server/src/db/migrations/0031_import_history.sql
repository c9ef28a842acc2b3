-- Imports that never rewrite history (issue #23, items 1 and 7; docs/data-sources.md § Importer).
--
-- 1. creator_daily.known: which counters of the row the day's own responses carried, as bits — fans 1,
--    following 2, likes 4, plays 8, video_count 16; NULL = all of them (a complete snapshot, every row before this
--    migration). A counter the day did not carry is filled from the newest earlier day that carried it (likes,
--    plays, video_count: else the sums over the creator's stored videos as of the day; following: else unknown),
--    and filled again whenever an older day is imported later, so a backfill gives the rows an in-order import
--    gives.
-- 2. Unknown is NULL, not a made-up value: a creator whose level or following count the platform did not send
--    (a list's owner, a card without them) has level / following NULL (shown "-"), and a day whose responses
--    and earlier days say nothing about following has following NULL. Rows written before this migration keep
--    their values (which of them were defaults cannot be told any more).
ALTER TABLE creator_daily ADD COLUMN known smallint CHECK (known BETWEEN 0 AND 30);
ALTER TABLE creator_daily ALTER COLUMN following DROP NOT NULL, ALTER COLUMN following DROP DEFAULT;
ALTER TABLE creators ALTER COLUMN level DROP NOT NULL, ALTER COLUMN level DROP DEFAULT;
ALTER TABLE creators ALTER COLUMN following DROP NOT NULL, ALTER COLUMN following DROP DEFAULT;

-- the partial rows of a creator (the refill reads them by creator and day)
CREATE INDEX creator_daily_partial_idx ON creator_daily (creator_id, day) WHERE known IS NOT NULL;

-- 3. The day of the newest creator record (card, space info …) whose profile the row holds: an older day's record
--    does not change the profile (as its counters do not change the current counters), whatever the import order.
ALTER TABLE creators ADD COLUMN profile_day date;
