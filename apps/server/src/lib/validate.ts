import type { z } from 'zod';
import { Msg } from '@xg/shared';
import { AppError } from './app-error.js';

/** Parse a request's params with its shared schema; the first issue's message (the spec's Chinese text) is the answer. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw AppError.fail(first?.message && /[\u4e00-\u9fff]/.test(first.message) ? first.message : Msg.badRequest, {
    field: first?.path.join('.') ?? '',
  });
}
