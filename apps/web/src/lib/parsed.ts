import { Msg } from '@xg/shared';

/** A shared schema's verdict on a form's values (zod's safeParse). */
export type Parsed<P> =
  { success: true; data: P } | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * The request's parameters from a form's values checked by the shared schema, or null once the refusal is said
 * (the schema's first message; `refused` when it has none). Forms call it before they send.
 */
export function parsedOrSaid<P>(
  parsed: Parsed<P>,
  message: { error: (text: string) => unknown },
  refused: string = Msg.badRequest,
): P | null {
  if (parsed.success) return parsed.data;
  void message.error(parsed.error.issues[0]?.message ?? refused);
  return null;
}
