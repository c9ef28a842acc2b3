import QRCode from 'qrcode';
import type {
  AccessRecordParams,
  CustomerServiceQr,
  FeedbackParams,
  NewsListParams,
  PrizeConfig,
  ServeWarn,
} from '@xg/shared';
import { ContentMsg } from '@xg/shared';
import type { AppConfig, Branding } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { memberDb } from '../membership/membership.tables.js';
import type { MembershipServices } from '../membership/membership.services.js';
import { AccessRecordBatcher } from './access-records.js';
import { ContentRepository } from './content.repository.js';

/** A stored QR: an uploaded image, or (no image) a text the server draws as a QR. */
interface StoredQr {
  name: string;
  imgUrl: string;
  text: string;
}
interface CustomerServiceSetting {
  qrs: StoredQr[];
  publicAccount: StoredQr;
}

/** How many related reports a detail shows. */
export const NEWS_RELATED = 4;
/** Feedback one sender may send per 10 minutes. */
export const FEEDBACK_PER_10_MIN = 5;
/** An account can take the registration prize this long after it was created. */
export const PRIZE_WINDOW_MS = 24 * 3600_000;
export const DEFAULT_RETENTION_DAYS = 90;

export const SITE_CACHE_MS = 10_000;

/** Branding the console edits (content_settings 'branding'); an empty field keeps the configured value. */
export type { Branding };

export interface SiteExtras extends Partial<Branding> {
  customerServiceQrUrl: string;
  publicAccountQrUrl: string;
  activityState: number;
  serveWarnTitle: string;
  serveWarnText: string;
}
const NO_SITE_EXTRAS: SiteExtras = {
  customerServiceQrUrl: '',
  publicAccountQrUrl: '',
  activityState: 0,
  serveWarnTitle: '',
  serveWarnText: '',
};

const SERVE_WARN_OFF: ServeWarn = { enabled: false, title: '', text: '' };

