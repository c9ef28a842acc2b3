/**
 * Building blocks for the platform's JSON, lenient where the platform is: numbers sometimes arrive as
 * strings (`card.mid: "2"`, `member.mid`), optional strings as null, URLs protocol-relative.
 */
import { z } from 'zod';
import type { OfficialType, Sex } from '../records.js';

/** A number, or a string holding one. */
export const num = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform((v) => Number(v));

/** A number that may be missing or null → null. */
export const optNum = z
  .union([num, z.null(), z.literal('')])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : v));

/** A string that may be missing or null → ''. */
export const str = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** A number with a default when missing or null. */
export const numOr = (def: number) => num.nullish().transform((v) => (v === null || v === undefined ? def : v));

/** The common envelope: `{code, message, ttl, data}`; the live API adds `msg`. */
export const Envelope = z.object({
  code: num,
  message: z.string().optional(),
  msg: z.string().optional(),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

export function envelopeMessage(e: Envelope): string {
  return e.message ?? e.msg ?? '';
}

/** 女 → 0, 男 → 1, anything else (保密, empty) → 2. */
export function sexFromText(text: string): Sex {
  if (text === '女') return 0;
  if (text === '男') return 1;
  return 2;
}

/** Search's `gender`: 1 male, 2 female, 3 secret. */
export function sexFromGender(gender: number): Sex {
  if (gender === 1) return 1;
  if (gender === 2) return 0;
  return 2;
}

const PERSONAL_ROLES = new Set([1, 2, 7, 9]);
const ORGANISATION_ROLES = new Set([3, 4, 5, 6]);

/**
 * `official` / `Official`: type −1 none, 0 personal, 1 organisation; `role` 1/2/7/9 are personal kinds
 * (知名UP主, 大V达人, 高能主播, 社会知名人士), 3–6 organisations (企业, 组织, 媒体, 政府). Type decides when set.
 */
export function officialTypeOf(type: number | null, role: number | null): OfficialType {
  if (type === 0) return 1;
  if (type === 1) return 2;
  if (role !== null && PERSONAL_ROLES.has(role)) return 1;
  if (role !== null && ORGANISATION_ROLES.has(role)) return 2;
  return 0;
}

export const Official = z.object({
  role: optNum,
  title: str,
  type: optNum,
});

/** `//i0.hdslb.com/…` → `https://i0.hdslb.com/…`; other values unchanged. */
export function absoluteUrl(url: string): string {
  return url.startsWith('//') ? `https:${url}` : url;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the XML/HTML entities the platform uses (named ones above and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Search titles carry `<em class="keyword">…</em>` highlights: drop the tags, decode entities. */
export function stripHighlight(text: string): string {
  return decodeEntities(text.replace(/<\/?em[^>]*>/gi, ''));
}

/** "22:11" → 1331, "58:6" → 3486, "1:02:03" → 3723; a plain number of seconds passes through. */
export function durationSeconds(value: string | number): number {
  if (typeof value === 'number') return value;
  const parts = value.split(':').map((p) => Number(p));
  if (parts.some((p) => !Number.isFinite(p))) return 0;
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

/** "IP属地：广东" → "广东"; empty → null. */
export function ipLocation(location: string | null | undefined): string | null {
  if (!location) return null;
  const text = location.replace(/^IP属地[：:]\s*/, '').trim();
  return text === '' ? null : text;
}
