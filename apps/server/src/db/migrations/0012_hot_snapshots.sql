-- Snapshots update counters in place (issue #3, ingestion at 1M creators; docs/performance.md "Ingestion rate").
--
-- A snapshot moves the counters of a creator (fans, plays, likes …) and of its videos (play, likes, coin …). When a
-- changed column is indexed, PostgreSQL cannot update the row in place (a HOT update): it writes a new row version
-- and a new entry into EVERY index of the table — on creators 16 of them, two GIN indexes that take an entry per
-- name gram —, at random places of indexes far larger than shared_buffers, each page a full-page image in the WAL
-- after a checkpoint (≈ 57 KB of WAL per video update measured at 1M). So:
--   - no index covers a counter that snapshots move: the sorts by fans / plays / 云指数 / video plays are served by
--     the in-memory search index (creators) and by sorting the matches (videos); filters keep plain indexes on
--     their own (static) columns;
--   - creators.updated_at (indexed: the search index reads the rows changed since its snapshot) moves only when a
--     profile column changes, not with the counters (the search index sees counters at its next rebuild);
--   - the tables leave room on each page for the new versions of its rows (HOT needs it on the same page, and the
--     old versions are reclaimed only after the writing transaction ends): half of each page, since every row of a
--     page may need its new version at once — a creator's videos sit together and one snapshot updates them all
--     (measured at 1M: 54 % HOT at fillfactor 85, 100 % at 50), and the nightly rollup writes the 云指数 of every
--     creator in one statement.
-- Existing pages are full until rows move once; from the second snapshot on the updates are HOT. (A table rewrite,
-- VACUUM FULL creators / videos, applies the fill factor at once; it cannot run inside a migration.)
ALTER TABLE creators SET (fillfactor = 50);
ALTER TABLE videos SET (fillfactor = 50);

DROP INDEX creators_fans_idx;
DROP INDEX creators_index_num_idx;
DROP INDEX creators_plays_idx;
DROP INDEX creators_live_fans_idx;
DROP INDEX creators_approved_fans_idx;
DROP INDEX creators_partition_fans_idx;
DROP INDEX creators_mcn_fans_idx;
CREATE INDEX creators_partition_idx ON creators (partition_tid);
CREATE INDEX creators_mcn_idx ON creators (mcn_id) WHERE mcn_id IS NOT NULL;

DROP INDEX videos_play_idx;
DROP INDEX videos_creator_play_idx;
