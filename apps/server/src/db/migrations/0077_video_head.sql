-- The head of the video libraries' play and like orders, for keyword searches (issue #26, docs/performance.md
-- "Keyword search from the kept head"). A keyword search ranked by plays or likes used to rank every match in SQL:
-- the title index finds them (tens of thousands for a common character at 5M videos), then each is read from the
-- 6 GB `videos` table to sort it: 10–16 searches a second, p95 about 3 s (session 13's A/B). video_top (0074)
-- keeps only 1,000 rows a scope, so a keyword found in fewer than 20 of them fell through to that ranking.
--
-- This table keeps the first VIDEO_HEAD_ROWS visible videos of each order (the whole library, not per partition),
-- with their title and its grams. The matches of a keyword among them, in `pos` order, are the exact first matches
-- of the whole order as of the refresh (every video above the head's last one is in the head): filtered by
-- partition or library too, they stay an exact prefix. Reading them touches this compact table only.
--   sort         'play' | 'like'
--   pos          1 = the most played (liked) visible video at the refresh; ties by id, as the search's ORDER BY
--   short        the 短视频库 condition (duration ≤ 60 s or vertical) at the refresh
--   tid          the partition (null when unknown)
-- Written by the job `library.refresh-video-tops` with video_top, in the same transaction.
CREATE TABLE video_head (
  sort        text    NOT NULL CHECK (sort IN ('play', 'like')),
  pos         integer NOT NULL CHECK (pos >= 1),
  video_id    bigint  NOT NULL,
  short       boolean NOT NULL,
  tid         integer,
  title       text    NOT NULL,
  title_grams text[]  NOT NULL,
  PRIMARY KEY (sort, pos)
);
-- one title index per order: a rare keyword's matches by bitmap, then sorted by pos; a common one walks the key
CREATE INDEX video_head_play_grams_idx ON video_head USING gin (title_grams) WHERE sort = 'play';
CREATE INDEX video_head_like_grams_idx ON video_head USING gin (title_grams) WHERE sort = 'like';
