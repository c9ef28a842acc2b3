import {
  NotifyMsg,
  WEBHOOK_PROVIDER_LABELS,
  type NotificationListAnswer,
  type NotificationListParams,
  type SaveWebhookParams,
  type WebhookItem,
  type WebhookProvider,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { MailProvider } from '../../providers/mail/index.js';
import { teamMember } from '../collect/team.js';
import type { UserRepository } from '../user/user.repository.js';
import type { NotifyRepository } from './notify.repository.js';
import { maskWebhookUrl, robotPayload, type RobotMessage, type RobotPoster } from './robots.js';

/** One event to tell a team about (a monitoring alert, an opinion warning …). */
export interface NotifyEvent {
  teamId: string;
  /** the member it is for; null: the whole team */
  userId: string | null;
  /** what raised it, e.g. 'monitor.deleted', 'opinion.negative' */
  kind: string;
  title: string;
  body: string;
  /** a path in the app ("/videoMonitor?id=3") or null */
  link: string | null;
  /** the event's identity within the team: the same key is delivered once, however often it is raised */
  dedupeKey: string;
}

export interface NotifyOptions {
  mail: MailProvider;
  /** null in sandbox mode: robot messages are written to the delivery log (status 'sandbox'), not sent */
  poster: RobotPoster | null;
  /** the public base URL for links in mails and robot messages (no trailing slash); '' keeps them relative */
  baseUrl: string;
  log: (line: string) => void;
}

/**
 * Tells a team about events: once per event (dedupeKey) in the app, by e-mail to the member (or the team's
 * account) when an address is known, and to each enabled robot of the team. A channel that fails is logged
 * (notification_deliveries) and never stops the others or the caller.
 */
export class NotifyService {
  constructor(
    private readonly repo: NotifyRepository,
    private readonly users: UserRepository,
    private readonly options: NotifyOptions,
  ) {}

  /** Raises an event; `created` is false when the team already had it (nothing is delivered again). */
  async send(event: NotifyEvent): Promise<{ created: boolean; id: string | null }> {
    const id = await this.repo.insertOnce(event);
    if (id === null) return { created: false, id: null };
    const message: RobotMessage = { title: event.title, body: event.body, link: this.absolute(event.link) };
    await Promise.all([this.deliverMail(id, event, message), this.deliverRobots(id, event.teamId, message)]);
    return { created: true, id };
  }

  async list(userId: string, p: NotificationListParams): Promise<NotificationListAnswer> {
    const m = await teamMember(this.users, userId);
    const { rows, total, unread } = await this.repo.list(m.teamId, m.userId, {
      offset: (p.pageNo - 1) * p.pageSize,
      limit: p.pageSize,
      unreadOnly: p.unread === 1,
    });
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        createTime: r.createdAt.toISOString(),
        read: r.readAt !== null,
      })),
      total,
      unread,
    };
  }

  async markRead(userId: string, id: number | undefined): Promise<number> {
    const m = await teamMember(this.users, userId);
    return this.repo.markRead(m.teamId, m.userId, id === undefined ? null : String(id));
  }

  async webhooks(userId: string): Promise<WebhookItem[]> {
    const m = await teamMember(this.users, userId);
    const [rows, last] = await Promise.all([this.repo.webhooks(m.teamId), this.repo.lastDeliveries(m.teamId)]);
    return rows.map((r) => {
      const l = last.find((d) => d.channel === r.provider);
      return {
        provider: r.provider,
        providerName: WEBHOOK_PROVIDER_LABELS[r.provider],
        url: maskWebhookUrl(r.url),
        enabled: r.enabled,
        lastStatus: l && l.status !== 'skipped' ? l.status : null,
        lastDetail: l?.detail ?? null,
        lastTime: l ? l.createdAt.toISOString() : null,
      };
    });
  }

  async saveWebhook(userId: string, p: SaveWebhookParams): Promise<void> {
    const m = await teamMember(this.users, userId);
    await this.repo.saveWebhook(m.teamId, m.userId, { provider: p.provider, url: p.url, enabled: p.enabled !== 0 });
  }

  async deleteWebhook(userId: string, provider: WebhookProvider): Promise<void> {
    const m = await teamMember(this.users, userId);
    if (!(await this.repo.deleteWebhook(m.teamId, provider))) throw AppError.fail(NotifyMsg.notConfigured);
  }

  /** Sends a test message to one robot now (not a notification: nothing appears in the app). */
  async testWebhook(userId: string, provider: WebhookProvider): Promise<'sent' | 'sandbox'> {
    const m = await teamMember(this.users, userId);
    const robot = (await this.repo.webhooks(m.teamId)).find((w) => w.provider === provider);
    if (!robot) throw AppError.fail(NotifyMsg.notConfigured);
    const status = await this.post(null, m.teamId, robot.provider, robot.url, {
      title: NotifyMsg.testTitle,
      body: NotifyMsg.testBody,
      link: null,
    });
    if (status.status === 'failed') throw AppError.fail(NotifyMsg.testFailed(status.detail ?? ''));
    return status.status === 'sandbox' ? 'sandbox' : 'sent';
  }

  private absolute(link: string | null): string | null {
    if (!link) return null;
    return /^https?:\/\//.test(link) ? link : `${this.options.baseUrl}${link}`;
  }

  private async deliverMail(id: string, event: NotifyEvent, message: RobotMessage): Promise<void> {
    const to = await this.repo.mailAddress(event.teamId, event.userId);
    if (!to) {
      await this.repo.logDelivery({
        notificationId: id,
        teamId: event.teamId,
        channel: 'mail',
        status: 'skipped',
        payload: null,
        detail: '账号未绑定邮箱',
      });
      return;
    }
    const text = `${message.body}${message.link ? `\n\n查看详情：${message.link}` : ''}`;
    try {
      await this.options.mail.send({ to, subject: message.title, text });
      await this.repo.logDelivery({
        notificationId: id,
        teamId: event.teamId,
        channel: 'mail',
        status: 'sent',
        payload: null,
        detail: to,
      });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.options.log(`[notify] mail to team ${event.teamId} failed: ${detail}`);
      await this.repo.logDelivery({
        notificationId: id,
        teamId: event.teamId,
        channel: 'mail',
        status: 'failed',
        payload: null,
        detail,
      });
    }
  }

  private async deliverRobots(id: string, teamId: string, message: RobotMessage): Promise<void> {
    const robots = (await this.repo.webhooks(teamId)).filter((w) => w.enabled);
    await Promise.all(robots.map((r) => this.post(id, teamId, r.provider, r.url, message)));
  }

  private async post(
    id: string | null,
    teamId: string,
    provider: WebhookProvider,
    url: string,
    message: RobotMessage,
  ): Promise<{ status: 'sent' | 'failed' | 'sandbox'; detail: string | null }> {
    const payload = robotPayload(provider, message);
    let status: 'sent' | 'failed' | 'sandbox' = 'sandbox';
    let detail: string | null = null;
    if (this.options.poster) {
      try {
        await this.options.poster(url, payload);
        status = 'sent';
      } catch (err) {
        status = 'failed';
        detail = err instanceof Error ? err.message : String(err);
        this.options.log(`[notify] ${provider} robot of team ${teamId} failed: ${detail}`);
      }
    } else {
      this.options.log(`[robot-sandbox] team=${teamId} ${provider} ${JSON.stringify(payload)}`);
    }
    await this.repo.logDelivery({ notificationId: id, teamId, channel: provider, status, payload, detail });
    return { status, detail };
  }
}
