/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API (default '' = same origin). */
  readonly VITE_API_BASE?: string;
  /** Overrides the app version sent in the version query field. */
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** package.json version, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
