-- The titles of the visible videos, for keyword searches of the video libraries (issue #26, docs/performance.md
-- "Keyword search: video_head and video_titles"). A keyword search read `videos` (6.6 GB at 5M videos, ≈ 6 rows a
-- page): the newest-first walk fetched a heap row per video until 20 matched (2.4 s cold for a keyword in 0.15 % of
-- the titles), and the capped count (up to 1,001 matches) fetched one per match (0.3–0.7 s cold). This table holds
-- what those reads look at, per visible video, in publish order:
--   pubdate, video_id   the newest-first order (ties by id, as the search's ORDER BY)
--   tid, duration, vertical   the partition, 短视频库 (duration ≤ 60 s or vertical) and shape filters
--   title, title_grams  the keyword (as videos: 1–2 characters by the grams, 3+ by ILIKE and the bigrams)
-- It is rows of ≈ 300 bytes, written in publish order (new videos arrive newest, at the end), so a newest-first
-- walk reads consecutive pages and the count of a keyword reads a few pages of matches. The searches without a
-- keyword count here too: a partition's or the short library's matches (up to 1,001) by an index-only scan of
-- video_titles_scope_idx or video_titles_short_idx (1 ms), where `videos` fetched a heap row per match (0.3–0.5 s
-- cold each).
--
-- Kept by triggers on `videos` in the writing transaction (every write path: collector, importer, demo load,
-- tests): an insert adds its visible rows, a change of status, publish time, partition, duration, shape or title
-- rewrites or drops the row, a delete or truncate drops them. Counter updates (the snapshots) do not fire them.
-- video_titles_rebuild() fills it from `videos` in one pass (this migration, and bench/world-1m.mjs after a load
-- with triggers off).
CREATE TABLE video_titles (
  video_id    bigint      PRIMARY KEY,
  pubdate     timestamptz NOT NULL,
  tid         integer,
  duration    integer     NOT NULL,
  vertical    boolean,
  title       text        NOT NULL,
  title_grams text[]      NOT NULL
);

CREATE FUNCTION video_titles_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  DROP INDEX IF EXISTS video_titles_pubdate_idx;
  DROP INDEX IF EXISTS video_titles_grams_idx;
  DROP INDEX IF EXISTS video_titles_scope_idx;
  DROP INDEX IF EXISTS video_titles_short_idx;
  TRUNCATE video_titles;
  INSERT INTO video_titles (video_id, pubdate, tid, duration, vertical, title, title_grams)
  SELECT id, pubdate, tid, duration, vertical, title, title_grams FROM videos WHERE status = 0 ORDER BY pubdate, id;
  GET DIAGNOSTICS n = ROW_COUNT;
  CREATE INDEX video_titles_pubdate_idx ON video_titles (pubdate DESC, video_id DESC);
  CREATE INDEX video_titles_grams_idx ON video_titles USING gin (title_grams);
  CREATE INDEX video_titles_scope_idx ON video_titles (tid) INCLUDE (duration, vertical);
  -- 短视频库: its condition as the search writes it (SHORT_VIDEO_MAX_SECONDS, a literal)
  CREATE INDEX video_titles_short_idx ON video_titles (tid) INCLUDE (duration, vertical)
    WHERE (duration <= 60 OR vertical);
  RETURN n;
END
$$;
SELECT video_titles_rebuild();

CREATE FUNCTION video_titles_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE video_titles;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM video_titles t USING gone g WHERE t.video_id = g.id;
  ELSIF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO video_titles (video_id, pubdate, tid, duration, vertical, title, title_grams)
    SELECT id, pubdate, tid, duration, vertical, title, title_grams FROM added WHERE status = 0 ORDER BY pubdate, id;
  ELSIF NEW.status = 0 THEN
    INSERT INTO video_titles (video_id, pubdate, tid, duration, vertical, title, title_grams)
    VALUES (NEW.id, NEW.pubdate, NEW.tid, NEW.duration, NEW.vertical, NEW.title, NEW.title_grams)
    ON CONFLICT (video_id) DO UPDATE SET pubdate = EXCLUDED.pubdate, tid = EXCLUDED.tid, duration = EXCLUDED.duration,
      vertical = EXCLUDED.vertical, title = EXCLUDED.title, title_grams = EXCLUDED.title_grams;
  ELSE
    DELETE FROM video_titles WHERE video_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER videos_titles_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION video_titles_sync();
CREATE TRIGGER videos_titles_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION video_titles_sync();
CREATE TRIGGER videos_titles_truncate AFTER TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION video_titles_sync();
CREATE TRIGGER videos_titles_update AFTER UPDATE OF status, pubdate, tid, duration, vertical, title ON videos
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.pubdate IS DISTINCT FROM NEW.pubdate
        OR OLD.tid IS DISTINCT FROM NEW.tid OR OLD.duration IS DISTINCT FROM NEW.duration
        OR OLD.vertical IS DISTINCT FROM NEW.vertical OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION video_titles_sync();
