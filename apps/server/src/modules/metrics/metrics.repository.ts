/**
 * The rollup's SQL (formulas in docs/metrics.md, "Derived data"). Every statement runs on the caller's
 * executor, which the service makes a transaction, so the temp tables below (`ON COMMIT DROP`) live on
 * one connection. The per-day state of every creator is computed once into `_m_day`; events, MCN
 * aggregates, rankings, 云指数, the weekly figures, prices and portraits all read it.
 */
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { derivePartitions } from '../ingestion/pg-ingestor.js';

export type Executor = Kysely<Database>;

/** Ranking list length (top N per list). */
export const LIST_SIZE = 500;
/** Creators with fewer distinct sampled commenters get their partition's pooled portrait. */
export const PORTRAIT_MIN_SAMPLE = 30;
/** Weight of the priors in a partition's pooled portrait, in pseudo-commenters. */
export const PRIOR_WEIGHT = 100;
/** Ranking lists older than this many days before the rolled-up day are deleted. */
export const RANKING_RETENTION_DAYS = 180;
/** Age bands of the age portrait, in the order of partition_priors.age_pct. */
export const AGE_BANDS = ['17岁以下', '18-23岁', '24-30岁', '31-40岁', '41岁以上'] as const;
/** Entries of the area portrait before the rest is summed as 其他. */
export const AREA_TOP = 10;

export type Period = 'day' | 'week' | 'month';
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];
const KINDS = sql`ARRAY['fans', 'increase', 'decrease', 'business', 'company']::text[]`;
/** Each period's window in days (the list's day and the days before it). */
const PERIOD_DAYS: readonly (readonly [Period, 1 | 7 | 30])[] = [
  ['day', 1],
  ['week', 7],
  ['month', 30],
];
const PERIOD_WINDOWS = sql`(VALUES ('day', 1), ('week', 7), ('month', 30))`;

