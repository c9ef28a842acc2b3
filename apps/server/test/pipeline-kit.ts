import { afterAll, beforeAll } from 'vitest';
import { startPipelineKit, type PipelineKit, type PipelineKitOptions } from '../src/jobs/test-kit.js';
import { TEST_SCALE } from './constants.js';
import type { TestApp } from './harness.js';

/**
 * The pipeline kit of a test file (or describe block) on its app `t` (register after `useTestApp`): started before
 * the first test on the template's demo world (seed 7, TEST_SCALE) with `options`, stopped after the last, before
 * the app is closed. Read its parts inside tests and hooks.
 */
export function usePipelineKit(
  t: TestApp,
  options: Omit<PipelineKitOptions, 'ctx' | 'databaseUrl' | 'seed' | 'scale'> = {},
): PipelineKit {
  let kit: PipelineKit | undefined;
  beforeAll(async () => {
    kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale: TEST_SCALE, ...options });
  });
  afterAll(async () => {
    await kit?.close();
  });
  const current = (): PipelineKit => {
    if (!kit) throw new Error('usePipelineKit: the kit starts in beforeAll, read it inside tests and hooks');
    return kit;
  };
  return {
    get sim() {
      return current().sim;
    },
    get client() {
      return current().client;
    },
    get clock() {
      return current().clock;
    },
    get pipeline() {
      return current().pipeline;
    },
    get attempts() {
      return current().attempts;
    },
    get today() {
      return current().today;
    },
    get settings() {
      return current().settings;
    },
    close: () => current().close(),
  };
}
