import {
  DEFAULT_GROUP_LABEL,
  DEFAULT_GROUP_NAME,
  IMPORT_MAX_ROWS,
  IMPORT_RESULT_LABELS,
  InfluencerCheck,
  LibraryMsg,
  libraryFieldsShape,
  listLimit,
  type AnswerBody,
  type CheckKolAnswer,
  type CheckKolParams,
  type EredarEntry,
  type EredarListAnswer,
  type EredarListParams,
  type ImportEredarAnswer,
  type ImportRow,
  type PriceChange,
  type SaveEredarParams,
  type UpdateEredarParams,
} from '@xg/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { enforceLimit, teamMember, type TeamMember } from '../collect/team.js';
import { parseCreatorInput } from '../collector/creator-input.js';
import { requireFeature } from '../membership/gates.js';
import type { UserRepository } from '../user/user.repository.js';
import {
  FIELD_COLUMNS,
  type EntryRow,
  type FieldName,
  type FieldValues,
  type LibraryRepository,
} from './library.repository.js';
import { readRoster, RosterUnreadable } from './roster-file.js';

const PRICE_KINDS: readonly {
  field: FieldName;
  column: 'normal_price' | 'video_price' | 'implantation_price' | 'special_price';
  kind: PriceChange['kind'];
}[] = [
  { field: 'implantationPrice', column: 'implantation_price', kind: 'implantation' },
  { field: 'normalPrice', column: 'normal_price', kind: 'dynamic' },
  { field: 'specialPrice', column: 'special_price', kind: 'special' },
  { field: 'videoPrice', column: 'video_price', kind: 'video' },
];

/** Roster columns by their Chinese header (the template's) or wire name. */
const ROSTER_HEADERS: Readonly<Record<string, FieldName | 'link' | 'uid' | 'group'>> = {
  主页链接: 'link',
  达人主页: 'link',
  mainIndexUrl: 'link',
  达人ID: 'uid',
  UID: 'uid',
  uid: 'uid',
  kolUid: 'uid',
  昵称: 'nickname',
  达人昵称: 'nickname',
  nickname: 'nickname',
  粉丝数: 'fansNum',
  植入报价: 'implantationPrice',
  动态报价: 'normalPrice',
  视频报价: 'videoPrice',
  定制视频报价: 'videoPrice',
  特殊报价: 'specialPrice',
  投放等级: 'launchLevel',
  投放次数: 'launchCount',
  档期: 'auctionCalendar',
  档期情况: 'auctionCalendar',
  自定义分类: 'diyThemeName',
  微信: 'wechat',
  手机号: 'phone',
  QQ: 'qq',
  邮箱: 'email',
  所属机构: 'organization',
  备注: 'remark',
  联系方式: 'contactWay',
};

const FieldsSchema = z.object(libraryFieldsShape);

function money(v: string | null): number | null {
  return v === null ? null : Number(v);
}

export function toEntry(r: EntryRow): EredarEntry {
  return {
    id: Number(r.id),
    mainIndexUrl: r.main_index_url,
    nickname: r.nickname,
    kolUid: Number(r.kol_uid),
    kolId: r.creator_id === null ? null : Number(r.creator_id),
    kolImg: r.face ?? '',
    userid: r.added_by === null ? null : Number(r.added_by),
    addedBy: r.added_by_name ?? '',
    updatedBy: r.updated_by_name ?? '',
    fansNum: Number(r.fans_num),
    gender: r.gender,
    platformLevel: r.platform_level,
    themeName: r.theme_name,
    themeId: r.theme_id,
    diyThemeName: r.diy_theme_name,
    isLive: r.is_live,
    normalPrice: money(r.normal_price),
    videoPrice: money(r.video_price),
    implantationPrice: money(r.implantation_price),
    specialPrice: money(r.special_price),
    launchLevel: r.launch_level,
    launchCount: r.launch_count,
    updateImplantationPriceTem: r.last_implantation ? r.last_implantation.toISOString() : null,
    updateDynamicPriceTem: r.last_dynamic ? r.last_dynamic.toISOString() : null,
    updateSpecialPriceTem: r.last_special ? r.last_special.toISOString() : null,
    auctionCalendar: r.auction_calendar,
    wechat: r.wechat,
    phone: r.phone,
    qq: r.qq,
    email: r.email,
    organization: r.organization,
    remark: r.remark,
    isEnter: r.is_enter,
    contactWay: r.contact_way,
    tId: r.group_id === null || r.group_name === DEFAULT_GROUP_NAME ? 0 : Number(r.group_id),
    groupName: r.group_id === null || r.group_name === DEFAULT_GROUP_NAME ? DEFAULT_GROUP_LABEL : (r.group_name ?? ''),
    updateTime: r.updated_at.toISOString(),
    addTime: r.created_at.toISOString(),
  };
}

