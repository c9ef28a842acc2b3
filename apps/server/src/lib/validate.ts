import type { z } from 'zod';
import { Msg, hasForbiddenChars } from '@xg/shared';
import { AppError } from './app-error.js';

/**
 * Parse a request's params with its shared schema; the first issue's message (the spec's Chinese text) is
 * the answer. Before the schema, every string anywhere in the input is held to the character part of the
 * one input rule (no NUL or other control characters; packages/shared/src/validation.ts), so even a field a
 * schema forgot cannot carry one to PostgreSQL.
 */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = forbiddenCharsAt(input ?? {}, []);
  if (bad) throw AppError.fail(Msg.textInvalid, { field: bad.join('.') });
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw AppError.fail(first?.message && /[\u4e00-\u9fff]/.test(first.message) ? first.message : Msg.badRequest, {
    field: first?.path.join('.') ?? '',
  });
}

/** The path of the first string in `value` (at most 8 levels deep) that breaks the character rule, or null. */
function forbiddenCharsAt(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return hasForbiddenChars(value) ? path : null;
  if (typeof value !== 'object' || value === null || path.length >= 8) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenChars(key)) return [...path, key];
    const found = forbiddenCharsAt(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
