import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { leanFormContext, preCompress, zodWithoutJsonSchema } from './build-plugins';

/**
 * The web app is served by the API server from apps/web/dist on one port with an SPA fallback, so assets use
 * absolute paths (base '/'). In development `/api` is proxied to the server on 8080.
 */
export default defineConfig({
  base: '/',
  plugins: [react(), leanFormContext(), zodWithoutJsonSchema(), preCompress()],
  define: {
    // Build-time app version: the version query field uses it until the site config answers (§2.5).
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
