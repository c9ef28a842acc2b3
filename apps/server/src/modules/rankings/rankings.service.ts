import {
  DiscoveryMsg,
  FREE_RANKING_ROWS,
  PERIOD_DAYS,
  PERIOD_TOLERANCE,
  type AnswerBody,
  type RankingHistory,
  featureAllowed,
  type CompanyRankingAnswer,
  type CompanyRankingParams,
  type RankingAnswer,
  type RankingDatesParams,
  type RankingParams,
  type RankingPeriod,
  type RankingRow,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { CachedMap } from '../creators/catalog.service.js';
import type { FeatureGate } from '../creators/search.service.js';
import type { TierOf } from '../creators/sections.service.js';
import type { RankingListKind, RankingPage, RankingsRepository } from './rankings.repository.js';

interface RankWindow {
  offset: number;
  limit: number;
  flags: { limited: boolean; limitRows: number | null };
}

/** How many list dates rankingDates answers. */
export const RANKING_DATES_MAX = 90;
/** The newest list date is re-read at most this often (the rollup writes once a night). */
const LATEST_TTL_MS = 60_000;
/** A ranking page (with its creators' counters) is reused this long. */
const PAGE_TTL_MS = 60_000;

/**
 * Rankings (§7.3 ranking, companyRanking; issue #6 item 2) over the lists of the nightly rollup.
 * Gate `ranking.full` (userType ≥ 1): 免费版 reads ranks 1..FREE_RANKING_ROWS; a page reaching past them is
 * refused with the gate's fields, a page overlapping them is cut and says `limited`.
 */
export class RankingsService {
  private readonly latest = new CachedMap<string, string | null>(LATEST_TTL_MS);
  /**
   * Pages of a dated list: the list itself never changes once written (the rollup writes a new date), only
   * the creators' current counters joined to it, which may be PAGE_TTL_MS old.
   */
  private readonly pages = new CachedMap<string, RankingPage<RankingRow>>(PAGE_TTL_MS, 2000);
  /** first tracked day and newest snapshot day (for the history notice) */
  private readonly span = new CachedMap<string, { first: string | null; last: string | null }>(10 * 60_000);

  constructor(
    private readonly rankings: RankingsRepository,
    private readonly gate: FeatureGate,
    private readonly tierOf: TierOf,
  ) {}

  async ranking(userId: string, p: RankingParams): Promise<AnswerBody<RankingAnswer>> {
    const tid = p.tid ?? 0;
    const { window, day, list } = await this.read(
      userId,
      p.kind,
      p.period,
      p.date,
      p.pageNo,
      p.pageSize,
      (key, limit, offset) =>
        this.pages.get(`${key.kind}:${key.period}:${key.day}:${tid}:${limit}:${offset}`, () =>
          this.rankings.creatorPage({ ...key, tid }, limit, offset),
        ),
    );
    const history = await this.history(p.period, day);
    const base = {
      kind: p.kind,
      period: p.period,
      tid,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      ...window.flags,
      ...history,
    };
    if (day === null || list === null) return { ...base, date: null, periodStart: null, rankings: [], total: 0 };
    return { ...base, date: day, periodStart: list.periodStart, rankings: list.rows, total: list.total };
  }

  /**
   * How much history the period's lists have up to `day` (default: the newest snapshot): a week or month list built
   * on less than `requiredDays` says so on screen (docs/metrics.md, "Gaps").
   */
  async history(period: RankingPeriod, day: string | null): Promise<RankingHistory> {
    const span = await this.span.get('span', async () => ({
      first: await this.rankings.firstTrackedDay(),
      last: await this.rankings.latestSnapshotDay(),
    }));
    const end = day ?? span.last;
    const requiredDays = PERIOD_DAYS[period] + 1 - PERIOD_TOLERANCE[period];
    if (span.first === null || end === null || end < span.first) return { historyDays: 0, requiredDays };
    const historyDays =
      Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${span.first}T00:00:00Z`)) / 86_400_000) + 1;
    return { historyDays, requiredDays };
  }

  async company(userId: string, p: CompanyRankingParams): Promise<AnswerBody<CompanyRankingAnswer>> {
    const { window, day, list } = await this.read(
      userId,
      'company',
      p.period,
      p.date,
      p.pageNo,
      p.pageSize,
      (key, limit, offset) => this.rankings.companyPage({ ...key, tid: 0 }, limit, offset),
    );
    const base = { period: p.period, pageNo: p.pageNo, pageSize: p.pageSize, ...window.flags };
    if (day === null || list === null) return { ...base, date: null, periodStart: null, rankings: [], total: 0 };
    return { ...base, date: day, periodStart: list.periodStart, rankings: list.rows, total: list.total };
  }

  /**
   * The tier lookup and the page read run in parallel (the newest date is cached): the page is read as a
   * full-access page and then cut to the tier's window, or refused when the window is empty.
   */
  private async read<T>(
    userId: string,
    kind: RankingListKind,
    period: RankingPeriod,
    date: string | undefined,
    pageNo: number,
    pageSize: number,
    page: (
      key: { kind: RankingListKind; period: RankingPeriod; day: string },
      limit: number,
      offset: number,
    ) => Promise<RankingPage<T>>,
  ): Promise<{ window: RankWindow; day: string | null; list: RankingPage<T> | null }> {
    const offset = (pageNo - 1) * pageSize;
    const tierPromise = this.tierOf(userId);
    tierPromise.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    const day = await this.day(kind, period, date);
    const listPromise = day === null ? null : page({ kind, period, day }, pageSize, offset);
    listPromise?.catch(() => undefined);
    const window = await this.window(userId, (await tierPromise).userType, offset, pageSize);
    const list = listPromise ? await listPromise : null;
    return { window, day, list: list ? { ...list, rows: list.rows.slice(0, window.limit) } : null };
  }

  async dates(p: RankingDatesParams): Promise<{ dates: string[] } & RankingHistory> {
    const dates = await this.rankings.days(p.kind, p.period, RANKING_DATES_MAX);
    return { dates, ...(await this.history(p.period, null)) };
  }

  /** The list date: the one asked for (it must have lists), else the newest (null when none yet). */
  private async day(kind: RankingListKind, period: RankingPeriod, date: string | undefined): Promise<string | null> {
    if (date === undefined) {
      return this.latest.get(`${kind}:${period}`, () => this.rankings.latestDay(kind, period));
    }
    if (!(await this.rankings.dayExists(kind, period, date))) {
      throw AppError.fail(DiscoveryMsg.rankingDateMissing, { field: 'date' });
    }
    return date;
  }

  /** The rank window of a page for this account's tier. */
  private async window(userId: string, userType: number, offset: number, pageSize: number): Promise<RankWindow> {
    if (featureAllowed(userType, 'ranking.full')) {
      return { offset, limit: pageSize, flags: { limited: false, limitRows: null } };
    }
    if (offset >= FREE_RANKING_ROWS) await this.gate(userId, 'ranking.full'); // throws the gate's answer
    return {
      offset,
      limit: Math.min(pageSize, FREE_RANKING_ROWS - offset),
      flags: { limited: true, limitRows: FREE_RANKING_ROWS },
    };
  }
}
