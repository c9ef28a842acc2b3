import crypto from 'node:crypto';

/** Unambiguous characters (no 0/O, 1/I/L) for codes people read and type. */
export const UNAMBIGUOUS_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;

export function randomCode(length: number, alphabet: string = UNAMBIGUOUS_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[crypto.randomInt(alphabet.length)] ?? '';
  return out;
}

/** A user's invite code: 8 characters, about 10^12 possibilities; uniqueness is the column's job. */
export function newInviteCode(): string {
  return randomCode(INVITE_CODE_LENGTH);
}
