import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { linguiMacroSwcPlugin } from '@lingui/swc-plugin/options';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { LANGUAGES } from './machines/shared/languages';
import { APP_PORT } from './scripts/ports.mjs';
import { TRUSTED_TYPES_POLICY } from './scripts/security-headers.mjs';
import { validateBrands } from './brands/schema';

// Every brand is validated before anything is built: a broken config.json/theme.json fails here.
const brandProblems = validateBrands((id, file) => JSON.parse(readFileSync(new URL(`./brands/${id}/${file}`, import.meta.url), 'utf8')));
if (brandProblems.length) throw new Error(`Invalid brand data:\n${brandProblems.join('\n')}`);

/**
 * One build for every brand: the brand is resolved at run time from the host name
 * (brands/index.ts), never at build time. Routes are lazy chunks (src/app/router).
 * The production HTML carries no inline script so it runs under a strict CSP
 * (scripts/serve-app.mjs sends the headers; docs/running.md lists them for the CDN).
 */
const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const statsWriter = {
  apply(compiler: { hooks: { done: { tap: (name: string, fn: (stats: { toJson: (o: object) => unknown }) => void) => void } } }) {
    compiler.hooks.done.tap('stats-writer', (stats) => {
      const json = stats.toJson({ all: false, modules: true, chunks: true, chunkModules: false, reasons: true, ids: true });
      const dir = process.env.DIST_DIR ?? 'dist';
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/stats.json`, JSON.stringify(json));
    });
  },
};

/**
 * The build's id (issue 61, the update check): `APP_BUILD_ID` when the pipeline names one (its
 * commit), else made for this build. It is compiled into the app and written as `version.json` at
 * the site's root, which the running app reads every 60 s: a different id is a new deployment.
 */
const BUILD_ID = process.env.APP_BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const versionFile = {
  apply(compiler: { webpack: { sources: { RawSource: new (text: string) => unknown } }; hooks: { thisCompilation: { tap: (name: string, fn: (compilation: { emitAsset: (file: string, source: unknown) => void }) => void) => void } } }) {
    compiler.hooks.thisCompilation.tap('version-file', (compilation) => {
      compilation.emitAsset('version.json', new compiler.webpack.sources.RawSource(JSON.stringify({ build: BUILD_ID })));
    });
  },
};

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/app/main.tsx' },
    define: {
      'import.meta.env.APP_VERSION': JSON.stringify('2.1.2'),
      'import.meta.env.APP_BUILD_ID': JSON.stringify(BUILD_ID),
    },
  },
  resolve: {
    // tsconfig's paths name the same folders; the alias wins so the English catalog can be swapped.
    aliasStrategy: 'prefer-alias',
    alias: {
      '@': './src',
      '@machines': './machines',
      '@brands': './brands',
      // Each module brings its own English messages (scripts/build/module-messages-loader.cjs), so
      // the whole English catalog is not bundled: its import resolves to an empty table.
      '@locales/en/messages$': './src/shared/i18n/empty-catalog.ts',
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
    // ANALYZE=1 writes source maps so scripts can attribute bytes to modules.
    sourceMap: { js: process.env.ANALYZE ? 'source-map' : false, css: false },
    // Readable lazy chunk names (page-*, locale-*) so `npm run bench` can say which route is which.
    filename: { js: '[name].[contenthash:8].js' },
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
  },
  server: { host: '127.0.0.1', port: APP_PORT, strictPort: true },
  tools: {
    // Only the six interface languages' react-aria strings ship (it bundles 34 by default).
    rspack: {
      // Trusted Types (issue 47): the CSP requires them for script sinks; the bundler loads chunks and workers through this one policy.
      output: { trustedTypes: { policyName: TRUSTED_TYPES_POLICY } },
      plugins: [
        optimizeLocales.rspack({ locales: [...LANGUAGES] }),
        versionFile,
        // ANALYZE=1 also writes the bundler's stats (module → chunk, reasons) next to the build.
        ...(process.env.ANALYZE ? [statsWriter] : []),
      ],
      module: {
        rules: [
          {
            // After SWC and the Lingui macro: each module registers the English messages it names.
            enforce: 'post',
            test: /\.[cm]?[jt]sx?$/,
            include: [fromRoot('./src'), fromRoot('./machines'), fromRoot('./brands')],
            use: [{ loader: fromRoot('./scripts/build/module-messages-loader.cjs') }],
          },
        ],
      },
    },
    swc: {
      jsc: { experimental: { plugins: [linguiMacroSwcPlugin()] } },
    },
  },
});
