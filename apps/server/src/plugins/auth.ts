import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { SessionPrincipal, SessionService } from '../modules/session/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: SessionPrincipal | null;
  }
}

/** The USER-TOKEN header of the request, or ''. */
export function requestToken(request: FastifyRequest): string {
  const value = request.headers['user-token'];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * `request.principal` is resolved lazily by `requireUser`; routes that need a signed-in user call it first.
 * Without a token → HTTP 401 (spec §8); a bad token → code 0 or 461 from the session service.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('principal', null);
  app.decorate('requireUser', async (request: FastifyRequest): Promise<SessionPrincipal> => {
    if (request.principal) return request.principal;
    const token = requestToken(request);
    if (!token) throw AppError.unauthorized();
    request.principal = await sessions.resolve(token);
    return request.principal;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser(request: FastifyRequest): Promise<SessionPrincipal>;
  }
}