/** 'YYYY-MM-DD' + days. */
function addDaysIso(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Asia/Shanghai day boundaries of `day` + offset, as timestamptz. */
const dayStart = (day: string, offset: number) =>
  sql`((${day}::date + ${offset}::int)::timestamp AT TIME ZONE 'Asia/Shanghai')`;

/**
 * Gap rules (docs/metrics.md, "Gaps"): a change over N days needs the stored snapshot of the day itself and one at
 * the window's start, d − N; when that one is missing, the nearest stored snapshot at most CHANGE_TOLERANCE[N] days
 * later stands in (the change then covers fewer days and is marked by its base day). Nothing else stands in: no
 * carried value, no first snapshot. The previous period's change (for 较上期) follows the same rule, ending at d − N.
 */
export const CHANGE_TOLERANCE: Readonly<Record<1 | 7 | 30, number>> = { 1: 0, 7: 1, 30: 3 };
const CHANGE_DAYS = [1, 7, 30] as const;
/** Start offsets of a change of `n` days ending `end` days before d, in order of preference. */
function startOffsets(n: 1 | 7 | 30, end: number): number[] {
  return Array.from({ length: CHANGE_TOLERANCE[n] + 1 }, (_, k) => end + n - k);
}
/** Every day offset (d − o) the gap rules read. */
export const CHANGE_OFFSETS: readonly number[] = [
  ...new Set([0, ...CHANGE_DAYS.flatMap((n) => [n, ...startOffsets(n, 0), ...startOffsets(n, n)])]),
].sort((a, b) => a - b);

/**
 * The honest change columns (change_N, base_day_N, prev_change_N for N = 1, 7, 30) given `f(o)`, the stored fans of
 * day d − o (NULL when not stored), and `d`.
 */
function honestChanges(f: (o: number) => RawBuilder<unknown>, d: RawBuilder<unknown>): RawBuilder<unknown> {
  const cols = CHANGE_DAYS.flatMap((n) => {
    const starts = startOffsets(n, 0);
    const prevStarts = startOffsets(n, n);
    const base = sql`coalesce(${sql.join(starts.map(f))})`;
    const baseDay = sql`CASE ${sql.join(
      starts.map((o) => sql`WHEN ${f(o)} IS NOT NULL THEN ${d} - ${o}::int`),
      sql` `,
    )} END`;
    return [
      sql`${f(0)} - ${base} AS ${sql.raw(`change_${n}`)}`,
      sql`CASE WHEN ${f(0)} IS NOT NULL THEN ${baseDay} END AS ${sql.raw(`base_day_${n}`)}`,
      sql`${f(n)} - coalesce(${sql.join(prevStarts.map(f))}) AS ${sql.raw(`prev_change_${n}`)}`,
    ];
  });
  return sql.join(cols);
}

/**
 * The current creator state the rollup keeps from the stored videos (docs/metrics.md, "Creator partition" and
 * "Creator totals"): videos recorded with a tid the tree lacked move to it once the tree has it; the partition of
 * every creator whose videos changed since the last rollup (marked by the triggers of migration 0030, adoptions
 * included) is derived from its videos (derivePartitions) and the marks are cleared; a creator whose platform
 * totals were never collected gets plays, likes and video count summed over its stored visible videos. The caller
 * holds the rollup's table locks (takeRollupTableLocks): no video changes, so no mark is added, until it commits.
 * Answers the rows changed per part.
 */
export async function refreshCreatorState(
  db: Executor,
): Promise<{ adopted: number; partitions: number; totals: number }> {
  const adopted = await sql`
    UPDATE videos v SET tid = u.tid, meta_hash = NULL
    FROM unknown_partition_videos u JOIN partitions p ON p.tid = u.tid
    WHERE v.aid = u.aid AND v.tid IS NULL`.execute(db);
  await sql`DELETE FROM unknown_partition_videos u USING partitions p WHERE p.tid = u.tid`.execute(db);
  const partitions = await derivePartitions(db, 'stale');
  // TRUNCATE, not DELETE: no dead rows for the next night's read (the table lock waits for nothing: the caller's
  // lock on videos keeps every trigger that writes here out until the commit)
  await sql`TRUNCATE creator_partition_stale`.execute(db);
  const totals = await sql`
    UPDATE creators c SET plays = t.plays, likes = t.likes, video_count = t.video_count, updated_at = now()
    FROM (
      SELECT c2.id, coalesce(sum(v.play), 0)::bigint AS plays, coalesce(sum(v.likes), 0)::bigint AS likes,
             count(v.id)::int AS video_count
      FROM creators c2 LEFT JOIN videos v ON v.creator_id = c2.id AND v.status = 0
      WHERE NOT c2.platform_totals
      GROUP BY c2.id
    ) t
    WHERE c.id = t.id AND (c.plays, c.likes, c.video_count) IS DISTINCT FROM (t.plays, t.likes, t.video_count)`.execute(
    db,
  );
  return {
    adopted: Number(adopted.numAffectedRows ?? 0),
    partitions,
    totals: Number(totals.numAffectedRows ?? 0),
  };
}

export async function dropTempTables(db: Executor): Promise<void> {
  await sql`DROP TABLE IF EXISTS _m_day, _m_k, _m_w, _m_cm, _m_mix, _m_pp, _m_portrait, _m_cut, _m_rk`.execute(db);
}

/**
 * The table the rollup's second connection fills with the video window of the day (videoWindowSelect) while the
 * rollup's own connection reads the creators' snapshots (buildDayTable). A plain unlogged table (a temp table lives
 * in one session): rollups are serialised by their lock, so one name serves; the rollup drops it in its transaction
 * and the next fill drops a leftover of a rolled-back rollup first.
 */
export const VIDEO_WINDOW_TABLE = 'rollup_video_window';

/**
 * One pass over the visible videos of the 90 days ending `day`, per creator: the 7- and 30-day windows and the
 * 云指数 sample (each creator's latest 10) are filters of it. Reads `videos` only.
 */
function videoWindowSelect(day: string): RawBuilder<unknown> {
  return sql`
      SELECT t.creator_id,
             count(*) FILTER (WHERE t.in7) AS n7,
             count(*) FILTER (WHERE t.in30) AS n30,
             count(*) FILTER (WHERE t.rn <= 10) AS n10,
             avg(t.play) FILTER (WHERE t.in7) AS play7,
             avg(t.play) FILTER (WHERE t.in30) AS play30,
             avg(t.play) FILTER (WHERE t.rn <= 10) AS play10,
             avg(t.likes) FILTER (WHERE t.in7) AS likes7,
             avg(t.likes) FILTER (WHERE t.in30) AS likes30,
             avg(t.likes) FILTER (WHERE t.rn <= 10) AS likes10,
             avg(t.favorite) FILTER (WHERE t.in7) AS fav7,
             avg(t.favorite) FILTER (WHERE t.in30) AS fav30,
             avg(t.favorite) FILTER (WHERE t.rn <= 10) AS fav10,
             avg(t.share) FILTER (WHERE t.in7) AS share7,
             avg(t.share) FILTER (WHERE t.in30) AS share30,
             avg(t.share) FILTER (WHERE t.rn <= 10) AS share10,
             avg(t.reply) FILTER (WHERE t.in7) AS reply7,
             avg(t.reply) FILTER (WHERE t.in30) AS reply30,
             avg(t.reply) FILTER (WHERE t.rn <= 10) AS reply10,
             avg(t.coin) FILTER (WHERE t.in7) AS coin7,
             avg(t.coin) FILTER (WHERE t.in30) AS coin30,
             avg(t.coin) FILTER (WHERE t.rn <= 10) AS coin10,
             sum(t.likes + t.coin + t.favorite + t.share + t.reply + t.danmaku) FILTER (WHERE t.rn <= 10)::float8
               / nullif(sum(t.play) FILTER (WHERE t.rn <= 10), 0) AS rate10
      FROM (
        SELECT vv.creator_id, vv.play, vv.likes, vv.coin, vv.favorite, vv.share, vv.reply, vv.danmaku,
               vv.pubdate >= ${dayStart(day, -6)} AS in7, vv.pubdate >= ${dayStart(day, -29)} AS in30,
               row_number() OVER (PARTITION BY vv.creator_id ORDER BY vv.pubdate DESC, vv.id DESC) AS rn
        FROM videos vv
        WHERE vv.status = 0 AND vv.pubdate >= ${dayStart(day, -89)} AND vv.pubdate < ${dayStart(day, 1)}
      ) t
      GROUP BY t.creator_id`;
}

/**
 * Fills VIDEO_WINDOW_TABLE with the video window of `day` (videoWindowSelect), on an executor of its own (the
 * rollup's second connection, in a transaction that imported the rollup's snapshot) and commits it there.
 */
export async function fillVideoWindow(db: Executor, day: string): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.id(VIDEO_WINDOW_TABLE)}`.execute(db);
  await sql`CREATE UNLOGGED TABLE ${sql.id(VIDEO_WINDOW_TABLE)} AS ${videoWindowSelect(day)}`.execute(db);
  await sql`ANALYZE ${sql.id(VIDEO_WINDOW_TABLE)}`.execute(db);
}

/** The video window of `day` on the rollup's own connection (`_m_w`), when no second connection helps. */
export async function buildVideoWindow(db: Executor, day: string): Promise<string> {
  await sql`CREATE TEMP TABLE _m_w ON COMMIT DROP AS ${videoWindowSelect(day)}`.execute(db);
  await sql`ANALYZE _m_w`.execute(db);
  return '_m_w';
}

/**
 * The known snapshot of every creator for `day` (the `k` of the day table): the snapshots of d, d − 1, d − 7 and
 * d − 30 … are read set-based (one pass over those day slices, pivoted per creator); a creator without one of them
 * falls back to a probe for its latest snapshot before that day (the gated LATERALs below run only then).
 */
function knownSelect(day: string): RawBuilder<unknown> {
  const probe = (alias: string, have: string, offset: number) => sql`
      LEFT JOIN LATERAL (
        SELECT x.day, x.fans, x.charging FROM creator_daily x
        WHERE ${sql.ref(have)} IS NULL AND x.creator_id = c.id AND x.day <= b.d - ${offset}::int
        ORDER BY x.day DESC LIMIT 1
      ) ${sql.raw(alias)} ON true`;
  return sql`
    WITH b AS (SELECT ${day}::date AS d), s AS (
      -- (creator_id, day) is the key: each FILTER sees at most one row
      SELECT x.creator_id,
             max(x.fans) FILTER (WHERE x.day = ${day}::date) AS f0,
             max(x.charging) FILTER (WHERE x.day = ${day}::date) AS ch0,
             max(x.fans) FILTER (WHERE x.day = ${day}::date - 30) AS f30,
             ${sql.join(CHANGE_OFFSETS.map((o) => sql`max(x.fans) FILTER (WHERE x.day = ${day}::date - ${o}::int) AS ${sql.raw(`g${o}`)}`))}
      FROM creator_daily x
      WHERE x.day = ANY(${CHANGE_OFFSETS.map((o) => addDaysIso(day, -o))}::date[])
      GROUP BY x.creator_id
    )
    SELECT b.d, c.id AS creator_id, c.partition_tid, c.mcn_id, c.fans AS creator_fans,
           CASE WHEN s.f0 IS NOT NULL THEN b.d ELSE k0.day END AS kday,
           coalesce(s.f0, k0.fans) AS kfans, CASE WHEN s.f0 IS NOT NULL THEN s.ch0 ELSE k0.charging END AS kcharging,
           coalesce(s.f30, k30.fans) AS fans_30,
           ${honestChanges((o) => sql.ref(`s.g${o}`), sql`b.d`)}
    FROM creators c
    CROSS JOIN b
    LEFT JOIN s ON s.creator_id = c.id
    ${probe('k0', 's.f0', 0)}
    ${probe('k30', 's.f30', 30)}`;
}

/**
 * `_m_day` from the known snapshots (`k`, knownSelect) and the video window (`w`, videoWindowSelect), given as
 * common table expressions or tables: the partitions, the samples, 云指数, prices and business value.
 */
function dayTableFrom(ctes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    CREATE TEMP TABLE _m_day ON COMMIT DROP AS
    WITH ${ctes}, base AS (
      SELECT k.d, k.creator_id, k.partition_tid AS tid, coalesce(pt.parent_id, k.partition_tid) AS top_tid,
             k.mcn_id, k.kday AS known_day, coalesce(k.kday >= k.d - 2, false) AS listed,
             coalesce(k.kfans, k.creator_fans) AS fans, coalesce(k.kcharging, 0) AS charging,
             k.change_1, k.change_7, k.change_30, k.base_day_1, k.base_day_7, k.base_day_30,
             k.prev_change_1, k.prev_change_7, k.prev_change_30,
             k.fans_30,
             coalesce(w.n7, 0)::int AS n7, coalesce(w.n30, 0)::int AS n30,
             CASE WHEN w.n7 > 0 THEN 7 WHEN w.n30 > 0 THEN 30 WHEN w.n10 > 0 THEN 90 ELSE 0 END AS sample_window,
             CASE WHEN w.n7 > 0 THEN w.play7 WHEN w.n30 > 0 THEN w.play30 ELSE w.play10 END AS a_play,
             CASE WHEN w.n7 > 0 THEN w.likes7 WHEN w.n30 > 0 THEN w.likes30 ELSE w.likes10 END AS a_likes,
             CASE WHEN w.n7 > 0 THEN w.fav7 WHEN w.n30 > 0 THEN w.fav30 ELSE w.fav10 END AS a_favorite,
             CASE WHEN w.n7 > 0 THEN w.share7 WHEN w.n30 > 0 THEN w.share30 ELSE w.share10 END AS a_share,
             CASE WHEN w.n7 > 0 THEN w.reply7 WHEN w.n30 > 0 THEN w.reply30 ELSE w.reply10 END AS a_reply,
             CASE WHEN w.n7 > 0 THEN w.coin7 WHEN w.n30 > 0 THEN w.coin30 ELSE w.coin10 END AS a_coin,
             w.play10::float8 AS avg_play10, w.rate10,
             coalesce(pp.price_factor, pd.price_factor, 1)::float8 AS price_factor
      FROM k
      LEFT JOIN partitions pt ON pt.tid = k.partition_tid
      LEFT JOIN partition_priors pp ON pp.tid = coalesce(pt.parent_id, k.partition_tid)
      LEFT JOIN partition_priors pd ON pd.tid = 0
      LEFT JOIN w ON w.creator_id = k.creator_id
    ), scored AS (
      SELECT base.*,
             least(1, greatest(0, (log(fans::float8 + 1) - 2) / 6)) AS s_f,
             least(1, greatest(0, log(greatest(fans - coalesce(fans_30, fans), 0)::float8 + 1) / 6)) AS s_g,
             least(1, greatest(0, (log(coalesce(avg_play10, 0) + 1) - 2) / 5)) AS s_p,
             least(1, greatest(0, coalesce(rate10, 0) / 0.2)) AS s_e,
             commercial_raw_price(fans, avg_play10, rate10, price_factor) AS raw_price -- 0023, docs/metrics.md
      FROM base
      -- a fence: s.raw_price stays a column below, so the SQL function price_round is inlined (with the whole
      -- expression as its argument it is called through the SQL-function executor, ~25 s at 1M creators)
      OFFSET 0
    )
    SELECT s.*,
           round((100 * (0.4 * s_f + 0.25 * s_g + 0.2 * s_p + 0.15 * s_e))::numeric, 2)::numeric(8,2) AS index_num,
           price_round(s.raw_price) AS video_price,
           price_round(0.6 * s.raw_price) AS implantation_price,
           price_round(0.4 * s.raw_price) AS special_price,
           price_round(0.2 * s.raw_price) AS normal_price,
           round(price_round(s.raw_price) * (0.5 + 0.5 * least(1, s.n30 / 4.0)))::bigint AS business_value
    FROM scored s`;
}

