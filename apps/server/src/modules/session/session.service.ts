import { ApiCode, Msg } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionRepository, SessionRow } from './session.repository.js';

/** Sessions live 30 days from sign-in; one live session per user (spec §6: signed in elsewhere → kicked out). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/**
 * A live session read from the database is reused this long without reading it again. Every sign-in, logout
 * and revocation made by this process forgets the user's cached sessions at once; one made by another process
 * (ROLE=api split over several processes) reaches this one within this time. Only live sessions are cached:
 * a revoked or unknown token is read again on every request.
 */
export const SESSION_CACHE_MS = 3_000;
const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  row: SessionRow;
  until: number;
}

export interface SessionPrincipal {
  sessionId: string;
  userId: string;
}

export class SessionService {
  private readonly lastTouch = new Map<string, number>();
  /** token hash → live session (SESSION_CACHE_MS) */
  private readonly live = new Map<string, CachedSession>();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async open(userId: string, meta: { ip: string | null; userAgent: string | null }): Promise<string> {
    // the user's other sessions become 'replaced' (kicked out): stop serving them from the cache first
    this.forget((row) => row.userId === userId);
    const { token, hash } = newToken();
    const opened = await this.sessions.open({
      userId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ...meta,
    });
    if (!opened) throw AppError.fail(Msg.accountDisabled);
    return token;
  }

  /**
   * Resolves a USER-TOKEN. A token replaced by a newer sign-in → code 461 (kicked out); a logged-out,
   * expired or unknown token → code 0 (log out and reload), per spec §8.
   */
  async resolve(token: string): Promise<SessionPrincipal> {
    const hash = hashToken(token);
    const now = this.now();
    const cached = this.live.get(hash);
    let row: SessionRow | undefined;
    if (cached && cached.until > now) row = cached.row;
    else {
      if (cached) this.live.delete(hash);
      row = await this.sessions.findByTokenHash(hash);
    }
    if (!row) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    if (row.revokedReason === 'replaced') throw new AppError(ApiCode.KICKED, Msg.kickedOut);
    if (row.revokedReason) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    if (row.expiresAt.getTime() < now) {
      this.live.delete(hash);
      await this.sessions.revoke(row.id, 'expired');
      throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    }
    if (!cached || cached.until <= now) this.remember(hash, row, now);
    const last = this.lastTouch.get(row.id) ?? 0;
    if (now - last > TOUCH_INTERVAL_MS) {
      this.lastTouch.set(row.id, now);
      await this.sessions.touch(row.id);
    }
    return { sessionId: row.id, userId: row.userId };
  }

  async close(sessionId: string): Promise<void> {
    this.lastTouch.delete(sessionId);
    this.forget((row) => row.id === sessionId);
    await this.sessions.revoke(sessionId, 'logout');
  }

  /** Signs a user out everywhere (code 0 on every device), e.g. after a password reset by SMS. */
  async closeAllForUser(userId: string): Promise<void> {
    this.forget((row) => row.userId === userId);
    await this.sessions.revokeAllForUser(userId, 'logout');
  }

  private remember(hash: string, row: SessionRow, now: number): void {
    if (this.live.size >= SESSION_CACHE_MAX) {
      // insertion order: the oldest entries go first
      for (const [key, entry] of this.live) {
        if (entry.until > now && this.live.size < SESSION_CACHE_MAX) break;
        this.live.delete(key);
      }
    }
    this.live.set(hash, { row, until: now + SESSION_CACHE_MS });
  }

  private forget(match: (row: SessionRow) => boolean): void {
    for (const [key, entry] of this.live) if (match(entry.row)) this.live.delete(key);
  }
}
