import { sql, type Kysely } from 'kysely';
import type { AnswerType, FeedbackItem, HelpAnswer, NewsItem, PkCreator, TutorialVideo } from '@xg/shared';

/** The keys of content_settings (migration 0050). */
export type SettingKey =
  'customerService' | 'serveWarn' | 'prize' | 'accessRecords' | 'landing' | 'branding' | 'bankAccount';

/** A usage record as saveUserAccessRecord receives it, waiting in the batch. */
export interface AccessRecordRow {
  userId: string | null;
  page: string;
  idx: string;
  timeInterval: number;
  saveFlag: number;
  tab: string;
  button: string;
  at: Date;
}

interface NewsRow {
  id: string;
  title: string;
  summary: string;
  category: string;
  cover_url: string;
  publish_at: Date;
  views: string;
}

const NEWS_COLUMNS = sql`id, title, summary, category, cover_url, publish_at, views`;
/** A report the public sees: published, and its publish time has come. */
const NEWS_PUBLIC = sql`status = 'published' AND publish_at <= now()`;

function newsItem(r: NewsRow): NewsItem {
  return {
    id: Number(r.id),
    title: r.title,
    summary: r.summary,
    category: r.category,
    coverUrl: r.cover_url,
    publishTime: r.publish_at.toISOString(),
    views: Number(r.views),
  };
}

/** A tutorial video's columns as SQL answers them (the site and the console read them alike). */
export interface TutorialDbRow {
  id: number;
  name: string;
  url: string;
  poster_url: string;
  must_watch: boolean;
}

/** A tutorial video's fields as the site and the console show them. */
export function tutorialOf(r: TutorialDbRow): Omit<TutorialVideo, 'played'> {
  return { id: r.id, name: r.name, url: r.url, posterUrl: r.poster_url, mustWatch: r.must_watch };
}

/** Public content, help, feedback and usage records (migration 0050): SQL only, no rules. */
export class ContentRepository {
  constructor(private readonly db: Kysely<any>) {} // eslint-disable-line @typescript-eslint/no-explicit-any -- raw SQL only; the app database or any transaction

  async setting<T>(key: SettingKey): Promise<T | null> {
    const { rows } = await sql<{ value: T }>`SELECT value FROM content_settings WHERE key = ${key}`.execute(this.db);
    return rows[0]?.value ?? null;
  }

  async saveSetting(key: SettingKey, value: unknown): Promise<void> {
    await sql`INSERT INTO content_settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`.execute(this.db);
  }

  async newsPage(opts: {
    category?: string | undefined;
    keyword?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ list: NewsItem[]; total: number }> {
    const category = opts.category ? sql`AND category = ${opts.category}` : sql``;
    const keyword = opts.keyword
      ? sql`AND (strpos(lower(title), lower(${opts.keyword})) > 0 OR strpos(lower(summary), lower(${opts.keyword})) > 0)`
      : sql``;
    const { rows } = await sql<NewsRow & { total: string }>`
      SELECT ${NEWS_COLUMNS}, count(*) OVER () AS total FROM news_contents
      WHERE ${NEWS_PUBLIC} ${category} ${keyword}
      ORDER BY publish_at DESC, id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`.execute(this.db);
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && opts.offset > 0) {
      const count = await sql<{ n: string }>`SELECT count(*) AS n FROM news_contents
        WHERE ${NEWS_PUBLIC} ${category} ${keyword}`.execute(this.db);
      total = Number(count.rows[0]?.n ?? 0);
    }
    return { list: rows.map(newsItem), total };
  }

  async newsCategories(): Promise<string[]> {
    const { rows } = await sql<{ category: string }>`SELECT category FROM news_contents WHERE ${NEWS_PUBLIC}
      GROUP BY category ORDER BY min(id)`.execute(this.db);
    return rows.map((r) => r.category);
  }

  /** A public report with its body; counts the view. */
  async newsDetail(id: number): Promise<(NewsItem & { bodyMd: string }) | null> {
    const { rows } = await sql<NewsRow & { body_md: string }>`
      UPDATE news_contents SET views = views + 1 WHERE id = ${id} AND ${NEWS_PUBLIC}
      RETURNING ${NEWS_COLUMNS}, body_md`.execute(this.db);
    const r = rows[0];
    return r ? { ...newsItem(r), bodyMd: r.body_md } : null;
  }

