-- creator_metrics without a foreign key to creators (issue #23 item 11: the first start's growth deadlocked with
-- the collector).
--
-- The rollup builds creator_metrics afresh and swaps it in (DROP TABLE creator_metrics, RENAME …_next). Dropping
-- a table whose foreign key references creators drops that key's triggers on creators, and PostgreSQL takes an
-- ACCESS EXCLUSIVE lock on creators for it. The rollup already holds SHARE ROW EXCLUSIVE on creators (its table
-- locks, taken up front); a collector transaction that had read creators (ACCESS SHARE) and then waited to
-- UPDATE creators behind the rollup made a cycle: the rollup's DROP waited for that reader, the reader for the
-- rollup → 40P01 deadlock_detected, and the growth of the demo world stopped. Without the key the swap locks
-- creator_metrics only, which no collector transaction holds while it waits for the rollup.
--
-- What the key still did — deleting a deleted (or truncated) creator's metrics — the triggers of 0015 do, like
-- for the daily tables. The rollup writes a metrics row only for a creator it has just read from creators, under
-- its table locks (no creator can be deleted meanwhile).
ALTER TABLE creator_metrics DROP CONSTRAINT IF EXISTS creator_metrics_creator_id_fkey;
CREATE TRIGGER creators_delete_metrics AFTER DELETE ON creators
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('creator_metrics', 'creator_id');
CREATE TRIGGER creators_truncate_metrics AFTER TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('creator_metrics', 'creator_id');
