// Production builds for the bench: the app (pointed at the bench's own sandbox, into its own folder)
// and the floor, a bare React page built by the same rsbuild. Both are served later by
// scripts/serve-app.mjs, so both go over the wire gzipped with the same headers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip size as scripts/serve-app.mjs sends it (zlib's default level). */
export const gzSize = (file) => gzipSync(readFileSync(file)).length;

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  return r;
}

/**
 * Builds the app with rsbuild's JavaScript API (same rsbuild.config.ts as `npm run build`) to keep
 * Rspack's chunk groups: which files each lazy import (`page-*`, `feature-*`, `locale-*`) loads.
 * @returns {{ dist: string, initial: string[], groups: { name: string, files: string[] }[] }}
 */
export async function buildApp({ dist, sandboxUrl }) {
  run('npm', ['run', '--silent', 'i18n:compile']);
  // rsbuild.config.ts reads DIST_DIR; loadEnv turns PUBLIC_* into import.meta.env.PUBLIC_*.
  process.env.DIST_DIR = dist;
  process.env.PUBLIC_SANDBOX_URL = sandboxUrl;
  process.env.PUBLIC_API_ENV = 'sandbox';
  const { createRsbuild, loadConfig, logger } = await import('@rsbuild/core');
  logger.level = 'warn';
  const { content } = await loadConfig({ cwd: process.cwd() });
  const rsbuild = await createRsbuild({ cwd: process.cwd(), config: content, loadEnv: true });
  const { stats, close } = await rsbuild.build();
  await close();
  // The public entry pages prerendered as the real build does (`npm run build`), so /login is measured as served.
  const { prerenderPages } = await import('../build/prerender.mjs');
  await prerenderPages({ dist });
  const json = stats.toJson({ all: false, chunkGroups: true, chunkGroupAuxiliary: false, chunkGroupChildren: false, assets: false });
  const named = json.namedChunkGroups ?? {};
  const filesOf = (group) => group.assets.map((a) => a.name).filter((f) => /\.(js|css)$/.test(f));
  if (!named.index) throw new Error('the build stats have no "index" entry');
  const initial = filesOf(named.index);
  const groups = Object.entries(named)
    .filter(([name]) => name !== 'index')
    .map(([name, g]) => ({ name, files: filesOf(g).filter((f) => !initial.includes(f)) }));
  const bundled = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!initial.length || !bundled.includes(initial.find((f) => f.endsWith('.js')) ?? '\0')) {
    throw new Error('could not tell the entry files from the build stats');
  }
  return { dist, initial, groups };
}

/** The floor: `createRoot(...).render(<h1>Hello</h1>)`, same rsbuild and React plugin, defaults otherwise. */
export function buildFloor(dir) {
  return buildPage(dir, "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n");
}

/**
 * The stack floor (issue 48): the libraries the design card chose and nothing of the app — React,
 * ReactDOM, TanStack Router, XState with @xstate/react, TanStack Query and Lingui's runtime —
 * rendering one heading through a route, read from a statechart and a catalog.
 */
export function buildStackFloor(dir) {
  return buildPage(
    dir,
    [
      "import { createRoot } from 'react-dom/client';",
      "import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';",
      "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';",
      "import { createActor, setup } from 'xstate';",
      "import { useSelector } from '@xstate/react';",
      "import { i18n } from '@lingui/core';",
      "import { I18nProvider } from '@lingui/react';",
      "const actor = createActor(setup({}).createMachine({ id: 'floor', initial: 'shown', states: { shown: {} } })).start();",
      "i18n.loadAndActivate({ locale: 'en', messages: { hello: 'Hello' } });",
      'function Hello() {',
      "  const shown = useSelector(actor, (s) => s.matches('shown'));",
      "  return <h1>{shown ? i18n._('hello') : null}</h1>;",
      '}',
      'const rootRoute = createRootRoute();',
      "const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello })]) });",
      "createRoot(document.getElementById('root')).render(<I18nProvider i18n={i18n}><QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider></I18nProvider>);",
      '',
    ].join('\n'),
  );
}

/** A one-file page built by the same rsbuild and React plugin, defaults otherwise; returns its dist folder. */
function buildPage(dir, source) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src/index.jsx'), source);
  writeFileSync(
    join(dir, 'rsbuild.config.mjs'),
    "import { defineConfig } from '@rsbuild/core';\nimport { pluginReact } from '@rsbuild/plugin-react';\n" +
      "export default defineConfig({ plugins: [pluginReact()], source: { entry: { index: './src/index.jsx' } }, html: { title: 'Floor' }, output: { legalComments: 'none' } });\n",
  );
  run(join(process.cwd(), 'node_modules/.bin/rsbuild'), ['build'], { cwd: dir });
  return join(dir, 'dist');
}
