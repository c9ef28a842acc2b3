/**
 * What every route of the simulator shares: the world, the whole-world catalog, WBI keys, and small
 * request helpers (query parsing into Bilibili's −400, cookies, answering an ApiError).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addDays, shanghaiToday } from '../../db/seed/world/days.js';
import type { Catalog } from '../world/catalog.js';
import type { SimWorld } from '../world/world.js';
import { badRequest, type ApiError } from './envelope.js';
import { wbiKeysFor, type WbiKeys } from './wbi.js';

export interface SimContext {
  world: SimWorld;
  catalog: Catalog;
  /** fixed WBI keys (tests); otherwise keys rotate every Shanghai day of the wall clock */
  fixedKeys: WbiKeys | null;
}

/** The keys /nav hands out now. */
export function currentKeys(ctx: SimContext): WbiKeys {
  return ctx.fixedKeys ?? wbiKeysFor(ctx.world.seed, shanghaiToday(new Date(ctx.world.now())));
}

/** Keys a signature may use: today's and yesterday's (clients cache keys for a while). */
export function acceptedKeys(ctx: SimContext): WbiKeys[] {
  if (ctx.fixedKeys) return [ctx.fixedKeys];
  const today = shanghaiToday(new Date(ctx.world.now()));
  return [wbiKeysFor(ctx.world.seed, today), wbiKeysFor(ctx.world.seed, addDays(today, -1))];
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.body);
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** Parses the query string with a zod schema; failures become the API's −400. */
export function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> | ApiError {
  const parsed = schema.safeParse(request.query);
  return parsed.success ? parsed.data : badRequest();
}

export function cookiesOf(request: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  const header = request.headers.cookie;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name) out.set(name, value);
  }
  return out;
}

/** The query as plain strings (WBI verification needs every parameter exactly as received). */
export function rawQuery(request: FastifyRequest): Record<string, string | string[] | undefined> {
  const q = request.query;
  const out: Record<string, string | string[] | undefined> = {};
  if (typeof q !== 'object' || q === null) return out;
  for (const [k, v] of Object.entries(q)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map(String);
  }
  return out;
}
