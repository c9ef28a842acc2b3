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

export class CreatorService {
  constructor(private readonly creators: CreatorRepository) {}

  async detail(kolId: number): Promise<CreatorDetail> {
    return (await this.detailBundle(kolId)).detail;
  }

  /** The detail with the discovery extras and the price estimate (one statement). */
  async detailBundle(kolId: number): Promise<DetailBundle> {
    const bundle = await this.creators.findDetailBundle(kolId);
    if (!bundle) throw AppError.fail(Msg.kolNotFound);
    return bundle;
  }

  /**
   * The last `dayNum` calendar days of a creator's history, ending at its newest snapshot. Totals (type 1) are the
   * stored counters; increments (type 0) exist only for a stored day whose day before is stored too (a gap is a gap:
   * the day after it has no point, never the growth of several days as one) — so the 7-day view is exactly the last
   * 7 days of the 30-day view (docs/metrics.md, "Gaps").
   */
  async trend(params: KolTrendParams): Promise<{ type: number; dayNum: number; trend: TrendPoint[] }> {
    if (!(await this.creators.exists(params.kolId))) throw AppError.fail(Msg.kolNotFound);
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