  /** A public report's title and summary (the server-side page head), without counting a view. */
  async newsHead(id: number): Promise<{ title: string; summary: string } | null> {
    const { rows } = await sql<{ title: string; summary: string }>`SELECT title, summary FROM news_contents
      WHERE id = ${id} AND ${NEWS_PUBLIC}`.execute(this.db);
    return rows[0] ?? null;
  }

  /** Up to `limit` other public reports, the same category first, newest first. */
  async newsRelated(id: number, category: string, limit: number): Promise<NewsItem[]> {
    const { rows } = await sql<NewsRow>`SELECT ${NEWS_COLUMNS} FROM news_contents
      WHERE ${NEWS_PUBLIC} AND id <> ${id}
      ORDER BY (category = ${category}) DESC, publish_at DESC, id DESC LIMIT ${limit}`.execute(this.db);
    return rows.map(newsItem);
  }

  async answerTypes(audience: number): Promise<AnswerType[]> {
    const { rows } = await sql<{ id: number; data_name: string }>`SELECT id, data_name FROM answer_types
      WHERE audience = ${audience} ORDER BY sort, id`.execute(this.db);
    return rows.map((r) => ({ id: r.id, dataName: r.data_name }));
  }

  /** The answers of one category of the audience, or (no id) the audience's recommended functions. */
  async answers(audience: number, typeId: number | undefined): Promise<HelpAnswer[]> {
    const which = typeId === undefined ? sql`a.is_recommend_function` : sql`a.type_id = ${typeId}`;
    const { rows } = await sql<{
      id: number;
      type_id: number;
      title: string;
      answers: string;
      introduce: string;
      answers_type: number;
      is_recommend_function: boolean;
      menus: HelpAnswer['menus'];
    }>`SELECT a.id, a.type_id, a.title, a.answers, a.introduce, a.answers_type, a.is_recommend_function, a.menus
       FROM answers a JOIN answer_types t ON t.id = a.type_id
       WHERE t.audience = ${audience} AND a.published AND ${which} ORDER BY t.sort, a.sort, a.id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      typeId: r.type_id,
      title: r.title,
      answers: r.answers,
      introduce: r.introduce,
      answersType: r.answers_type,
      isRecommendFunction: r.is_recommend_function ? 1 : 0,
      menus: r.menus,
    }));
  }

  async insertFeedback(f: { userId: string | null; content: string; content2: string; contact: string }) {
    const { rows } = await sql<{ id: string }>`INSERT INTO feedbacks (user_id, content, content2, contact)
      VALUES (${f.userId}, ${f.content}, ${f.content2}, ${f.contact}) RETURNING id`.execute(this.db);
    return Number(rows[0]!.id);
  }

  /** Feedback sent in the last `seconds` by this user (or, anonymous, with this contact). */
  async recentFeedbackCount(userId: string | null, contact: string, seconds: number): Promise<number> {
    const who = userId ? sql`user_id = ${userId}` : sql`user_id IS NULL AND contact = ${contact}`;
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM feedbacks
      WHERE ${who} AND created_at > now() - make_interval(secs => ${seconds})`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  async feedbackOf(userId: string, limit: number): Promise<FeedbackItem[]> {
    const { rows } = await sql<FeedbackDbRow>`SELECT id, content, content2, contact, reply, created_at, replied_at
      FROM feedbacks WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`.execute(this.db);
    return rows.map(feedbackItem);
  }

  async popup(id: number): Promise<unknown> {
    const { rows } = await sql<{ layout: unknown }>`SELECT layout FROM popups WHERE id = ${id} AND enabled`.execute(
      this.db,
    );
    return rows[0]?.layout ?? null;
  }

  async tutorialVideos(userId: string | null): Promise<TutorialVideo[]> {
    const { rows } = await sql<
      TutorialDbRow & { played: boolean }
    >`SELECT v.id, v.name, v.url, v.poster_url, v.must_watch,
         EXISTS (SELECT 1 FROM video_plays p WHERE p.user_id = ${userId} AND p.video_name = v.name) AS played
       FROM tutorial_videos v WHERE v.published ORDER BY v.sort, v.id`.execute(this.db);
    return rows.map((r) => ({ ...tutorialOf(r), played: r.played }));
  }

  async insertPlay(userId: string | null, videoName: string): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`INSERT INTO video_plays (user_id, video_name)
      SELECT ${userId}, name FROM tutorial_videos WHERE name = ${videoName} AND published RETURNING id`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  async insertRequirementClick(userId: string | null, page: string): Promise<void> {
    await sql`INSERT INTO requirement_clicks (user_id, page) VALUES (${userId}, ${page})`.execute(this.db);
  }

  /** One INSERT for a whole batch of usage records. */
  async insertAccessRecords(rows: readonly AccessRecordRow[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`INSERT INTO access_records (user_id, page, idx, time_interval, save_flag, tab, button, created_at)
      SELECT * FROM unnest(${rows.map((r) => r.userId)}::bigint[], ${rows.map((r) => r.page)}::text[],
        ${rows.map((r) => r.idx)}::text[], ${rows.map((r) => r.timeInterval)}::int[],
        ${rows.map((r) => r.saveFlag)}::smallint[], ${rows.map((r) => r.tab)}::text[],
        ${rows.map((r) => r.button)}::text[], ${rows.map((r) => r.at.toISOString())}::timestamptz[])`.execute(this.db);
  }

  /** Deletes usage records older than `days`; the number deleted. */
  async pruneAccessRecords(days: number): Promise<number> {
    const res = await sql`DELETE FROM access_records WHERE created_at < now() - make_interval(days => ${days})`.execute(
      this.db,
    );
    return Number(res.numAffectedRows ?? 0);
  }

  /** Home page figures: creators and videos stored, and the week's two biggest fan gains of the latest ranking. */
  async pkData(): Promise<{ day: string | null; creatorCount: number; videoCount: number; pk: PkCreator[] }> {
    const counts = await sql<{ creators: string; videos: string }>`SELECT
      (SELECT count(*) FROM creators) AS creators, (SELECT count(*) FROM videos) AS videos`.execute(this.db);
    const latest = await sql<{ day: string | null }>`SELECT max(day)::text AS day FROM rankings
      WHERE kind = 'increase' AND period = 'week' AND partition_tid = 0`.execute(this.db);
    const day = latest.rows[0]?.day ?? null;
    const pk = day ? await this.weekGainers(day, 2) : [];
    return {
      day,
      creatorCount: Number(counts.rows[0]?.creators ?? 0),
      videoCount: Number(counts.rows[0]?.videos ?? 0),
      pk,
    };
  }

  /** The top `limit` of the week's fan-gain ranking of `day` (all partitions). */
  async weekGainers(day: string, limit: number): Promise<PkCreator[]> {
    const { rows } = await sql<{ id: string; name: string; face: string; fans: string; value: string }>`
      SELECT c.id, c.name, c.face, c.fans, r.value FROM rankings r JOIN creators c ON c.id = r.creator_id
      WHERE r.kind = 'increase' AND r.period = 'week' AND r.partition_tid = 0 AND r.day = ${day}::date
      ORDER BY r.rank LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({
      kolId: Number(r.id),
      kolName: r.name,
      kolImg: r.face,
      fansNum: Number(r.fans),
      weekGain: Number(r.value),
    }));
  }

  /** Records the prize for the account unless it has one: true when this call recorded it. */
  async insertPrizeGrant(userId: string, prize: unknown): Promise<boolean> {
    const { rows } = await sql<{ user_id: string }>`INSERT INTO prize_grants (user_id, prize)
      VALUES (${userId}, ${JSON.stringify(prize)}::jsonb) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  async hasPrize(userId: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM prize_grants WHERE user_id = ${userId}`.execute(this.db);
    return rows.length > 0;
  }
}

export interface FeedbackDbRow {
  id: string;
  content: string;
  content2: string;
  contact: string;
  reply: string | null;
  created_at: Date;
  replied_at: Date | null;
}

export function feedbackItem(r: FeedbackDbRow): FeedbackItem {
  return {
    id: Number(r.id),
    content: r.content,
    content2: r.content2,
    contact: r.contact,
    reply: r.reply,
    createdAt: r.created_at.toISOString(),
    repliedAt: r.replied_at ? r.replied_at.toISOString() : null,
  };
}
