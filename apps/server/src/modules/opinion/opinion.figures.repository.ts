import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';
import type { OpinionItem, OpinionSource, SentimentLabel } from '@xg/shared';

/**
 * The figures of the analysis screen (docs/metrics.md "Opinion"), read from the stored comments and danmaku of a
 * task's videos: counts and shares by sentiment label, per hour or day, hot comments, IP locations, the words of
 * the word cloud and the list. A keyword task reads only the texts that contain its keyword.
 */
export interface TextScope {
  videoIds: readonly number[];
  /** a keyword task's keyword: only texts containing it */
  taskKeyword: string | null;
  source?: OpinionSource;
  sentiment?: SentimentLabel;
  /** a further keyword filter of the list */
  keyword?: string;
  from?: Date;
  to?: Date;
}

export const LABEL_VALUE: Readonly<Record<SentimentLabel, number>> = { positive: 1, neutral: 0, negative: -1 };
export function labelOf(v: number | null): SentimentLabel | null {
  if (v === null) return null;
  return v > 0 ? 'positive' : v < 0 ? 'negative' : 'neutral';
}

export interface SourceFigures {
  source: OpinionSource;
  total: number;
  positive: number;
  neutral: number;
  negative: number;
  pending: number;
  scoreSum: number;
  likes: number;
  commenters: number;
  first: Date | null;
  last: Date | null;
}

export interface BucketRow {
  bucket: Date;
  total: number;
  positive: number;
  neutral: number;
  negative: number;
  pending: number;
}

/** A text as read: the list's item with its time as a Date and its stored label (the service names it). */
export interface TextRow extends Omit<OpinionItem, 'time' | 'sentiment'> {
  time: Date;
  label: number | null;
}

/** The WHERE of one source's table (alias x; its text column is `col`). */
function whereOf(scope: TextScope, col: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`x.video_id = ANY(${scope.videoIds}::bigint[])`];
  if (scope.taskKeyword) parts.push(sql`strpos(lower(${col}), lower(${scope.taskKeyword})) > 0`);
  if (scope.keyword) parts.push(sql`strpos(lower(${col}), lower(${scope.keyword})) > 0`);
  if (scope.sentiment) parts.push(sql`x.sentiment_label = ${LABEL_VALUE[scope.sentiment]}`);
  if (scope.from) parts.push(sql`x.ctime >= ${scope.from}`);
  if (scope.to) parts.push(sql`x.ctime < ${scope.to}`);
  return sql.join(parts, sql` AND `);
}

const sources = (scope: TextScope): OpinionSource[] =>
  scope.source ? [scope.source] : (['comment', 'danmaku'] as OpinionSource[]);

const LABEL_COUNTS = sql`
  count(*)::int AS total,
  count(*) FILTER (WHERE x.sentiment_label = 1)::int AS positive,
  count(*) FILTER (WHERE x.sentiment_label = 0)::int AS neutral,
  count(*) FILTER (WHERE x.sentiment_label = -1)::int AS negative,
  count(*) FILTER (WHERE x.sentiment_label IS NULL)::int AS pending`;

export class OpinionFiguresRepository {
  constructor(private readonly db: Db) {}

  /** Totals per source. */
  async figures(scope: TextScope): Promise<SourceFigures[]> {
    if (scope.videoIds.length === 0) return [];
    const parts = sources(scope).map((s) =>
      s === 'comment'
        ? sql`SELECT 'comment' AS source, ${LABEL_COUNTS},
                coalesce(sum(x.sentiment) FILTER (WHERE x.sentiment_label IS NOT NULL), 0)::float8 AS "scoreSum",
                coalesce(sum(x.likes), 0)::float8 AS likes, count(DISTINCT x.mid)::int AS commenters,
                min(x.ctime) AS first, max(x.ctime) AS last
              FROM comments x WHERE ${whereOf(scope, sql`x.message`)}`
        : sql`SELECT 'danmaku' AS source, ${LABEL_COUNTS},
                coalesce(sum(x.sentiment) FILTER (WHERE x.sentiment_label IS NOT NULL), 0)::float8 AS "scoreSum",
                0::float8 AS likes, 0 AS commenters, min(x.ctime) AS first, max(x.ctime) AS last
              FROM danmaku x WHERE ${whereOf(scope, sql`x.text`)}`,
    );
    const r = await sql<SourceFigures>`${sql.join(parts, sql` UNION ALL `)}`.execute(this.db);
    return r.rows;
  }

