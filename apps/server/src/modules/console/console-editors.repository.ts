import { sql, type Kysely } from 'kysely';
import type { AnswerSaveParams, ConsolePriceRow, TutorialSaveParams } from '@xg/shared';
import { tutorialOf, type TutorialDbRow } from '../content/content.repository.js';
import { priceOptionOf, type PriceOptionDbRow } from '../membership/membership.repository.js';

/** Rows changed by a statement. */
const changed = (res: { numAffectedRows?: bigint }) => Number(res.numAffectedRows ?? 0) > 0;

/**
 * The console editors' SQL (migrations 0001, 0005, 0050, 0070): help categories and answers, tutorial videos,
 * popups, price options and menus. The public site reads the same tables (published / enabled rows only).
 */
export class ConsoleEditorsRepository {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL only over tables outside the typed schema
  constructor(private readonly db: Kysely<any>) {}

  // --- help -----------------------------------------------------------------------------------------------------
  async answerTypes() {
    const { rows } = await sql<{ id: number; audience: number; data_name: string; sort: number; answers: string }>`
      SELECT t.id, t.audience, t.data_name, t.sort, count(a.id) AS answers
      FROM answer_types t LEFT JOIN answers a ON a.type_id = t.id
      GROUP BY t.id ORDER BY t.audience, t.sort, t.id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      audience: r.audience,
      dataName: r.data_name,
      sort: r.sort,
      answers: Number(r.answers),
    }));
  }

  async saveAnswerType(p: { id?: number; audience: number; dataName: string; sort: number }): Promise<number | null> {
    if (p.id === undefined) {
      const { rows } = await sql<{ id: number }>`INSERT INTO answer_types (audience, data_name, sort)
        VALUES (${p.audience}, ${p.dataName}, ${p.sort}) RETURNING id`.execute(this.db);
      return rows[0]!.id;
    }
    const res = await sql`UPDATE answer_types SET audience = ${p.audience}, data_name = ${p.dataName}, sort = ${p.sort}
      WHERE id = ${p.id}`.execute(this.db);
    return changed(res) ? p.id : null;
  }

  /** Deletes an empty category (false: missing or it still has answers). */
  async deleteAnswerType(id: number): Promise<'deleted' | 'missing' | 'notEmpty'> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM answers WHERE type_id = ${id}`.execute(this.db);
    if (Number(rows[0]?.n ?? 0) > 0) return 'notEmpty';
    const res = await sql`DELETE FROM answer_types WHERE id = ${id}`.execute(this.db);
    return changed(res) ? 'deleted' : 'missing';
  }

  async answersAll() {
    const { rows } = await sql<{
      id: number;
      type_id: number;
      audience: number;
      data_name: string;
      title: string;
      answers: string;
      introduce: string;
      answers_type: number;
      is_recommend_function: boolean;
      menus: unknown;
      sort: number;
      published: boolean;
    }>`SELECT a.*, t.audience, t.data_name FROM answers a JOIN answer_types t ON t.id = a.type_id
       ORDER BY t.audience, t.sort, a.sort, a.id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      typeId: r.type_id,
      audience: r.audience,
      typeName: r.data_name,
      title: r.title,
      answers: r.answers,
      introduce: r.introduce,
      answersType: r.answers_type,
      isRecommendFunction: r.is_recommend_function,
      menus: r.menus,
      sort: r.sort,
      published: r.published,
    }));
  }

  async answerTypeExists(id: number): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM answer_types WHERE id = ${id}`.execute(this.db);
    return rows.length > 0;
  }

  async saveAnswer(p: AnswerSaveParams): Promise<number | null> {
    const menus = JSON.stringify(p.menus);
    if (p.id === undefined) {
      const { rows } = await sql<{ id: number }>`INSERT INTO answers
        (type_id, title, answers, introduce, answers_type, is_recommend_function, menus, sort, published)
        VALUES (${p.typeId}, ${p.title}, ${p.answers}, ${p.introduce}, ${p.answersType}, ${p.isRecommendFunction},
          ${menus}::jsonb, ${p.sort}, ${p.published}) RETURNING id`.execute(this.db);
      return rows[0]!.id;
    }
    const res = await sql`UPDATE answers SET type_id = ${p.typeId}, title = ${p.title}, answers = ${p.answers},
      introduce = ${p.introduce}, answers_type = ${p.answersType}, is_recommend_function = ${p.isRecommendFunction},
      menus = ${menus}::jsonb, sort = ${p.sort}, published = ${p.published} WHERE id = ${p.id}`.execute(this.db);
    return changed(res) ? p.id : null;
  }

