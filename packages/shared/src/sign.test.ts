import { describe, expect, it } from 'vitest';
import { SIGN_SECRET, computeSign, md5Hex, signHeaders, signPath } from './sign.js';
import { CreatorSearchParams, RegisterParams, decodeKeyword, encodeKeyword } from './schemas.js';
import { Msg } from './messages.js';

describe('signHeaders (§7)', () => {
  it('hashes the timestamp hash, the path without /api, the secret and the token', () => {
    const h = signHeaders({ path: '/api/user/userInfo?x=1', token: 'tok', now: 1_700_000_000_000, random: 0.5 });
    expect(h.timetemp).toBe('1700000000000');
    expect(h.sign).toBe(md5Hex(md5Hex('1700000000000') + '/user/userInfo' + SIGN_SECRET + 'tok'));
    expect(h.encrypt).toBe(md5Hex('0.5'));
    expect(h['USER-TOKEN']).toBe('tok');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
  it('omits USER-TOKEN when signed out and signs with an empty token', () => {
    const h = signHeaders({ path: '/api/gologin', now: 1 });
    expect(h['USER-TOKEN']).toBeUndefined();
    expect(h.sign).toBe(computeSign('1', '/gologin', ''));
  });
  it('never gives two calls the same timestamp (the server would refuse the second as a replay)', () => {
    const stamps = Array.from({ length: 50 }, () => Number(signHeaders({ path: '/api/kolTrend' }).timetemp));
    for (let i = 1; i < stamps.length; i += 1) expect(stamps[i]).toBeGreaterThan(stamps[i - 1] ?? 0);
    expect(Math.abs((stamps.at(-1) ?? 0) - Date.now())).toBeLessThan(1000);
  });
  it('strips the /api prefix and the query', () => {
    expect(signPath('/api/a/b?c=d')).toBe('/a/b');
    expect(signPath('/x')).toBe('/x');
  });
});

describe('shared validation', () => {
  it('decodes a double-encoded keyword once more and keeps a literal one (§5)', () => {
    const sent = encodeKeyword(' 游戏 ');
    expect(sent).toBe('%E6%B8%B8%E6%88%8F');
    expect(decodeKeyword(sent)).toBe('游戏');
    expect(decodeKeyword('100%')).toBe('100%');
    expect(CreatorSearchParams.parse({ keyword: sent }).keyword).toBe('游戏');
    expect(CreatorSearchParams.safeParse({ keyword: '  ' }).error?.issues[0]?.message).toBe(Msg.keywordRequired);
  });
  it('gives the spec messages for the register form', () => {
    const base = {
      phone: '13800138000',
      checkCode: 'AB12',
      verifyCode: '123456',
      password: 'secret1',
      rePassword: 'secret1',
      type: '3',
    };
    expect(RegisterParams.safeParse(base).success).toBe(true);
    const msg = (o: object) => RegisterParams.safeParse({ ...base, ...o }).error?.issues[0]?.message;
    expect(msg({ phone: '' })).toBe(Msg.phoneRequired);
    expect(msg({ phone: '12800138000' })).toBe(Msg.phoneInvalid);
    expect(msg({ password: '12345', rePassword: '12345' })).toBe(Msg.passwordTooShort);
    expect(msg({ rePassword: 'other12' })).toBe(Msg.passwordMismatch);
    expect(msg({ type: '' })).toBe(Msg.identityRequired);
    expect(msg({ checkCode: ' ' })).toBe(Msg.checkCodeRequired);
    expect(msg({ verifyCode: '' })).toBe(Msg.verifyCodeRequired);
  });
});