/** The writable fields present in a parsed request (undefined = not sent). */
function fieldsOf(p: Partial<Record<FieldName, unknown>>): FieldValues {
  const out: FieldValues = {};
  for (const name of Object.keys(FIELD_COLUMNS) as FieldName[]) {
    const v = p[name];
    if (v !== undefined) out[name] = v as string | number | null;
  }
  return out;
}

/** How an input names a creator: its UID, and whether it was a link. */
interface Target {
  mid: number | null;
  fromLink: boolean;
  url: string;
}
function targetOf(url: string | undefined, kolUid: string | undefined): Target {
  if (url) {
    const mid = parseCreatorInput(url);
    return { mid, fromLink: true, url: mid === null ? url : /^https?:\/\//i.test(url) ? url : `https://${url}` };
  }
  const mid = kolUid && /^\d{1,16}$/.test(kolUid) && Number(kolUid) > 0 ? Number(kolUid) : null;
  return { mid, fromLink: false, url: mid === null ? '' : `https://space.bilibili.com/${mid}` };
}

/**
 * The private creator library (myUp): the influencer check of §4, add / edit with the §5 rules (link and id
 * locked when editing, the group fixed), price history, search, and the batch import of a roster.
 */
export class LibraryService {
  constructor(
    private readonly repo: LibraryRepository,
    private readonly users: UserRepository,
  ) {}

  private async member(userId: string): Promise<TeamMember> {
    const m = await teamMember(this.users, userId);
    requireFeature(m, 'library.private');
    return m;
  }

  /** checkKolByUrlOrUid: isExists −3…2 (§4). */
  async check(userId: string, p: CheckKolParams): Promise<AnswerBody<CheckKolAnswer>> {
    const m = await this.member(userId);
    const target = targetOf(p.url, p.kolUid);
    const db = this.repo.database;
    const base = { id: null, kolUid: target.mid, mainIndexUrl: target.url, kolInfo: null };
    if (target.mid === null) {
      return target.fromLink
        ? { ...base, isExists: InfluencerCheck.BAD_LINK }
        : { ...base, isExists: InfluencerCheck.UID_UNKNOWN };
    }
    const [entry, creator] = await Promise.all([
      this.repo.entryIdByUid(db, m.teamId, target.mid),
      this.repo.systemCreator(db, target.mid),
    ]);
    const kolInfo = creator
      ? {
          kolId: Number(creator.id),
          nickname: creator.name,
          kolImg: creator.face,
          fansNum: Number(creator.fans),
          gender: creator.sex,
          platformLevel: creator.level,
          themeName: creator.theme_name ?? '',
          themeId: creator.tid,
          isLive: creator.is_live,
          organization: creator.mcn_name ?? '',
        }
      : null;
    if (entry) {
      return {
        ...base,
        id: Number(entry.id),
        kolInfo,
        isExists: creator ? InfluencerCheck.IN_LIBRARY : InfluencerCheck.IN_LIBRARY_MANUAL,
      };
    }
    if (creator) return { ...base, kolInfo, isExists: InfluencerCheck.FOUND };
    return { ...base, isExists: target.fromLink ? InfluencerCheck.MANUAL : InfluencerCheck.UID_UNKNOWN };
  }

  /** saveEredar: one record per UID and team (a concurrent second add answers "already in the library"). */
  async save(userId: string, p: SaveEredarParams): Promise<number> {
    const m = await this.member(userId);
    const target = targetOf(p.mainIndexUrl, p.kolUid);
    if (target.mid === null) throw AppError.fail(target.fromLink ? LibraryMsg.linkInvalid : LibraryMsg.uidUnknown);
    const mid = target.mid;
    return this.repo.locked(m.teamId, async (tx) => {
      const creator = await this.repo.systemCreator(tx, mid);
      if (!creator && !target.fromLink) throw AppError.fail(LibraryMsg.uidUnknown);
      if (!creator && !p.nickname) throw AppError.fail(LibraryMsg.nicknameRequired);
      const existing = await this.repo.entryIdByUid(tx, m.teamId, mid);
      if (existing) throw AppError.fail(LibraryMsg.alreadyInLibrary, { id: Number(existing.id) });
      enforceLimit(m, 'library', await this.repo.count(tx, m.teamId), LibraryMsg.limit);
      const groupId = await this.groupOf(tx, m.teamId, p.tId);
      const id = await this.repo.insert(tx, {
        teamId: m.teamId,
        userId: m.userId,
        uid: mid,
        creatorId: creator?.id ?? null,
        url: target.url,
        groupId,
        fields: { launchLevel: 3, ...fieldsOf(p) },
      });
      if (id === null) throw AppError.fail(LibraryMsg.alreadyInLibrary);
      return Number(id);
    });
  }

  /** updateEredar: the link, the id and the group are locked (§5); each changed price is kept in the history. */
  async update(userId: string, p: UpdateEredarParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const current = await this.repo.entry(tx, m.teamId, p.id);
      if (!current) throw AppError.fail(LibraryMsg.entryMissing);
      if (p.kolUid !== undefined && p.kolUid !== '' && p.kolUid !== current.kol_uid) {
        throw AppError.fail(LibraryMsg.locked);
      }
      if (p.mainIndexUrl !== undefined && p.mainIndexUrl !== '' && p.mainIndexUrl !== current.main_index_url) {
        throw AppError.fail(LibraryMsg.locked);
      }
      const currentGroup =
        current.group_id === null || current.group_name === DEFAULT_GROUP_NAME ? 0 : Number(current.group_id);
      if (p.tId !== undefined && p.tId !== currentGroup) throw AppError.fail(LibraryMsg.groupLocked);
      const fields = fieldsOf(p);
      const stored = await this.repo.storedPrices(tx, m.teamId, p.id);
      const changes = PRICE_KINDS.flatMap(({ field, column, kind }) => {
        if (!(field in fields) || !stored) return [];
        const next = fields[field] === null || fields[field] === undefined ? null : Number(fields[field]);
        const before = money(stored[column]);
        return next === before ? [] : [{ kind, oldPrice: stored[column], newPrice: next }];
      });
      if (Object.keys(fields).length > 0) await this.repo.update(tx, m.teamId, p.id, m.userId, fields);
      await this.repo.insertPriceChanges(tx, m.teamId, p.id, m.userId, changes);
    });
  }

  async get(userId: string, id: number): Promise<{ eredar: EredarEntry; priceHistory: PriceChange[] }> {
    const m = await this.member(userId);
    const db = this.repo.database;
    const row = await this.repo.entry(db, m.teamId, id);
    if (!row) throw AppError.fail(LibraryMsg.entryMissing);
    return { eredar: toEntry(row), priceHistory: await this.repo.priceHistory(db, m.teamId, id) };
  }

  async remove(userId: string, id: number): Promise<void> {
    const m = await this.member(userId);
    if (!(await this.repo.locked(m.teamId, (tx) => this.repo.delete(tx, m.teamId, id)))) {
      throw AppError.fail(LibraryMsg.entryMissing);
    }
  }

  async list(userId: string, p: EredarListParams): Promise<AnswerBody<EredarListAnswer>> {
    const m = await this.member(userId);
    const [rows, count] = await Promise.all([
      this.repo.list(m.teamId, p),
      this.repo.count(this.repo.database, m.teamId),
    ]);
    return {
      list: rows.map(toEntry),
      total: rows[0]?.total ? Number(rows[0].total) : 0,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      count,
      limit: listLimit('library', m.userType),
    };
  }

  /**
   * importEredar: every row of a roster in one transaction — added, already there, bad link, not found or
   * invalid, each with its reason; an unexpected failure or a roster beyond the tier's limit writes nothing.
   */
  async importRoster(userId: string, fileName: string, base64: string): Promise<AnswerBody<ImportEredarAnswer>> {
    const m = await this.member(userId);
    let records: Record<string, string>[] | null;
    try {
      records = await readRoster(fileName, Buffer.from(base64, 'base64'), IMPORT_MAX_ROWS);
    } catch (err) {
      if (err instanceof RosterUnreadable) throw AppError.fail(LibraryMsg.importBadFile);
      throw err;
    }
    if (records === null) throw AppError.fail(LibraryMsg.importBadFile);
    if (records.length === 0) throw AppError.fail(LibraryMsg.importEmpty);
    if (records.length > IMPORT_MAX_ROWS) throw AppError.fail(LibraryMsg.importTooMany);
    const recognised = records.some((r) =>
      Object.keys(r).some((k) => ROSTER_HEADERS[k] === 'link' || ROSTER_HEADERS[k] === 'uid'),
    );
    if (!recognised) throw AppError.fail(LibraryMsg.importEmpty);

    return this.repo.locked(m.teamId, async (tx) => {
      const rows: ImportRow[] = [];
      const seen = new Set<number>();
      let count = await this.repo.count(tx, m.teamId);
      const max = listLimit('library', m.userType);
      for (const [index, record] of records.entries()) {
        const rowNo = index + 2; // the header is row 1
        const raw: Record<string, string> = {};
        let link = '';
        let uid = '';
        for (const [header, value] of Object.entries(record)) {
          const field = ROSTER_HEADERS[header];
          if (field === 'link') link = value;
          else if (field === 'uid') uid = value;
          else if (field && field !== 'group' && value !== '') raw[field] = value;
        }
        const input = link || uid;
        const result = (r: ImportRow['result'], message: string, id: number | null = null) =>
          rows.push({ row: rowNo, input, result: r, message, id });
        if (!input) {
          result('badLink', LibraryMsg.linkOrIdRequired);
          continue;
        }
        const target = targetOf(link || undefined, link ? undefined : uid);
        if (target.mid === null) {
          result('badLink', target.fromLink ? LibraryMsg.linkInvalid : IMPORT_RESULT_LABELS.badLink);
          continue;
        }
        const parsed = FieldsSchema.safeParse(raw);
        if (!parsed.success) {
          result('invalid', parsed.error.issues[0]?.message ?? IMPORT_RESULT_LABELS.invalid);
          continue;
        }
        if (seen.has(target.mid) || (await this.repo.entryIdByUid(tx, m.teamId, target.mid))) {
          const existing = await this.repo.entryIdByUid(tx, m.teamId, target.mid);
          result('exists', IMPORT_RESULT_LABELS.exists, existing ? Number(existing.id) : null);
          continue;
        }
        const creator = await this.repo.systemCreator(tx, target.mid);
        if (!creator && (!target.fromLink || !parsed.data.nickname)) {
          result('notFound', target.fromLink ? LibraryMsg.nicknameRequired : LibraryMsg.uidUnknown);
          continue;
        }
        count += 1;
        // beyond the tier's limit the whole import is refused: nothing is written
        if (count > max) enforceLimit(m, 'library', count - 1, LibraryMsg.limit);
        const id = await this.repo.insert(tx, {
          teamId: m.teamId,
          userId: m.userId,
          uid: target.mid,
          creatorId: creator?.id ?? null,
          url: target.url,
          groupId: null,
          fields: { launchLevel: 3, ...fieldsOf(parsed.data) },
        });
        seen.add(target.mid);
        result('added', IMPORT_RESULT_LABELS.added, id === null ? null : Number(id));
      }
      const added = rows.filter((r) => r.result === 'added').length;
      return { rows, added, skipped: rows.length - added };
    });
  }

  private async groupOf(db: Db, teamId: string, tId: number | undefined): Promise<string | null> {
    if (!tId) return null;
    const group = await this.repo.group(db, teamId, tId);
    if (!group) throw AppError.fail(LibraryMsg.groupMissing);
    return group.name === DEFAULT_GROUP_NAME ? null : group.id;
  }
}
