// Prerenders the public entry pages (issue 48, lever 1) into <dist>/prerendered/<brand>/<lang>/,
// after the browser build: builds src/app/prerender/render-page.tsx for Node with the same
// rsbuild.config.ts (same modules, same CSS-module class names, same asset addresses), renders
// each page for every brand and language, and writes it into the built index.html with the brand's
// theme and logo inline. scripts/serve-app.mjs (and the CDN, docs/running.md) picks the file by
// host, ?lang, the `lang` cookie, Accept-Language and the brand's default (scripts/prerendered-page.mjs).
//
// Usage: node scripts/build/prerender.mjs [--dist dist]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerenderedFile } from '../prerendered-page.mjs';
import { PRERENDER_CONSENT_SCRIPT } from '../security-headers.mjs';

const cwd = process.cwd();

/** Builds the Node bundle of the prerender (next to the dist folder, never served). */
async function buildRenderer(dist) {
  const { createRsbuild, loadConfig, logger } = await import('@rsbuild/core');
  logger.level = 'warn';
  const { content } = await loadConfig({ cwd });
  const out = `${dist}-server`;
  const config = {
    ...content,
    plugins: content.plugins,
    source: { ...content.source, entry: { 'render-page': './src/app/prerender/render-page.tsx' } },
    html: undefined,
    performance: {},
    output: {
      ...content.output,
      target: 'node',
      distPath: { root: out },
      filename: { js: '[name].js' },
      minify: false,
      cleanDistPath: true,
    },
    tools: {
      ...content.tools,
      // No output options (Trusted Types are for the browser's chunk loading) and only the first plugin,
      // react-aria's locale filter: the second, with ANALYZE=1, writes the browser build's stats.json.
      rspack: { ...content.tools.rspack, output: {}, plugins: (content.tools.rspack.plugins ?? []).slice(0, 1) },
    },
  };
  const rsbuild = await createRsbuild({ cwd, config, loadEnv: true });
  const { close } = await rsbuild.build();
  await close();
  return createRequire(import.meta.url)(resolve(out, 'render-page.js'));
}

/**
 * The lazy stylesheets a page's markup needs (the page's and its features' CSS modules arrive with
 * their chunks in the app, so the built index.html does not name them): the fewest of the build's
 * CSS files that define every class the markup uses and the entry's CSS does not (class names are
 * hashed per module, so a name is defined in exactly the files of the chunks holding that module).
 */
export function stylesheetsFor(html, { entryCss, asyncCss }) {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean));
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `.name` as a whole class selector (not the start of a longer class name).
  const defines = (css, name) => new RegExp(`\\.${escape(name)}(?![\\w-])`).test(css);
  const missing = new Set([...used].filter((name) => !entryCss.some((css) => defines(css, name))));
  const chosen = [];
  while (missing.size) {
    let best = null;
    for (const file of asyncCss) {
      const covers = [...missing].filter((name) => defines(file.css, name)).length;
      if (covers && (!best || covers > best.covers)) best = { file, covers };
    }
    if (!best) break; // classes without rules (state hooks for tests) need no file
    chosen.push(best.file.href);
    for (const name of [...missing]) if (defines(best.file.css, name)) missing.delete(name);
  }
  return chosen;
}

function cssFiles(dist) {
  const dir = join(dist, 'static', 'css');
  const read = (sub) => readdirSync(join(dir, sub)).filter((f) => f.endsWith('.css')).map((f) => ({ href: `/static/css/${sub ? `${sub}/` : ''}${f}`, css: readFileSync(join(dir, sub, f), 'utf8') }));
  return { entryCss: read('').map((f) => f.css), asyncCss: read('async') };
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with one prerendered page in it. */
export function pageDocument(template, { brandId, language, path, page, logoDataUrl, stylesheets }) {
  const html = page.html.split(`src="${page.logoUrl}"`).join(`src="${logoDataUrl}"`);
  const links = stylesheets.map((href) => `<link href="${href}" rel="stylesheet">`).join('');
  // The entry's scripts are asked for after the page's first paint (public/prerendered-boot.js),
  // so the page paints from its HTML and CSS alone and the app's download and evaluation never
  // hold it back (measured both ways: docs/performance.md, "/login prerendered").
  const entry = [...template.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  if (!entry.length) throw new Error('index.html: no entry scripts found');
  const boot = `<script defer src="/prerendered-boot.js" data-entry="${entry.join(' ')}"></script>`;
  const out = template
    .replace(/(<script defer src="[^"]+"><\/script>\s*)+/, boot)
    .replace('</head>', `${links}</head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-brand="${brandId}"`)
    // The consent script (scripts/security-headers.mjs) runs before the body is parsed: a visitor who
    // has chosen never sees the first-visit banner drawn in the HTML.
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title><style>${page.themeStyle}</style><script>${PRERENDER_CONSENT_SCRIPT}</script>`)
    .replace(/<noscript>[^<]*<\/noscript>/, `<noscript><p class="noscript-note">${escapeText(page.noscript)}</p></noscript>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${html}</div>`);
  for (const marker of ['data-brand=', '<style>', 'data-prerendered=', PRERENDER_CONSENT_SCRIPT]) if (!out.includes(marker)) throw new Error(`index.html: could not place ${marker}`);
  return out;
}

export async function prerenderPages({ dist = 'dist' } = {}) {
  const renderer = await buildRenderer(dist);
  const manifest = renderer.prerenderManifest();
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const css = cssFiles(dist);
  rmSync(join(dist, 'prerendered'), { recursive: true, force: true });
  let count = 0;
  for (const [brandId, brand] of Object.entries(manifest.brands)) {
    for (const language of brand.languages) {
      for (const path of manifest.paths) {
        const page = await renderer.renderPublicPage({ brandId, language, path });
        const logo = readFileSync(join(dist, page.logoUrl));
        const logoDataUrl = `data:image/svg+xml;base64,${logo.toString('base64')}`;
        const file = join(dist, prerenderedFile({ brandId, language, path }));
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, pageDocument(template, { brandId, language, path, page, logoDataUrl, stylesheets: stylesheetsFor(page.html, css) }));
        count += 1;
      }
    }
  }
  writeFileSync(join(dist, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
  console.log(`prerendered ${count} pages into ${dist}/prerendered`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--dist');
  await prerenderPages({ dist: i > 0 ? process.argv[i + 1] : (process.env.DIST_DIR ?? 'dist') });
}
