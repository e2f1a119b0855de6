import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { linguiMacroSwcPlugin } from '@lingui/swc-plugin/options';
import { readFileSync } from 'node:fs';
import { APP_PORT } from './scripts/ports.mjs';
import { validateBrands } from './brands/schema';

// Every brand is validated before anything is built: a broken config.json/theme.json fails here.
const brandProblems = validateBrands((id, file) => JSON.parse(readFileSync(new URL(`./brands/${id}/${file}`, import.meta.url), 'utf8')));
if (brandProblems.length) throw new Error(`Invalid brand data:\n${brandProblems.join('\n')}`);

/**
 * One build for every brand: the brand is resolved at run time from the host name
 * (brands/index.ts), never at build time. Routes are lazy chunks (src/app/router).
 * The production HTML carries no inline script so it runs under a strict CSP
 * (scripts/serve-app.mjs sends the headers; README lists them for the CDN).
 */
export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/app/main.tsx' },
    define: {
      'import.meta.env.APP_VERSION': JSON.stringify('2.1.2'),
    },
  },
  resolve: {
    alias: {
      '@': './src',
      '@machines': './machines',
      '@brands': './brands',
      '@locales': './locales',
    },
  },
  html: {
    template: './src/app/index.html',
    title: '',
  },
  output: {
    // The end-to-end build goes to its own folder (it points at the test sandbox).
    distPath: { root: process.env.DIST_DIR ?? 'dist' },
    inlineScripts: false,
    inlineStyles: false,
    legalComments: 'none',
    // Readable lazy chunk names (page-*, locale-*) so `npm run bench` can say which route is which.
    filename: { js: '[name].[contenthash:8].js' },
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
  },
  server: { host: '127.0.0.1', port: APP_PORT, strictPort: true },
  tools: {
    swc: {
      jsc: { experimental: { plugins: [linguiMacroSwcPlugin()] } },
    },
  },
});
