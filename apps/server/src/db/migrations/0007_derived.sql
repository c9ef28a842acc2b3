-- Derived data (docs/metrics.md, "Derived data"): recomputed by the nightly rollup
-- (apps/server/src/modules/metrics, runNightlyRollups / backfillRollups). Nothing here depends on the
-- pipeline tables of 0006 (comments, danmaku): the rollup reads `comments` only when it exists.

-- Daily increments ----------------------------------------------------------------------------------
-- Each stored snapshot minus the creator's previous stored snapshot (a gap is spanned by the next
-- stored day; the first snapshot has NULL increments). Filter by creator_id: the predicate reaches the
-- window's partition, so one creator's history is read through the primary key.
CREATE VIEW creator_daily_inc AS
SELECT d.creator_id,
       d.day,
       lag(d.day) OVER w                       AS prev_day,
       d.fans,
       d.plays,
       d.likes,
       d.video_count,
       d.fans - lag(d.fans) OVER w             AS fans_inc,
       d.plays - lag(d.plays) OVER w           AS plays_inc,
       d.likes - lag(d.likes) OVER w           AS likes_inc,
       d.video_count - lag(d.video_count) OVER w AS video_count_inc
FROM creator_daily d
WINDOW w AS (PARTITION BY d.creator_id ORDER BY d.day);

-- The same increments for the stored days in [p_from, p_to] of every creator, read creator by creator
-- through the primary key (creator_daily has no index on day alone): the window plus the one stored
-- day before it, so the first day of the range has its predecessor however old.
CREATE FUNCTION creator_increments(p_from date, p_to date)
RETURNS TABLE (
  creator_id bigint, day date, prev_day date, fans bigint, plays bigint, likes bigint, video_count integer,
  fans_inc bigint, plays_inc bigint, likes_inc bigint, video_count_inc integer
)
LANGUAGE sql STABLE AS $$
  SELECT c.id, i.day, i.prev_day, i.fans, i.plays, i.likes, i.video_count,
         i.fans_inc, i.plays_inc, i.likes_inc, i.video_count_inc
  FROM creators c
  CROSS JOIN LATERAL (
    SELECT x.day, x.fans, x.plays, x.likes, x.video_count,
           lag(x.day) OVER w                         AS prev_day,
           x.fans - lag(x.fans) OVER w               AS fans_inc,
           x.plays - lag(x.plays) OVER w             AS plays_inc,
           x.likes - lag(x.likes) OVER w             AS likes_inc,
           x.video_count - lag(x.video_count) OVER w AS video_count_inc
    FROM (
      (SELECT p.day, p.fans, p.plays, p.likes, p.video_count FROM creator_daily p
        WHERE p.creator_id = c.id AND p.day < p_from ORDER BY p.day DESC LIMIT 1)
      UNION ALL
      (SELECT d.day, d.fans, d.plays, d.likes, d.video_count FROM creator_daily d
        WHERE d.creator_id = c.id AND d.day BETWEEN p_from AND p_to)
    ) x
    WINDOW w AS (ORDER BY x.day)
  ) i
  WHERE i.day >= p_from
$$;

