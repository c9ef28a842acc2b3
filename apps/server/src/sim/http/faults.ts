/**
 * Fault injection. Request n (counted from 0 over every API request the server receives, in arrival order)
 * draws one uniform u = hash(seed, n): u falls into consecutive bands of width p412, p352, p5xx and
 * pMalformed, and a second draw decides whether the answer is also slow. The sequence depends only on the
 * seed and the rates, so a test can compute the exact expected faults with `planFault`.
 *
 * A request may force a fault with the header `x-sim-fault: 412|352|500|502|503|malformed|slow|none`;
 * forced requests do not advance the counter.
 */
import { hash32, Salt, unit } from '../world/hash.js';

export interface FaultRates {
  /** share answered −412 (HTTP 412) */
  p412: number;
  /** share answered −352 (risk control, with a v_voucher) */
  p352: number;
  /** share answered HTTP 5xx */
  p5xx: number;
  /** share answered with a truncated JSON body */
  pMalformed: number;
  /** share answered after `slowMs` */
  pSlow: number;
  slowMs: number;
}

export const NO_FAULTS: FaultRates = { p412: 0, p352: 0, p5xx: 0, pMalformed: 0, pSlow: 0, slowMs: 2000 };

export type FaultKind = '412' | '352' | '5xx' | 'malformed';

export interface FaultDecision {
  kind: FaultKind | null;
  /** the HTTP status of a 5xx fault */
  status: number;
  slow: boolean;
}

const STATUSES_5XX = [500, 502, 503, 504];

export function planFault(seed: number, rates: FaultRates, n: number): FaultDecision {
  const u = unit(seed, Salt.fault, n);
  let edge = rates.p412;
  let kind: FaultKind | null = null;
  if (u < edge) kind = '412';
  else if (u < (edge += rates.p352)) kind = '352';
  else if (u < (edge += rates.p5xx)) kind = '5xx';
  else if (u < (edge += rates.pMalformed)) kind = 'malformed';
  return {
    kind,
    status: STATUSES_5XX[hash32(seed, Salt.faultKind, n) % STATUSES_5XX.length] ?? 500,
    slow: unit(seed, Salt.slow, n) < rates.pSlow,
  };
}

/** The decision forced by an `x-sim-fault` header value; undefined if the value is not recognised. */
export function forcedFault(value: string): FaultDecision | undefined {
  switch (value.trim().toLowerCase()) {
    case '412':
      return { kind: '412', status: 412, slow: false };
    case '352':
      return { kind: '352', status: 200, slow: false };
    case '500':
    case '502':
    case '503':
    case '504':
      return { kind: '5xx', status: Number(value.trim()), slow: false };
    case 'malformed':
      return { kind: 'malformed', status: 200, slow: false };
    case 'slow':
      return { kind: null, status: 200, slow: true };
    case 'none':
      return { kind: null, status: 200, slow: false };
    default:
      return undefined;
  }
}

export class FaultInjector {
  private counter = 0;

  constructor(
    private readonly seed: number,
    readonly rates: FaultRates,
  ) {}

  /** How many requests have drawn a fault decision so far. */
  get requests(): number {
    return this.counter;
  }

  next(header: string | undefined): FaultDecision {
    if (header !== undefined) {
      const forced = forcedFault(header);
      if (forced) return forced;
    }
    const decision = planFault(this.seed, this.rates, this.counter);
    this.counter += 1;
    return decision;
  }
}

/** A malformed body: the real answer cut off part-way (a stream reset), so JSON.parse fails. */
export function truncateBody(body: string): string {
  const cut = Math.max(1, Math.floor(body.length * 0.6));
  return body.slice(0, Math.min(cut, body.length - 1));
}
