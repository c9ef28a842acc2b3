// Chromium as the e2e suite (e2e/browser.ts) and the screen tour (scripts/screen-tour.mjs) launch it: Debian's
// browser (CHROMIUM_PATH), never a downloaded one; headless, no sandbox, nothing that calls home.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
