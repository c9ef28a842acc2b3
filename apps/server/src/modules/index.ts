import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Every product module registers its routes here. */
export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
