import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';
import {
  EXPORT_FIRST_N,
  EXPORT_LINK_TTL_MINUTES,
  EXPORT_MAX_ROWS,
  EXPORT_RETENTION_DAYS,
  EXPORT_SCOPE_LABELS,
  ExportMsg,
  ExportParams,
  exportFileName,
  exportQuotaShortMessage,
  isExportList,
  safeExportName,
  type ExportListName,
  type ExportRecord,
  type ExportScope,
  type ExportState,
} from '@xg/shared';
import type { JobSender } from '../../jobs/job-system.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken, safeEqual } from '../../lib/tokens.js';
import { parseParams } from '../../lib/validate.js';
import type { MembershipService } from '../membership/membership.service.js';
import type { QuotaService } from '../membership/quota.service.js';
import type { UserService } from '../user/user.service.js';
import type { AnyExportList, ListPage } from './export.registry.js';
import type { ExportDb } from './export.tables.js';
import { XlsxStreamWriter } from './xlsx-writer.js';

/** Rows read from a list per page while writing "all results" (one page in memory at a time). */
export const EXPORT_CHUNK_ROWS = 500;
/**
 * A running export whose heartbeat has not moved for this long was cut off (its process ended, kill -9): failed and
 * its quota given back by the sweep (at start and every EXPORT_SWEEP_MS; issue #23 item 15). The process making an
 * export beats it every EXPORT_BEAT_MS, so a cut export is failed 40–50 s after its process stopped.
 */
export const EXPORT_STALE_MS = 40_000;
export const EXPORT_BEAT_MS = 10_000;
export const EXPORT_SWEEP_MS = 10_000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportFile {
  id: number;
  fileName: string;
  data: Buffer;
}

export type ExportOutcome = { kind: 'file'; file: ExportFile } | { kind: 'started'; record: ExportRecord };

interface Window {
  scope: ExportScope;
  /** the first row (0-based) and the most rows wanted */
  start: number;
  count: number;
}

/** What an export stores to be made later by a worker (exports.params). */
interface StoredPlan {
  params: { pageNo: number; pageSize: number };
  window: Window;
  title: string;
}

interface ExportRow {
  id: string;
  owner_id: string;
  list: string;
  scope: ExportScope;
  file_name: string;
  state: ExportState;
  rows_total: number;
  rows_done: number;
  size_bytes: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
  username: string;
  params: unknown;
}

export interface ExportServiceOptions {
  /** how long a call waits for its file before answering with the running record (config.exportInlineWaitMs) */
  inlineWaitMs: number;
  /** exports of at least this many rows go to the pg-boss job `export.produce` when `jobs()` has a job system */
  jobRows?: number;
  jobs?: () => Pick<JobSender, 'send'> | null;
  /** where files are written while being made */
  tmpDir?: string;
}

/**
 * Excel export (spec §6, §7.6; issue #16): a list read through its own service with the screen's parameters,
 * written row by row to an .xlsx file, one page of rows in memory at a time. The gate (`export.excel`) and the
 * team's monthly quota (rows) are checked first; the quota is spent atomically for the rows the file will have
 * before it is made, and given back when it fails (or for rows the list no longer had). A call waits up to
 * `inlineWaitMs` for its file; a longer export goes on in the background of this process and is followed in
 * 导出记录 (progress, then a time-limited download link). Files belong to the team: its parent account and its
 * sub-accounts.
 */
