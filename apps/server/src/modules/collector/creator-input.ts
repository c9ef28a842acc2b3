/**
 * What a user may type to have a creator collected (submitCollectionKol `kol` / `url`): a UID, optionally
 * written "UID:123" / "uid 123", or a homepage link — https://space.bilibili.com/<mid> (any sub-path, query or
 * fragment), the mobile https://m.bilibili.com/space/<mid>, with or without the scheme. Answers the mid, or
 * null for anything else (isExists 0, "UID或者链接输入有误").
 */
const MAX_MID = 2n ** 53n - 1n;

function midOf(digits: string): number | null {
  if (!/^\d{1,16}$/.test(digits)) return null;
  const n = BigInt(digits);
  return n > 0n && n <= MAX_MID ? Number(n) : null;
}

export function parseCreatorInput(raw: string): number | null {
  const input = raw.trim();
  if (input === '') return null;
  const uid = /^(?:uid\s*[:：]?\s*)?(\d+)$/i.exec(input);
  if (uid?.[1]) return midOf(uid[1]);
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (host === 'space.bilibili.com') return segments[0] ? midOf(segments[0]) : null;
  if (host === 'm.bilibili.com' || host === 'www.bilibili.com' || host === 'bilibili.com') {
    return segments[0] === 'space' && segments[1] ? midOf(segments[1]) : null;
  }
  return null;
}