  /** Counts per hour or per Asia/Shanghai day (buckets with texts only; the service fills the zeros between). */
  async buckets(scope: TextScope, grain: 'hour' | 'day'): Promise<BucketRow[]> {
    if (scope.videoIds.length === 0) return [];
    const bucket =
      grain === 'hour'
        ? sql`date_trunc('hour', x.ctime)`
        : sql`(date_trunc('day', x.ctime AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;
    const parts = sources(scope).map((s) =>
      s === 'comment'
        ? sql`SELECT ${bucket} AS bucket, x.sentiment_label FROM comments x WHERE ${whereOf(scope, sql`x.message`)}`
        : sql`SELECT ${bucket} AS bucket, x.sentiment_label FROM danmaku x WHERE ${whereOf(scope, sql`x.text`)}`,
    );
    const r = await sql<BucketRow>`
      SELECT x.bucket, ${LABEL_COUNTS} FROM (${sql.join(parts, sql` UNION ALL `)}) x
      GROUP BY x.bucket ORDER BY x.bucket`.execute(this.db);
    return r.rows;
  }

  /** The most liked comments. */
  async hotComments(scope: TextScope, limit: number): Promise<TextRow[]> {
    if (scope.videoIds.length === 0 || scope.source === 'danmaku') return [];
    const r = await sql<TextRow>`
      SELECT ${COMMENT_COLUMNS} FROM comments x JOIN videos v ON v.id = x.video_id
      WHERE ${whereOf(scope, sql`x.message`)}
      ORDER BY x.likes DESC, x.id DESC LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }

  /** Commenters' IP locations, most frequent first. */
  async locations(scope: TextScope, limit: number): Promise<{ name: string; value: number }[]> {
    if (scope.videoIds.length === 0 || scope.source === 'danmaku') return [];
    const r = await sql<{ name: string; value: number }>`
      SELECT x.ip_location AS name, count(*)::int AS value FROM comments x
      WHERE ${whereOf(scope, sql`x.message`)} AND x.ip_location IS NOT NULL
      GROUP BY x.ip_location ORDER BY value DESC, name LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }

  /** Word counts of scored texts of videos (opinion_words) between two Shanghai days. */
  async storedWords(scope: TextScope, limit: number): Promise<{ name: string; value: number }[]> {
    if (scope.videoIds.length === 0) return [];
    const parts: RawBuilder<unknown>[] = [sql`video_id = ANY(${scope.videoIds}::bigint[])`];
    if (scope.source) parts.push(sql`source = ${scope.source === 'comment' ? 0 : 1}`);
    if (scope.from) parts.push(sql`day >= (${scope.from}::timestamptz AT TIME ZONE 'Asia/Shanghai')::date`);
    if (scope.to) parts.push(sql`day <= (${scope.to}::timestamptz AT TIME ZONE 'Asia/Shanghai')::date`);
    const r = await sql<{ name: string; value: number }>`
      SELECT word AS name, sum(n)::int AS value FROM opinion_words WHERE ${sql.join(parts, sql` AND `)}
      GROUP BY word ORDER BY value DESC, word LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }

