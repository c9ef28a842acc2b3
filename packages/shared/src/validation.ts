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

/** A trimmed string that reports `required` when missing or blank. */
export function requiredText(required: string) {
  return z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: required }));
}

export const phoneField = requiredText(Msg.phoneRequired).pipe(
  z.string().regex(PHONE_PATTERN, { error: Msg.phoneInvalid }),
);

export const contactField = requiredText(Msg.contactRequired).refine((v) => isPhone(v) || isEmail(v), {
  error: Msg.contactInvalid,
});

export const passwordField = requiredText(Msg.passwordRequired).pipe(
  z.string().min(PASSWORD_MIN_LENGTH, { error: Msg.passwordTooShort }),
);

/** Integer from a query string or a form body (both arrive as text). */
export function intField(message: string) {
  return z.coerce.number({ error: message }).int({ error: message });
}
