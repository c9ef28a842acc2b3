import { sql, type Kysely } from 'kysely';
import type { NewsAdminRow, NewsFields } from '@xg/shared';
import { feedbackItem, type FeedbackDbRow } from '../content/content.repository.js';
import type { OperatorRole } from './console.roles.js';

export interface OperatorRow {
  role: OperatorRole;
  totpSecret: string | null;
  totpEnabled: boolean;
  /** the last TOTP time step accepted (a code of this step or an earlier one is refused) */
  totpLastStep: number | null;
  /** the operator set a password under the strong rule */
  strongPassword: boolean;
}

export interface NewsInput extends NewsFields {
  publishAt: Date | null;
}

/** The console's SQL (migrations 0050, 0051): operators, TOTP verification, audit, content and feedback. */
export class ConsoleRepository {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL only; the app database or a transaction
  constructor(private readonly db: Kysely<any>) {}

  async operator(userId: string): Promise<OperatorRow | null> {
    const { rows } = await sql<{
      role: OperatorRole;
      totp_secret: string | null;
      totp_enabled_at: Date | null;
      totp_last_step: string | null;
      strong_password_at: Date | null;
    }>`SELECT role, totp_secret, totp_enabled_at, totp_last_step, strong_password_at FROM operators
       WHERE user_id = ${userId}`.execute(this.db);
    const r = rows[0];
    return r
      ? {
          role: r.role,
          totpSecret: r.totp_secret,
          totpEnabled: r.totp_enabled_at !== null,
          totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
          strongPassword: r.strong_password_at !== null,
        }
      : null;
  }

