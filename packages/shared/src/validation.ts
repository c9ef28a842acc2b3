import { z } from 'zod';
import { Msg } from './messages.js';

/** Mainland phone: 11 digits, first 1, second 3 to 9 (§5, §9). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** A basic e-mail pattern (§5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 6;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * The one input rule for text parameters (issue #14): every string a call accepts is checked here before
 * anything else sees it.
 * - No control characters: C0 (NUL among them — PostgreSQL refuses it in text), DEL and C1. A multi-line
 *   field (a textarea) may hold tab, line feed and carriage return; a single-line field only at its ends
 *   (they are trimmed away).
 * - A length cap: the field's own, else TEXT_MAX_LENGTH (MULTILINE_TEXT_MAX_LENGTH for a textarea).
 * Refused input gets Msg.textInvalid or the field's too-long message (Msg.textTooLong by default).
 * Every schema builds its strings with `text()`, `requiredText()` or a field made from them; a test
 * (apps/server/src/lib/input-rule.test.ts) fails on a bare z.string() in a parameter schema.
 */
export const TEXT_MAX_LENGTH = 500;
export const MULTILINE_TEXT_MAX_LENGTH = 5000;
export const PASSWORD_MAX_LENGTH = 128;
// eslint-disable-next-line no-control-regex -- control characters are what this rule is about
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;

/** True when `value` holds a character no text parameter may hold, whatever the field (see text()). */
export function hasForbiddenChars(value: string): boolean {
  return FORBIDDEN_CHARS.test(value);
}

/** True when `value` passes the character rule of a single-line (or, with `multiline`, a multi-line) field. */
export function isCleanText(value: string, multiline = false): boolean {
  if (FORBIDDEN_CHARS.test(value)) return false;
  return multiline || !LINE_BREAKS.test(value.trim());
}

export interface TextOptions {
  /** A textarea: tab, line feed and carriage return are allowed. */
  multiline?: boolean;
  /** Characters (UTF-16 units) allowed at most; default TEXT_MAX_LENGTH / MULTILINE_TEXT_MAX_LENGTH. */
  max?: number;
  /** The message past `max`; default Msg.textTooLong. */
  tooLong?: string;
}

/**
 * A string under the one input rule. `error` is the message when the value is missing or not a string.
 * Chain further checks as on z.string() (`.trim()`, `.regex()`, `.min()` …).
 */
export function text(error: string = Msg.badRequest, options: TextOptions = {}) {
  const multiline = options.multiline ?? false;
  const max = options.max ?? (multiline ? MULTILINE_TEXT_MAX_LENGTH : TEXT_MAX_LENGTH);
  return z
    .string({ error })
    .refine((v) => isCleanText(v, multiline), { error: Msg.textInvalid, abort: true })
    .max(max, { error: options.tooLong ?? Msg.textTooLong });
}

/** An optional trimmed text of at most `max` characters (the one input rule applies). */
export function optionalText(max: number = TEXT_MAX_LENGTH, tooLong?: string) {
  return text(Msg.badRequest, { max, ...(tooLong ? { tooLong } : {}) })
    .trim()
    .optional();
}

/** A trimmed string that reports `required` when missing or blank (the one input rule applies). */
export function requiredText(required: string, options: TextOptions = {}) {
  return text(required, options)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: required }));
}

export const phoneField = requiredText(Msg.phoneRequired, { max: 32, tooLong: Msg.phoneInvalid }).pipe(
  z.string().regex(PHONE_PATTERN, { error: Msg.phoneInvalid }),
);

export const contactField = requiredText(Msg.contactRequired, { max: 254, tooLong: Msg.contactInvalid }).refine(
  (v) => isPhone(v) || isEmail(v),
  {
    error: Msg.contactInvalid,
  },
);

export const passwordField = requiredText(Msg.passwordRequired, {
  max: PASSWORD_MAX_LENGTH,
  tooLong: Msg.passwordTooLong,
}).pipe(z.string().min(PASSWORD_MIN_LENGTH, { error: Msg.passwordTooShort }));

/** A phone proven by its SMS code, asked for after the image captcha (register, forgot password). */
export const phoneCodeShape = {
  phone: phoneField,
  checkCode: requiredText(Msg.checkCodeRequired),
  verifyCode: requiredText(Msg.verifyCodeRequired),
};

/** A new password typed twice (register, forgot password, change password); checked with `.refine(...samePassword)`. */
export const newPasswordShape = { password: passwordField, rePassword: requiredText(Msg.passwordRequired) };

/** The two typed passwords agree; otherwise passwordMismatch, on rePassword. */
export const samePassword: [
  check: (v: { password: string; rePassword: string }) => boolean,
  params: { error: string; path: string[] },
] = [(v) => v.password === v.rePassword, { error: Msg.passwordMismatch, path: ['rePassword'] }];

/** Integer from a query string or a form body (both arrive as text). */
export function intField(message: string) {
  return z.coerce.number({ error: message }).int({ error: message });
}

/** An integer in [min, max] from a query string or a form body; anything else fails with `message`. */
export function intIn(message: string, min: number, max: number) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** '' (or only white space), null and missing all mean "not given" for an optional or defaulted parameter. */
export function blank(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return v;
}

/** A number from a query string or a form body that must be one of `choices`; anything else fails with `message`. */
export function numberIn(choices: readonly number[], message: string) {
  return z.coerce.number({ error: message }).refine((d) => choices.includes(d), { error: message });
}

/** `numberIn(choices, message)`, `fallback` when not given. */
export function choiceField(choices: readonly number[], message: string, fallback: number) {
  return z.preprocess(blank, numberIn(choices, message).default(fallback));
}

/** An optional calendar day, YYYY-MM-DD, that exists (2026-02-30 fails with `message` too); blank = not given. */
export function optionalDay(message: string) {
  return z.preprocess(
    blank,
    text(message)
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
      .refine(
        (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
        { error: message },
      )
      .optional(),
  );
}