/**
 * `_m_day`: one row per creator for `day`: the known snapshot (latest on or before the day), fan changes
 * over 1/7/30 days, the video samples, 云指数, prices and business value. `listed` marks creators whose
 * known snapshot is at most 2 days old: only they enter the ranking lists (company lists included).
 *
 * Without `videoWindow` one statement computes everything. With it (a promise of the table holding the video
 * window, filled beside this work: the rollup's second connection), the known snapshots are read first into `_m_k`
 * (the pivot of the creator_daily day slices, one core and its parallel workers), then joined with that table: the
 * two 1M-row aggregates run at the same time instead of one after the other (≈ 10 s each at 1M creators).
 */
export async function buildDayTable(db: Executor, day: string, videoWindow?: Promise<string>): Promise<void> {
  if (videoWindow === undefined) {
    await sql`${dayTableFrom(sql`k AS (${knownSelect(day)}), w AS (${videoWindowSelect(day)})`)}`.execute(db);
  } else {
    await sql`CREATE TEMP TABLE _m_k ON COMMIT DROP AS ${knownSelect(day)}`.execute(db);
    const w = await videoWindow;
    await sql`${dayTableFrom(sql`k AS (SELECT * FROM _m_k), w AS (SELECT * FROM ${sql.id(w)})`)}`.execute(db);
    // the window's table goes with this transaction (the next fill drops a leftover of a rolled-back one)
    await sql`DROP TABLE _m_k, ${sql.id(w)}`.execute(db);
  }
  await sql`ANALYZE _m_day`.execute(db);
}

/**
 * `_m_day` for every day in [from, to] at once, with the columns the ranking lists read (d, creator,
 * partitions, MCN, listed, fans, fan changes, business value) — the same definitions as buildDayTable,
 * computed set-based for a backfill: known values by carrying each creator's snapshots forward over a
 * dense calendar (from − 30 … to), and the 云指数 video sample of each day from the days each video is
 * in it (published that day … 89 days later, and before its 10th successor is published).
 */
export async function buildRankingDays(db: Executor, from: string, to: string): Promise<void> {
  const maxOffset = Math.max(...CHANGE_OFFSETS);
  await sql`
    CREATE TEMP TABLE _m_day ON COMMIT DROP AS
    WITH days AS (
      SELECT g::date AS d FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g
    ), cr AS (
      SELECT c.id AS creator_id, c.partition_tid AS tid, coalesce(pt.parent_id, c.partition_tid) AS top_tid, c.mcn_id,
             coalesce(pp.price_factor, pd.price_factor, 1)::float8 AS price_factor
      FROM creators c
      LEFT JOIN partitions pt ON pt.tid = c.partition_tid
      LEFT JOIN partition_priors pp ON pp.tid = coalesce(pt.parent_id, c.partition_tid)
      LEFT JOIN partition_priors pd ON pd.tid = 0
    ), snap AS (
      SELECT s.creator_id, s.day, s.fans
      FROM cr
      CROSS JOIN LATERAL (
        SELECT creator_id, day, fans FROM creator_daily
        WHERE creator_id = cr.creator_id AND day BETWEEN ${from}::date - ${maxOffset}::int AND ${to}::date
      ) s
    ), chg AS (
      -- known(d) within the listing age (d − 2 … d) and the gap rules' snapshots, by key (no probes: a creator
      -- whose latest snapshot is older is not listed on d, and only listed creators enter the lists)
      SELECT cr.creator_id, days.d,
             CASE WHEN x0.fans IS NOT NULL THEN days.d WHEN x1.fans IS NOT NULL THEN days.d - 1
                  WHEN x2.fans IS NOT NULL THEN days.d - 2 END AS kday,
             coalesce(x0.fans, x1.fans, x2.fans) AS kfans,
             ${honestChanges((o) => sql.ref(`x${o}.fans`), sql`days.d`)}
      FROM cr
      CROSS JOIN days
      ${sql.join(
        CHANGE_OFFSETS.map(
          (o) =>
            sql`LEFT JOIN snap ${sql.raw(`x${o}`)} ON ${sql.raw(`x${o}`)}.creator_id = cr.creator_id AND ${sql.raw(`x${o}`)}.day = days.d - ${o}::int`,
        ),
        sql`
      `,
      )}
    ), vids AS (
      SELECT v.creator_id, v.play, v.inter, v.sday,
             (lead(v.pubdate, 10) OVER (PARTITION BY v.creator_id ORDER BY v.pubdate, v.id)
               AT TIME ZONE 'Asia/Shanghai')::date AS succ10_day
      FROM cr
      CROSS JOIN LATERAL (
        SELECT vv.creator_id, vv.id, vv.pubdate, vv.play,
               vv.likes + vv.coin + vv.favorite + vv.share + vv.reply + vv.danmaku AS inter,
               (vv.pubdate AT TIME ZONE 'Asia/Shanghai')::date AS sday
        FROM videos vv
        WHERE vv.creator_id = cr.creator_id AND vv.status = 0
          AND vv.pubdate >= ${dayStart(from, -89)} AND vv.pubdate < ${dayStart(to, 1)}
      ) v
    ), vagg AS (
      SELECT v.creator_id, days.d,
             avg(v.play) FILTER (WHERE days.d < coalesce(v.succ10_day, 'infinity'::date))::float8 AS avg_play10,
             sum(v.inter) FILTER (WHERE days.d < coalesce(v.succ10_day, 'infinity'::date))::float8
               / nullif(sum(v.play) FILTER (WHERE days.d < coalesce(v.succ10_day, 'infinity'::date)), 0) AS rate10,
             count(*) FILTER (WHERE days.d <= v.sday + 29)::int AS n30
      FROM vids v
      JOIN days ON days.d >= v.sday
               AND days.d <= least(v.sday + 89, greatest(coalesce(v.succ10_day - 1, 'infinity'::date), v.sday + 29))
      GROUP BY v.creator_id, days.d
    ), scored AS (
      SELECT c.d, cr.creator_id, cr.tid, cr.top_tid, cr.mcn_id, c.kday AS known_day,
             coalesce(c.kday >= c.d - 2, false) AS listed, c.kfans AS fans, c.change_1, c.change_7, c.change_30,
             c.base_day_1, c.base_day_7, c.base_day_30, c.prev_change_1, c.prev_change_7, c.prev_change_30,
             coalesce(va.n30, 0) AS n30,
             commercial_raw_price(c.kfans, va.avg_play10, va.rate10, cr.price_factor) AS raw_price
      FROM chg c
      JOIN cr ON cr.creator_id = c.creator_id
      LEFT JOIN vagg va ON va.creator_id = c.creator_id AND va.d = c.d
      WHERE c.d BETWEEN ${from}::date AND ${to}::date AND c.kfans IS NOT NULL
      OFFSET 0 -- keeps s.raw_price a column, so price_round is inlined (see buildDayTable)
    )
    SELECT s.d, s.creator_id, s.tid, s.top_tid, s.mcn_id, s.known_day, s.listed, s.fans,
           s.change_1, s.change_7, s.change_30, s.base_day_1, s.base_day_7, s.base_day_30,
           s.prev_change_1, s.prev_change_7, s.prev_change_30,
           round(price_round(s.raw_price) * (0.5 + 0.5 * least(1, s.n30 / 4.0)))::bigint AS business_value
    FROM scored s`.execute(db);
  await sql`ANALYZE _m_day`.execute(db);
}

