/**
 * Brand names in texts, from the operator-editable dictionary (brands / brand_aliases, 0061). Pure; the
 * dictionary is loaded by the repository and compiled once per use (`BrandMatcher`). docs/metrics.md
 * "Commerce detection".
 *
 * Rules:
 * 1. Matching is case-insensitive. A Latin alias (ASCII letters / digits) matches only on word boundaries: "MAC"
 *    is not found in "MacBook", "AMD" not in "AMDX", "NB" not in "NBA" (a model number may follow: iPhone16).
 * 2. Where aliases overlap, the longest wins (小米汽车 over 小米, 理想汽车 over 理想); two matches never share a
 *    character.
 * 3. An alias never counts inside one of its exclude phrases (小米粥, 吃苹果, 大众点评, 王者荣耀 for 荣耀).
 * 4. An ambiguous alias (also a common word) counts only with context: one of its own context words or a word
 *    of its brand's category (CATEGORY_CONTEXT) within CONTEXT_WINDOW characters either side; or written as a
 *    brand is (followed by 旗舰店 / 官方 / 品牌 / a model number such as 小米14).
 */

export interface BrandAlias {
  brandId: number;
  brandName: string;
  category: string;
  alias: string;
  ambiguous: boolean;
  contextWords: readonly string[];
  excludePhrases: readonly string[];
}

export interface BrandHit {
  brandId: number;
  brandName: string;
  alias: string;
  /** offset in the text */
  index: number;
  /** the text around the match (≤ 2 × EVIDENCE_SIDE + alias) */
  evidence: string;
}

export const CONTEXT_WINDOW = 24;
const EVIDENCE_SIDE = 30;

/** Words that make an ambiguous alias of a category's brand read as the brand, when the alias has none. */
export const CATEGORY_CONTEXT: Readonly<Record<string, readonly string[]>> = {
  数码: [
    '手机',
    '平板',
    '电脑',
    '笔记本',
    '耳机',
    '相机',
    '发布会',
    '旗舰',
    '芯片',
    '屏幕',
    '续航',
    '评测',
    '开箱',
    '显卡',
  ],
  美妆: ['口红', '粉底', '护肤', '精华', '面霜', '彩妆', '色号', '眼影', '面膜', '防晒', '妆'],
  食品饮料: ['好吃', '口味', '零食', '饮料', '试吃', '味道', '外卖', '一箱', '一瓶', '口感'],
  服饰: ['衣服', '穿搭', '外套', '鞋', '裤', '卫衣', '羽绒服', '尺码', '上身'],
  家电: ['空调', '冰箱', '洗衣机', '电视', '扫地机', '家电', '吸尘器', '热水器'],
  游戏: ['游戏', '手游', '抽卡', '版本', '玩家', '新角色', '公测'],
  汽车: ['汽车', '新车', '试驾', '车型', '续航', '提车', 'SUV', '轿车', '智驾', '车机'],
  母婴: ['宝宝', '婴儿', '奶粉', '纸尿裤', '辅食', '孕期', '育儿'],
  个护: ['洗发水', '沐浴露', '牙膏', '剃须', '洗衣液', '护发'],
  家居: ['家居', '沙发', '床垫', '收纳', '装修', '文具'],
  运动户外: ['户外', '冲锋衣', '跑步', '徒步', '露营', '健身'],
  互联网服务: ['APP', 'app', '下载', '会员', '官方', '平台', '下单'],
  教育: ['课程', '学习', '考试', '备考', 'APP'],
  医药保健: ['维生素', '保健', '药', '补充剂'],
  宠物: ['猫粮', '狗粮', '猫咪', '狗狗', '宠物', '主子'],
};

/** Written as a brand: followed by a shop word or a model number. */
const BRANDISH_AFTER =
  /^(?:旗舰店|官方|品牌|官旗|自营|\s?[0-9]{1,4}(?![0-9]|\s?[斤个块元只颗箱袋克盒包片份件次天年月日号点分秒%kg])(?:\s?(?:Pro|Ultra|Max|Plus|SE|mini))?)/i;

const isLatin = (s: string) => /^[\x20-\x7e]+$/.test(s);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);
/** a Latin alias may be followed by a model number (iPhone16, RTX4090) but not by a letter (MacBook for MAC) */
const isLetter = (ch: string | undefined) => ch !== undefined && /[A-Za-z]/.test(ch);

interface Compiled extends BrandAlias {
  lower: string;
  latin: boolean;
  excludeLower: string[];
  context: string[];
}

export class BrandMatcher {
  private readonly byFirst = new Map<string, Compiled[]>();
  readonly size: number;

  constructor(aliases: readonly BrandAlias[]) {
    for (const a of aliases) {
      const lower = a.alias.toLowerCase();
      const first = lower[0];
      if (!first) continue;
      const c: Compiled = {
        ...a,
        lower,
        latin: isLatin(a.alias),
        excludeLower: a.excludePhrases.map((p) => p.toLowerCase()),
        context: [...a.contextWords, ...(CATEGORY_CONTEXT[a.category] ?? [])].map((w) => w.toLowerCase()),
      };
      const list = this.byFirst.get(first) ?? [];
      list.push(c);
      this.byFirst.set(first, list);
    }
    for (const list of this.byFirst.values()) list.sort((x, y) => y.lower.length - x.lower.length);
    this.size = aliases.length;
  }

  /** Every brand hit in `text`, in order (a brand may appear more than once). */
  find(text: string): BrandHit[] {
    const lower = text.toLowerCase();
    const out: BrandHit[] = [];
    let i = 0;
    while (i < lower.length) {
      const candidates = this.byFirst.get(lower[i] ?? '');
      let taken = 0;
      if (candidates) {
        for (const c of candidates) {
          if (!lower.startsWith(c.lower, i)) continue;
          const end = i + c.lower.length;
          if (c.latin && (isWordChar(text[i - 1]) || isLetter(text[end]))) continue;
          if (this.excluded(lower, i, c)) continue;
          if (c.ambiguous && !this.inContext(text, lower, i, end, c)) continue;
          out.push({
            brandId: c.brandId,
            brandName: c.brandName,
            alias: text.slice(i, end),
            index: i,
            evidence: text
              .slice(Math.max(0, i - EVIDENCE_SIDE), end + EVIDENCE_SIDE)
              .replace(/\s+/g, ' ')
              .trim(),
          });
          taken = c.lower.length;
          break;
        }
      }
      i += taken > 0 ? taken : 1;
    }
    return out;
  }

  /** The distinct brands of `text` (first hit of each). */
  brands(text: string): BrandHit[] {
    const seen = new Set<number>();
    return this.find(text).filter((h) => (seen.has(h.brandId) ? false : (seen.add(h.brandId), true)));
  }

  private excluded(lower: string, i: number, c: Compiled): boolean {
    for (const phrase of c.excludeLower) {
      const at = phrase.indexOf(c.lower);
      if (at < 0) continue;
      if (lower.startsWith(phrase, i - at)) return true;
    }
    return false;
  }

  private inContext(text: string, lower: string, i: number, end: number, c: Compiled): boolean {
    if (BRANDISH_AFTER.test(text.slice(end, end + 12))) return true;
    const from = Math.max(0, i - CONTEXT_WINDOW);
    const window = lower.slice(from, i) + ' ' + lower.slice(end, end + CONTEXT_WINDOW);
    return c.context.some((w) => window.includes(w));
  }
}
