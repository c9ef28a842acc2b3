import { describe, expect, it } from 'vitest';
import { ApiCode } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import type { SessionRepository, SessionRow } from './session.repository.js';
import { SESSION_CACHE_MS, SessionService } from './session.service.js';

/** An in-memory SessionRepository that counts reads, with the same revoke-on-open rule as the SQL one. */
function fakeRepository() {
  const rows = new Map<string, SessionRow & { tokenHash: string }>();
  let nextId = 1;
  const repo = {
    reads: 0,
    rows,
    findByTokenHash(tokenHash: string) {
      repo.reads++;
      const row = [...rows.values()].find((r) => r.tokenHash === tokenHash);
      return Promise.resolve(
        row && { id: row.id, userId: row.userId, expiresAt: row.expiresAt, revokedReason: row.revokedReason },
      );
    },
    open(input: { userId: string; tokenHash: string; expiresAt: Date }) {
      for (const r of rows.values()) if (r.userId === input.userId && !r.revokedReason) r.revokedReason = 'replaced';
      const id = String(nextId++);
      rows.set(id, {
        id,
        userId: input.userId,
        tokenHash: input.tokenHash,
        expiresAt: input.expiresAt,
        revokedReason: null,
      });
      return Promise.resolve(true);
    },
    revoke(id: string, reason: string) {
      const row = rows.get(id);
      if (row && !row.revokedReason) row.revokedReason = reason;
      return Promise.resolve();
    },
    revokeAllForUser(userId: string, reason: string) {
      for (const r of rows.values()) if (r.userId === userId && !r.revokedReason) r.revokedReason = reason;
      return Promise.resolve();
    },
    touch() {
      return Promise.resolve();
    },
  };
  return repo;
}

async function codeOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return ApiCode.OK;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const meta = { ip: null, userAgent: null };

describe('SessionService cache', () => {
  it('reads a live session once per SESSION_CACHE_MS', async () => {
    const repo = fakeRepository();
    let now = 1_000_000;
    const service = new SessionService(repo as unknown as SessionRepository, () => now);
    const token = await service.open('7', meta);
    for (let i = 0; i < 5; i++) expect((await service.resolve(token)).userId).toBe('7');
    expect(repo.reads).toBe(1);
    now += SESSION_CACHE_MS + 1;
    await service.resolve(token);
    expect(repo.reads).toBe(2);
  });

  it('a sign-in elsewhere kicks the cached session out at once (461)', async () => {
    const repo = fakeRepository();
    const service = new SessionService(repo as unknown as SessionRepository);
    const first = await service.open('7', meta);
    await service.resolve(first);
    const second = await service.open('7', meta);
    expect(await codeOf(service.resolve(first))).toBe(ApiCode.KICKED);
    expect((await service.resolve(second)).userId).toBe('7');
  });

  it('logout and sign-out-everywhere end cached sessions at once (code 0)', async () => {
    const repo = fakeRepository();
    const service = new SessionService(repo as unknown as SessionRepository);
    const a = await service.open('7', meta);
    const principal = await service.resolve(a);
    await service.close(principal.sessionId);
    expect(await codeOf(service.resolve(a))).toBe(ApiCode.LOGOUT);

    const b = await service.open('8', meta);
    await service.resolve(b);
    await service.closeAllForUser('8');
    expect(await codeOf(service.resolve(b))).toBe(ApiCode.LOGOUT);
  });

  it('never caches a revoked or unknown token, and an expired one is revoked', async () => {
    const repo = fakeRepository();
    let now = Date.now();
    const service = new SessionService(repo as unknown as SessionRepository, () => now);
    expect(await codeOf(service.resolve('nope'))).toBe(ApiCode.LOGOUT);
    expect(await codeOf(service.resolve('nope'))).toBe(ApiCode.LOGOUT);
    expect(repo.reads).toBe(2);

    const token = await service.open('9', meta);
    await service.resolve(token);
    const row = [...repo.rows.values()].find((r) => r.tokenHash === hashToken(token));
    if (!row) throw new Error('session row missing');
    now = row.expiresAt.getTime() + 1;
    expect(await codeOf(service.resolve(token))).toBe(ApiCode.LOGOUT);
    expect(row.revokedReason).toBe('expired');
  });
});
