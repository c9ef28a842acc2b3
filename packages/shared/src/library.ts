import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { pagingShape } from './discovery.js';
import { Msg } from './messages.js';
import { blank, intIn, text } from './validation.js';

/**
 * The private creator library (myUp, /middleground/myUp?kolUid=; issue #15; spec §2.6, §3, §4, §5, §7.3, §9).
 * A team's own records of creators: prices, launch level, schedule note, contacts, organisation, remark.
 * Calls: GET checkKolByUrlOrUid, POST saveEredar, POST updateEredar, GET getEredar, GET eredarResourcesList,
 * GET delEredar, GET eredarPriceHistory, POST importEredar.
 */

export const LAUNCH_LEVEL_DEFAULT = 3;
export const LAUNCH_LEVEL_MAX = 5;
export const DIY_THEME_MAX_WORDS = 3;
export const DIY_THEME_WORD_MAX = 5;
export const AUCTION_CALENDAR_MAX = 7;
export const PRICE_MAX = 99_999_999;
export const IMPORT_MAX_ROWS = 500;

export const LibraryMsg = {
  /** §5 */
  linkOrIdRequired: '请粘贴博主个人中心主页面链接或达人ID',
  /** §4 influencer check −1 */
  linkInvalid: '主页链接格式有误',
  /** §4 influencer check 1 */
  uidUnknown: '根据达人ID查询库中不存在,请填写主页链接',
  /** §5 */
  diyThemeInvalid: '自定义分类 最多输入3个关键词(5个字上限)并用空格隔开',
  /** §5 */
  auctionCalendarTooLong: '档期情况 最多输入7个字',
  /** §8 success toasts */
  added: '添加成功',
  updated: '修改成功',
  // ours
  manualConfirm: '该达人尚未被系统收录（收录约需1~2小时），可先提交收录，或直接手动填写资料',
  inLibrary: '该达人已在您的达人库中，是否编辑已有记录？',
  found: '已找到该达人，资料已自动填充',
  alreadyInLibrary: '该达人已在达人库中，请直接编辑',
  locked: '编辑时主页链接和达人ID不可修改',
  /** §5 a group cannot be changed when editing */
  groupLocked: '编辑时不可修改分组',
  groupMissing: '分组不存在或已被删除',
  entryMissing: '该达人记录不存在或已被删除',
  idInvalid: '记录编号不正确',
  deleted: '删除成功',
  priceInvalid: `价格需为0到${PRICE_MAX}之间的数字，最多两位小数`,
  launchLevelInvalid: '投放等级为1到5星',
  launchCountInvalid: '投放次数需为不小于0的整数',
  genderInvalid: '性别参数有误',
  flagInvalid: '参数有误',
  textTooLong: (label: string, max: number) => `${label}最多输入${max}个字`,
  nicknameRequired: '请填写达人昵称',
  limit: (max: number) => `达人库数量已达当前版本上限（${max}个），升级会员可添加更多`,
  importEmpty: '文件中没有可导入的达人，请按模板填写',
  importTooMany: `单次最多导入${IMPORT_MAX_ROWS}位达人`,
  importBadFile: '无法读取该文件，请上传 .xlsx 或 .csv 格式的达人名单',
  importDone: (added: number, skipped: number) => `导入完成：新增${added}位，跳过${skipped}位`,
} as const;

/** influencer check isExists of §4. */
export const InfluencerCheck = {
  /** in the library, not tracked by the system: confirm editing the existing record */
  IN_LIBRARY_MANUAL: -3,
  /** in the library and tracked: confirm editing; the form is filled */
  IN_LIBRARY: -2,
  /** 主页链接格式有误 */
  BAD_LINK: -1,
  /** a valid link of a creator the system does not track: confirm manual entry (or collect first) */
  MANUAL: 0,
  /** a UID the system does not know: 根据达人ID查询库中不存在,请填写主页链接 */
  UID_UNKNOWN: 1,
  /** tracked by the system, not in the library: the form is filled */
  FOUND: 2,
} as const;

