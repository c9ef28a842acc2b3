/**
 * Time as the pipeline sees it: what is due, the Asia/Shanghai day of a snapshot, the slot of a sample. Tests
 * inject a clock they move by hand (together with the simulator's); production uses the system clock. SQL in
 * the pipeline takes this clock's instant as a parameter instead of calling now().
 */
import { addDays, shanghaiToday } from '../db/seed/world/days.js';

export interface PipelineClock {
  now(): number;
}

export const systemPipelineClock: PipelineClock = { now: () => Date.now() };

/** The Asia/Shanghai calendar day ('YYYY-MM-DD') of an instant. */
export function shanghaiDay(ms: number): string {
  return shanghaiToday(new Date(ms));
}

export { addDays };

export interface PipelineLogger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

export const silentLogger: PipelineLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A message of anything thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') {
    return (e as { message: string }).message;
  }
  return String(e);
}
