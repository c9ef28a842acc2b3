import {
  ApiCode,
  ContrastFlag,
  ContrastMsg,
  Msg,
  featureAllowed,
  parseKolIds,
  type AnswerBody,
  type ContrastKolData,
  type ContrastRecordItem,
  type ContrastRecordListAnswer,
  type ContrastRecordListParams,
  type KolContrastResultAnswer,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { CollectService } from '../collect/collect.service.js';
import { teamMember, type TeamMember } from '../collect/team.js';
import { contrastFlagMessage, type QuotaService } from '../membership/quota.service.js';
import { PORTRAIT_MIN_SAMPLE } from '../metrics/metrics.repository.js';
import type { UserRepository } from '../user/user.repository.js';
import { maskPhone } from '../user/user.service.js';
import { overlapOf, pricePerThousand, verdictsOf, weekFigures } from './contrast.figures.js';
import type { ContrastRepository, CreatorFiguresRow } from './contrast.repository.js';
import { SNAPSHOT_VERSION, parseSnapshot, type StoredKol, type StoredSnapshot } from './contrast.snapshot.js';

export interface KolContrastOutcome {
  id: number | null;
  flag: ContrastFlag;
  tip: string | null;
}

export interface ContrastServiceOptions {
  /** the adviser's phone of the §8 flag-3 popover (configuration) */
  adviserPhone: string;
  /** the clock (tests) */
  now?: () => Date;
  /** where a report that failed to build is logged (the answer carries only ContrastMsg.buildFailed) */
  onBuildError?: (err: unknown) => void;
}

/** A compared creator lost its rolled-up figures while the report was built (never stored as a report). */
class DataPreparing extends Error {}

/** Shanghai calendar day of an instant, 'YYYY-MM-DD'. */
function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** What the report says about where its portrait comes from (docs/metrics.md "Audience portraits"). */
export function portraitSourceText(
  row: Pick<CreatorFiguresRow, 'portraitKind' | 'portraitSampleSize' | 'portraitPartition'>,
): string | null {
  const n = row.portraitSampleSize;
  if (row.portraitKind === 'creator') {
    return `基于该UP主${n ?? 0}位评论用户估算：性别、地域为评论用户的统计，年龄为模型估算（B站不公开年龄）`;
  }
  if (row.portraitKind === 'partition') {
    const own = n === null ? '尚无评论用户样本' : `评论用户样本不足${PORTRAIT_MIN_SAMPLE}人（当前${n}人）`;
    const where = row.portraitPartition ? `所在分区「${row.portraitPartition}」` : '全站';
    return `该UP主${own}，此处为${where}的整体画像估算，并非该UP主粉丝的数据`;
  }
  return null;
}

/**
 * Comparison reports (issue #17; spec §2.7, §3, §4, §7.5; docs/api/contrast.md, docs/metrics.md "Comparison
 * report"). Every report belongs to a team (the parent account and its sub-accounts) and is read only under that
 * team's id; a report of another team, a deleted one and a missing one get the same answer.
 */
export class ContrastService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: ContrastRepository,
    private readonly users: UserRepository,
    private readonly quotas: QuotaService,
    private readonly lists: CollectService,
    private readonly options: ContrastServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * POST /api/user/kolContrast: checks the ids (2–5 distinct existing creators), spends one report of the team's
   * monthly quota atomically (§4 flag), builds the snapshot and stores it. A refused flag spends nothing; a report
   * that fails to build or store is given back to the quota.
   */
  async create(userId: string, kolIdsText: string): Promise<KolContrastOutcome> {
    const parsed = parseKolIds(kolIdsText);
    if (!parsed.ok) throw AppError.fail(parsed.message);
    const ids = parsed.ids;
    const existing = await this.repo.existingCreators(ids);
    if (ids.some((id) => !existing.has(id))) throw AppError.fail(ContrastMsg.kolMissing);
    // a report is made of rolled-up figures only: before the rollup has a creator, nothing is spent or stored
    await this.assertReady(ids);

    const now = this.now();
    const { flag } = await this.quotas.spendContrast(userId, now);
    if (flag !== ContrastFlag.ALLOWED) {
      return { id: null, flag, tip: contrastFlagMessage(flag, this.options.adviserPhone) };
    }
    try {
      const member = await this.member(userId);
      const { dataDate, snapshot } = await this.build(ids, member.teamId, now);
      if (snapshot.kols.some((k) => k.sampleWindow === null)) throw new DataPreparing();
      const id = await this.repo.insert({
        teamId: member.teamId,
        createdBy: member.userId,
        kolIds: ids,
        dataDate,
        snapshot: JSON.stringify(snapshot),
      });
      return { id, flag, tip: null };
    } catch (err) {
      await this.quotas.refundQuota(userId, 'contrast', 1, now);
      // the rollup's swap raced the check: the same refusal as before the spend (nothing stored, nothing spent)
      if (err instanceof DataPreparing) await this.assertReady(ids, true);
      this.options.onBuildError?.(err);
      throw AppError.fail(ContrastMsg.buildFailed);
    }
  }

  /** Refuses with 数据准备中 when a compared creator has no rolled-up figures (`always`: even when all have now). */
  private async assertReady(ids: readonly number[], always = false): Promise<void> {
    const missing = await this.repo.notRolledUp(ids);
    if (missing.length > 0 || always) {
      throw AppError.fail(ContrastMsg.dataPreparing(missing.length > 0 ? missing.join('、') : '部分UP主'));
    }
  }

  /** GET /api/user/kolContrastResult: the team's report as generated, with the team's live flags. */
  async result(userId: string, contrastId: number): Promise<AnswerBody<KolContrastResultAnswer>> {
    const member = await this.member(userId);
    const report = await this.repo.report(member.teamId, contrastId);
    if (!report) throw AppError.fail(ContrastMsg.reportMissing);
    const snapshot = parseSnapshot(report.snapshot);
    const flags = await this.lists.flagsOf(member.teamId, report.kolIds);
    const userContrastKolDataList: ContrastKolData[] = snapshot.kols.map((k) => ({
      ...k,
      ...(flags.get(k.kolId) ?? { isCollect: 0, isPut: 0 }),
      isAdmire: report.intentionKolId === k.kolId ? 1 : 0,
    }));
    return {
      contrastId: report.id,
      createdAt: report.createdAt.toISOString(),
      dataDate: report.dataDate,
      userContrastKolDataList,
      overlap: snapshot.overlap,
      verdicts: snapshot.verdicts,
      canPdf: featureAllowed(member.userType, 'export.pdf') ? 1 : 0,
    };
  }

  /**
   * The report for another module (the PDF route, modules/contrast-pdf): the same answer as kolContrastResult, or
   * null when the report is missing, deleted or another team's. The caller checks the PDF tier itself.
   */
  async reportFor(userId: string, contrastId: number): Promise<KolContrastResultAnswer | null> {
    try {
      return { code: ApiCode.OK, message: Msg.ok, ...(await this.result(userId, contrastId)) };
    } catch (err) {
      if (err instanceof AppError && err.message === ContrastMsg.reportMissing) return null;
      throw err;
    }
  }

  /** POST /api/user/setIntention: the report's one intended creator (replacing an earlier choice). */
  async setIntention(userId: string, contrastId: number, kolId: number): Promise<void> {
    const member = await this.member(userId);
    if (await this.repo.setIntention(member.teamId, contrastId, kolId)) return;
    const report = await this.repo.report(member.teamId, contrastId);
    throw AppError.fail(report ? ContrastMsg.intentionNotInReport : ContrastMsg.reportMissing);
  }

  /** GET /api/user/delContrastRecord */
  async remove(userId: string, contrastId: number): Promise<void> {
    const member = await this.member(userId);
    if (!(await this.repo.softDelete(member.teamId, contrastId))) throw AppError.fail(ContrastMsg.reportMissing);
  }

  /** GET /api/user/contrastRecordList: the team's saved reports, newest first. */
  async list(userId: string, p: ContrastRecordListParams): Promise<AnswerBody<ContrastRecordListAnswer>> {
    const member = await this.member(userId);
    const { rows, total } = await this.repo.list(member.teamId, {
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    });
    const list: ContrastRecordItem[] = rows.map((r) => {
      const snapshot = parseSnapshot(r.snapshot);
      const intention = snapshot.kols.find((k) => k.kolId === r.intentionKolId);
      return {
        contrastId: r.id,
        createdAt: r.createdAt.toISOString(),
        dataDate: r.dataDate,
        kolNum: snapshot.kols.length,
        kols: snapshot.kols.map((k) => ({ kolId: k.kolId, kolName: k.kolName, kolImg: k.kolImg })),
        intentionKolName: intention?.kolName ?? null,
        creatorName: r.creatorName?.trim() ? r.creatorName : (maskPhone(r.creatorPhone) ?? '已注销成员'),
      };
    });
    return { list, total };
  }

  // ---------------------------------------------------------------------------------------------------------

  /** Reads every figure of the compared creators and computes the snapshot (docs/metrics.md). */
  private async build(
    ids: readonly number[],
    teamId: string,
    now: Date,
  ): Promise<{ dataDate: string | null; snapshot: StoredSnapshot }> {
    const dataDate = await this.repo.dataDate(ids);
    // without any snapshot the windows end today (Asia/Shanghai); the report says it has no data date
    const day = dataDate ?? shanghaiDay(now);
    const [rows, commenters] = await Promise.all([
      this.repo.creatorFigures(ids, day, teamId),
      this.repo.commenters(ids, day),
    ]);
    const byId = new Map(rows.map((r) => [r.kolId, r]));
    const kols: StoredKol[] = ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new Error(`creator ${id} vanished while the report was built`);
      return toStoredKol(row);
    });
    const overlap = overlapOf(ids, commenters.sets, commenters.ownMids, commenters.comments);
    return { dataDate, snapshot: { v: SNAPSHOT_VERSION, kols, overlap, verdicts: verdictsOf(kols) } };
  }

  private member(userId: string): Promise<TeamMember> {
    return teamMember(this.users, userId);
  }
}

function toStoredKol(row: CreatorFiguresRow): StoredKol {
  const week = weekFigures(row.sample);
  const price = pricePerThousand(row.libraryPrice, row.sample);
  return {
    kolId: row.kolId,
    kolName: row.kolName,
    kolUid: row.kolUid,
    kolImg: row.kolImg,
    isApprove: row.isApprove,
    twoSortFlag: row.partitions,
    fansNum: row.fansNum,
    indexNum: row.indexNum,
    ...week,
    chargingNum: row.chargingNum,
    genderPortrait: row.genderPortrait,
    agePortrait: row.agePortrait,
    areaPortrait: row.areaPortrait,
    portraitSource: portraitSourceText(row),
    portraitSampleSize: row.portraitSampleSize,
    portraitKind: row.portraitKind,
    fansIncrease30: row.fansIncrease30,
    sampleWindow: week.sampleWindow,
    libraryPrice: row.libraryPrice,
    pricePerThousandPlays: price.value,
    pricePlaysDays: price.days,
    estVideoPrice: row.estVideoPrice,
  };
}
