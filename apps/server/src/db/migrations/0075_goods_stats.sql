-- Goods search and goods rank from aggregates (issue #26; docs/performance.md "Goods search and rank"). Both
-- calls aggregated every video_goods row on every request (the carrying videos' counts and plays; the plays
-- gained in the period from video_daily): fine on the demo world, seconds at a million creators. The job
-- `commerce.refresh-goods-stats` (modules/commerce/goods-stats.repository.ts; hourly, and at start when empty)
-- writes the same aggregates with the same SQL, and the calls read them while they are of today; otherwise (never
-- refreshed, a new day not refreshed yet) they compute on demand as before.
--
-- goods_stats: per search window (`days` of GOODS_DAYS: 7, 30, 90, 0 = any time; the window starts at the
-- Asia/Shanghai midnight of `day` − days + 1) and goods item carried by a video published in it: its videos,
-- creators and their plays. The goods' own columns the search filters and sorts on are copied (as of the refresh).
CREATE TABLE goods_stats (
  days        smallint      NOT NULL,
  goods_id    bigint        NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
  video_num   integer       NOT NULL,
  kol_num     integer       NOT NULL,
  play_num    bigint,
  category_id smallint      NOT NULL,
  platform    text          NOT NULL,
  price       numeric(12,2),
  last_seen   timestamptz   NOT NULL,
  PRIMARY KEY (days, goods_id)
);
CREATE INDEX goods_stats_video_idx ON goods_stats (days, video_num DESC, goods_id DESC);
CREATE INDEX goods_stats_play_idx ON goods_stats (days, play_num DESC NULLS LAST, goods_id DESC);
CREATE INDEX goods_stats_price_idx ON goods_stats (days, price DESC NULLS LAST, goods_id DESC);
CREATE INDEX goods_stats_seen_idx ON goods_stats (days, last_seen DESC, goods_id DESC);

-- goods_rank_stats: per rank period (day / week / month, ending on `day` of goods_stats_runs) and goods item
-- with activity in it: the figures of GET /api/goodsRank.
CREATE TABLE goods_rank_stats (
  period           text          NOT NULL CHECK (period IN ('day', 'week', 'month')),
  goods_id         bigint        NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
  period_video_num integer       NOT NULL,
  period_play_num  bigint        NOT NULL,
  video_num        integer       NOT NULL,
  kol_num          integer       NOT NULL,
  play_num         bigint,
  sales_mid        float8        NOT NULL,
  gmv_mid          float8        NOT NULL,
  category_id      smallint      NOT NULL,
  platform         text          NOT NULL,
  PRIMARY KEY (period, goods_id)
);
CREATE INDEX goods_rank_stats_video_idx
  ON goods_rank_stats (period, period_video_num DESC, period_play_num DESC, goods_id DESC);
CREATE INDEX goods_rank_stats_sales_idx
  ON goods_rank_stats (period, sales_mid DESC, period_play_num DESC, goods_id DESC);
CREATE INDEX goods_rank_stats_play_idx
  ON goods_rank_stats (period, period_play_num DESC, period_video_num DESC, goods_id DESC);

-- One row per refresh: the Asia/Shanghai day its windows end on, when it ran and what it wrote. The calls read
-- the aggregates only when the last refresh is of today.
CREATE TABLE goods_stats_runs (
  id          bigserial   PRIMARY KEY,
  day         date        NOT NULL,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  ms          integer     NOT NULL,
  rows        integer     NOT NULL
);
