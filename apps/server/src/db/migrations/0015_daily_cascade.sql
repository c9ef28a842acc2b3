-- The daily snapshot tables without foreign keys (issue #3, ingestion at 1M creators; docs/performance.md
-- "Ingestion rate").
--
-- A foreign key checks every inserted daily row against its creator / video: one more query per row, and a
-- FOR KEY SHARE lock written into the parent row (a WAL record and a dirtied page per snapshot row). Measured at 1M
-- creators: the daily inserts took 40 % less time without them. The ingestor only writes daily rows for the ids it
-- has just read or written (pg-ingestor.ts), and creators and videos are never deleted by the product; what the keys
-- still did — deleting the daily rows of a deleted (or truncated) creator or video — the triggers below do.
ALTER TABLE creator_daily DROP CONSTRAINT IF EXISTS creator_daily_creator_id_fkey;
ALTER TABLE video_daily DROP CONSTRAINT IF EXISTS video_daily_video_id_fkey;

-- One function for both: TG_ARGV names the daily table and its key column (constants of the triggers below).
CREATE FUNCTION drop_daily_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('TRUNCATE %I', TG_ARGV[0]);
  ELSE
    EXECUTE format('DELETE FROM %I d USING gone g WHERE d.%I = g.id', TG_ARGV[0], TG_ARGV[1]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER creators_delete_daily AFTER DELETE ON creators
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('creator_daily', 'creator_id');
CREATE TRIGGER creators_truncate_daily AFTER TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('creator_daily', 'creator_id');
CREATE TRIGGER videos_delete_daily AFTER DELETE ON videos
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('video_daily', 'video_id');
CREATE TRIGGER videos_truncate_daily AFTER TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION drop_daily_rows('video_daily', 'video_id');