/** Form values arrive as text (numbers from a roster cell); anything else is left for the schema to refuse. */
function asText(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  return v;
}

const optText = (label: string, max: number, multiline = false) =>
  z.preprocess(
    asText,
    text(Msg.badRequest, { max, multiline, tooLong: LibraryMsg.textTooLong(label, max) }).optional(),
  );

/** A price in yuan: blank = not set (null); 0..PRICE_MAX with at most two decimals. */
const price = z.preprocess(
  (v) => (v === undefined ? undefined : blank(v) === undefined ? null : v),
  z
    .union([
      z.null(),
      z.coerce
        .number({ error: LibraryMsg.priceInvalid })
        .min(0, { error: LibraryMsg.priceInvalid })
        .max(PRICE_MAX, { error: LibraryMsg.priceInvalid })
        .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
          error: LibraryMsg.priceInvalid,
        }),
    ])
    .optional(),
);

const flag01 = (message: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .refine((v) => v === 0 || v === 1, { error: message })
      .optional(),
  );

/** §5: at most 3 keywords separated by spaces, each at most 5 characters. */
export function diyThemeOk(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  return words.length <= DIY_THEME_MAX_WORDS && words.every((w) => Array.from(w).length <= DIY_THEME_WORD_MAX);
}

/** The editable fields of a library record (§3), shared by add, edit and import. */
export const libraryFieldsShape = {
  nickname: optText('达人昵称', 50),
  fansNum: z.preprocess(
    blank,
    z.coerce.number({ error: LibraryMsg.flagInvalid }).int().min(0).max(10_000_000_000).optional(),
  ),
  gender: z.preprocess(
    blank,
    z.coerce
      .number({ error: LibraryMsg.genderInvalid })
      .int()
      .refine((v) => v === 0 || v === 1 || v === 2, { error: LibraryMsg.genderInvalid })
      .optional(),
  ),
  platformLevel: z.preprocess(blank, z.coerce.number({ error: LibraryMsg.flagInvalid }).int().min(1).max(6).optional()),
  themeId: z.preprocess(blank, z.coerce.number().int().min(0).max(100000).optional()),
  themeName: optText('分区', 20),
  diyThemeName: z.preprocess(
    (v) => {
      const text = asText(v);
      return typeof text === 'string' ? text.replace(/\s+/g, ' ') : text;
    },
    text(LibraryMsg.diyThemeInvalid).refine(diyThemeOk, { error: LibraryMsg.diyThemeInvalid }).optional(),
  ),
  isLive: flag01(LibraryMsg.flagInvalid),
  normalPrice: price,
  videoPrice: price,
  implantationPrice: price,
  specialPrice: price,
  launchLevel: z.preprocess(blank, intIn(LibraryMsg.launchLevelInvalid, 1, LAUNCH_LEVEL_MAX).optional()),
  launchCount: z.preprocess(blank, intIn(LibraryMsg.launchCountInvalid, 0, 1_000_000).optional()),
  auctionCalendar: z.preprocess(
    asText,
    text(LibraryMsg.auctionCalendarTooLong, { multiline: true })
      .refine((s) => Array.from(s).length <= AUCTION_CALENDAR_MAX, { error: LibraryMsg.auctionCalendarTooLong })
      .optional(),
  ),
  wechat: optText('微信', 50),
  phone: optText('手机号', 30),
  qq: optText('QQ', 20),
  email: optText('邮箱', 100),
  organization: optText('所属机构', 50),
  remark: optText('备注', 500, true),
  isEnter: flag01(LibraryMsg.flagInvalid),
  contactWay: optText('联系方式', 100),
  /** a custom group (0 / blank = 未分组); fixed once the record exists (§5) */
  tId: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
};

const linkOrId = {
  mainIndexUrl: z.preprocess(asText, text(Msg.badRequest, { max: 300 }).optional()),
  kolUid: z.preprocess(asText, text(Msg.badRequest, { max: 30 }).optional()),
};

