/**
 * Bilibili's aid → bvid encoding (the 2024 algorithm for aids below 2^51): XOR with a fixed code, base-58
 * with a fixed alphabet, then two swaps. Generated videos get real-looking, unique BV ids this way
 * (the mapping is a bijection). Checked against the real samples in shared/data/bilibili-api.
 */
const XOR_CODE = 23442827791579n;
const MAX_AID = 1n << 51n;
const BASE = 58n;
const ALPHABET = 'FcwAPNKTMug3GV5Lj7EJnHpWsx4tb8haYeviqBz6rkCy12mUSDQX9RdoZf';

export function aidToBvid(aid: number | bigint): string {
  const chars = ['B', 'V', '1', '0', '0', '0', '0', '0', '0', '0', '0', '0'];
  let index = chars.length - 1;
  let tmp = (MAX_AID | BigInt(aid)) ^ XOR_CODE;
  while (tmp > 0n && index >= 3) {
    chars[index] = ALPHABET[Number(tmp % BASE)] ?? '1';
    tmp /= BASE;
    index -= 1;
  }
  swap(chars, 3, 9);
  swap(chars, 4, 7);
  return chars.join('');
}

function swap(chars: string[], i: number, j: number): void {
  const a = chars[i] ?? '';
  chars[i] = chars[j] ?? '';
  chars[j] = a;
}
