import { Msg, nameSearchAllowed, type CreatorDetail, type KolTrendParams, type TrendPoint } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { CreatorMatch, CreatorRepository, DetailBundle } from './creators.repository.js';

const INT8_MAX = 9_223_372_036_854_775_807n;

/** Trend types of §2.6: 0 increments, 1 totals. */
export const TREND_TYPE = { INCREMENT: 0, TOTAL: 1 } as const;

/**
 * The §5 search rules: a keyword of digits is tried as a UID (exact mid) and, when short enough, also as
 * a name substring; any other keyword is a name substring and must be shorter than 20 characters.
 */
export function creatorMatchFor(keyword: string): CreatorMatch {
  const digits = /^\d+$/.test(keyword);
  const uid = digits && keyword.length <= 19 && BigInt(keyword) <= INT8_MAX ? BigInt(keyword).toString() : null;
  const nameAllowed = nameSearchAllowed(keyword);
  if (!digits && !nameAllowed) throw AppError.fail(Msg.keywordTooLong);
  return { exact: keyword, uid, name: nameAllowed ? keyword : null };
}

/** At most this many creators' bundles are kept (a page's calls need theirs for a moment only). */
const SHARED_MAX = 5_000;

export class CreatorService {
  private readonly shared = new Map<number, { until: number; bundle: Promise<DetailBundle | undefined> }>();

  /**
   * `shareMs`: how long one creator's bundle (findDetailBundle) is shared by the calls that need it — the detail
   * page's seven calls (kolDetail, its existence checks, kolCommercial's price) read the creator once instead of
   * six times (issue #28 item 1). A read in flight is always shared; 0: nothing is kept after it.
   */
  constructor(
    private readonly creators: CreatorRepository,
    private readonly shareMs = 0,
  ) {}

  async detail(kolId: number): Promise<CreatorDetail> {
    return (await this.detailBundle(kolId)).detail;
  }

  /** The detail with the discovery extras and the price estimate (one statement). */
  async detailBundle(kolId: number): Promise<DetailBundle> {
    const bundle = await this.find(kolId);
    if (!bundle) throw AppError.fail(Msg.kolNotFound);
    return bundle;
  }

  /** The creator's bundle, or undefined when there is no such creator; shared as said at the constructor. */
  find(kolId: number): Promise<DetailBundle | undefined> {
    const now = Date.now();
    const hit = this.shared.get(kolId);
    if (hit && hit.until >= now) return hit.bundle;
    if (this.shared.size >= SHARED_MAX) {
      for (const [id, e] of this.shared) if (e.until < now) this.shared.delete(id);
      if (this.shared.size >= SHARED_MAX) this.shared.clear();
    }
    const entry = { until: Infinity, bundle: this.creators.findDetailBundle(kolId) };
    this.shared.set(kolId, entry);
    const done = () => {
      if (this.shared.get(kolId) !== entry) return;
      if (this.shareMs > 0) entry.until = Date.now() + this.shareMs;
      else this.shared.delete(kolId);
    };
    entry.bundle.then(done, () => {
      if (this.shared.get(kolId) === entry) this.shared.delete(kolId);
    });
    return entry.bundle;
  }

  /**
   * The last `dayNum` calendar days of a creator's history, ending at its newest snapshot. Totals (type 1) are the
   * stored counters; increments (type 0) exist only for a stored day whose day before is stored too (a gap is a gap:
   * the day after it has no point, never the growth of several days as one) — so the 7-day view is exactly the last
   * 7 days of the 30-day view (docs/metrics.md, "Gaps").
   */
  async trend(params: KolTrendParams): Promise<{ type: number; dayNum: number; trend: TrendPoint[] }> {
    if (!(await this.find(params.kolId))) throw AppError.fail(Msg.kolNotFound);
    const rows = await this.creators.dailySeries(params.kolId, params.dayNum);
    const trend: TrendPoint[] =
      params.type === TREND_TYPE.TOTAL
        ? rows.map((r) => ({ dataDate: r.dataDate, fansNum: r.fansNum, playNum: r.playNum, praiseNum: r.praiseNum }))
        : rows.flatMap((r) =>
            r.fansInc === null || r.playInc === null || r.praiseInc === null
              ? []
              : [{ dataDate: r.dataDate, fansNum: r.fansInc, playNum: r.playInc, praiseNum: r.praiseInc }],
          );
    return { type: params.type, dayNum: params.dayNum, trend };
  }
}
