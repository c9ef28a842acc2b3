-- The commercial estimate from published Bilibili rate cards (issue #23 item 18; docs/metrics.md "Commercial
-- estimates"). The CPM model of 0023 (¥20–¥80 per 1,000 average plays) quoted a 14.3万-fan creator ¥350 for a
-- 定制视频, far below what the market pays. Published figures price a 定制视频 by the fans:
--   * 搜狐科技 (reprinted at m.shadafang.com/a/202302/5184289_2.html): "B站的商单报价一般是其粉丝量的10%到20%…
--     粉丝20万的UP主，一条定制视频的价格最高可达4万" — ¥0.10–¥0.20 per fan;
--   * 南方周末 on a leaked 2020 Q3 rate card (reprinted at dabaike.org/article/3BA0562D4AE9D466073FFE1E8A298009.html):
--     老番茄, the most-followed creator (about 1,500万 fans then), listed at ¥89万 a video — ≈ ¥0.06 per fan: the
--     rate per fan falls for the largest creators.
-- So:
--   rate   = 0.15 (the band's middle) × taper;  taper = 1 up to 1,000,000 fans, (1,000,000 / fans)^0.4 above
--            (1,500万 → 0.34: ≈ ¥0.05 per fan, ¥76万 at m = 1)
--   k_eng  = clamp(0.5 + 5 × interaction rate, 0.6, 1.5)          (as in 0023)
--   k_play = clamp(sqrt(plays / (0.1 × fans)), 0.7, 1.3)           plays per fan against the 10 % health line;
--            plays = commercial_plays (the recent mean, else 5 % of the fans)
--   m      = clamp(k_eng × price_factor × k_play, 2/3, 4/3)        keeps the estimate inside the cited band
--   raw    = fans × rate × m
-- The screens show the range estimate × 2/3 … × 4/3 (packages/shared quote.ts), the band's own width.
-- Same name and arguments as 0023, so every rollup query keeps calling it (metrics.repository.ts); the next
-- rollup re-prices every creator.
CREATE OR REPLACE FUNCTION commercial_raw_price(fans bigint, avg_play double precision, rate double precision,
                                                price_factor double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(coalesce(fans, 0), 0)::float8 * 0.15
         * CASE WHEN coalesce(fans, 0) > 1000000 THEN power(1000000.0 / fans, 0.4) ELSE 1 END
         * least(4.0 / 3, greatest(2.0 / 3,
             least(1.5, greatest(0.6, 0.5 + 5 * coalesce(rate, 0))) * coalesce(price_factor, 1)
             * least(1.3, greatest(0.7, sqrt(commercial_plays(fans, avg_play)
                                             / greatest(0.1 * coalesce(fans, 0), 1))))))
$$;