  /**
   * Records `step` as used when it is later than the last used one (atomic: of two requests with the same
   * code, one wins). False: the step was used already (a replayed code).
   */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const res = await sql`UPDATE operators SET totp_last_step = ${step}
      WHERE user_id = ${userId} AND (totp_last_step IS NULL OR totp_last_step < ${step})`.execute(this.db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  async passwordHash(userId: string): Promise<string | null> {
    const { rows } = await sql<{ password_hash: string }>`SELECT password_hash FROM users WHERE id = ${userId}`.execute(
      this.db,
    );
    return rows[0]?.password_hash ?? null;
  }

  /** The operator's new password (checked strong by the caller). */
  async setStrongPassword(userId: string, hash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`UPDATE users SET password_hash = ${hash}, is_old_password = 0, updated_at = now()
        WHERE id = ${userId}`.execute(trx);
      await sql`UPDATE operators SET strong_password_at = now() WHERE user_id = ${userId}`.execute(trx);
    });
  }

  /** A legacy operator (OPERATOR_USER_IDS / sandbox demo-premium) gets its admin row on first use. */
  async ensureOperator(userId: string, role: OperatorRole): Promise<void> {
    await sql`INSERT INTO operators (user_id, role) VALUES (${userId}, ${role}) ON CONFLICT DO NOTHING`.execute(
      this.db,
    );
  }

  async setPendingSecret(userId: string, secret: string): Promise<void> {
    await sql`UPDATE operators SET totp_secret = ${secret} WHERE user_id = ${userId} AND totp_enabled_at IS NULL`.execute(
      this.db,
    );
  }

  async enableTotp(userId: string): Promise<void> {
    await sql`UPDATE operators SET totp_enabled_at = now() WHERE user_id = ${userId}`.execute(this.db);
  }

  async verifySession(sessionId: string, userId: string, hours: number): Promise<void> {
    await sql`INSERT INTO console_verifications (session_id, user_id, verified_until)
      VALUES (${sessionId}, ${userId}, now() + make_interval(hours => ${hours}))
      ON CONFLICT (session_id) DO UPDATE SET verified_until = EXCLUDED.verified_until`.execute(this.db);
  }

  async sessionVerified(sessionId: string, userId: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM console_verifications WHERE session_id = ${sessionId}
      AND user_id = ${userId} AND verified_until > now()`.execute(this.db);
    return rows.length > 0;
  }

  async audit(e: { operatorId: string; role: string; action: string; target: string; detail: unknown; ip: string }) {
    await sql`INSERT INTO audit_log (operator_id, role, action, target, detail, ip)
      VALUES (${e.operatorId}, ${e.role}, ${e.action}, ${e.target}, ${JSON.stringify(e.detail)}::jsonb, ${e.ip})`.execute(
      this.db,
    );
  }

  async auditPage(limit: number, offset: number) {
    const { rows } = await sql<{
      id: string;
      operator_id: string;
      username: string | null;
      role: string;
      action: string;
      target: string;
      detail: unknown;
      ip: string | null;
      created_at: Date;
      total: string;
    }>`SELECT a.*, u.username, count(*) OVER () AS total FROM audit_log a LEFT JOIN users u ON u.id = a.operator_id
       ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return {
      total: Number(rows[0]?.total ?? 0),
      list: rows.map((r) => ({
        id: Number(r.id),
        operatorId: Number(r.operator_id),
        operatorName: r.username ?? '',
        role: r.role,
        action: r.action,
        target: r.target,
        detail: r.detail,
        ip: r.ip ?? '',
        createdAt: r.created_at.toISOString(),
      })),
    };
  }

  async newsAll(): Promise<NewsAdminRow[]> {
    const { rows } = await sql<{
      id: string;
      title: string;
      summary: string;
      category: string;
      cover_url: string;
      body_md: string;
      status: 'draft' | 'published';
      publish_at: Date | null;
      views: string;
      updated_at: Date;
    }>`SELECT * FROM news_contents ORDER BY updated_at DESC, id DESC LIMIT 500`.execute(this.db);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      summary: r.summary,
      category: r.category,
      coverUrl: r.cover_url,
      bodyMd: r.body_md,
      status: r.status,
      publishAt: r.publish_at ? r.publish_at.toISOString() : null,
      views: Number(r.views),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  async insertNews(n: NewsInput): Promise<number> {
    const { rows } = await sql<{ id: string }>`INSERT INTO news_contents
      (title, summary, category, cover_url, body_md, status, publish_at)
      VALUES (${n.title}, ${n.summary}, ${n.category}, ${n.coverUrl}, ${n.bodyMd}, ${n.status}, ${n.publishAt})
      RETURNING id`.execute(this.db);
    return Number(rows[0]!.id);
  }

  async updateNews(id: number, n: NewsInput): Promise<boolean> {
    const res = await sql`UPDATE news_contents SET title = ${n.title}, summary = ${n.summary}, category = ${n.category},
      cover_url = ${n.coverUrl}, body_md = ${n.bodyMd}, status = ${n.status}, publish_at = ${n.publishAt},
      updated_at = now() WHERE id = ${id}`.execute(this.db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  async deleteNews(id: number): Promise<boolean> {
    const res = await sql`DELETE FROM news_contents WHERE id = ${id}`.execute(this.db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  async feedbackInbox(open: boolean, limit: number) {
    const { rows } = await sql<FeedbackDbRow & { user_id: string | null; username: string | null }>`
      SELECT f.id, f.content, f.content2, f.contact, f.reply, f.created_at, f.replied_at, f.user_id, u.username
      FROM feedbacks f LEFT JOIN users u ON u.id = f.user_id
      WHERE ${open ? sql`f.reply IS NULL` : sql`true`} ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`.execute(
      this.db,
    );
    return rows.map((r) => ({
      ...feedbackItem(r),
      userId: r.user_id ? Number(r.user_id) : null,
      username: r.username ?? '',
    }));
  }

  async replyFeedback(id: number, reply: string): Promise<boolean> {
    const res = await sql`UPDATE feedbacks SET reply = ${reply}, replied_at = now() WHERE id = ${id}`.execute(this.db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  /** Orders by order number, or of the user found by id, phone or e-mail; newest first. */
  async orders(keyword: string) {
    const k = keyword.trim();
    const where = k
      ? sql`WHERE o.order_no = ${k} OR u.phone = ${k} OR lower(u.email) = lower(${k}) OR u.id::text = ${k}`
      : sql``;
    const { rows } = await sql<{
      order_no: string;
      user_id: string;
      username: string;
      phone: string | null;
      email: string | null;
      level: number;
      month_num: number;
      amount_fen: number;
      provider: string;
      status: string;
      created_at: Date;
      paid_at: Date | null;
    }>`SELECT o.order_no, o.user_id, u.username, u.phone, u.email, o.level, o.month_num, o.amount_fen, o.provider,
         o.status, o.created_at, o.paid_at
       FROM payment_orders o JOIN users u ON u.id = o.user_id ${where}
       ORDER BY o.created_at DESC LIMIT 100`.execute(this.db);
    return rows.map((r) => ({
      orderNo: r.order_no,
      userId: Number(r.user_id),
      username: r.username,
      phone: r.phone ?? '',
      email: r.email ?? '',
      level: r.level,
      monthNum: r.month_num,
      amountFen: r.amount_fen,
      provider: r.provider,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      paidAt: r.paid_at ? r.paid_at.toISOString() : null,
    }));
  }

  async priceOptions() {
    const { rows } = await sql<{ id: number; level: number; title: string; month_num: number; price: string }>`
      SELECT id, level, title, month_num, price FROM price_options WHERE enabled ORDER BY level, month_num`.execute(
      this.db,
    );
    return rows.map((r) => ({ id: r.id, level: r.level, title: r.title, monthNum: r.month_num, price: r.price }));
  }

  /** A user by id, phone or e-mail. */
  async findUser(keyword: string): Promise<string | null> {
    const k = keyword.trim();
    const { rows } = await sql<{ id: string }>`SELECT id FROM users
      WHERE id::text = ${k} OR phone = ${k} OR lower(email) = lower(${k}) ORDER BY id LIMIT 1`.execute(this.db);
    return rows[0]?.id ?? null;
  }
}
