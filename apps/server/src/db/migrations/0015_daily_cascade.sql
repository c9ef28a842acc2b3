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

CREATE FUNCTION creators_drop_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE creator_daily;
  ELSE
    DELETE FROM creator_daily d USING gone g WHERE d.creator_id = g.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER creators_delete_daily AFTER DELETE ON creators
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION creators_drop_daily();
CREATE TRIGGER creators_truncate_daily AFTER TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION creators_drop_daily();

CREATE FUNCTION videos_drop_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE video_daily;
  ELSE
    DELETE FROM video_daily d USING gone g WHERE d.video_id = g.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER videos_delete_daily AFTER DELETE ON videos
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION videos_drop_daily();
CREATE TRIGGER videos_truncate_daily AFTER TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION videos_drop_daily();
