/** Envelope codes of spec §8. Every /api answer carries `code` and `message`. */
export const ApiCode = {
  /** success */
  OK: 200,
  /** payment still pending: shown as a warning */
  PENDING: 202,
  /** ordinary failure: the message is shown as an error toast */
  FAIL: -1,
  /** warning with the message */
  WARN: -3,
  /** the session was replaced by a sign-in elsewhere */
  KICKED: 461,
  /** the session is gone: log out and reload */
  LOGOUT: 0,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

export interface ApiEnvelope {
  code: number;
  message: string;
}
/** An answer without its envelope: what a service returns, and the route sends with the envelope added. */
export type AnswerBody<T extends ApiEnvelope> = Omit<T, keyof ApiEnvelope>;
