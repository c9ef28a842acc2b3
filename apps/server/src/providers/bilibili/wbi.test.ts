import { describe, expect, it } from 'vitest';
import { MIXIN_KEY_ENC_TAB, WbiKeyStore, keyFromUrl, md5Hex, mixinKey, signWbi, wbiQuery } from './wbi.js';

// The test vectors of shared/data/bilibili-api/ENDPOINTS.md § WBI signing.
const IMG_KEY = '7cd084941338484aae1ad9425b84077c';
const SUB_KEY = '4932caff0ff746eab6f01bf08b70ac45';

describe('WBI signing', () => {
  it('the permutation table is a permutation of 0..63', () => {
    expect([...MIXIN_KEY_ENC_TAB].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
  });

  it('vector 1: mixin key from img_key + sub_key', () => {
    expect(mixinKey(IMG_KEY, SUB_KEY)).toBe('ea1db124af3c7062474693fa704f4ff8');
  });

  it('vector 2: sorted query with wts and w_rid', () => {
    const signed = signWbi({ foo: '114', bar: '514', zab: 1919810 }, mixinKey(IMG_KEY, SUB_KEY), 1702204169);
    expect(signed.wRid).toBe('8f6f2b5b3d485fe1886cec6a0be8c5d4');
    expect(signed.query).toBe('bar=514&foo=114&wts=1702204169&zab=1919810&w_rid=8f6f2b5b3d485fe1886cec6a0be8c5d4');
    expect(md5Hex('bar=514&foo=114&wts=1702204169&zab=1919810' + 'ea1db124af3c7062474693fa704f4ff8')).toBe(signed.wRid);
  });

  it('vector 3: encodeURIComponent encoding (upper-case %XX, space as %20)', () => {
    expect(wbiQuery({ foo: 'one one four', bar: '五一四', baz: 1919810 })).toBe(
      'bar=%E4%BA%94%E4%B8%80%E5%9B%9B&baz=1919810&foo=one%20one%20four',
    );
  });

  it("strips !'()* from values before signing", () => {
    expect(wbiQuery({ keyword: "a!b'c(d)e*f" })).toBe('keyword=abcdef');
    const a = signWbi({ keyword: '(hi)!' }, 'k'.repeat(32), 1);
    const b = signWbi({ keyword: 'hi' }, 'k'.repeat(32), 1);
    expect(a.wRid).toBe(b.wRid);
  });

  it('takes the key from the wbi_img URL stem', () => {
    expect(keyFromUrl(`https://i0.hdslb.com/bfs/wbi/${IMG_KEY}.png`)).toBe(IMG_KEY);
    expect(keyFromUrl(SUB_KEY)).toBe(SUB_KEY);
  });

  it('rejects keys of the wrong length', () => {
    expect(() => mixinKey('abc', SUB_KEY)).toThrow(/32 characters/);
  });
});

describe('WbiKeyStore', () => {
  it('fetches once per Asia/Shanghai day, shares concurrent fetches, refetches after invalidate()', async () => {
    // 2026-11-01 15:00 UTC = 23:00 in Shanghai
    let now = Date.parse('2026-11-01T15:00:00Z');
    let calls = 0;
    const store = new WbiKeyStore(
      () => {
        calls += 1;
        return Promise.resolve({ imgKey: IMG_KEY, subKey: SUB_KEY });
      },
      () => now,
    );

    const [a, b] = await Promise.all([store.mixin(), store.mixin()]);
    expect(a).toBe('ea1db124af3c7062474693fa704f4ff8');
    expect(b).toBe(a);
    expect(calls).toBe(1);

    now += 30 * 60 * 1000; // 23:30 Shanghai: same day
    await store.mixin();
    expect(calls).toBe(1);

    now += 60 * 60 * 1000; // 00:30 Shanghai next day: keys rotate daily
    await store.mixin();
    expect(calls).toBe(2);

    store.invalidate(); // a −352/−403 answer
    await store.mixin();
    expect(calls).toBe(3);
    expect(store.fetches).toBe(3);
  });

  it('a failed fetch is not cached', async () => {
    let fail = true;
    const store = new WbiKeyStore(() =>
      fail ? Promise.reject(new Error('nav down')) : Promise.resolve({ imgKey: IMG_KEY, subKey: SUB_KEY }),
    );
    await expect(store.mixin()).rejects.toThrow('nav down');
    fail = false;
    await expect(store.mixin()).resolves.toBe('ea1db124af3c7062474693fa704f4ff8');
  });
});
