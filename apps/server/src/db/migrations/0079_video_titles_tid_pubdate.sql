-- The newest videos of a partition without a keyword (视频搜索 / 短视频库 sorted 最新发布 with a partition and
-- duration or shape filters; docs/api/video-library.md "Speed"). A partition's leaves are walked each in its own
-- publish order and merged (VideoLibraryRepository.newestOfPartitions): each walk stops at the page, reading this
-- index alone (duration and shape are in it). Before, such a page walked the newest 20,000–200,000 titles of all
-- partitions and, for a small partition (under 1 % of the videos) with a duration range, the whole table: 345–603 ms
-- a call at 5M videos (docs/performance.md, session 16).
--
-- It replaces video_titles_scope_idx (tid) INCLUDE (duration, vertical), whose index-only counts of a partition's
-- matches (up to 1,001) it answers the same way, so the triggers' writes keep the same number of indexes.
CREATE INDEX video_titles_tid_pubdate_idx ON video_titles (tid, pubdate DESC, video_id DESC) INCLUDE (duration, vertical);
DROP INDEX video_titles_scope_idx;

CREATE OR REPLACE FUNCTION video_titles_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  DROP INDEX IF EXISTS video_titles_pubdate_idx;
  DROP INDEX IF EXISTS video_titles_grams_idx;
  DROP INDEX IF EXISTS video_titles_scope_idx;
  DROP INDEX IF EXISTS video_titles_tid_pubdate_idx;
  DROP INDEX IF EXISTS video_titles_short_idx;
  TRUNCATE video_titles;
  INSERT INTO video_titles (video_id, pubdate, tid, duration, vertical, title, title_grams)
  SELECT id, pubdate, tid, duration, vertical, title, title_grams FROM videos WHERE status = 0 ORDER BY pubdate, id;
  GET DIAGNOSTICS n = ROW_COUNT;
  CREATE INDEX video_titles_pubdate_idx ON video_titles (pubdate DESC, video_id DESC);
  CREATE INDEX video_titles_grams_idx ON video_titles USING gin (title_grams);
  CREATE INDEX video_titles_tid_pubdate_idx ON video_titles (tid, pubdate DESC, video_id DESC) INCLUDE (duration, vertical);
  -- 短视频库: its condition as the search writes it (SHORT_VIDEO_MAX_SECONDS, a literal)
  CREATE INDEX video_titles_short_idx ON video_titles (tid) INCLUDE (duration, vertical)
    WHERE (duration <= 60 OR vertical);
  RETURN n;
END
$$;
