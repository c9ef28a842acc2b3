import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import {
  antdChineseDefaultLocale,
  cardWithoutTabs,
  configWithoutUniqueTooltip,
  leanFormContext,
  paginationWithoutSizeChanger,
  preCompress,
  tableWithoutColumnFilters,
  tableWithoutRowSelection,
  tableWithoutVirtualScroll,
  typographyWithoutEditing,
  zodWithoutJsonSchema,
} from './build-plugins.ts';

/**
 * The web app is served by the API server from apps/web/dist on one port with an SPA fallback, so assets use
 * absolute paths (base '/'). In development `/api` is proxied to the server on 8080.
 */
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    leanFormContext(),
    zodWithoutJsonSchema(),
    tableWithoutColumnFilters(),
    cardWithoutTabs(),
    paginationWithoutSizeChanger(),
    typographyWithoutEditing(),
    configWithoutUniqueTooltip(),
    tableWithoutRowSelection(),
    tableWithoutVirtualScroll(),
    antdChineseDefaultLocale(),
    preCompress(),
  ],
  define: {
    // Build-time app version: the version query field uses it until the site config answers (§2.5).
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // echarts' renderer (zrender) in a chunk of its own: the chart chunk stays under Vite's default warning
        // limit (500 kB), and pages without charts never load either.
        codeSplitting: { groups: [{ name: 'zrender', test: /node_modules[\\/]zrender[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
