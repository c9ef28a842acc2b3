-- Numbered 0059 so it runs before 0060 (daily partitions): its test loads a demo world, which writes vertical, at 0059.
-- Idempotent (IF NOT EXISTS): a development database that ran it as 0065 (its first name, never landed) runs it again.
-- The video libraries (issue #26 item 5; docs/api/video-library.md, docs/metrics.md "Short and vertical videos").
--
-- 1. videos.vertical: the picture is taller than wide, from the `dimension` ({width, height, rotate}) of the
--    platform's archive objects (view, popular, ranking); rotate 1 swaps width and height. NULL: no answer that
--    carries `dimension` has been read yet (a creator's video list does not carry it). Filled by the ingestor
--    (parsers/video.ts → pg-ingestor.ts), never guessed; the demo world stores what its simulator serves.
-- 2. Index-backed orders of the newest-first search (the default): every visible video, and the short-video
--    library (a short or vertical visible video). Both columns are static (pubdate, duration, vertical), so the
--    snapshots' counter updates stay HOT (0012); the play / like orders rank the matches instead (0012 again).
ALTER TABLE videos ADD COLUMN IF NOT EXISTS vertical boolean;

CREATE INDEX IF NOT EXISTS videos_visible_pubdate_idx ON videos (pubdate DESC, id DESC) WHERE status = 0;
CREATE INDEX IF NOT EXISTS videos_short_pubdate_idx ON videos (pubdate DESC, id DESC)
  WHERE status = 0 AND (duration <= 60 OR vertical);