  async publishAnswer(id: number, published: boolean): Promise<boolean> {
    return changed(await sql`UPDATE answers SET published = ${published} WHERE id = ${id}`.execute(this.db));
  }

  async deleteAnswer(id: number): Promise<boolean> {
    return changed(await sql`DELETE FROM answers WHERE id = ${id}`.execute(this.db));
  }

  // --- tutorials ------------------------------------------------------------------------------------------------
  async tutorials() {
    const { rows } = await sql<TutorialDbRow & { sort: number; published: boolean; plays: string }>`
      SELECT v.*, (SELECT count(*) FROM video_plays p WHERE p.video_name = v.name) AS plays
      FROM tutorial_videos v ORDER BY v.sort, v.id`.execute(this.db);
    return rows.map((r) => ({ ...tutorialOf(r), sort: r.sort, published: r.published, plays: Number(r.plays) }));
  }

  /** null: missing; 'duplicate': the name is taken (names key the plays). */
  async saveTutorial(p: TutorialSaveParams): Promise<number | null | 'duplicate'> {
    const { rows: dup } = await sql`SELECT 1 FROM tutorial_videos WHERE name = ${p.name}
      AND id IS DISTINCT FROM ${p.id ?? null}::int`.execute(this.db);
    if (dup.length > 0) return 'duplicate';
    if (p.id === undefined) {
      const { rows } = await sql<{ id: number }>`INSERT INTO tutorial_videos
        (name, url, poster_url, must_watch, sort, published)
        VALUES (${p.name}, ${p.url}, ${p.posterUrl}, ${p.mustWatch}, ${p.sort}, ${p.published}) RETURNING id`.execute(
        this.db,
      );
      return rows[0]!.id;
    }
    const res = await sql`UPDATE tutorial_videos SET name = ${p.name}, url = ${p.url}, poster_url = ${p.posterUrl},
      must_watch = ${p.mustWatch}, sort = ${p.sort}, published = ${p.published} WHERE id = ${p.id}`.execute(this.db);
    return changed(res) ? p.id : null;
  }

  async publishTutorial(id: number, published: boolean): Promise<boolean> {
    return changed(await sql`UPDATE tutorial_videos SET published = ${published} WHERE id = ${id}`.execute(this.db));
  }

  async deleteTutorial(id: number): Promise<boolean> {
    return changed(await sql`DELETE FROM tutorial_videos WHERE id = ${id}`.execute(this.db));
  }

