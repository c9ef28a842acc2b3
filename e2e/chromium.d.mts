import type { Browser } from 'playwright-core';

/** Debian's Chromium, or CHROMIUM_PATH. */
export declare const CHROMIUM_PATH: string;
/** Chromium launched headless with the suite's flags. */
export declare function launchChromium(): Promise<Browser>;