/** GET /api/checkKolByUrlOrUid: url (homepage link) or kolUid. */
export const CheckKolParams = z
  .object({ url: linkOrId.mainIndexUrl, kolUid: linkOrId.kolUid })
  .refine((v) => Boolean(v.url) || Boolean(v.kolUid), { error: LibraryMsg.linkOrIdRequired });
export type CheckKolParams = z.infer<typeof CheckKolParams>;

/**
 * GET /api/collectEredar (§7.3): "先提交收录" of the add-creator dialog — the system collects a creator that it
 * does not track yet. Same input as checkKolByUrlOrUid: a homepage link or a creator id.
 */
export const CollectEredarParams = CheckKolParams;
export type CollectEredarParams = CheckKolParams;

/** §4 "Manual collect: 0 format wrong, 1 normal, 2 already collected, 3 blogger does not exist" (`flag`). */
export const ManualCollect = { FORMAT_WRONG: 0, NORMAL: 1, ALREADY_COLLECTED: 2, NOT_EXIST: 3 } as const;
export type ManualCollect = (typeof ManualCollect)[keyof typeof ManualCollect];

/** The dialog of each manual-collect flag: title and text (ours; the spec names the four outcomes only). */
export const MANUAL_COLLECT_DIALOGS: Readonly<Record<ManualCollect, { title: string; content: string }>> = {
  0: { title: '链接或UID格式有误', content: '请粘贴B站个人空间链接（space.bilibili.com/数字）或填写纯数字UID后重试' },
  1: { title: '已提交收录', content: '系统正在收录该达人，约1~2小时后可搜索到并自动填充资料，完整数据约24小时内更新' },
  2: { title: '该达人已被收录', content: '系统已收录该达人，重新查询即可自动填充资料' },
  3: { title: '博主不存在', content: '平台上找不到该UID或链接对应的博主，请检查后重新输入' },
};

/** POST /api/saveEredar: a homepage link or a creator id, plus the fields. */
export const SaveEredarParams = z
  .object({ ...linkOrId, ...libraryFieldsShape })
  .refine((v) => Boolean(v.mainIndexUrl) || Boolean(v.kolUid), { error: LibraryMsg.linkOrIdRequired });
export type SaveEredarParams = z.infer<typeof SaveEredarParams>;

const entryId = z.coerce
  .number({ error: LibraryMsg.idInvalid })
  .int({ error: LibraryMsg.idInvalid })
  .positive({ error: LibraryMsg.idInvalid });

/** POST /api/updateEredar (with id): the link and the id are locked (§5); sending other values is refused. */
export const UpdateEredarParams = z.object({ id: entryId, ...linkOrId, ...libraryFieldsShape });
export type UpdateEredarParams = z.infer<typeof UpdateEredarParams>;

export const EredarIdParams = z.object({ id: entryId });

