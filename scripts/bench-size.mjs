// `npm run bench`: gzip size of the initial JavaScript of the entry route and of each lazy
// chunk, next to the floor (a bare React page built by the same rsbuild). A figure, not a test.
import { readFileSync, readdirSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function initialJs(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  return scripts.map((s) => join(dist, s.replace(/^\//, '')));
}

{ // always measure a fresh production build
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const initial = initialJs('dist');
const initialSize = initial.reduce((sum, f) => sum + gz(f), 0);
const asyncDir = join('dist', 'static/js/async');
const lazy = existsSync(asyncDir) ? readdirSync(asyncDir).filter((f) => f.endsWith('.js')) : [];

// The floor: a bare React page, same bundler, same settings.
const floorDir = '.cache/bench-floor';
rmSync(floorDir, { recursive: true, force: true });
mkdirSync(join(floorDir, 'src'), { recursive: true });
writeFileSync(
  join(floorDir, 'src/index.jsx'),
  "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
);
writeFileSync(
  join(floorDir, 'rsbuild.config.mjs'),
  "import { defineConfig } from '@rsbuild/core';\nimport { pluginReact } from '@rsbuild/plugin-react';\nexport default defineConfig({ plugins: [pluginReact()], source: { entry: { index: './src/index.jsx' } }, output: { legalComments: 'none' } });\n",
);
const floorBuild = spawnSync(join(process.cwd(), 'node_modules/.bin/rsbuild'), ['build'], { cwd: floorDir, encoding: 'utf8' });
const floorSize = floorBuild.status === 0 ? initialJs(join(floorDir, 'dist')).reduce((s, f) => s + gz(f), 0) : NaN;

console.log('Initial JavaScript of the entry route (gzip -9):');
console.log(`  app           ${kb(initialSize)}   (${initial.length} files)`);
console.log(`  floor (React) ${Number.isNaN(floorSize) ? 'build failed' : kb(floorSize)}`);
console.log(`  over floor    ${Number.isNaN(floorSize) ? '-' : kb(initialSize - floorSize)}`);
console.log('Lazy chunks (gzip -9):');
for (const f of lazy.sort()) console.log(`  ${f.padEnd(48)} ${kb(gz(join(asyncDir, f)))}`);
