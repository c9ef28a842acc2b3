/**
 * WBI: the documented test vectors, and the simulator's verification over HTTP (valid, tampered, missing,
 * keys from /nav with the daily rotation).
 */
import { describe, expect, it } from 'vitest';
import { DOC_KEYS, FULL_COOKIE, signedUrl, testServer } from './testing/harness.js';
import { mixinKey, signWbi, verifyWbi, wbiQuery } from './http/wbi.js';

describe('WBI signing against the documented vectors', () => {
  it('mixin key', () => {
    expect(mixinKey(DOC_KEYS)).toBe('ea1db124af3c7062474693fa704f4ff8');
  });

  it('w_rid of {foo:114, bar:514, zab:1919810} at wts=1702204169', () => {
    const signed = signWbi({ foo: '114', bar: '514', zab: 1919810 }, DOC_KEYS, 1702204169);
    expect(wbiQuery({ foo: '114', bar: '514', zab: 1919810, wts: 1702204169 })).toBe(
      'bar=514&foo=114&wts=1702204169&zab=1919810',
    );
    expect(signed.w_rid).toBe('8f6f2b5b3d485fe1886cec6a0be8c5d4');
    expect(signed.wts).toBe('1702204169');
  });

  it("encodes like encodeURIComponent (upper-case %XX, %20) and strips !'()*", () => {
    expect(wbiQuery({ foo: 'one one four', bar: '五一四', baz: 1919810 })).toBe(
      'bar=%E4%BA%94%E4%B8%80%E5%9B%9B&baz=1919810&foo=one%20one%20four',
    );
    expect(wbiQuery({ q: "a!b'c(d)e*f" })).toBe('q=abcdef');
  });

  it('verifies valid, tampered and missing signatures', () => {
    const signed = signWbi({ mid: 2, foo: 'x y' }, DOC_KEYS, 1702204169);
    expect(verifyWbi(signed, [DOC_KEYS])).toBe('ok');
    expect(verifyWbi({ ...signed, mid: '3' }, [DOC_KEYS])).toBe('bad');
    expect(
      verifyWbi({ ...signed, w_rid: signed.w_rid.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, [DOC_KEYS]),
    ).toBe('bad');
    expect(verifyWbi({ mid: '2' }, [DOC_KEYS])).toBe('missing');
    expect(verifyWbi(signed, [{ imgKey: DOC_KEYS.subKey, subKey: DOC_KEYS.imgKey }])).toBe('bad');
  });
});

describe('WBI over HTTP', () => {
  it('acc/info: valid → 0, tampered → −403, unsigned → −352, signed without login cookies → −352', async () => {
    const sim = await testServer();
    const mid = sim.world.spec(0).mid;
    const wts = Math.floor(sim.clock.now() / 1000);
    const url = signedUrl('/x/space/wbi/acc/info', { mid }, wts);
    const code = async (u: string, cookie = FULL_COOKIE) =>
      (JSON.parse((await sim.app.inject({ url: u, headers: { cookie } })).body) as { code: number }).code;
    expect(await code(url)).toBe(0);
    expect(await code(url.replace(`mid=${mid}`, `mid=${mid + 1}`))).toBe(-403);
    expect(await code(`/x/space/wbi/acc/info?mid=${mid}`)).toBe(-352);
    expect(await code(url, 'buvid3=abc')).toBe(-352);
  });

  it('reply/wbi/main answers −403 on a bad signature; arc/search and search/type −352', async () => {
    const sim = await testServer();
    const t = sim.world.worldTime();
    const v = sim.world.videosOf(0, t)[0];
    if (!v) throw new Error('no video');
    const wts = Math.floor(sim.clock.now() / 1000);
    const wrongKeys = { imgKey: DOC_KEYS.subKey, subKey: DOC_KEYS.imgKey };
    const code = async (u: string) =>
      (JSON.parse((await sim.app.inject({ url: u, headers: { cookie: FULL_COOKIE } })).body) as { code: number }).code;
    expect(await code(signedUrl('/x/v2/reply/wbi/main', { type: 1, oid: v.aid, mode: 3 }, wts))).toBe(0);
    expect(await code(signedUrl('/x/v2/reply/wbi/main', { type: 1, oid: v.aid, mode: 3 }, wts, wrongKeys))).toBe(-403);
    expect(await code(signedUrl('/x/space/wbi/arc/search', { mid: sim.world.spec(0).mid }, wts, wrongKeys))).toBe(-352);
    expect(
      await code(signedUrl('/x/web-interface/wbi/search/type', { search_type: 'video', keyword: 'a' }, wts, wrongKeys)),
    ).toBe(-352);
  });

  it('keys come from /nav (img/sub file stems), rotate daily, and yesterday’s keys still verify', async () => {
    const sim = await testServer({ wbiKeys: undefined });
    const keysFromNav = async () => {
      const body = JSON.parse((await sim.app.inject('/x/web-interface/nav')).body) as {
        code: number;
        data: { isLogin: boolean; wbi_img: { img_url: string; sub_url: string } };
      };
      expect(body.code).toBe(-101);
      const stem = (u: string) => u.slice(u.lastIndexOf('/') + 1).replace(/\.png$/, '');
      return { imgKey: stem(body.data.wbi_img.img_url), subKey: stem(body.data.wbi_img.sub_url) };
    };
    const today = await keysFromNav();
    expect(today.imgKey).toMatch(/^[0-9a-f]{32}$/);
    const mid = sim.world.spec(0).mid;
    const code = async (keys: typeof today) => {
      const url = signedUrl('/x/space/wbi/acc/info', { mid }, Math.floor(sim.clock.now() / 1000), keys);
      return (JSON.parse((await sim.app.inject({ url, headers: { cookie: FULL_COOKIE } })).body) as { code: number })
        .code;
    };
    expect(await code(today)).toBe(0);
    sim.clock.advance(24 * 3600_000);
    const tomorrow = await keysFromNav();
    expect(tomorrow).not.toEqual(today);
    expect(await code(today)).toBe(0);
    sim.clock.advance(24 * 3600_000);
    expect(await code(today)).toBe(-403);
  });
});
