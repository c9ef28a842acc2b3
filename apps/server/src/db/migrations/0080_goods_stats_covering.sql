-- goodsSearch and goodsRank with a category, platform or price filter (docs/api/commerce.md): the order indexes of
-- goods_stats and goods_rank_stats (0075) also carry the filtered columns, so a filtered page walks its order index
-- alone up to the page (then reads its 20 rows), and a filtered count reads an index alone. Before, each row the walk
-- or the count passed was a heap fetch to test its category and platform: 3,700 buffers for the 10th page of a
-- category × platform rank, 11,700 for a platform × price count at 1M creators (docs/performance.md, session 16).
-- Index-only reads need the visibility map: the refresh vacuums both tables after it rewrites them.
DROP INDEX goods_stats_video_idx;
DROP INDEX goods_stats_play_idx;
DROP INDEX goods_stats_price_idx;
DROP INDEX goods_stats_seen_idx;
CREATE INDEX goods_stats_video_idx ON goods_stats (days, video_num DESC, goods_id DESC)
  INCLUDE (category_id, platform, price);
CREATE INDEX goods_stats_play_idx ON goods_stats (days, play_num DESC NULLS LAST, goods_id DESC)
  INCLUDE (category_id, platform, price);
CREATE INDEX goods_stats_price_idx ON goods_stats (days, price DESC NULLS LAST, goods_id DESC)
  INCLUDE (category_id, platform);
CREATE INDEX goods_stats_seen_idx ON goods_stats (days, last_seen DESC, goods_id DESC)
  INCLUDE (category_id, platform, price);

DROP INDEX goods_rank_stats_video_idx;
DROP INDEX goods_rank_stats_sales_idx;
DROP INDEX goods_rank_stats_play_idx;
CREATE INDEX goods_rank_stats_video_idx
  ON goods_rank_stats (period, period_video_num DESC, period_play_num DESC, goods_id DESC) INCLUDE (category_id, platform);
CREATE INDEX goods_rank_stats_sales_idx
  ON goods_rank_stats (period, sales_mid DESC, period_play_num DESC, goods_id DESC) INCLUDE (category_id, platform);
CREATE INDEX goods_rank_stats_play_idx
  ON goods_rank_stats (period, period_play_num DESC, period_video_num DESC, goods_id DESC) INCLUDE (category_id, platform);
