// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { BOOT_TRUSTED_TYPES_POLICY, BRAND_THEME_STYLE_HASHES, PRERENDER_CONSENT_SCRIPT, PRERENDER_SCRIPT_HASHES, REACT_ARIA_STYLE_HASHES, securityHeaders, TRUSTED_TYPES_POLICY } from '../../scripts/security-headers.mjs';
import { pageDocument } from '../../scripts/build/prerender.mjs';
import { storageKeys } from '../../src/shared/config/storage';
import { brandIds } from '../../brands/ids';
import { themeStyleText } from '../../brands/theme-style';

/** The style texts react-aria injects, read from the installed package. */
function injectedStyles(): string[] {
  const files = ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs'].map((f) =>
    readFileSync(new URL(`../../node_modules/react-aria/dist/private/${f}`, import.meta.url), 'utf8'),
  );
  return files.map((src) => {
    const m = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(src);
    if (!m?.[1]) throw new Error('react-aria no longer injects its style this way: review the CSP');
    return m[1].replace('${$d27d541f9569d26d$var$PRESSABLE_ATTRIBUTE}', 'data-react-aria-pressable').trim();
  });
}

describe('security headers', () => {
  it('allow exactly the inline styles react-aria injects, by hash', () => {
    const hashes = injectedStyles().map((t) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`);
    expect(hashes.sort()).toEqual([...REACT_ARIA_STYLE_HASHES].sort());
  });

  it("carry react-aria's press style in the page from the start, exactly as react-aria injects it (allowed by its hash)", () => {
    // Inserted by react-aria on the first press-handling component (the first dialog), a new
    // stylesheet restyles and lays out the whole page inside that press (issue 48). With the element
    // in the page, react-aria finds it by its id and inserts nothing.
    const [pressStyle] = injectedStyles();
    const page = readFileSync(new URL('../../src/app/index.html', import.meta.url), 'utf8');
    expect(page).toContain(`<style id="react-aria-pressable-style">${pressStyle}</style>`);
    expect(readFileSync(new URL('../../node_modules/react-aria/dist/private/interactions/usePress.mjs', import.meta.url), 'utf8')).toContain("STYLE_ID = 'react-aria-pressable-style'");
  });

  it("allow exactly each brand's theme style of the prerendered pages, by hash", () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const hashes = brandIds.map((id) => sha(themeStyleText(JSON.parse(readFileSync(new URL(`../../brands/${id}/theme.json`, import.meta.url), 'utf8')))));
    expect(hashes).toEqual(BRAND_THEME_STYLE_HASHES);
    expect(securityHeaders({ apiOrigins: [] })['Content-Security-Policy']).toContain(BRAND_THEME_STYLE_HASHES.join(' '));
  });

  it("allow exactly the prerendered pages' consent script, by hash; it reads the app's consent key and is the page head's first script", () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect([sha(PRERENDER_CONSENT_SCRIPT)]).toEqual(PRERENDER_SCRIPT_HASHES);
    expect(PRERENDER_CONSENT_SCRIPT).toContain(`localStorage.getItem(${JSON.stringify(storageKeys.analyticsConsent.key)})`);
    expect(storageKeys.analyticsConsent.area).toBe('local');
    expect(securityHeaders({ apiOrigins: [] })['Content-Security-Policy']).toContain(`script-src 'self' ${PRERENDER_SCRIPT_HASHES.join(' ')};`);
    const template = readFileSync(new URL('../../src/app/index.html', import.meta.url), 'utf8').replace('<div id="root"></div>', '<div id="root"></div><script defer src="/static/js/index.js"></script>');
    const page = { html: '<main></main>', title: 'T', noscript: 'N', themeStyle: ':root{}', logoUrl: '/logo.svg' };
    const out = pageDocument(template, { brandId: 'brand1', language: 'en', path: '/login', page, logoDataUrl: 'data:,', stylesheets: [] });
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head.match(/<script[^>]*>/g)?.[0]).toBe('<script>');
    expect(head).toContain(`<script>${PRERENDER_CONSENT_SCRIPT}</script>`);
  });

  it('build a strict CSP and the other headers', () => {
    const h = securityHeaders({ apiOrigins: ['https://api.example', 'wss://rt.example'] });
    const csp = h['Content-Security-Policy'];
    expect(csp).toContain(`script-src 'self' ${PRERENDER_SCRIPT_HASHES.join(' ')};`);
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://api.example wss://rt.example");
    expect(csp).toContain("form-action 'self';");
    expect(csp).toContain('upgrade-insecure-requests');
    // Trusted Types (issue 47): no string reaches a script sink; only the bundler's chunk-loading policy exists.
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toContain(`trusted-types ${TRUSTED_TYPES_POLICY} ${BOOT_TRUSTED_TYPES_POLICY}`);
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(h['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('form-action allows only the app and the named form targets (the old web application)', () => {
    const csp = securityHeaders({ apiOrigins: [], formTargets: ['https://old.example'] })['Content-Security-Policy'];
    expect(csp).toContain("form-action 'self' https://old.example;");
  });

  it('does not upgrade to https when the API is local http (sandbox)', () => {
    expect(securityHeaders({ apiOrigins: ['http://127.0.0.1:8787'] })['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
  });
});
