import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5.js';

const nodeMd5 = (input: string): string => createHash('md5').update(input, 'utf8').digest('hex');

describe('md5', () => {
  it('gives the RFC 1321 test-suite digests', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });
  it('hashes the UTF-8 bytes of any length like node:crypto (block edges, Chinese, emoji)', () => {
    const samples = ['游戏', 'UP主搜索 · 😀', 'xg-9f3c1e7a5b2d4c68', 'é\u0800\uffff', 'lone \ud800 surrogate'];
    for (let n = 0; n <= 200; n += 1) samples.push('x'.repeat(n), '中'.repeat(n));
    for (const s of samples) expect(md5(s), JSON.stringify(s)).toBe(nodeMd5(s));
  });
});
