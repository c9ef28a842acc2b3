import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'jpeg-js';
import { ApiCode, Msg } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { CAPTCHA_ALPHABET, GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH } from './captcha-font.js';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptcha } from './captcha-image.js';
import {
  CAPTCHA_COOKIE,
  CAPTCHA_PER_IP_PER_MINUTE,
  createCaptchaService,
  hashCaptchaCode,
  randomCaptchaCode,
  type CaptchaService,
} from './captcha.service.js';

/** A seeded generator, so image tests are repeatable. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function darkPixelsByQuarter(jpeg: Buffer): number[] {
  const img = decode(jpeg, { useTArray: true });
  const counts = [0, 0, 0, 0];
  for (let y = 0; y < img.height; y += 1) {
    for (let x = 0; x < img.width; x += 1) {
      const i = (y * img.width + x) * 4;
      const lum = 0.299 * (img.data[i] ?? 0) + 0.587 * (img.data[i + 1] ?? 0) + 0.114 * (img.data[i + 2] ?? 0);
      const quarter = Math.min(3, Math.floor((x / img.width) * 4));
      if (lum < 120) counts[quarter] = (counts[quarter] ?? 0) + 1;
    }
  }
  return counts;
}

describe('captcha font and image', () => {
  it('has a glyph for every character of the alphabet, inside the grid', () => {
    expect(CAPTCHA_ALPHABET).toHaveLength(32);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OI]/);
    for (const ch of CAPTCHA_ALPHABET) {
      const strokes = GLYPHS[ch];
      expect(strokes, ch).toBeDefined();
      for (const stroke of strokes ?? []) {
        expect(stroke.length).toBeGreaterThanOrEqual(2);
        for (const [x, y] of stroke) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(GLYPH_WIDTH);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(GLYPH_HEIGHT + 0.5);
        }
      }
    }
  });

  it('draws a 120×40 JPEG with ink in each of the four character slots', () => {
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const code = CAPTCHA_ALPHABET.slice(i, i + 4);
      const jpeg = renderCaptcha(code, seeded(i + 1));
      expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      const img = decode(jpeg, { useTArray: true });
      expect([img.width, img.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      for (const dark of darkPixelsByQuarter(jpeg)) expect(dark, code).toBeGreaterThan(25);
    }
  });

  it('varies: the same code never gives the same picture, the same seed does', () => {
    expect(renderCaptcha('AB23', seeded(1)).equals(renderCaptcha('AB23', seeded(2)))).toBe(false);
    expect(renderCaptcha('AB23', seeded(5)).equals(renderCaptcha('AB23', seeded(5)))).toBe(true);
  });

  it('draws random codes from the alphabet', () => {
    for (let i = 0; i < 50; i += 1) expect(randomCaptchaCode()).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
  });

  it('rejects a character the font lacks', () => {
    expect(() => renderCaptcha('AB0D')).toThrow(/no glyph/);
  });
});

describe('GET /api/valicode.jpg and captcha checks', () => {
  let t: TestApp;
  let captchas: CaptchaService;
  beforeAll(async () => {
    t = await createTestApp();
    captchas = createCaptchaService(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a JPEG without a sign, binds it by an httpOnly cookie and stores only a hash', async () => {
    const res = await t.call('GET', '/api/valicode.jpg', {}, { unsigned: true });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('image/jpeg');
    expect(res.raw.headers['cache-control']).toBe('no-store');
    const img = decode(res.raw.rawPayload, { useTArray: true });
    expect([img.width, img.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);

    const cookie = res.raw.cookies.find((c) => c.name === CAPTCHA_COOKIE);
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 300 });
    const row = await t.ctx.db
      .selectFrom('captchas')
      .selectAll()
      .where('id', '=', cookie?.value ?? '')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.used_at).toBeNull();
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThan(301_000);
  });

  it('verifies the right code once, case-insensitively', async () => {
    const { id } = await captchas.issue({ ip: null, code: 'K7MX' });
    expect(await captchas.verify(id, ' k7mx ')).toBe(true);
    expect(await captchas.verify(id, 'K7MX')).toBe(false);
  });

  it('uses a captcha up on a wrong answer, so it cannot be guessed again', async () => {
    const { id } = await captchas.issue({ ip: null, code: 'K7MX' });
    expect(await captchas.verify(id, 'AAAA')).toBe(false);
    expect(await captchas.verify(id, 'K7MX')).toBe(false);
  });

  it('refuses an expired captcha, a missing or malformed id, and another captcha’s id', async () => {
    const { id } = await captchas.issue({ ip: null, code: 'K7MX' });
    await t.ctx.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await captchas.verify(id, 'K7MX')).toBe(false);
    expect(await captchas.verify(undefined, 'K7MX')).toBe(false);
    expect(await captchas.verify('not-a-uuid', 'K7MX')).toBe(false);
    const a = await captchas.issue({ ip: null, code: 'AAAA' });
    const b = await captchas.issue({ ip: null, code: 'BBBB' });
    expect(await captchas.verify(b.id, 'AAAA')).toBe(false);
    expect(await captchas.verify(a.id, 'AAAA')).toBe(true);
  });

  it('hashes with the id as salt', () => {
    expect(hashCaptchaCode('a', 'XYZW')).not.toBe(hashCaptchaCode('b', 'XYZW'));
    expect(hashCaptchaCode('a', 'xyzw')).toBe(hashCaptchaCode('a', 'XYZW'));
  });

  it(`limits images to ${CAPTCHA_PER_IP_PER_MINUTE} a minute per IP`, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < CAPTCHA_PER_IP_PER_MINUTE; i += 1) {
      const ok = await t.call('GET', '/api/valicode.jpg', {}, { unsigned: true, headers });
      expect(ok.status).toBe(200);
    }
    const limited = await t.call('GET', '/api/valicode.jpg', {}, { unsigned: true, headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: ApiCode.FAIL, message: Msg.tooManyRequests });
    const otherIp = await t.call(
      'GET',
      '/api/valicode.jpg',
      {},
      { unsigned: true, headers: { 'x-forwarded-for': '203.0.113.78' } },
    );
    expect(otherIp.status).toBe(200);
  });
});