/**
 * Fan-change events of the days in [from, to], replacing the stored ones: daily increments with
 * |Δ| ≥ max(1000, 0.5 % of the fans before) and, when the 7 days before hold at least 3 increments,
 * |Δ| ≥ 3 × their mean |Δ|. The cause is the creator's most-played video published from the start of
 * day − 7 to the end of the event day (deleted ones included). Answers the number of events.
 */
export async function writeFanEvents(db: Executor, from: string, to: string): Promise<number> {
  await sql`DELETE FROM fan_events WHERE day BETWEEN ${from}::date AND ${to}::date`.execute(db);
  const result = await sql`
    INSERT INTO fan_events (creator_id, day, kind, delta, baseline, fans, cause_video_id)
    SELECT e.creator_id, e.day, CASE WHEN e.fans_inc > 0 THEN 'rise' ELSE 'drop' END, e.fans_inc,
           CASE WHEN e.nbase >= 3 THEN round(e.baseline::numeric, 1) END, e.fans, cv.id
    FROM (
      SELECT i.creator_id, i.day, i.fans, i.fans_inc,
             avg(abs(i.fans_inc)) OVER w AS baseline,
             count(i.fans_inc) OVER w AS nbase
      FROM creator_increments(${from}::date - 7, ${to}::date) i
      WINDOW w AS (PARTITION BY i.creator_id ORDER BY i.day
                   RANGE BETWEEN INTERVAL '7 days' PRECEDING AND INTERVAL '1 day' PRECEDING)
    ) e
    LEFT JOIN LATERAL (
      SELECT v.id FROM videos v
      WHERE v.creator_id = e.creator_id
        AND v.pubdate >= (e.day - 7)::timestamp AT TIME ZONE 'Asia/Shanghai'
        AND v.pubdate < (e.day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
      ORDER BY v.play DESC, v.id
      LIMIT 1
    ) cv ON true
    WHERE e.day BETWEEN ${from}::date AND ${to}::date
      AND e.fans_inc IS NOT NULL AND e.fans_inc <> 0
      AND abs(e.fans_inc) >= greatest(1000, 0.005 * (e.fans - e.fans_inc))
      AND (e.nbase < 3 OR abs(e.fans_inc) >= 3 * e.baseline)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The fan-change events of one day from `_m_day` (built for that day), replacing the stored ones: the same rules
 * as writeFanEvents, read for the few creators that can have an event instead of every creator's increments.
 * A creator stored on the day and the day before has change_1 = its daily increment (NULL otherwise: the gap rules),
 * so only rows with |change_1| ≥ max(1000, 0.5 % of the fans before) are candidates; their baseline comes from
 * their increments of the 7 days before (each only where the day before it is stored). Answers the count.
 */
export async function writeFanEventsOfDay(db: Executor, day: string): Promise<number> {
  await sql`DELETE FROM fan_events WHERE day = ${day}::date`.execute(db);
  const result = await sql`
    INSERT INTO fan_events (creator_id, day, kind, delta, baseline, fans, cause_video_id)
    SELECT e.creator_id, e.d, CASE WHEN e.delta > 0 THEN 'rise' ELSE 'drop' END, e.delta,
           CASE WHEN b.n >= 3 THEN round(b.baseline::numeric, 1) END, e.fans, cv.id
    FROM (
      SELECT m.creator_id, m.d, m.change_1 AS delta, m.fans
      FROM _m_day m
      WHERE m.known_day = m.d AND m.change_1 <> 0
        AND abs(m.change_1) >= greatest(1000, 0.005 * (m.fans - m.change_1))
    ) e
    CROSS JOIN LATERAL (
      SELECT avg(abs(x.inc)) AS baseline, count(x.inc) AS n
      FROM (
        -- an increment only between consecutive days (the gap rules), as creator_increments
        SELECT y.day, CASE WHEN lag(y.day) OVER (ORDER BY y.day) = y.day - 1
                           THEN y.fans - lag(y.fans) OVER (ORDER BY y.day) END AS inc
        FROM (
          (SELECT p.day, p.fans FROM creator_daily p
            WHERE p.creator_id = e.creator_id AND p.day < e.d - 7 ORDER BY p.day DESC LIMIT 1)
          UNION ALL
          (SELECT q.day, q.fans FROM creator_daily q
            WHERE q.creator_id = e.creator_id AND q.day BETWEEN e.d - 7 AND e.d - 1)
        ) y
      ) x
      WHERE x.day BETWEEN e.d - 7 AND e.d - 1
    ) b
    LEFT JOIN LATERAL (
      SELECT v.id FROM videos v
      WHERE v.creator_id = e.creator_id
        AND v.pubdate >= (e.d - 7)::timestamp AT TIME ZONE 'Asia/Shanghai'
        AND v.pubdate < (e.d + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
      ORDER BY v.play DESC, v.id
      LIMIT 1
    ) cv ON true
    WHERE b.n < 3 OR abs(e.delta) >= 3 * b.baseline`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** mcn_daily of one day from `_m_day` (built for that day): the same figures as writeMcnDaily. */
export async function writeMcnDailyOfDay(db: Executor, day: string): Promise<void> {
  await sql`DELETE FROM mcn_daily WHERE day = ${day}::date`.execute(db);
  await sql`
    INSERT INTO mcn_daily (mcn_id, day, creator_count, fans_sum, fans_gain)
    SELECT m.mcn_id, m.d, count(*), sum(m.fans), coalesce(sum(m.change_1), 0)
    FROM _m_day m
    WHERE m.mcn_id IS NOT NULL AND m.known_day = m.d
    GROUP BY m.mcn_id, m.d`.execute(db);
}

/**
 * mcn_daily for the days in [from, to], replacing the stored ones: per MCN and day, its creators with a
 * snapshot that day, their fans and the sum of their daily increments.
 */
export async function writeMcnDaily(db: Executor, from: string, to: string): Promise<void> {
  await sql`DELETE FROM mcn_daily WHERE day BETWEEN ${from}::date AND ${to}::date`.execute(db);
  await sql`
    INSERT INTO mcn_daily (mcn_id, day, creator_count, fans_sum, fans_gain)
    SELECT c.mcn_id, i.day, count(*), sum(i.fans), coalesce(sum(i.fans_inc), 0)
    FROM creator_increments(${from}::date, ${to}::date) i
    JOIN creators c ON c.id = i.creator_id
    WHERE c.mcn_id IS NOT NULL
    GROUP BY c.mcn_id, i.day`.execute(db);
}

/** A bucket of a ranking value: monotone (a larger value never gets a smaller bucket), ≈ 3 % wide; NULL on top. */
const rankBucket = (v: string) =>
  `coalesce((sign(${v}::float8) * floor(32 * ln(1 + abs(${v}::float8))))::int, 2147483647)`;

/**
 * `_m_rk`: the rows of `_m_day` that can be in a branch's top `listSize` of their child partition (writeRankings),
 * with the branch's key and value. `_m_cut` holds, per day, branch and partition, the lowest value bucket whose
 * higher buckets hold fewer than `listSize` rows: every row of the top N is in that bucket or above (its value is
 * at least the N-th row's), and so is every row tied with one of them.
 */
async function buildRankCandidates(
  db: Executor,
  defs: readonly { key: string; value: string; where: string }[],
  listSize: number,
): Promise<void> {
  const values = sql.raw(
    `(VALUES ${defs.map((d) => `('${d.key}', ${d.value}, ${d.where})`).join(', ')}) AS x(key, v, ok)`,
  );
  await sql`
    CREATE TEMP TABLE _m_cut ON COMMIT DROP AS
    SELECT g.d, g.key, g.tk, min(g.b) AS cut
    FROM (
      SELECT g.*, sum(g.n) OVER (PARTITION BY g.d, g.key, g.tk ORDER BY g.b DESC) - g.n AS above
      FROM (
        SELECT m.d, x.key, coalesce(m.tid, -1) AS tk, ${sql.raw(rankBucket('x.v'))} AS b, count(*) AS n
        FROM _m_day m
        CROSS JOIN LATERAL ${values}
        WHERE m.listed AND x.ok
        GROUP BY 1, 2, 3, 4
      ) g
    ) g
    WHERE g.above < ${listSize}
    GROUP BY 1, 2, 3`.execute(db);
  await sql`
    CREATE TEMP TABLE _m_rk ON COMMIT DROP AS
    SELECT x.key, m.d, m.creator_id, m.tid, m.top_tid, x.v AS value, m.fans, m.known_day,
           m.change_1, m.change_7, m.change_30, m.base_day_1, m.base_day_7, m.base_day_30,
           m.prev_change_1, m.prev_change_7, m.prev_change_30
    FROM _m_day m
    CROSS JOIN LATERAL ${values}
    JOIN _m_cut c ON c.d = m.d AND c.key = x.key AND c.tk = coalesce(m.tid, -1)
    WHERE m.listed AND x.ok AND ${sql.raw(rankBucket('x.v'))} >= c.cut`.execute(db);
  await sql`ANALYZE _m_rk`.execute(db);
}

/**
 * Every ranking list of the days in [from, to] (kinds × periods × partitions) from `_m_day`, replacing
 * the stored ones. A creator in
 * the top N of a top-level partition, or of all, is in the top N of its child partition, so the child
 * lists are ranked over every creator and the wider lists over those candidates only.
 */
export async function writeRankings(
  db: Executor,
  from: string,
  to: string,
  listSize: number = LIST_SIZE,
  periods: readonly Period[] = PERIODS,
  // Off: at 1M creators on a quiet machine (docs/performance.md, 2026-11-29 session 12) the bucket prefilter cost
  // 57 s (_m_cut 14 s, then _m_rk 43 s: the planner joins _m_cut per (day, partition) before the lateral key, ≈ 8M
  // rows) where the eight sorts take 24 s. Kept, exact (rollup-equivalence.test.ts), for a better plan later.
  prefilter = false,
): Promise<number> {
  const wanted = sql`${[...periods]}::text[]`;
  await sql`
    DELETE FROM rankings
    WHERE kind = ANY(${KINDS}) AND period = ANY(${wanted}) AND day BETWEEN ${from}::date AND ${to}::date`.execute(db);
  // fans and business values do not depend on the period: those lists are ranked once and written for each
  // period (with that period's fan change as delta); increase / decrease are ranked per period. Each ranking is
  // its own branch with its own narrow sort of the day table (a single sort of every kind's rows spills to disk:
  // ~5M rows at 1M creators), and only its child lists' top N go on to the wider lists.
  const periodsN = PERIOD_DAYS.filter(([p]) => periods.includes(p));
  // one day (the nightly case): the sorts need not compare the day first
  const byDay = from === to ? sql`` : sql`m.d, `;
  const defs = [
    { key: 'fans', kind: 'fans', period: null, value: 'm.fans', where: 'true' },
    {
      key: 'business',
      kind: 'business',
      period: null,
      value: 'm.business_value',
      where: 'm.business_value IS NOT NULL',
    },
    ...periodsN.flatMap(([p, n]) => [
      { key: `increase_${p}`, kind: 'increase', period: p, value: `m.change_${n}`, where: `m.change_${n} > 0` },
      { key: `decrease_${p}`, kind: 'decrease', period: p, value: `-m.change_${n}`, where: `m.change_${n} < 0` },
    ]),
  ];
  // Each branch ranks its rows per child partition. Sorting every listed creator once per branch (eight sorts of
  // ≈ 1M rows at 1M creators) is what took the time; so first, unless `prefilter` is off, one pass counts each
  // branch's rows per partition in value buckets (rankBucket: monotone in the value) and keeps the buckets from the
  // top down to the one that holds the N-th row, and a second pass copies just those rows (_m_rk): a superset of
  // every branch's top N per partition, ties included, so each branch ranks the same rows as over the whole table.
  if (prefilter) await buildRankCandidates(db, defs, listSize);
  const child = (d: (typeof defs)[number]) => sql`
    SELECT * FROM (
      SELECT ${d.kind}::text AS kind, ${d.period}::text AS period, m.d, m.creator_id, m.tid, m.top_tid,
             ${sql.raw(prefilter ? 'm.value' : d.value)} AS value, m.fans, m.known_day, m.change_1, m.change_7, m.change_30,
             m.base_day_1, m.base_day_7, m.base_day_30, m.prev_change_1, m.prev_change_7, m.prev_change_30,
             row_number() OVER (PARTITION BY ${byDay}m.tid ORDER BY ${sql.raw(prefilter ? 'm.value' : d.value)} DESC, m.creator_id) AS r
      FROM ${prefilter ? sql`_m_rk m WHERE m.key = ${d.key}` : sql`_m_day m WHERE m.listed AND ${sql.raw(d.where)}`}
    ) x
    WHERE x.r <= ${listSize}`;
  const branches = defs.map(child);
  const creators = await sql`
    INSERT INTO rankings (kind, period, day, partition_tid, rank, period_start, creator_id, value, delta, fans,
                          value_day, base_day)
    WITH per AS (SELECT * FROM ${PERIOD_WINDOWS} AS w(period, n) WHERE w.period = ANY(${wanted})),
    cand AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.d, c.kind, c.period, c.top_tid ORDER BY c.value DESC, c.creator_id) AS rt
      FROM (${sql.join(branches, sql` UNION ALL `)}) c
    ), wide AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.d, c.kind, c.period ORDER BY c.value DESC, c.creator_id) AS ra
      FROM cand c
      WHERE c.rt <= ${listSize}
    ), listed AS (
      SELECT kind, period, d, tid AS scope, r AS rank, creator_id, value, fans, known_day, change_1, change_7, change_30, base_day_1, base_day_7, base_day_30, prev_change_1, prev_change_7, prev_change_30
      FROM cand WHERE tid IS NOT NULL AND tid <> top_tid
      UNION ALL
      SELECT kind, period, d, top_tid, rt, creator_id, value, fans, known_day, change_1, change_7, change_30, base_day_1, base_day_7, base_day_30, prev_change_1, prev_change_7, prev_change_30
      FROM wide WHERE top_tid IS NOT NULL
      UNION ALL
      SELECT kind, period, d, 0, ra, creator_id, value, fans, known_day, change_1, change_7, change_30, base_day_1, base_day_7, base_day_30, prev_change_1, prev_change_7, prev_change_30
      FROM wide WHERE ra <= ${listSize}
    ), picked AS (
      SELECT l.*, per.period AS per_period, per.n,
             CASE per.n WHEN 1 THEN l.change_1 WHEN 7 THEN l.change_7 ELSE l.change_30 END AS chg,
             CASE per.n WHEN 1 THEN l.prev_change_1 WHEN 7 THEN l.prev_change_7 ELSE l.prev_change_30 END AS prev_chg,
             CASE per.n WHEN 1 THEN l.base_day_1 WHEN 7 THEN l.base_day_7 ELSE l.base_day_30 END AS base
      FROM listed l JOIN per ON per.period = coalesce(l.period, per.period)
    )
    -- 较上期 (docs/metrics.md): the same figure against the previous period — fans: the period's fan change;
    -- increase / decrease: this period's gain / loss minus the previous period's; business: set below
    SELECT p.kind, p.per_period, p.d, p.scope, p.rank, p.d - (p.n - 1), p.creator_id, p.value,
           CASE p.kind WHEN 'fans' THEN p.chg WHEN 'increase' THEN p.chg - p.prev_chg
                       WHEN 'decrease' THEN p.prev_chg - p.chg END,
           p.fans, p.known_day, CASE WHEN p.kind <> 'business' THEN p.base END
    FROM picked p`.execute(db);
  // A range of days just written (a backfill, the demo world's growth) is missing from the statistics: the
  // planner took its rows for one and joined them by a nested loop that re-sorted the lists per row (> 10 min
  // for 29 days of the demo world). ANALYZE sees this transaction's own rows.
  if (from !== to) await sql`ANALYZE rankings`.execute(db);
  // business: the quote now against the creator's quote in the business lists of the day the previous period ended
  await sql`
    UPDATE rankings r SET delta = r.value - q.value
    FROM ${PERIOD_WINDOWS} AS w(period, n),
         (SELECT DISTINCT ON (x.day, x.creator_id) x.day, x.creator_id, x.value FROM rankings x
          WHERE x.kind = 'business' AND x.period = 'day'
            AND x.day BETWEEN ${from}::date - 30 AND ${to}::date - 1) q
    WHERE r.kind = 'business' AND r.period = w.period AND r.period = ANY(${wanted})
      AND r.day BETWEEN ${from}::date AND ${to}::date
      AND q.day = r.day - w.n AND q.creator_id = r.creator_id
      AND r.delta IS DISTINCT FROM r.value - q.value`.execute(db);
  const companies = await sql`
    INSERT INTO rankings (kind, period, day, partition_tid, rank, period_start, mcn_id, value, delta, fans, creator_count)
    WITH per AS (SELECT * FROM ${PERIOD_WINDOWS} AS w(period, n) WHERE w.period = ANY(${wanted})),
    agg AS (
      SELECT m.d, per.period, per.n, s.scope, m.mcn_id, count(*) AS cnt, sum(m.fans) AS fans_sum,
             coalesce(sum(CASE per.n WHEN 1 THEN m.change_1 WHEN 7 THEN m.change_7 ELSE m.change_30 END), 0) AS gain
      FROM _m_day m
      CROSS JOIN per
      CROSS JOIN LATERAL (
        VALUES (0), (m.top_tid), (CASE WHEN m.tid <> m.top_tid THEN m.tid END)
      ) s(scope)
      WHERE m.listed AND m.mcn_id IS NOT NULL AND s.scope IS NOT NULL
      GROUP BY m.d, per.period, per.n, s.scope, m.mcn_id
    ), ranked AS (
      SELECT a.*, row_number() OVER (PARTITION BY a.d, a.period, a.scope ORDER BY a.fans_sum DESC, a.mcn_id) AS r
      FROM agg a
    )
    SELECT 'company', period, d, scope, r, d - (n - 1), mcn_id, fans_sum, gain, fans_sum, cnt
    FROM ranked WHERE r <= ${listSize}`.execute(db);
  await sql`
    DELETE FROM rankings
    WHERE kind = ANY(${KINDS}) AND period = ANY(${sql`${[...PERIODS]}::text[]`})
      AND day < ${to}::date - ${RANKING_RETENTION_DAYS}::int`.execute(db);
  return Number(creators.numAffectedRows ?? 0) + Number(companies.numAffectedRows ?? 0);
}

/**
 * creators.index_num from `_m_day`; rows whose value does not change are not touched. index_num is in no index and
 * creators leave half of each page free (migration 0012), so each new row version fits its page: a HOT update,
 * no index entry written, even though nearly every creator of a page changes in this one statement.
 */
export async function writeIndexNum(db: Executor): Promise<void> {
  await sql`
    UPDATE creators c SET index_num = m.index_num
    FROM _m_day m
    WHERE m.creator_id = c.id AND c.index_num IS DISTINCT FROM m.index_num`.execute(db);
}

async function hasCommentsTable(db: Executor): Promise<boolean> {
  const r = await sql<{ t: string | null }>`SELECT to_regclass('comments')::text AS t`.execute(db);
  return r.rows[0]?.t != null;
}

/**
 * Audience portraits as of `day`. `_m_cm` holds each creator's distinct commenters (latest sex and IP
 * location) of the 90 days ending `day`; `_m_mix` each commenter's age mix (the mean age prior of the
 * top-level partitions they commented in). partition_portraits pools a partition's commenters with its
 * priors; `_m_portrait` holds the portraits of the creators with sampled commenters (own strings from ≥ 30 of them).
 */
export async function writePortraits(db: Executor, day: string): Promise<void> {
  const comments = await hasCommentsTable(db);
  if (comments) {
    await sql`
      CREATE TEMP TABLE _m_cm ON COMMIT DROP AS
      SELECT DISTINCT ON (v.creator_id, cm.mid) v.creator_id, cm.mid,
             CASE cm.sex WHEN 1 THEN 1 WHEN 0 THEN 0 END AS male, nullif(btrim(cm.ip_location), '') AS region
      FROM comments cm
      JOIN videos v ON v.id = cm.video_id
      WHERE cm.ctime >= ${dayStart(day, -89)} AND cm.ctime < ${dayStart(day, 1)}
      ORDER BY v.creator_id, cm.mid, cm.ctime DESC, cm.id DESC`.execute(db);
  } else {
    await sql`
      CREATE TEMP TABLE _m_cm (creator_id bigint, mid bigint, male int, region text) ON COMMIT DROP`.execute(db);
  }
  // Age priors per top-level tid (children use their parent; anything else the default row tid 0).
  await sql`
    CREATE TEMP TABLE _m_pp ON COMMIT DROP AS
    SELECT p.tid, coalesce(p.parent_id, p.tid) AS top_tid,
           coalesce(pp.male_pct, pd.male_pct)::float8 / 100 AS male,
           coalesce(pp.age_pct, pd.age_pct)::float8[] AS age
    FROM partitions p
    LEFT JOIN partition_priors pp ON pp.tid = coalesce(p.parent_id, p.tid)
    CROSS JOIN partition_priors pd
    WHERE pd.tid = 0
    UNION ALL
    SELECT 0, 0, pd.male_pct::float8 / 100, pd.age_pct::float8[] FROM partition_priors pd WHERE pd.tid = 0`.execute(db);
  await sql`
    CREATE TEMP TABLE _m_mix ON COMMIT DROP AS
    SELECT t.mid, avg(t.a1) AS a1, avg(t.a2) AS a2, avg(t.a3) AS a3, avg(t.a4) AS a4, avg(t.a5) AS a5
    FROM (
      SELECT DISTINCT cm.mid, coalesce(pp.top_tid, 0) AS top_tid,
             pp0.age[1] AS a1, pp0.age[2] AS a2, pp0.age[3] AS a3, pp0.age[4] AS a4, pp0.age[5] AS a5
      FROM _m_cm cm
      JOIN creators c ON c.id = cm.creator_id
      LEFT JOIN _m_pp pp ON pp.tid = c.partition_tid
      JOIN _m_pp pp0 ON pp0.tid = coalesce(pp.top_tid, 0)
    ) t
    GROUP BY t.mid`.execute(db);

  // Pooled portraits per partition scope: 0 (all), each top-level tid, each child tid.
  await sql`DELETE FROM partition_portraits`.execute(db);
  await sql`
    INSERT INTO partition_portraits (tid, day, sample_size, male_pct, gender_portrait, age_portrait, area_portrait, top_region)
    WITH members AS (
      SELECT DISTINCT ON (s.scope, cm.mid) s.scope, cm.mid, cm.male, cm.region
      FROM _m_cm cm
      JOIN creators c ON c.id = cm.creator_id
      LEFT JOIN partitions p ON p.tid = c.partition_tid
      CROSS JOIN LATERAL (VALUES (0), (coalesce(p.parent_id, p.tid)), (CASE WHEN p.parent_id IS NOT NULL THEN p.tid END)) s(scope)
      WHERE s.scope IS NOT NULL
      ORDER BY s.scope, cm.mid, cm.region NULLS LAST
    ), stats AS (
      SELECT pp.tid, pp.male AS prior_male, pp.age AS prior_age,
             count(m.mid)::float8 AS n, count(m.male)::float8 AS n_known, coalesce(sum(m.male), 0)::float8 AS n_male,
             avg(x.a1) AS a1, avg(x.a2) AS a2, avg(x.a3) AS a3, avg(x.a4) AS a4, avg(x.a5) AS a5
      FROM _m_pp pp
      LEFT JOIN members m ON m.scope = pp.tid
      LEFT JOIN _m_mix x ON x.mid = m.mid
      GROUP BY pp.tid, pp.male, pp.age
    ), obs AS (
      SELECT scope AS tid, region, count(*)::float8 AS cnt FROM members WHERE region IS NOT NULL GROUP BY 1, 2
    ), nloc AS (
      SELECT scope AS tid, count(*)::float8 AS n_loc FROM members WHERE region IS NOT NULL GROUP BY 1
    ), prior AS (
      SELECT region, weight::float8 / sum(weight::float8) OVER () AS prior FROM region_priors
    ), cells AS (
      SELECT pp.tid, pr.region FROM _m_pp pp CROSS JOIN prior pr
      UNION
      SELECT tid, region FROM obs
    ), area AS (
      SELECT c.tid, c.region,
             (coalesce(o.cnt, 0) + ${PRIOR_WEIGHT} * coalesce(pr.prior, 0)) / (coalesce(n.n_loc, 0) + ${PRIOR_WEIGHT}) AS w,
             row_number() OVER (
               PARTITION BY c.tid
               ORDER BY (coalesce(o.cnt, 0) + ${PRIOR_WEIGHT} * coalesce(pr.prior, 0)) DESC, c.region
             ) AS rn
      FROM cells c
      LEFT JOIN obs o ON o.tid = c.tid AND o.region = c.region
      LEFT JOIN prior pr ON pr.region = c.region
      LEFT JOIN nloc n ON n.tid = c.tid
    ), area_json AS (
      SELECT tid,
             portrait_json('地域', array_agg(label ORDER BY ord), array_agg(w ORDER BY ord)) AS area,
             (array_agg(label ORDER BY ord))[1] AS top_region
      FROM (
        SELECT tid, CASE WHEN rn <= ${AREA_TOP} THEN region ELSE '其他' END AS label,
               least(rn, ${AREA_TOP + 1}) AS ord, sum(w) AS w
        FROM area GROUP BY 1, 2, 3
      ) g
      GROUP BY tid
    ), portraits AS (
      SELECT s.tid, s.n,
             portrait_json('性别', ARRAY['男', '女'],
               ARRAY[(s.n_male + ${PRIOR_WEIGHT} * s.prior_male), (s.n_known - s.n_male + ${PRIOR_WEIGHT} * (1 - s.prior_male))]) AS gender,
             portrait_json('年龄', ${[...AGE_BANDS]}::text[], ARRAY[
               (s.n * coalesce(s.a1, 0) + ${PRIOR_WEIGHT} * s.prior_age[1]),
               (s.n * coalesce(s.a2, 0) + ${PRIOR_WEIGHT} * s.prior_age[2]),
               (s.n * coalesce(s.a3, 0) + ${PRIOR_WEIGHT} * s.prior_age[3]),
               (s.n * coalesce(s.a4, 0) + ${PRIOR_WEIGHT} * s.prior_age[4]),
               (s.n * coalesce(s.a5, 0) + ${PRIOR_WEIGHT} * s.prior_age[5])]) AS age
      FROM stats s
    )
    SELECT p.tid, ${day}::date, p.n::int, ((p.gender::jsonb -> 0 ->> '比例'))::numeric, p.gender, p.age, a.area, a.top_region
    FROM portraits p
    JOIN area_json a ON a.tid = p.tid`.execute(db);

  // The portraits of the creators with sampled commenters: their own from enough commenters (source 'creator');
  // fewer give source 'partition' and no strings, as does every creator without a row here — their portrait is
  // their (child) partition's pooled one, which creator_metrics names by portrait_tid instead of copying it.
  await sql`
    CREATE TEMP TABLE _m_portrait ON COMMIT DROP AS
    WITH own AS (
      SELECT cm.creator_id, count(*) AS n, count(cm.male) AS n_known, coalesce(sum(cm.male), 0) AS n_male,
             count(cm.region) AS n_loc, avg(x.a1) AS a1, avg(x.a2) AS a2, avg(x.a3) AS a3, avg(x.a4) AS a4, avg(x.a5) AS a5
      FROM _m_cm cm
      LEFT JOIN _m_mix x ON x.mid = cm.mid
      GROUP BY cm.creator_id
    ), own_area AS (
      SELECT creator_id,
             portrait_json('地域', array_agg(label ORDER BY ord, label), array_agg(w ORDER BY ord, label)) AS area
      FROM (
        SELECT creator_id, CASE WHEN rn <= ${AREA_TOP} THEN region ELSE '其他' END AS label,
               least(rn, ${AREA_TOP + 1}) AS ord, sum(cnt)::float8 AS w
        FROM (
          SELECT creator_id, region, count(*) AS cnt,
                 row_number() OVER (PARTITION BY creator_id ORDER BY count(*) DESC, region) AS rn
          FROM _m_cm WHERE region IS NOT NULL GROUP BY creator_id, region
        ) r
        GROUP BY 1, 2, 3
      ) g
      GROUP BY creator_id
    )
    SELECT o.creator_id, o.n::int AS sample,
           CASE WHEN o.n >= ${PORTRAIT_MIN_SAMPLE} THEN 'creator' ELSE 'partition' END AS source,
           CASE WHEN o.n >= ${PORTRAIT_MIN_SAMPLE} THEN
             CASE WHEN o.n_known > 0
                  THEN portrait_json('性别', ARRAY['男', '女'], ARRAY[o.n_male::float8, (o.n_known - o.n_male)::float8])
                  ELSE ppt.gender_portrait END
           END AS gender,
           CASE WHEN o.n >= ${PORTRAIT_MIN_SAMPLE} THEN
             portrait_json('年龄', ${[...AGE_BANDS]}::text[], ARRAY[
               0.5 * pr.age[1] + 0.5 * o.a1, 0.5 * pr.age[2] + 0.5 * o.a2, 0.5 * pr.age[3] + 0.5 * o.a3,
               0.5 * pr.age[4] + 0.5 * o.a4, 0.5 * pr.age[5] + 0.5 * o.a5])
           END AS age,
           CASE WHEN o.n >= ${PORTRAIT_MIN_SAMPLE} THEN
             CASE WHEN o.n_loc > 0 THEN oa.area ELSE ppt.area_portrait END
           END AS area
    FROM own o
    JOIN creators c ON c.id = o.creator_id
    LEFT JOIN own_area oa ON oa.creator_id = o.creator_id
    LEFT JOIN _m_pp pr ON pr.tid = coalesce(c.partition_tid, 0)
    LEFT JOIN partition_portraits ppt ON ppt.tid = coalesce(c.partition_tid, 0)`.execute(db);
}

/**
 * The new creator_metrics of every creator from `_m_day` and `_m_portrait`, built as a fresh table,
 * creator_metrics_next, that swapCreatorMetrics puts in place at the end of the transaction. Loading a fresh
 * table and building its indexes afterwards takes seconds; upserting 1M rows whose indexed columns change
 * (fans_change_30, business_value, video_price) took 25–35 s. The next table has creator_metrics' columns,
 * defaults, checks, primary key and other indexes (their definitions are read from the catalog), and fresh
 * statistics. A creator with the partition's portrait stores portrait_tid instead of the strings; its
 * audience male share and top region are read from that partition portrait once per partition.
 *
 * creator_metrics has no foreign key (migration 0033): dropping a table with a key to creators locks creators
 * ACCESS EXCLUSIVE, and the swap's DROP deadlocked with a collector transaction that had read creators and waited
 * to write them behind the rollup's table locks. A deleted creator's row goes by the trigger of 0033. Not carried
 * over: grants (there are none); a view on creator_metrics would make the swap's DROP fail.
 */
export async function writeCreatorMetrics(db: Executor, day: string): Promise<void> {
  await sql`DROP TABLE IF EXISTS creator_metrics_next`.execute(db);
  await sql`
    CREATE TABLE creator_metrics_next
      (LIKE creator_metrics INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS)`.execute(db);
  await sql`
    INSERT INTO creator_metrics_next (
      creator_id, day, fans, fans_change_1, fans_change_7, fans_change_30, index_num, sample_window,
      week_video_num, week_avg_play, avg_praise, week_avg_collect, week_avg_share, week_avg_comment,
      week_cast_currency, charging_num, recent_avg_play, engagement_rate, videos_30d,
      normal_price, video_price, implantation_price, special_price, business_value,
      gender_portrait, age_portrait, area_portrait, portrait_tid, portrait_source, portrait_sample,
      audience_male_pct, audience_top_region, computed_at, partition_tid)
    -- MATERIALIZED: inlined, the JSON would be parsed once per creator (~4 s) instead of once per partition
    WITH pt AS MATERIALIZED (
      SELECT tid, coalesce((gender_portrait::jsonb -> 0 ->> '比例')::numeric, 0) AS male_pct,
             area_portrait::jsonb -> 0 ->> '地域' AS top_region
      FROM partition_portraits
    )
    SELECT m.creator_id, ${day}::date, m.fans, m.change_1, m.change_7, m.change_30, m.index_num, m.sample_window,
           m.n7, coalesce(round(m.a_play), 0), coalesce(round(m.a_likes), 0), coalesce(round(m.a_favorite), 0),
           coalesce(round(m.a_share), 0), coalesce(round(m.a_reply), 0), coalesce(round(m.a_coin), 0),
           m.charging, coalesce(round(m.avg_play10), 0), coalesce(m.rate10, 0), m.n30,
           m.normal_price, m.video_price, m.implantation_price, m.special_price, m.business_value,
           p.gender, p.age, p.area, CASE WHEN p.source IS DISTINCT FROM 'creator' THEN coalesce(m.tid, 0) END,
           coalesce(p.source, 'partition'), coalesce(p.sample, 0),
           CASE WHEN p.source = 'creator' THEN coalesce((p.gender::jsonb -> 0 ->> '比例')::numeric, 0) ELSE pt.male_pct END,
           CASE WHEN p.source = 'creator' THEN p.area::jsonb -> 0 ->> '地域' ELSE pt.top_region END,
           now(), m.tid
    FROM _m_day m
    LEFT JOIN _m_portrait p ON p.creator_id = m.creator_id
    LEFT JOIN pt ON pt.tid = coalesce(m.tid, 0)`.execute(db);
  // every index of the new table is named <old name>_next until the swap (renaming the key's index renames the key)
  await sql`ALTER TABLE creator_metrics_next ADD CONSTRAINT creator_metrics_pkey_next PRIMARY KEY (creator_id)`.execute(
    db,
  );
  const indexes = await sql<{ name: string; def: string }>`
    SELECT x.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
    WHERE i.indrelid = 'creator_metrics'::regclass AND NOT i.indisprimary
    ORDER BY x.relname`.execute(db);
  for (const { name, def } of indexes.rows) {
    const head = /^CREATE (UNIQUE )?INDEX (\S+) ON ((?:\S+\.)?)creator_metrics /.exec(def);
    if (!head || head[2] !== name) throw new Error(`creator_metrics index not understood: ${def}`);
    const next = `CREATE ${head[1] ?? ''}INDEX ${name}_next ON ${head[3]}creator_metrics_next ${def.slice(head[0].length)}`;
    await sql.raw(next).execute(db);
  }
  await sql`ANALYZE creator_metrics_next`.execute(db);
}

/**
 * Puts creator_metrics_next (writeCreatorMetrics) in place of creator_metrics, under the names of the old table's
 * indexes. Readers keep the old table until the commit and then see the new one; the exclusive lock (on
 * creator_metrics only: it has no foreign key, migration 0033) is taken last, right before the commit, so they
 * wait for nothing longer than the commit.
 */
export async function swapCreatorMetrics(db: Executor): Promise<void> {
  await sql`DROP TABLE creator_metrics`.execute(db);
  await sql`ALTER TABLE creator_metrics_next RENAME TO creator_metrics`.execute(db);
  const indexes = await sql<{ name: string }>`
    SELECT x.relname AS name FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
    WHERE i.indrelid = 'creator_metrics'::regclass AND x.relname LIKE '%\_next' ORDER BY 1`.execute(db);
  for (const { name } of indexes.rows) {
    await sql`ALTER INDEX ${sql.id(name)} RENAME TO ${sql.id(name.slice(0, -'_next'.length))}`.execute(db);
  }
}

/** The latest day whose "current" figures (creator_metrics, 云指数, portraits) were written, or null. */
export async function latestCurrentDay(db: Executor): Promise<string | null> {
  const r = await sql<{ day: string | null }>`SELECT max(day)::text AS day FROM partition_portraits`.execute(db);
  return r.rows[0]?.day ?? null;
}

/** The latest stored snapshot day, or null when creator_daily is empty. */
export async function latestSnapshotDay(db: Executor): Promise<string | null> {
  const r = await sql<{ day: string | null }>`SELECT max(day)::text AS day FROM creator_daily`.execute(db);
  return r.rows[0]?.day ?? null;
}
