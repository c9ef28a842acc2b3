import { sql } from 'kysely';
import type { WebhookProvider } from '@xg/shared';
import type { DeliveryStatus, NotifyChannel, NotifyDb } from './notify.tables.js';
import type { NotifyEvent } from './notify.service.js';

export interface NotificationRow {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export interface WebhookRow {
  provider: WebhookProvider;
  url: string;
  enabled: boolean;
}

export interface LastDelivery {
  channel: NotifyChannel;
  status: DeliveryStatus;
  detail: string | null;
  createdAt: Date;
}

/** SQL of the notifications, the team's robots and the delivery log (migration 0035). */
export class NotifyRepository {
  constructor(private readonly db: NotifyDb) {}

  /** The new row's id, or null when the team already has this event (dedupe_key). */
  async insertOnce(n: NotifyEvent): Promise<string | null> {
    const row = await this.db
      .insertInto('notifications')
      .values({
        team_id: n.teamId,
        user_id: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        dedupe_key: n.dedupeKey,
      })
      .onConflict((oc) => oc.columns(['team_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The team's notifications a member sees: addressed to the team or to that member. Newest first. */
  async list(
    teamId: string,
    userId: string,
    page: { offset: number; limit: number; unreadOnly: boolean },
  ): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
    const visible = this.db
      .selectFrom('notifications')
      .where('team_id', '=', teamId)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]));
    const scoped = page.unreadOnly ? visible.where('read_at', 'is', null) : visible;
    const [rows, counts] = await Promise.all([
      scoped
        .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      visible
        .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        createdAt: r.created_at,
        readAt: r.read_at,
      })),
      total: page.unreadOnly ? Number(counts.unread) : Number(counts.total),
      unread: Number(counts.unread),
    };
  }

  /** Marks one (or, with id null, every) visible notification read; how many changed. */
  async markRead(teamId: string, userId: string, id: string | null): Promise<number> {
    let q = this.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('team_id', '=', teamId)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .where('read_at', 'is', null);
    if (id !== null) q = q.where('id', '=', id);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async webhooks(teamId: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('team_webhooks')
      .select(['provider', 'url', 'enabled'])
      .where('team_id', '=', teamId)
      .orderBy('provider')
      .execute();
  }

  async saveWebhook(teamId: string, userId: string, w: WebhookRow): Promise<void> {
    await this.db
      .insertInto('team_webhooks')
      .values({ team_id: teamId, provider: w.provider, url: w.url, enabled: w.enabled, created_by: userId })
      .onConflict((oc) =>
        oc.columns(['team_id', 'provider']).doUpdateSet({ url: w.url, enabled: w.enabled, updated_at: new Date() }),
      )
      .execute();
  }

  async deleteWebhook(teamId: string, provider: WebhookProvider): Promise<boolean> {
    const r = await this.db
      .deleteFrom('team_webhooks')
      .where('team_id', '=', teamId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async logDelivery(d: {
    notificationId: string | null;
    teamId: string;
    channel: NotifyChannel;
    status: DeliveryStatus;
    payload: unknown;
    detail: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('notification_deliveries')
      .values({
        notification_id: d.notificationId,
        team_id: d.teamId,
        channel: d.channel,
        status: d.status,
        payload: d.payload === null ? null : JSON.stringify(d.payload),
        detail: d.detail,
      })
      .execute();
  }

  /** The latest delivery per robot channel of a team (shown beside each robot). */
  async lastDeliveries(teamId: string): Promise<LastDelivery[]> {
    const rows = await this.db
      .selectFrom('notification_deliveries')
      .distinctOn('channel')
      .select(['channel', 'status', 'detail', 'created_at'])
      .where('team_id', '=', teamId)
      .where('channel', '!=', 'mail')
      .orderBy('channel')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ channel: r.channel, status: r.status, detail: r.detail, createdAt: r.created_at }));
  }

  /** The e-mail address of the member (or, for a team-wide notification, of the team's own account). */
  async mailAddress(teamId: string, userId: string | null): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId ?? teamId)
      .executeTakeFirst();
    return row?.email ?? null;
  }
}