  // --- popups ---------------------------------------------------------------------------------------------------
  async popups() {
    const { rows } = await sql<{ id: number; name: string; layout: unknown; enabled: boolean; updated_at: Date }>`
      SELECT id, name, layout, enabled, updated_at FROM popups ORDER BY id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      layout: r.layout,
      enabled: r.enabled,
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  async savePopup(p: { id?: number; name: string; layout: unknown; enabled: boolean }): Promise<number | null> {
    const layout = JSON.stringify(p.layout);
    if (p.id === undefined) {
      const { rows } = await sql<{ id: number }>`INSERT INTO popups (name, layout, enabled)
        VALUES (${p.name}, ${layout}::jsonb, ${p.enabled}) RETURNING id`.execute(this.db);
      return rows[0]!.id;
    }
    const res = await sql`UPDATE popups SET name = ${p.name}, layout = ${layout}::jsonb, enabled = ${p.enabled},
      updated_at = now() WHERE id = ${p.id}`.execute(this.db);
    return changed(res) ? p.id : null;
  }

  async publishPopup(id: number, enabled: boolean): Promise<boolean> {
    return changed(
      await sql`UPDATE popups SET enabled = ${enabled}, updated_at = now() WHERE id = ${id}`.execute(this.db),
    );
  }

  // --- quotas -------------------------------------------------------------------------------------------------
  /** Every tier's monthly quota of each kind (quota_rules; QuotaService reads them on every check). */
  async quotas(): Promise<{ kind: string; userType: number; monthlyTotal: number }[]> {
    const { rows } = await sql<{ kind: string; user_type: number; monthly_total: number }>`
      SELECT kind, user_type, monthly_total FROM quota_rules ORDER BY kind, user_type`.execute(this.db);
    return rows.map((r) => ({ kind: r.kind, userType: r.user_type, monthlyTotal: r.monthly_total }));
  }

  /** Sets one tier's quota; answers the value before (null: there was no row). */
  async saveQuota(kind: string, userType: number, monthlyTotal: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ monthly_total: number }>`SELECT monthly_total FROM quota_rules
        WHERE kind = ${kind} AND user_type = ${userType} FOR UPDATE`.execute(trx);
      await sql`INSERT INTO quota_rules (kind, user_type, monthly_total) VALUES (${kind}, ${userType}, ${monthlyTotal})
        ON CONFLICT (kind, user_type) DO UPDATE SET monthly_total = EXCLUDED.monthly_total`.execute(trx);
      return rows[0]?.monthly_total ?? null;
    });
  }

  // --- prices ---------------------------------------------------------------------------------------------------
  async prices(): Promise<ConsolePriceRow[]> {
    const { rows } = await sql<PriceOptionDbRow & { enabled: boolean; updated_at: Date }>`
      SELECT id, level, title, month_num, price::text AS price, original_price::text AS original_price,
        save_money::text AS save_money, unit_price::text AS unit_price, is_default, enabled, sort, updated_at
      FROM price_options ORDER BY level, sort, id`.execute(this.db);
    return rows.map((r) => ({ ...priceOptionOf(r), enabled: r.enabled, updatedAt: r.updated_at.toISOString() }));
  }

  async price(id: number): Promise<ConsolePriceRow | null> {
    return (await this.prices()).find((p) => p.id === id) ?? null;
  }

  /**
   * A new price of one option, exact (numeric from the decimal text; unit price and saving computed in
   * numeric). Orders keep their own amounts in fen, so no order — paid or open — changes. A default option
   * makes the level's other options non-default, in the same transaction.
   */
  async savePrice(p: {
    id: number;
    title: string;
    price: string;
    originalPrice: string;
    enabled: boolean;
    isDefault: boolean;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await sql`UPDATE price_options SET title = ${p.title}, price = ${p.price}::numeric,
        original_price = ${p.originalPrice}::numeric, save_money = ${p.originalPrice}::numeric - ${p.price}::numeric,
        unit_price = greatest(round(${p.price}::numeric / month_num, 2), 0.01), enabled = ${p.enabled},
        is_default = ${p.isDefault}, updated_at = now() WHERE id = ${p.id}`.execute(trx);
      if (!changed(res)) return false;
      if (p.isDefault)
        await sql`UPDATE price_options SET is_default = false, updated_at = now()
          WHERE level = (SELECT level FROM price_options WHERE id = ${p.id}) AND id <> ${p.id} AND is_default`.execute(
          trx,
        );
      return true;
    });
  }

  // --- menus ----------------------------------------------------------------------------------------------------
  async menus() {
    const { rows } = await sql<{
      id: number;
      parent_id: number | null;
      path: string;
      title: string;
      component: string;
      hidden: boolean;
      min_user_type: number;
      enabled: boolean;
      sort: number;
    }>`SELECT id, parent_id, path, title, component, hidden, min_user_type, enabled, sort FROM menus
       ORDER BY coalesce(parent_id, id), parent_id NULLS FIRST, sort, id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      path: r.path,
      title: r.title,
      component: r.component,
      hidden: r.hidden,
      minUserType: r.min_user_type,
      enabled: r.enabled,
      sort: r.sort,
    }));
  }

  async setMenuEnabled(id: number, enabled: boolean): Promise<boolean> {
    return changed(await sql`UPDATE menus SET enabled = ${enabled} WHERE id = ${id}`.execute(this.db));
  }
}
