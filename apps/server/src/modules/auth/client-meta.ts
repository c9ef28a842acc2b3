import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './auth.service.js';

/** The client IP and user agent a new session records. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null };
}

/** This server's origin as the browser sees it (behind a trusted proxy: X-Forwarded-Proto/Host). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