export const LIBRARY_SORTS = ['updateTime', 'fans', 'launchLevel', 'implantationPrice', 'launchCount'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const LIBRARY_SORT_LABELS: Readonly<Record<LibrarySort, string>> = {
  updateTime: '最近更新',
  fans: '粉丝数',
  launchLevel: '投放等级',
  implantationPrice: '植入报价',
  launchCount: '投放次数',
};

/** GET /api/eredarResourcesList: search and filters inside the library. */
export const EredarListParams = z.object({
  ...pagingShape,
  keyword: z.preprocess(
    blank,
    text(Msg.badRequest, { max: 50, tooLong: LibraryMsg.textTooLong('搜索内容', 50) })
      .trim()
      .optional(),
  ),
  sort: z.preprocess(blank, z.enum(LIBRARY_SORTS, { error: LibraryMsg.flagInvalid }).default('updateTime')),
  launchLevel: z.preprocess(blank, z.coerce.number().int().min(1).max(5).optional()),
  isEnter: flag01(LibraryMsg.flagInvalid),
  isLive: flag01(LibraryMsg.flagInvalid),
  gender: z.preprocess(blank, z.coerce.number().int().min(0).max(2).optional()),
  tId: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
  priceMin: z.preprocess(blank, z.coerce.number().min(0).max(PRICE_MAX).optional()),
  priceMax: z.preprocess(blank, z.coerce.number().min(0).max(PRICE_MAX).optional()),
  kolUid: z.preprocess(blank, z.coerce.number().int().positive().optional()),
});
export type EredarListParams = z.infer<typeof EredarListParams>;

/** POST /api/importEredar: a roster file (.xlsx or .csv) as base64. */
export const ImportEredarParams = z.object({
  fileName: text(LibraryMsg.importBadFile, { max: 200 }).trim().min(1, { error: LibraryMsg.importBadFile }),
  content: text(LibraryMsg.importBadFile, { max: 1_000_000, tooLong: LibraryMsg.importBadFile }).min(1, {
    error: LibraryMsg.importBadFile,
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A library record's contact fields (§3), stored in columns of the same names. */
export interface EredarContact {
  wechat: string;
  phone: string;
  qq: string;
  email: string;
  organization: string;
  remark: string;
}

/** A library record: the 28 fields of §3 plus id, group and who added / changed it. */
export interface EredarEntry extends EredarContact {
  id: number;
  mainIndexUrl: string;
  nickname: string;
  kolUid: number;
  /** the system's creator id when tracked, else null */
  kolId: number | null;
  kolImg: string;
  /** the team member who added it */
  userid: number | null;
  addedBy: string;
  updatedBy: string;
  fansNum: number;
  gender: number;
  platformLevel: number | null;
  themeName: string;
  themeId: number | null;
  diyThemeName: string;
  isLive: number;
  normalPrice: number | null;
  videoPrice: number | null;
  implantationPrice: number | null;
  specialPrice: number | null;
  launchLevel: number;
  launchCount: number;
  /** the last change of each price (ISO time), null if never changed after adding */
  updateImplantationPriceTem: string | null;
  updateDynamicPriceTem: string | null;
  updateSpecialPriceTem: string | null;
  auctionCalendar: string;
  isEnter: number;
  contactWay: string;
  tId: number;
  groupName: string;
  updateTime: string;
  addTime: string;
}

export interface PriceChange {
  kind: 'implantation' | 'dynamic' | 'special' | 'video';
  oldPrice: number | null;
  newPrice: number | null;
  changedBy: string;
  changedAt: string;
}

export interface CheckKolAnswer extends ApiEnvelope {
  isExists: number;
  /** the existing record's id (−2, −3) */
  id: number | null;
  kolUid: number | null;
  mainIndexUrl: string;
  /** the form's prefill (2, −2) */
  kolInfo: {
    kolId: number;
    nickname: string;
    kolImg: string;
    fansNum: number;
    gender: number;
    /** null when the platform did not send it (shown "-") */
    platformLevel: number | null;
    themeName: string;
    themeId: number | null;
    isLive: number;
    organization: string;
  } | null;
}

export interface EredarListAnswer extends ApiEnvelope {
  list: EredarEntry[];
  total: number;
  pageNo: number;
  pageSize: number;
  count: number;
  limit: number;
}

export type ImportRowResult = 'added' | 'exists' | 'badLink' | 'notFound' | 'invalid';
export const IMPORT_RESULT_LABELS: Readonly<Record<ImportRowResult, string>> = {
  added: '已添加',
  exists: '已在库中',
  badLink: '链接格式有误',
  notFound: '未找到该达人',
  invalid: '资料有误',
};
export interface ImportRow {
  row: number;
  input: string;
  result: ImportRowResult;
  message: string;
  id: number | null;
}
export interface ImportEredarAnswer extends ApiEnvelope {
  rows: ImportRow[];
  added: number;
  skipped: number;
}