  /** The newest texts (a keyword task's word cloud is counted from them). */
  async recentTexts(scope: TextScope, limit: number): Promise<string[]> {
    if (scope.videoIds.length === 0) return [];
    const parts = sources(scope).map((s) =>
      s === 'comment'
        ? sql`(SELECT x.message AS text, x.ctime FROM comments x WHERE ${whereOf(scope, sql`x.message`)}
               ORDER BY x.ctime DESC LIMIT ${limit})`
        : sql`(SELECT x.text, x.ctime FROM danmaku x WHERE ${whereOf(scope, sql`x.text`)}
               ORDER BY x.ctime DESC LIMIT ${limit})`,
    );
    const r = await sql<{ text: string }>`
      SELECT y.text FROM (${sql.join(parts, sql` UNION ALL `)}) y ORDER BY y.ctime DESC LIMIT ${limit}`.execute(
      this.db,
    );
    return r.rows.map((x) => x.text);
  }

  /** One page of the list, newest first, and the count. */
  async list(scope: TextScope, offset: number, limit: number): Promise<{ rows: TextRow[]; total: number }> {
    if (scope.videoIds.length === 0) return { rows: [], total: 0 };
    const head = offset + limit;
    const parts = sources(scope).map((s) =>
      s === 'comment'
        ? sql`(SELECT ${COMMENT_COLUMNS} FROM comments x JOIN videos v ON v.id = x.video_id
               WHERE ${whereOf(scope, sql`x.message`)} ORDER BY x.ctime DESC, x.id DESC LIMIT ${head})`
        : sql`(SELECT ${DANMAKU_COLUMNS} FROM danmaku x JOIN videos v ON v.id = x.video_id
               WHERE ${whereOf(scope, sql`x.text`)} ORDER BY x.ctime DESC, x.id DESC LIMIT ${head})`,
    );
    const counts = sources(scope).map((s) =>
      s === 'comment'
        ? sql`SELECT count(*)::int AS n FROM comments x WHERE ${whereOf(scope, sql`x.message`)}`
        : sql`SELECT count(*)::int AS n FROM danmaku x WHERE ${whereOf(scope, sql`x.text`)}`,
    );
    const [rows, total] = await Promise.all([
      sql<TextRow>`
        SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) y
        ORDER BY y.time DESC, y.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db),
      sql<{ n: number }>`SELECT sum(n)::int AS n FROM (${sql.join(counts, sql` UNION ALL `)}) c`.execute(this.db),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /** Hourly counts of a task's texts since `from` (the warning rules), with the counts of each watched word. */
  async hourly(scope: TextScope, words: readonly string[]): Promise<(BucketRow & { words: number[] })[]> {
    if (scope.videoIds.length === 0) return [];
    const wordCounts = words.map((w) => sql`count(*) FILTER (WHERE strpos(lower(x.text), lower(${w})) > 0)::int`);
    const parts = [
      sql`SELECT date_trunc('hour', x.ctime) AS bucket, x.sentiment_label, x.message AS text FROM comments x
          WHERE ${whereOf(scope, sql`x.message`)}`,
      sql`SELECT date_trunc('hour', x.ctime) AS bucket, x.sentiment_label, x.text FROM danmaku x
          WHERE ${whereOf(scope, sql`x.text`)}`,
    ];
    const r = await sql<BucketRow & { words: number[] }>`
      SELECT x.bucket, ${LABEL_COUNTS},
        ${words.length > 0 ? sql`ARRAY[${sql.join(wordCounts)}]` : sql`ARRAY[]::int[]`} AS words
      FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY x.bucket ORDER BY x.bucket`.execute(this.db);
    return r.rows;
  }
}

const COMMENT_COLUMNS = sql`
  'comment' AS source, x.rpid::text AS id, x.message AS text, x.ctime AS time, x.likes, x.uname, x.level,
  x.sex AS gender, x.ip_location AS "ipLocation", x.root::text AS root, x.sentiment_label AS label,
  x.sentiment AS score, v.title AS "videoTitle", v.bvid`;
const DANMAKU_COLUMNS = sql`
  'danmaku' AS source, ('d' || x.id)::text AS id, x.text, x.ctime AS time, NULL::int AS likes, NULL::text AS uname,
  NULL::smallint AS level, NULL::smallint AS gender, NULL::text AS "ipLocation", NULL::text AS root,
  x.sentiment_label AS label, x.sentiment AS score, v.title AS "videoTitle", v.bvid`;
