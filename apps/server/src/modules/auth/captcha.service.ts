import crypto from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/tokens.js';
import type { Db } from '../../db/client.js';
import { CAPTCHA_ALPHABET } from './captcha-font.js';
import { renderCaptcha } from './captcha-image.js';
import { CaptchaRepository } from './captcha.repository.js';
import { FixedWindowLimiter } from './rate-limiter.js';

/** The cookie that binds a captcha to the browser that loaded it (httpOnly, SameSite=Lax, path /api). */
export const CAPTCHA_COOKIE = 'xg_captcha';
export const CAPTCHA_TTL_SECONDS = 5 * 60;
export const CAPTCHA_LENGTH = 4;
/** Images per IP per minute; an <img> refresh now and then stays far below. */
export const CAPTCHA_PER_IP_PER_MINUTE = 30;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const KEEP_SECONDS = 60 * 60;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only this hash is stored: the code (upper-cased, so the check is case-insensitive) salted with the captcha id. */
export function hashCaptchaCode(id: string, code: string): string {
  return crypto.createHash('sha256').update(`${id}:${code.trim().toUpperCase()}`).digest('hex');
}

export function randomCaptchaCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) code += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)] ?? '';
  return code;
}

export interface IssuedCaptcha {
  id: string;
  image: Buffer;
}

/**
 * Image captchas (GET /api/valicode.jpg): issue draws a code and stores its hash for 5 minutes; verify
 * checks it once — any attempt, right or wrong, uses the captcha up, so it cannot be guessed repeatedly.
 */
export class CaptchaService {
  private readonly limiter = new FixedWindowLimiter(CAPTCHA_PER_IP_PER_MINUTE, 60_000);
  private lastPurge = 0;

  constructor(private readonly captchas: CaptchaRepository) {}

  /**
   * A new captcha for this client. `code` is for tests only (the route never passes it): it lets a test
   * answer a captcha whose image it cannot read.
   */
  async issue({ ip, code = randomCaptchaCode() }: { ip: string | null; code?: string }): Promise<IssuedCaptcha> {
    if (ip && !this.limiter.take(ip)) throw AppError.tooMany();
    await this.purgeNowAndThen();
    const id = crypto.randomUUID();
    await this.captchas.insert({ id, codeHash: hashCaptchaCode(id, code), ttlSeconds: CAPTCHA_TTL_SECONDS, ip });
    return { id, image: renderCaptcha(code) };
  }

  /** True once for the right code of a live captcha; the captcha is used up either way. */
  async verify(id: string | undefined, code: string): Promise<boolean> {
    if (!id || !UUID_PATTERN.test(id)) return false;
    const stored = await this.captchas.consume(id);
    return stored !== undefined && safeEqual(stored, hashCaptchaCode(id, code));
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.captchas.deleteCreatedBefore(KEEP_SECONDS);
  }
}

export function createCaptchaService(db: Db): CaptchaService {
  return new CaptchaService(new CaptchaRepository(db));
}