-- Helpers -------------------------------------------------------------------------------------------
-- Commercial prices in yuan, rounded to two significant digits (steps of at least 10), minimum 100.
CREATE FUNCTION price_round(x double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN x IS NULL OR x < 100 THEN 100::bigint
    ELSE (round(x / power(10, greatest(1, floor(log(x)) - 1))) * power(10, greatest(1, floor(log(x)) - 1)))::bigint
  END
$$;

-- A portrait as the wire's JSON string: [{"<key>": label, "比例": percent}, …] in the given order, the
-- percents with one decimal summing to exactly 100.0 (largest remainder). Non-positive weights count 0;
-- all-zero weights give '[]'.
CREATE FUNCTION portrait_json(p_key text, p_labels text[], p_weights double precision[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (
    SELECT t.label, t.ord, greatest(coalesce(t.x, 0), 0) AS x
    FROM unnest(p_labels, p_weights) WITH ORDINALITY AS t(label, x, ord)
  ), u AS (
    SELECT label, ord, x * 1000 / nullif(sum(x) OVER (), 0) AS u FROM w
  ), f AS (
    SELECT label, ord, floor(u)::int AS fl, u - floor(u) AS rem FROM u WHERE u IS NOT NULL
  ), k AS (
    SELECT label, ord, fl,
           row_number() OVER (ORDER BY rem DESC, ord) AS rr,
           1000 - sum(fl) OVER () AS missing
    FROM f
  )
  SELECT coalesce(
    (SELECT jsonb_agg(jsonb_build_object(p_key, label, '比例', round((fl + CASE WHEN rr <= missing THEN 1 ELSE 0 END) / 10.0, 1))
                      ORDER BY ord)::text
     FROM k),
    '[]')
$$;

-- Priors --------------------------------------------------------------------------------------------
-- Modelled, not measured: per top-level partition a price multiplier, the male share of the audience
-- and an age distribution over AGE_BANDS (17岁以下, 18-23岁, 24-30岁, 31-40岁, 41岁以上), in percent.
-- Child partitions use their parent's row; tid 0 is the default for anything else. Operators may edit
-- rows; docs/metrics.md lists the values and where they come from.
CREATE TABLE partition_priors (
  tid          integer       PRIMARY KEY,            -- top-level partition tid, 0 = default
  name         text          NOT NULL,
  price_factor numeric(4,2)  NOT NULL CHECK (price_factor > 0),
  male_pct     numeric(4,1)  NOT NULL CHECK (male_pct BETWEEN 0 AND 100),
  age_pct      numeric(4,1)[] NOT NULL CHECK (cardinality(age_pct) = 5)
);

INSERT INTO partition_priors (tid, name, price_factor, male_pct, age_pct) VALUES
  (0,   '默认',   1.00, 55, '{12,38,30,14,6}'),
  (1,   '动画',   0.90, 62, '{16,44,26,10,4}'),
  (13,  '番剧',   0.80, 65, '{15,45,27,9,4}'),
  (167, '国创',   0.80, 60, '{14,42,28,11,5}'),
  (3,   '音乐',   0.90, 48, '{13,42,28,12,5}'),
  (129, '舞蹈',   0.90, 45, '{18,44,25,9,4}'),
  (4,   '游戏',   1.00, 72, '{18,42,27,10,3}'),
  (36,  '知识',   1.20, 62, '{10,38,31,15,6}'),
  (188, '科技',   1.30, 80, '{7,32,36,18,7}'),
  (234, '运动',   1.10, 70, '{9,33,32,18,8}'),
  (223, '汽车',   1.40, 85, '{3,20,38,27,12}'),
  (160, '生活',   1.00, 45, '{9,35,32,17,7}'),
  (211, '美食',   1.10, 48, '{8,33,33,18,8}'),
  (217, '动物圈', 1.00, 40, '{11,37,31,15,6}'),
  (119, '鬼畜',   0.60, 70, '{20,46,24,8,2}'),
  (155, '时尚',   1.30, 22, '{9,42,33,12,4}'),
  (202, '资讯',   0.80, 60, '{5,25,33,23,14}'),
  (5,   '娱乐',   1.00, 42, '{12,40,29,13,6}'),
  (181, '影视',   0.90, 55, '{10,36,31,16,7}'),
  (177, '纪录片', 0.90, 62, '{6,28,33,21,12}'),
  (23,  '电影',   0.80, 55, '{8,32,33,19,8}'),
  (11,  '电视剧', 0.80, 45, '{9,34,31,18,8}');

-- Modelled region distribution of the audience (IP属地 provinces, weights in percent of the online
-- population, rounded), the same prior for every partition.
CREATE TABLE region_priors (
  region text          PRIMARY KEY,
  weight numeric(5,2)  NOT NULL CHECK (weight >= 0)
);

INSERT INTO region_priors (region, weight) VALUES
  ('广东', 12), ('江苏', 7), ('山东', 7), ('浙江', 7), ('河南', 6), ('四川', 6), ('湖北', 5), ('湖南', 5),
  ('河北', 5), ('福建', 4), ('上海', 4), ('北京', 4), ('安徽', 4), ('辽宁', 3), ('陕西', 3), ('江西', 3),
  ('重庆', 3), ('广西', 3), ('云南', 2), ('山西', 2), ('黑龙江', 2), ('吉林', 2), ('天津', 2), ('贵州', 2),
  ('内蒙古', 1), ('新疆', 1), ('甘肃', 1), ('海南', 1), ('宁夏', 0.5), ('青海', 0.3), ('西藏', 0.2);

-- Derived tables --------------------------------------------------------------------------------------
-- Fan-change events: one per creator and day at most (rules in docs/metrics.md).
CREATE TABLE fan_events (
  creator_id     bigint       NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  day            date         NOT NULL,
  kind           text         NOT NULL CHECK (kind IN ('rise', 'drop')),
  delta          bigint       NOT NULL,                 -- fans(day) − fans(previous stored day)
  baseline       numeric(14,1),                         -- mean |Δ| over the 7 days before; NULL if < 3 stored
  fans           bigint       NOT NULL,                 -- fans at the end of the day
  cause_video_id bigint       REFERENCES videos(id) ON DELETE SET NULL,
  PRIMARY KEY (creator_id, day)
);
CREATE INDEX fan_events_day_idx ON fan_events (day);

-- Current figures per creator (as of `day`, the latest day rolled up): weekly figures of the comparison
-- report, commercial estimates, 云指数, fan changes and the audience portrait.
CREATE TABLE creator_metrics (
  creator_id          bigint       PRIMARY KEY REFERENCES creators(id) ON DELETE CASCADE,
  day                 date         NOT NULL,
  fans                bigint       NOT NULL,
  fans_change_1       bigint,
  fans_change_7       bigint,
  fans_change_30      bigint,
  index_num           numeric(8,2) NOT NULL,
  sample_window       smallint     NOT NULL CHECK (sample_window IN (0, 7, 30, 90)),
  week_video_num      integer      NOT NULL,
  week_avg_play       bigint       NOT NULL,
  avg_praise          bigint       NOT NULL,
  week_avg_collect    bigint       NOT NULL,
  week_avg_share      bigint       NOT NULL,
  week_avg_comment    bigint       NOT NULL,
  week_cast_currency  bigint       NOT NULL,
  charging_num        integer      NOT NULL,
  recent_avg_play     bigint       NOT NULL,            -- the 云指数 sample: latest 10 videos in 90 days
  engagement_rate     double precision NOT NULL,
  videos_30d          integer      NOT NULL,
  normal_price        bigint       NOT NULL,            -- yuan
  video_price         bigint       NOT NULL,
  implantation_price  bigint       NOT NULL,
  special_price       bigint       NOT NULL,
  business_value      bigint       NOT NULL,
  gender_portrait     text         NOT NULL,            -- JSON strings as the report sends them
  age_portrait        text         NOT NULL,
  area_portrait       text         NOT NULL,
  portrait_source     text         NOT NULL CHECK (portrait_source IN ('creator', 'partition')),
  portrait_sample     integer      NOT NULL,            -- the creator's distinct sampled commenters
  audience_male_pct   numeric(4,1) NOT NULL,
  audience_top_region text,
  computed_at         timestamptz  NOT NULL DEFAULT now()
);

-- Pooled audience portrait per partition (every top-level and child tid, 0 = all): the partition's
-- sampled commenters blended with its priors; exactly the priors while no comments are sampled.
CREATE TABLE partition_portraits (
  tid               integer      PRIMARY KEY,
  day               date         NOT NULL,
  sample_size       integer      NOT NULL,
  male_pct          numeric(4,1) NOT NULL,
  gender_portrait   text         NOT NULL,
  age_portrait      text         NOT NULL,
  area_portrait     text         NOT NULL,
  top_region        text,
  computed_at       timestamptz  NOT NULL DEFAULT now()
);

-- MCN aggregates per day over the MCN's creators with a snapshot that day.
CREATE TABLE mcn_daily (
  mcn_id        integer NOT NULL REFERENCES mcns(id) ON DELETE CASCADE,
  day           date    NOT NULL,
  creator_count integer NOT NULL,
  fans_sum      bigint  NOT NULL,
  fans_gain     bigint  NOT NULL,
  PRIMARY KEY (mcn_id, day)
);
CREATE INDEX mcn_daily_day_idx ON mcn_daily (day);

-- Ranking lists: one list per (kind, period, day, partition_tid), ranks 1..500. `day` is the list's date
-- (the last day of its window), period_start the first. Snapshots: no foreign keys, rows of a deleted
-- creator stay until the list is recomputed.
CREATE TABLE rankings (
  kind          text    NOT NULL CHECK (kind IN ('fans', 'increase', 'decrease', 'business', 'company')),
  period        text    NOT NULL CHECK (period IN ('day', 'week', 'month')),
  day           date    NOT NULL,
  partition_tid integer NOT NULL,                       -- 0 = all partitions
  rank          integer NOT NULL CHECK (rank > 0),
  period_start  date    NOT NULL,
  creator_id    bigint,                                 -- NULL for company lists
  mcn_id        integer,                                -- company lists only
  value         bigint  NOT NULL,                       -- the ranked figure (per kind)
  delta         bigint  NOT NULL,                       -- fan change over the period
  fans          bigint  NOT NULL,                       -- fans at the end of the period (MCN: sum)
  creator_count integer,                                -- company lists: creators counted
  PRIMARY KEY (kind, period, day, partition_tid, rank),
  CHECK ((kind = 'company') = (mcn_id IS NOT NULL AND creator_id IS NULL))
);