export class ExportService {
  private readonly tmpDir: string;
  private readonly running = new Set<Promise<unknown>>();
  /** ids of the exports this process is making (their heartbeat: updated_at every EXPORT_BEAT_MS) */
  private readonly making = new Set<string>();
  private beatTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: ExportDb,
    private readonly lists: Readonly<Record<ExportListName, AnyExportList>>,
    private readonly themes: () => Promise<ReadonlyMap<number, string>>,
    private readonly membership: MembershipService,
    private readonly quotas: QuotaService,
    private readonly users: UserService,
    private readonly options: ExportServiceOptions,
  ) {
    this.tmpDir = options.tmpDir ?? os.tmpdir();
  }

  /**
   * Starts an export of `list` with the caller's list parameters and export fields. `listCall` is true for
   * `export=1` on the list call itself, where 1 means "this page" rather than a count of one row.
   */
  async start(
    userId: string,
    list: string,
    raw: Record<string, unknown>,
    listCall = false,
    now: Date = new Date(),
  ): Promise<ExportOutcome> {
    if (!isExportList(list)) throw AppError.fail(ExportMsg.listUnknown);
    const entry = this.lists[list];
    await this.membership.requireFeature(userId, 'export.excel');
    const params = parseParams(entry.schema, entry.fixed ? entry.fixed(raw) : raw);
    const fields = parseParams(ExportParams, raw);
    const window = exportWindow(fields, params, listCall);
    const chunk = window.start === 0 ? Math.min(EXPORT_CHUNK_ROWS, window.count) : params.pageSize;
    const firstPageNo = Math.floor(window.start / chunk) + 1;
    // all results of a list that reads them in one pass: counted once here, read once by produce()
    const onePass = onePassOf(entry, window);
    const first: ListPage<unknown> = onePass
      ? { rows: [], total: await onePass.total(userId, params), dataTime: null }
      : await entry.page(userId, { ...params, pageNo: firstPageNo, pageSize: chunk });
    const expected = Math.min(window.count, Math.max(0, first.total - window.start), EXPORT_MAX_ROWS);
    if (expected === 0 || (!onePass && first.rows.length === 0)) throw AppError.fail(ExportMsg.empty);

    const spent = await this.quotas.spendQuota(userId, 'export', expected, now);
    if (!spent.ok) {
      const remain = spent.status.remainCount;
      throw AppError.warn(remain === 0 ? ExportMsg.quotaUsed : exportQuotaShortMessage(remain, expected));
    }
    const title = fields.exportName || safeExportName(entry.title(params));
    let id: string;
    try {
      const row = await this.db
        .insertInto('exports')
        .values({
          owner_id: spent.status.ownerId,
          user_id: userId,
          list,
          scope: window.scope,
          params: JSON.stringify({ params, window, title } satisfies StoredPlan),
          file_name: exportFileName(title, now),
          rows_total: expected,
          quota_rows: expected,
          size_bytes: null,
          error: null,
          link_hash: null,
          link_expires_at: null,
          finished_at: null,
          created_at: now,
          expires_at: new Date(now.getTime() + EXPORT_RETENTION_DAYS * 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      await this.quotas.refundQuota(userId, 'export', expected, now);
      throw err;
    }

    const sender =
      expected >= (this.options.jobRows ?? Number.POSITIVE_INFINITY) ? (this.options.jobs?.() ?? null) : null;
    if (sender) {
      const queued = await sender.send('export.produce', { exportId: Number(id) }).catch(() => null);
      if (queued) return { kind: 'started', record: await this.record(id) };
      // no job could be queued: made here instead
    }
    const job = this.produce(id, userId, entry, params, window, chunk, firstPageNo, first, expected, title, now);
    this.track(job);
    const inline = await Promise.race([job, sleep(this.options.inlineWaitMs).then(() => 'waiting' as const)]);
    if (inline === 'waiting') return { kind: 'started', record: await this.record(id) };
    if (inline instanceof Error) throw AppError.fail(ExportMsg.failed);
    return { kind: 'file', file: inline };
  }

  /**
   * The job `export.produce`: makes the file of an export that start() queued, from the plan stored with it. An
   * export no longer running (failed by the stale sweep while it waited) is skipped.
   */
  async resume(exportId: number): Promise<{ state: ExportState; rows: number }> {
    const row = await this.db
      .selectFrom('exports')
      .select(['id', 'user_id', 'list', 'params', 'state', 'rows_total', 'created_at'])
      .where('id', '=', String(exportId))
      .executeTakeFirst();
    if (!row || row.state !== 'running' || !isExportList(row.list)) return { state: row?.state ?? 'failed', rows: 0 };
    const entry = this.lists[row.list];
    const { params, window, title } = row.params as StoredPlan;
    const chunk = window.start === 0 ? Math.min(EXPORT_CHUNK_ROWS, window.count) : params.pageSize;
    const firstPageNo = Math.floor(window.start / chunk) + 1;
    let first: ListPage<unknown>;
    try {
      await this.db.updateTable('exports').set({ updated_at: new Date() }).where('id', '=', row.id).execute();
      // a list read in one pass: its rows come in produce(); its total is the one stored
      first = onePassOf(entry, window)
        ? { rows: [], total: row.rows_total, dataTime: null }
        : await entry.page(row.user_id, { ...params, pageNo: firstPageNo, pageSize: chunk });
    } catch (err) {
      await this.fail(row.id, err);
      return { state: 'failed', rows: 0 };
    }
    const made = await this.produce(
      row.id,
      row.user_id,
      entry,
      params,
      window,
      chunk,
      firstPageNo,
      first,
      row.rows_total,
      title,
      row.created_at,
    );
    return made instanceof Error ? { state: 'failed', rows: 0 } : { state: 'done', rows: row.rows_total };
  }

  /** Waits for the exports this process is making (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private track(job: Promise<unknown>): void {
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  /** Makes the file; never rejects: a failure is recorded (state failed, quota given back) and answered. */
  private async produce(
    id: string,
    userId: string,
    entry: AnyExportList,
    params: { pageNo: number; pageSize: number },
    window: Window,
    chunk: number,
    firstPageNo: number,
    first: ListPage<unknown>,
    expected: number,
    title: string,
    createdAt: Date,
  ): Promise<ExportFile | Error> {
    const tmp = path.join(this.tmpDir, `xg-export-${id}-${crypto.randomBytes(4).toString('hex')}.xlsx`);
    this.beating(id, true);
    try {
      const writer = new XlsxStreamWriter<unknown>(tmp, title, entry.columns(params));
      const skip = window.start - (firstPageNo - 1) * chunk;
      let page: ListPage<unknown> | null = first;
      let pageNo = firstPageNo;
      let dataTime = first.dataTime;
      const onePass = onePassOf(entry, window);
      // one pass (`first` holds only the total): the list's rows in its order, written as they come
      if (onePass) {
        page = null;
        await onePass.each(userId, params, expected, chunk, async (rows) => {
          for (const row of rows) {
            if (writer.rows >= expected) break;
            writer.add(row);
          }
          await this.db
            .updateTable('exports')
            .set({ rows_done: writer.rows, updated_at: new Date() })
            .where('id', '=', id)
            .execute();
        });
      }
      while (page) {
        const rows = pageNo === firstPageNo ? page.rows.slice(skip) : page.rows;
        for (const row of rows) {
          if (writer.rows >= expected) break;
          writer.add(row);
        }
        if (writer.rows >= expected || page.rows.length < chunk) break;
        await this.db
          .updateTable('exports')
          .set({ rows_done: writer.rows, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        pageNo += 1;
        page = await entry.page(userId, { ...params, pageNo, pageSize: chunk });
        dataTime ??= page.dataTime;
      }
      const note: [string, string][] = [
        ['列表', entry.title(params)],
        ['导出范围', EXPORT_SCOPE_LABELS[window.scope]],
        ...entry.filters(params, await this.themes().catch(() => new Map<number, string>())),
        ...(first.notes ?? []),
        ['数据时间', dataTime ?? `${shanghaiText(createdAt)} 的最新数据`],
        ['导出时间', shanghaiText(createdAt)],
        ['行数', String(writer.rows)],
      ];
      await writer.finish(note);
      const data = await fs.readFile(tmp);
      const fileName = exportFileName(title, createdAt);
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('export_files').values({ export_id: id, data }).execute();
        await trx
          .updateTable('exports')
          .set({
            state: 'done',
            rows_done: writer.rows,
            quota_rows: writer.rows,
            size_bytes: data.length,
            finished_at: new Date(),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
      });
      // the list had fewer rows than counted when the quota was spent: give the difference back
      if (writer.rows < expected) await this.quotas.refundQuota(userId, 'export', expected - writer.rows, createdAt);
      return { id: Number(id), fileName, data };
    } catch (err) {
      await this.fail(id, err);
      return err instanceof Error ? err : new Error(String(err));
    } finally {
      this.beating(id, false);
      await fs.rm(tmp, { force: true });
    }
  }

  /** Starts or ends the heartbeat of an export made in this process. */
  private beating(id: string, on: boolean): void {
    if (on) this.making.add(id);
    else this.making.delete(id);
    if (this.making.size > 0 && !this.beatTimer) {
      this.beatTimer = setInterval(() => void this.beat(), EXPORT_BEAT_MS);
      this.beatTimer.unref();
    } else if (this.making.size === 0 && this.beatTimer) {
      clearInterval(this.beatTimer);
      this.beatTimer = null;
    }
  }

  private async beat(): Promise<void> {
    if (this.making.size === 0) return;
    await this.db
      .updateTable('exports')
      .set({ updated_at: new Date() })
      .where('id', 'in', [...this.making])
      .where('state', '=', 'running')
      .execute()
      .catch(() => undefined); // the database is away: the next beat, or the sweep elsewhere
  }

  /** Marks a running export failed and gives its quota back, in one transaction (so exactly once). */
  private async fail(id: string, err: unknown): Promise<void> {
    const reason = err instanceof AppError ? err.message : ExportMsg.failed;
    try {
      await this.failRunning(sql`e.id = ${id}`, reason, new Date());
    } catch {
      // the database is gone: the stale sweep (EXPORT_STALE_MS) fails and refunds it later
    }
  }

  /**
   * Fails the running exports that `where` selects (alias e; rows another transaction holds are skipped) and gives
   * their quota_rows back to their team, in one transaction: the state change and the refund happen together,
   * once. Answers how many.
   */
  private async failRunning(where: RawBuilder<unknown>, reason: string, now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await sql<{ id: string; owner_id: string; quota_rows: number; created_at: Date }>`
        SELECT e.id, e.owner_id, e.quota_rows, e.created_at FROM exports e
        WHERE e.state = 'running' AND ${where}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      for (const row of rows.rows) {
        await trx
          .updateTable('exports')
          .set({ state: 'failed', error: reason, quota_rows: 0, finished_at: now, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        await this.quotas.refundTeamIn(trx as unknown as Db, row.owner_id, 'export', row.quota_rows, row.created_at);
      }
      return rows.rows.length;
    });
  }

  private async team(userId: string): Promise<string> {
    const user = await this.users.requireUser(userId);
    return user.parentId ?? user.id;
  }

  /** An export of the caller's team, or 导出记录不存在或已过期 (another team's id is answered the same way). */
  private async owned(userId: string, id: number): Promise<ExportRow> {
    const owner = await this.team(userId);
    const row = await this.rows()
      .where('e.id', '=', String(id))
      .where('e.owner_id', '=', owner)
      .where('e.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) throw AppError.fail(ExportMsg.notFound);
    return row;
  }

  private rows() {
    return this.db
      .selectFrom('exports as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.id',
        'e.owner_id',
        'e.list',
        'e.scope',
        'e.file_name',
        'e.state',
        'e.rows_total',
        'e.rows_done',
        'e.size_bytes',
        'e.error',
        'e.created_at',
        'e.finished_at',
        'e.expires_at',
        'u.username',
        'e.params',
      ]);
  }

  private async record(id: string): Promise<ExportRecord> {
    const row = await this.rows().where('e.id', '=', id).executeTakeFirstOrThrow();
    return this.toRecord(row);
  }

  private toRecord(row: ExportRow): ExportRecord {
    const list = isExportList(row.list) ? this.lists[row.list] : null;
    return {
      id: Number(row.id),
      list: row.list,
      listTitle: list ? listTitleOf(list, row.params) : row.list,
      fileName: row.file_name,
      scope: row.scope,
      state: row.state,
      rowsTotal: row.rows_total,
      rowsDone: row.rows_done,
      sizeBytes: row.size_bytes,
      userName: row.username,
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
      expiresAt: row.expires_at.toISOString(),
      error: row.error,
    };
  }

  async status(userId: string, id: number): Promise<ExportRecord> {
    await this.sweepStale();
    return this.toRecord(await this.owned(userId, id));
  }

  /** 导出记录: the team's exports of the last EXPORT_RETENTION_DAYS, newest first. */
  async records(userId: string, pageNo: number, pageSize: number): Promise<{ records: ExportRecord[]; total: number }> {
    await this.sweepStale();
    const owner = await this.team(userId);
    const [rows, count] = await Promise.all([
      this.rows()
        .where('e.owner_id', '=', owner)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('exports')
        .select(sql<string>`count(*)`.as('n'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map((r) => this.toRecord(r)), total: Number(count.n) };
  }

  /** A download link for a finished file of the caller's team, good for EXPORT_LINK_TTL_MINUTES. */
  async link(userId: string, id: number, now: Date = new Date()): Promise<{ url: string; expiresAt: string }> {
    const row = await this.owned(userId, id);
    if (row.state !== 'done') throw AppError.fail(row.state === 'failed' ? ExportMsg.failed : ExportMsg.notReady);
    const { token, hash } = newToken();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MINUTES * 60_000);
    await this.db
      .updateTable('exports')
      .set({ link_hash: hash, link_expires_at: expiresAt })
      .where('id', '=', row.id)
      .execute();
    return { url: `/api/export/file?id=${row.id}&token=${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The file behind a download link (no session: the link's token is the proof, checked in constant time). */
  async file(id: number, token: string, now: Date = new Date()): Promise<ExportFile> {
    const row = await this.db
      .selectFrom('exports as e')
      .innerJoin('export_files as f', 'f.export_id', 'e.id')
      .select(['e.id', 'e.file_name', 'e.link_hash', 'e.link_expires_at', 'e.expires_at', 'f.data'])
      .where('e.id', '=', String(id))
      .where('e.state', '=', 'done')
      .executeTakeFirst();
    const valid =
      row?.link_hash &&
      row.link_expires_at &&
      row.link_expires_at > now &&
      row.expires_at > now &&
      safeEqual(row.link_hash, hashToken(token));
    if (!row || !valid) throw AppError.fail(ExportMsg.linkExpired);
    return { id: Number(row.id), fileName: row.file_name, data: row.data };
  }

  /**
   * Running exports whose process ended (no heartbeat for EXPORT_STALE_MS, not made here, not waiting in the
   * `export.produce` queue): failed, their quota given back once; and exports past EXPORT_RETENTION_DAYS deleted.
   * Run at start and every EXPORT_SWEEP_MS (startSweeper), and by 导出记录 and status calls.
   */
  async sweepStale(now: Date = new Date()): Promise<number> {
    const cut = new Date(now.getTime() - EXPORT_STALE_MS);
    const mine = [...this.making];
    const queued = (await this.hasJobQueue())
      ? sql`AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'export.produce'
                              AND j.singleton_key = 'export:' || e.id AND j.state IN ('created', 'retry'))`
      : sql``;
    const stale = await this.failRunning(
      sql`e.updated_at < ${cut} AND NOT (e.id = ANY(${mine}::bigint[])) ${queued}`,
      ExportMsg.failed,
      now,
    );
    // files past their retention go with their rows (export_files cascades), whoever's they were
    await this.db.deleteFrom('exports').where('expires_at', '<=', now).execute();
    return stale;
  }

  private jobQueue: boolean | null = null;

  private async hasJobQueue(): Promise<boolean> {
    if (this.jobQueue) return true;
    const r = await sql<{ t: string | null }>`SELECT to_regclass('pgboss.job')::text AS t`.execute(this.db);
    this.jobQueue = r.rows[0]?.t != null;
    return this.jobQueue;
  }

  /** Sweeps now and every `intervalMs` (main.ts); answers the stop. A failed sweep (database away) waits for the next. */
  startSweeper(intervalMs = EXPORT_SWEEP_MS, log: (line: string) => void = () => undefined): () => void {
    const sweep = () =>
      void this.sweepStale()
        .then((n) => {
          if (n > 0) log(`[export] ${n} interrupted export(s) marked failed, quota given back`);
        })
        .catch(() => undefined);
    sweep();
    const timer = setInterval(sweep, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

const LIST_TITLES: Readonly<Record<ExportListName, string>> = {
  fansRanking: '粉丝榜',
  increaseReduceRanking: '涨掉粉榜',
  businessRanking: '商业榜',
  companyRanking: '机构榜',
  searchKol: 'UP主搜索',
  myLinkKol: 'UP主收藏',
  myLinkVideo: '视频收藏',
  videoDataTendency: '视频数据报告',
  searchContent: '内容搜索',
  searchVideo: '视频搜索',
  moldbabyVideo: '热门视频',
  opinionList: '舆情列表',
  opinionNotice: '舆情预警通知',
  exposureRank: '品牌曝光榜',
  exposureSearch: '品牌搜索',
  brandVideos: '品牌相关视频',
  saleReportGoods: '销售报告商品',
  goodsSearch: '商品搜索',
  goodsRank: '商品排行',
  sellGoodsKol: '带货达人',
};

/**
 * The 导出记录 title of an export: the list's own title for the parameters it was made with (a 投放清单 export
 * of myLinkKol is 投放清单UP主, not UP主收藏: issue #23), else the list's generic name.
 */
export function listTitleOf(list: AnyExportList, stored: unknown): string {
  const params = typeof stored === 'object' && stored !== null && 'params' in stored ? stored.params : undefined;
  const parsed = list.schema.safeParse(params);
  return parsed.success ? list.title(parsed.data) : LIST_TITLES[list.name];
}

/**
 * The rows an export asks for. On a list call `export=1` is the page the call names; elsewhere `export` is a
 * count from the first row of the page named by pageNo/pageSize (前100条: pageNo 1, export 100), or `all`.
 */
export function exportWindow(
  fields: ExportParams,
  params: { pageNo: number; pageSize: number },
  listCall: boolean,
): Window {
  const pageStart = (params.pageNo - 1) * params.pageSize;
  if (fields.export === 'all') return { scope: 'all', start: 0, count: EXPORT_MAX_ROWS };
  if (listCall && fields.export === 1) return { scope: 'page', start: pageStart, count: params.pageSize };
  const scope: ExportScope =
    fields.scope ?? (pageStart === 0 && fields.export === EXPORT_FIRST_N ? 'first100' : 'page');
  if (scope === 'all') return { scope, start: 0, count: fields.export };
  return { scope, start: pageStart, count: fields.export };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
function shanghaiText(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The one-pass reader of a list for an export of all results, when the list has one (ExportList.all). */
function onePassOf(entry: AnyExportList, window: Window): AnyExportList['all'] | null {
  return window.scope === 'all' && window.start === 0 ? (entry.all ?? null) : null;
}
