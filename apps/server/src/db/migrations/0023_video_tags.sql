-- The platform's own tags of a video (issue #13 item 3; docs/metrics.md "Hot content"): the channel and topic
-- tags its view/detail lists (`Tags` other than background music), written when the collector reads a video's
-- details (modules/ingestion/activity-ingestor.ts) and by the demo world. Hot topics count them beside the
-- title's #话题# / 【…】 tags and its segmented keywords. Not indexed: the topic aggregation reads the window's
-- rows anyway, and an index would stop the counter updates of the ingestor being HOT updates (0012).
ALTER TABLE videos ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

-- The commercial estimate's raw price (issue #13 item 7; docs/metrics.md "Commercial estimates"), one definition
-- for every query that prices creators: a rate per 1,000 expected plays, kept in ¥20–¥80 (the usual band of
-- Bilibili 定制视频 prices per thousand average plays), times the expected plays of a video.
--   plays  = the creator's recent mean plays (云指数 sample); without one, 5 % of the fans stand in
--   k_eng  = clamp(0.5 + 5 × interaction rate, 0.6, 1.5)
--   k_reach = clamp(1 + 0.15 × log10(fans / plays), 1, 1.5)   a fan base larger than the plays adds reach
--   cpm    = clamp(40 × k_eng × price_factor × k_reach, 20, 80)
--   raw    = plays / 1000 × cpm
-- LANGUAGE sql, IMMUTABLE and one SELECT without FROM, so the planner inlines it into the rollup queries.
CREATE FUNCTION commercial_plays(fans bigint, avg_play double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(avg_play, 0) > 0 THEN avg_play ELSE 0.05 * coalesce(fans, 0) END
$$;
CREATE FUNCTION commercial_raw_price(fans bigint, avg_play double precision, rate double precision,
                                     price_factor double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT commercial_plays(fans, avg_play) / 1000.0 * least(80, greatest(20,
           40 * least(1.5, greatest(0.6, 0.5 + 5 * coalesce(rate, 0))) * coalesce(price_factor, 1)
              * least(1.5, greatest(1, 1 + 0.15 * log(greatest(coalesce(fans, 0), 1)::float8
                                                     / greatest(commercial_plays(fans, avg_play), 1))))))
$$;
