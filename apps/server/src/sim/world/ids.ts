/**
 * Identifier spaces of the simulated world.
 *
 * Seeded videos keep the generator's aids: `AID_BASE + slot × AID_SLOT + r` (r < AID_SLOT), where `slot` is the
 * video's global slot (videos.id − 1). The two constants mirror db/seed/world/generate.ts (not exported
 * there); ids.test.ts checks them against the generator's output, so a change there fails loudly here.
 * Videos published after the seeded world get consecutive aids above the seeded range, cids and rpids are
 * derived from a per-video key so that every id maps back to its video without an index.
 */
export const AID_BASE = 113_000_000_000_000;
export const AID_SLOT = 1000;
/** Most new videos one creator publishes per world day (a cap on the Poisson draw). */
export const MAX_NEW_PER_DAY = 4;
/** Pages (分P) per video are at most this many; cids reserve this many numbers per video. */
export const MAX_PAGES = 8;
const CID_SEEDED_BASE = 30_000_000_000;
const CID_NEW_BASE = 40_000_000_000;
/** Comment ids: video key × RPID_STRIDE + comment index + 1 (keys of new videos start at NEW_KEY_BASE). */
const RPID_STRIDE = 10_000_000;
export const NEW_KEY_BASE = 100_000_000;

/** The first aid above the seeded range. */
export function newAidBase(videoCount: number): number {
  return AID_BASE + videoCount * AID_SLOT;
}

export type VideoRef =
  { kind: 'seeded'; slot: number } | { kind: 'new'; index: number; day: number; creatorIndex: number; ordinal: number };

/** Where an aid lives (without checking that such a video exists at any time). */
export function refOfAid(aid: number, videoCount: number, creatorCount: number): VideoRef | null {
  if (!Number.isSafeInteger(aid) || aid < AID_BASE) return null;
  const base = newAidBase(videoCount);
  if (aid < base) return { kind: 'seeded', slot: Math.floor((aid - AID_BASE) / AID_SLOT) };
  const index = aid - base;
  const ordinal = index % MAX_NEW_PER_DAY;
  const rest = Math.floor(index / MAX_NEW_PER_DAY);
  return { kind: 'new', index, ordinal, creatorIndex: rest % creatorCount, day: Math.floor(rest / creatorCount) };
}

export function newVideoAid(
  videoCount: number,
  creatorCount: number,
  day: number,
  creatorIndex: number,
  ordinal: number,
): number {
  return newAidBase(videoCount) + (day * creatorCount + creatorIndex) * MAX_NEW_PER_DAY + ordinal;
}

/** A video's key: its seeded slot, or NEW_KEY_BASE + its index above the seeded range. */
export function videoKey(ref: VideoRef): number {
  return ref.kind === 'seeded' ? ref.slot : NEW_KEY_BASE + ref.index;
}

export function cidOf(key: number, page: number): number {
  return key < NEW_KEY_BASE
    ? CID_SEEDED_BASE + key * MAX_PAGES + page
    : CID_NEW_BASE + (key - NEW_KEY_BASE) * MAX_PAGES + page;
}

/** cid → (video key, page index), or null outside the simulated ranges. */
export function keyOfCid(cid: number): { key: number; page: number } | null {
  if (!Number.isSafeInteger(cid) || cid < CID_SEEDED_BASE) return null;
  if (cid < CID_NEW_BASE) {
    const off = cid - CID_SEEDED_BASE;
    return { key: Math.floor(off / MAX_PAGES), page: off % MAX_PAGES };
  }
  const off = cid - CID_NEW_BASE;
  return { key: NEW_KEY_BASE + Math.floor(off / MAX_PAGES), page: off % MAX_PAGES };
}

export function rpidOf(key: number, index: number): number {
  return key * RPID_STRIDE + index + 1;
}

/**
 * A video's rpid block: root comments take its lower half, sub-replies (楼中楼) the upper half, in slots of
 * MAX_SUB_REPLIES per root; only the first MAX_ROOTS_WITH_REPLIES roots can carry sub-replies.
 */
const ROOT_SPACE = RPID_STRIDE / 2;
/** Sub-replies one root comment can have at most. */
export const MAX_SUB_REPLIES = 16;
export const MAX_ROOTS_WITH_REPLIES = ROOT_SPACE / MAX_SUB_REPLIES;

/** The root comment index space per video (more comments than this are not simulated). */
export const MAX_COMMENTS = ROOT_SPACE - 1;

/** rpid of sub-reply j (0 = oldest) under root comment `rootIndex` of the video `key`. */
export function subReplyRpidOf(key: number, rootIndex: number, j: number): number {
  return key * RPID_STRIDE + ROOT_SPACE + rootIndex * MAX_SUB_REPLIES + j + 1;
}

/** rpid → (video key, root index) of a root comment, or null when it is none (a sub-reply or outside). */
export function rootOfRpid(rpid: number): { key: number; index: number } | null {
  if (!Number.isSafeInteger(rpid) || rpid <= 0) return null;
  const key = Math.floor((rpid - 1) / RPID_STRIDE);
  const index = (rpid - 1) % RPID_STRIDE;
  return index < ROOT_SPACE ? { key, index } : null;
}

// ------------------------------------------------------------------------------------------------
// bvid → aid: the inverse of db/seed/world/bvid.ts (the 2024 algorithm for aids below 2^51).

const XOR_CODE = 23442827791579n;
const MASK_CODE = (1n << 51n) - 1n;
const ALPHABET = 'FcwAPNKTMug3GV5Lj7EJnHpWsx4tb8haYeviqBz6rkCy12mUSDQX9RdoZf';
const BVID_RE = /^BV1[1-9A-HJ-NP-Za-km-z]{9}$/;

export function bvidToAid(bvid: string): number | null {
  if (!BVID_RE.test(bvid)) return null;
  const chars = bvid.split('');
  swap(chars, 3, 9);
  swap(chars, 4, 7);
  let tmp = 0n;
  for (const c of chars.slice(3)) {
    const v = ALPHABET.indexOf(c);
    if (v < 0) return null;
    tmp = tmp * 58n + BigInt(v);
  }
  return Number((tmp & MASK_CODE) ^ XOR_CODE);
}

function swap(chars: string[], i: number, j: number): void {
  const a = chars[i] ?? '';
  chars[i] = chars[j] ?? '';
  chars[j] = a;
}
