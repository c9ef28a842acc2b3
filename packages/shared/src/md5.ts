/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as 32 lowercase hex digits: the hash of the request sign (§7).
 * A compact implementation in place of the js-md5 package, whose streaming, ArrayBuffer, HMAC and base64
 * variants every web page's first load carried (issue #18, bundle budgets); md5.test.ts checks it against
 * node:crypto.
 */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** K[i] = floor(2^32 · |sin(i + 1)|) */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

/** UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as in TextEncoder). */
function utf8(input: string): number[] {
  const bytes: number[] = [];
  for (const char of input) {
    let code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

export function md5(input: string): string {
  const bytes = utf8(input);
  const blocks = ((bytes.length + 8) >>> 6) + 1;
  const words = new Int32Array(blocks * 16);
  for (let i = 0; i < bytes.length; i += 1) words[i >> 2]! |= bytes[i]! << ((i % 4) * 8);
  words[bytes.length >> 2]! |= 0x80 << ((bytes.length % 4) * 8);
  const bits = bytes.length * 8;
  words[blocks * 16 - 2] = bits | 0;
  words[blocks * 16 - 1] = Math.floor(bits / 2 ** 32);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let block = 0; block < words.length; block += 16) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i += 1) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + K[i]! + words[block + g]!) | 0;
      const shift = SHIFTS[round * 4 + (i % 4)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0])
    for (let i = 0; i < 4; i += 1) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}
