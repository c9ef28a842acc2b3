// Loaded by index.html before the app's modules. zod compiles object parsers with `new Function` unless it is
// jitless, and probes for eval when a schema is built (at import time); under the server's
// Content-Security-Policy (no 'unsafe-eval', apps/server/src/plugins/security-headers.ts) that probe fails
// quietly but the browser reports a CSP violation. Jitless parsing needs no eval.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
