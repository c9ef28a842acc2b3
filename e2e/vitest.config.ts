import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: journeys in Debian's Chromium (playwright-core) against the built app and a real server. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // expect.poll waits up to 10 s (vitest's default is 1 s): a save and its refetch take longer on a loaded machine
    expect: { poll: { timeout: 10_000 } },
    env: { TZ: 'Asia/Shanghai' },
  },
});
