import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { ConsoleRepository } from './console.repository.js';
import { ConsoleMsg, roleMay, type ConsoleArea, type OperatorRole } from './console.roles.js';

export interface Operator {
  userId: string;
  sessionId: string;
  role: OperatorRole;
}

export type ConsoleGuard = ReturnType<typeof consoleGuard>;

/**
 * The checks every console call makes on the server: a signed-in operator (403 for every other account), the
 * role of the call's area, this session's TOTP check and (operators only) a password under the strong rule.
 */
export function consoleGuard(app: FastifyInstance, ctx: AppContext) {
  const repo = new ConsoleRepository(ctx.db);
  const legacy = new PipelineService(ctx.db, ctx.config);

  /** The signed-in operator (403 for every other account). */
  async function operatorOf(request: FastifyRequest) {
    const principal = await app.requireUser(request);
    let row = await repo.operator(principal.userId);
    if (!row && (await legacy.isOperator(principal.userId))) {
      await repo.ensureOperator(principal.userId, 'admin');
      row = await repo.operator(principal.userId);
    }
    if (!row) throw AppError.forbidden(ConsoleMsg.notOperator);
    return { principal, row };
  }

  /**
   * An operator whose session passed the TOTP check (the password step itself needs no more); with `area`, of a role
   * allowed there (the brand dictionary's rule: any password). requireArea adds the strong password.
   */
  async function requireVerified(
    request: FastifyRequest,
    area?: ConsoleArea,
  ): Promise<Operator & { strongPassword: boolean }> {
    const { principal, row } = await operatorOf(request);
    if (area !== undefined && !roleMay(row.role, area)) throw AppError.forbidden(ConsoleMsg.roleDenied);
    if (!(await repo.sessionVerified(principal.sessionId, principal.userId)))
      throw AppError.forbidden(ConsoleMsg.totpRequired);
    return {
      userId: principal.userId,
      sessionId: principal.sessionId,
      role: row.role,
      strongPassword: row.strongPassword,
    };
  }

  /** An operator of a role allowed in `area`, TOTP-verified, with a strong password. */
  async function requireArea(request: FastifyRequest, area: ConsoleArea): Promise<Operator> {
    const { strongPassword, ...op } = await requireVerified(request, area);
    if (!strongPassword) throw AppError.forbidden(ConsoleMsg.passwordRequired);
    return op;
  }

  const audit = (request: FastifyRequest, op: Operator, action: string, target: string, detail: unknown = {}) =>
    repo.audit({ operatorId: op.userId, role: op.role, action, target, detail, ip: request.ip });

  return { repo, operatorOf, requireVerified, requireArea, audit };
}
