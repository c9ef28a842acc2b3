import { defineConfig } from 'vitest/config';

/** `npm test`: unit tests of every package and the server's integration tests against real PostgreSQL. */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { TZ: 'UTC' },
  },
});
