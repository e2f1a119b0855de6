// The security headers the app must be served with (docs/running.md lists them for the CDN).
// One function, used by the local server (scripts/serve-app.mjs) and checked by tests.

/**
 * react-aria injects two fixed <style> elements (press handling; scroll locking on iOS).
 * Instead of 'unsafe-inline', the CSP allows exactly those texts by hash.
 * tests/unit/security-headers.test.ts recomputes them from the installed react-aria, so an
 * upgrade that changes the text fails the tests instead of breaking production styling.
 */
export const REACT_ARIA_STYLE_HASHES = [
  "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
];

/**
 * The one `<style>` of each brand's prerendered pages (issue 48): its theme tokens
 * (brands/theme-style.ts). Allowed by hash like react-aria's; tests/unit/security-headers.test.ts
 * recomputes them from brands/<id>/theme.json, so a theme change that forgets them fails the tests.
 */
export const BRAND_THEME_STYLE_HASHES = [
  "'sha256-/QLcBgAMnjlwW7jz4OUSXjTxGVbV1fOCvmXmO9Ct/lw='", // brand1
  "'sha256-q2KHQ2Q3TIfR8R8DRz9a5XLikd0UcBQmvKOQeXtWz1A='", // brand2
  "'sha256-yN9xWQEGt8W+tygfxrvvQEczwh3PD4MtNZwlIaLcNXQ='", // brand3
  "'sha256-ZFfiHtdplkp/dXBv/E4zWlDVZmYf9Jxa15IzNOxvLCo='", // brand4
  "'sha256-V4k2I+/vy81X8bX85BgU1BEMgwDEcSLnuPVZOlj1lzQ='", // brand5
  "'sha256-xvn9xuJXHfl6hgiCXJ+e9dF2evmrqbmJsB61rf5Wr5Y='", // brand6
];

/**
 * The prerendered pages' one inline script (issue 48), first in their head: a visitor who has made
 * an analytics choice (the consent statechart's stored record, docs/storage.md) has the document
 * marked before the body is drawn, and the page's CSS hides the first-visit consent banner drawn
 * in the HTML until the app takes over and decides (src/app/styles/global.css). It reads one key
 * and sets one attribute. Allowed by its hash; tests/unit/security-headers.test.ts recomputes it
 * and checks the key against the app's storage table.
 */
export const PRERENDER_CONSENT_SCRIPT = 'try{if(localStorage.getItem("app.analyticsConsent"))document.documentElement.setAttribute("data-consent-stored","")}catch(e){}';
export const PRERENDER_SCRIPT_HASHES = ["'sha256-5ZExim0SEkC/Nr42jDot44ERW+bOs5aEDGROZp4ZBjA='"];

/**
 * The prerendered pages' start script (public/prerendered-boot.js, issue 48): it adds the entry's
 * script elements after the first paint, through this policy, which takes only /static/js/ files.
 */
export const BOOT_TRUSTED_TYPES_POLICY = 'app-boot';

/** The one Trusted Types policy: rsbuild.config.ts gives it to the bundler for loading chunks and workers. */
export const TRUSTED_TYPES_POLICY = 'app-chunks';

/**
 * @param {{ apiOrigins: string[]; formTargets?: string[]; reportUri?: string }} options
 *   formTargets: origins a form may be posted to besides the app (the old web application, which
 *   receives the authorised-user hand-off in a POST body).
 * @returns {Record<string, string>}
 */
export function securityHeaders({ apiOrigins, formTargets = [], reportUri }) {
  const connect = ["'self'", ...apiOrigins].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${PRERENDER_SCRIPT_HASHES.join(' ')}`,
    `style-src 'self' ${[...REACT_ARIA_STYLE_HASHES, ...BRAND_THEME_STYLE_HASHES].join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formTargets].join(' ')}`,
    "object-src 'none'",
    "worker-src 'self' blob:",
    'upgrade-insecure-requests',
    // Trusted Types (issue 47): a string never reaches a script sink (innerHTML, script src, eval,
    // new Worker); the only policy is the bundler's, which loads the app's own chunks and workers.
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICY} ${BOOT_TRUSTED_TYPES_POLICY}`,
    ...(reportUri ? [`report-uri ${reportUri}`] : []),
  ];
  return {
    'Content-Security-Policy': csp.filter((d) => !(d === 'upgrade-insecure-requests' && apiOrigins.some((o) => o.startsWith('http:')))).join('; '),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
    'X-Frame-Options': 'DENY',
    // HTTPS only, for two years, subdomains too (browsers ignore it over plain http, so the local
    // server can send it as the CDN does); not preloaded: that is each brand domain's own decision.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  };
}

/** The API and realtime origins a sandbox URL stands for (http and ws). */
export function sandboxOrigins(sandboxUrl) {
  const u = new URL(sandboxUrl);
  return [u.origin, `ws://${u.host}`];
}
