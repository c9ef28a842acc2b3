-- The video libraries' play / like orders without a keyword (issue #26, docs/performance.md "Video library
-- search"). Counters are not indexed on purpose (0012: the snapshots' counter updates stay HOT), so ranking every
-- visible video by plays or likes is a scan of the table (seconds at 5M videos). This table keeps the first
-- VIDEO_SEARCH_MAX_ROWS (1,000) ids of each such order, per scope:
--   sort  'play' | 'like'
--   tid   0 = 全部; otherwise a partition as the search filter names it (a top-level partition: itself and its
--         children, as CatalogService.expand; a second-level one: itself)
--   short false = 视频搜索 (every visible video); true = 短视频库 (duration ≤ 60 s or vertical)
-- Written by the job `library.refresh-video-tops` (modules/video-library/video-top.repository.ts): every night,
-- and at start when empty. A refresh replaces every row in one transaction (readers see the old or the new
-- order, never a mix). The order is as of `video_top_runs.finished_at`; the rows shown are read fresh.
CREATE TABLE video_top (
  sort     text     NOT NULL CHECK (sort IN ('play', 'like')),
  tid      integer  NOT NULL,
  short    boolean  NOT NULL,
  rank     smallint NOT NULL CHECK (rank >= 1),
  video_id bigint   NOT NULL,
  PRIMARY KEY (sort, tid, short, rank)
);

-- One row per refresh: when it ran, how long it took and how many rows it wrote (the last one dates the order).
CREATE TABLE video_top_runs (
  id          bigserial   PRIMARY KEY,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  ms          integer     NOT NULL,
  rows        integer     NOT NULL
);