export class ContentService {
  readonly repo: ContentRepository;
  readonly accessRecords: AccessRecordBatcher;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly members: MembershipServices,
    onError: (err: unknown) => void,
  ) {
    this.repo = new ContentRepository(db);
    this.accessRecords = new AccessRecordBatcher((rows) => this.repo.insertAccessRecords(rows), onError);
  }

  async newsList(p: NewsListParams) {
    const [page, categories] = await Promise.all([
      this.repo.newsPage({
        category: p.category,
        keyword: p.keyword,
        limit: p.pageSize,
        offset: (p.pageNo - 1) * p.pageSize,
      }),
      this.repo.newsCategories(),
    ]);
    return { ...page, pageNo: p.pageNo, pageSize: p.pageSize, categories };
  }

  async newsDetail(id: number) {
    const detail = await this.repo.newsDetail(id);
    if (!detail) throw AppError.fail(ContentMsg.newsMissing);
    return { detail, related: await this.repo.newsRelated(id, detail.category, NEWS_RELATED) };
  }

  async feedback(userId: string | null, p: FeedbackParams): Promise<number> {
    if ((await this.repo.recentFeedbackCount(userId, p.contact, 600)) >= FEEDBACK_PER_10_MIN)
      throw AppError.fail(ContentMsg.feedbackTooOften);
    return this.repo.insertFeedback({ userId, ...p });
  }

  /** The customer-service QR codes and the public account's, each an image URL (a drawn QR as a data URL). */
  async customerService(origin: string): Promise<{ qrList: CustomerServiceQr[]; publicAccount: CustomerServiceQr }> {
    const stored = await this.repo.setting<CustomerServiceSetting>('customerService');
    const phone = this.config.site.companyPhone;
    const qrs = stored?.qrs ?? [];
    const qrList = await Promise.all(qrs.map((q) => this.qrImage(q, phone ? `tel:${phone}` : `${origin}/about`)));
    const publicAccount = await this.qrImage(
      stored?.publicAccount ?? { name: '公众号', imgUrl: '', text: '' },
      `${origin}/index`,
    );
    return { qrList, publicAccount };
  }

  private async qrImage(q: StoredQr, fallbackText: string): Promise<CustomerServiceQr> {
    if (q.imgUrl) return { name: q.name, imgUrl: q.imgUrl };
    const svg = await QRCode.toString(q.text || fallbackText, { type: 'svg', margin: 1 });
    return { name: q.name, imgUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async serveWarn(): Promise<ServeWarn> {
    return (await this.repo.setting<ServeWarn>('serveWarn')) ?? SERVE_WARN_OFF;
  }

  async prizeConfig(): Promise<PrizeConfig | null> {
    const prize = await this.repo.setting<PrizeConfig>('prize');
    return prize?.enabled && prize.days > 0 ? prize : null;
  }

  /** The prize this account may still take: configured, a main account on the free tier, created < 24 h ago. */
  async prizeFor(userId: string, now = new Date()): Promise<PrizeConfig | null> {
    const [prize, user, taken] = await Promise.all([
      this.prizeConfig(),
      this.members.users.requireUser(userId),
      this.repo.hasPrize(userId),
    ]);
    if (!prize || taken) return null;
    if (user.parentId !== null || user.userType !== 0) return null;
    if (now.getTime() - user.createdAt.getTime() > PRIZE_WINDOW_MS) return null;
    return prize;
  }

  /**
   * Grants the registration prize once per account: the prize_grants row (primary key user_id) and the trial
   * are written in one transaction, so two concurrent calls grant once.
   */
  async grantPrize(userId: string, now = new Date()): Promise<{ prize: PrizeConfig; maturityTime: Date }> {
    const prize = await this.prizeFor(userId, now);
    if (!prize) {
      if (await this.repo.hasPrize(userId)) throw AppError.fail(ContentMsg.prizeAlready);
      throw AppError.fail(ContentMsg.prizeNone);
    }
    const end = await memberDb(this.db)
      .transaction()
      .execute(async (trx) => {
        const first = await new ContentRepository(trx).insertPrizeGrant(userId, prize);
        if (!first) return null;
        return this.members.membership.grantTrial(trx, userId, prize.level, prize.days, now);
      });
    if (!end) throw AppError.fail(ContentMsg.prizeAlready);
    return { prize, maturityTime: end };
  }

  private siteCache = new Map<string, { at: number; value: Promise<SiteExtras> }>();

  /**
   * The site config's QR images and serve-warn flag, kept SITE_CACHE_MS (every page load asks): an operator's
   * change shows within that time. When the database is away the last answer (or none) is used.
   */
  siteExtras(origin: string, now = Date.now()): Promise<SiteExtras> {
    const hit = this.siteCache.get(origin);
    if (hit && now - hit.at < SITE_CACHE_MS) return hit.value;
    const value = Promise.all([this.customerService(origin), this.serveWarn(), this.brandingOverrides()])
      .then(([qr, warn, branding]) => ({
        ...branding,
        customerServiceQrUrl: qr.qrList[0]?.imgUrl ?? '',
        publicAccountQrUrl: qr.publicAccount.imgUrl,
        activityState: warn.enabled ? 1 : 0,
        serveWarnTitle: warn.title,
        serveWarnText: warn.text,
      }))
      .catch(() => hit?.value ?? NO_SITE_EXTRAS);
    if (this.siteCache.size > 16) this.siteCache.clear();
    this.siteCache.set(origin, { at: now, value });
    return value;
  }

  /** The non-empty branding fields the console set (they override the configured ones). */
  async brandingOverrides(): Promise<Partial<Branding>> {
    const stored = await this.repo.setting<Partial<Record<keyof Branding, unknown>>>('branding');
    if (!stored) return {};
    const out: Partial<Branding> = {};
    for (const [k, v] of Object.entries(stored))
      if (typeof v === 'string' && v.trim() !== '') out[k as keyof Branding] = v;
    return out;
  }

  /** Forgets the cached site extras (after an operator's change). */
  clearSiteCache(): void {
    this.siteCache.clear();
  }

  recordAccess(userId: string | null, p: AccessRecordParams, now = new Date()): void {
    this.accessRecords.add({
      userId,
      page: p.page,
      idx: p.index ?? '',
      timeInterval: p.timeInterval ?? 0,
      saveFlag: p.saveFlag ?? 0,
      tab: p.tab ?? '',
      button: p.button ?? '',
      at: now,
    });
  }

  /** Deletes usage records past the configured retention (content_settings accessRecords.retentionDays). */
  async pruneAccessRecords(): Promise<number> {
    const setting = await this.repo.setting<{ retentionDays?: number }>('accessRecords');
    const days = setting?.retentionDays && setting.retentionDays > 0 ? setting.retentionDays : DEFAULT_RETENTION_DAYS;
    return this.repo.pruneAccessRecords(days);
  }
}
