import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: journeys in Debian's Chromium (playwright-core) against the built app and a real server. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    env: { TZ: 'Asia/Shanghai' },
  },
});
