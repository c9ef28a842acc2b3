-- goodsSearch with a keyword from goods_stats (docs/api/commerce.md): the aggregate keeps each goods item's title and
-- its grams (copied at the refresh, as category, platform and price are), with a grams index (1–2 characters) and a
-- trigram index (3 and more) per search window. A keyword's page and count then read the window's matches alone:
-- before, they matched every goods title, then joined the whole window (31 ms for a common character at 1M
-- creators, 5 ms now; docs/performance.md, session 17). The rows of today get their titles here; the next refresh
-- writes them itself.
ALTER TABLE goods_stats ADD COLUMN title text NOT NULL DEFAULT '';
ALTER TABLE goods_stats ADD COLUMN title_grams text[] NOT NULL DEFAULT '{}';
UPDATE goods_stats s SET title = g.title, title_grams = g.title_grams FROM goods g WHERE g.id = s.goods_id;

CREATE INDEX goods_stats_grams_7_idx ON goods_stats USING gin (title_grams) WHERE days = 7;
CREATE INDEX goods_stats_grams_30_idx ON goods_stats USING gin (title_grams) WHERE days = 30;
CREATE INDEX goods_stats_grams_90_idx ON goods_stats USING gin (title_grams) WHERE days = 90;
CREATE INDEX goods_stats_grams_0_idx ON goods_stats USING gin (title_grams) WHERE days = 0;
CREATE INDEX goods_stats_trgm_7_idx ON goods_stats USING gin (title gin_trgm_ops) WHERE days = 7;
CREATE INDEX goods_stats_trgm_30_idx ON goods_stats USING gin (title gin_trgm_ops) WHERE days = 30;
CREATE INDEX goods_stats_trgm_90_idx ON goods_stats USING gin (title gin_trgm_ops) WHERE days = 90;
CREATE INDEX goods_stats_trgm_0_idx ON goods_stats USING gin (title gin_trgm_ops) WHERE days = 0;
