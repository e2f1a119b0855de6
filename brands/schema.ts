import { z } from 'zod/mini';

/**
 * The shape of a brand (spec 000 s1, 002 "brands"): everything that differs between the six
 * brands is data validated here, so code asks the config and never compares brand ids.
 * The build validates every brand with these schemas (rsbuild.config.ts: a broken config fails
 * the build) and so do the tests; the app itself does not ship them.
 */

import { brandIds, languageCodes, type BrandId } from './ids';
export { brandIds, languageCodes };
export type { BrandId, LanguageCode } from './ids';

export const personalRegistrationTypes = [
  'webmasters',
  'freelancers',
  'webcamModels',
  'developers',
  'independentContractors',
  'others',
] as const;
export type PersonalRegistrationType = (typeof personalRegistrationTypes)[number];

export const businessRegistrationTypes = [
  'advertisingNetworks',
  'affiliatePrograms',
  'liveStreamingNetworks',
  'freelanceCompanies',
  'hostingProviders',
  'billingPaymentProcessors',
  'webcamStudios',
  'others',
] as const;
export type BusinessRegistrationType = (typeof businessRegistrationTypes)[number];

const nonEmpty = z.string().check(z.trim(), z.minLength(1));
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
const uniqueList = <T extends z.core.SomeType>(item: T) =>
  z.array(item).check(z.refine((list) => unique(list), 'entries must be unique'));

/** An absolute URL template for a staging environment: https/wss, with `{n}` for the staging number. */
const stagingUrl = z.string().check(
  z.refine((value) => value.includes('{n}'), 'must contain the {n} placeholder for the staging number'),
  z.refine((value) => {
    try {
      return ['https:', 'wss:'].includes(new URL(value.replaceAll('{n}', '1')).protocol);
    } catch {
      return false;
    }
  }, 'must be an https:// or wss:// URL once {n} is filled in'),
);
const wssUrl = z.url({ protocol: /^wss$/, hostname: z.regexes.domain });

const apiBases = <U extends z.core.SomeType, R extends z.core.SomeType>(url: U, realtime: R) =>
  z.strictObject({
    main: url,
    auth: url,
    contracts: url,
    documents: url,
    helpdesk: url,
    publicApi: url,
    support: url,
    realtime,
  });

const hostName = z.string().check(
  z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'lower-case host name without port or path'),
);

export const brandConfigSchema = z
  .strictObject({
    id: z.enum(brandIds),
    /** Name shown in the interface (header, titles, "Sign in to …"). */
    displayName: nonEmpty,
    /** Name of the company behind the brand. */
    legalName: nonEmpty,
    /** File name of the logo in the brand's folder. */
    logo: z.string().check(z.regex(/^[a-z0-9-]+\.svg$/)),
    /** Production host names served as this brand (unique across brands). */
    hosts: uniqueList(hostName).check(z.minLength(1)),
    /**
     * Hosts where the team reviews this brand against another environment: a deployed build takes
     * `?api=production|staging-N` there (for one page load), and nowhere else (issue 47). May be empty.
     */
    reviewHosts: uniqueList(hostName),
    /** URL scheme the native apps register, e.g. `northbridge` for `northbridge://…`. */
    deepLinkScheme: z.string().check(z.regex(/^[a-z][a-z0-9+.-]*$/)),
    appStores: z.strictObject({
      ios: z.nullable(z.url({ protocol: /^https$/, hostname: /^apps\.apple\.com$/ })),
      android: z.nullable(z.url({ protocol: /^https$/, hostname: /^play\.google\.com$/ })),
    }),
    legal: z.strictObject({
      /** In-app route of the terms of service: `/legal/<id>-tos`. */
      termsPath: z.string().check(z.regex(/^\/legal\/[a-z0-9-]+-tos$/)),
      privacyUrl: httpsUrl,
    }),
    /** Fee pages; null where the brand publishes none. */
    fees: z.strictObject({
      personal: z.nullable(httpsUrl),
      business: z.nullable(httpsUrl),
    }),
    /** The hosted checkout a saved payment button's form posts to (the merchant's snippet, issue 55). */
    checkoutUrl: httpsUrl,
    /** Support manager chat number (E.164), or null where the brand has none. */
    supportChatNumber: z.nullable(z.e164()),
    /** Block printed on account confirmation documents. */
    regulatedEntity: z.strictObject({
      name: nonEmpty,
      address: nonEmpty,
      /** The licence sentence after the entity's name, in each of the brand's languages (legal text: written, never machine-filled). */
      licenceFooter: z.partialRecord(z.enum(languageCodes), nonEmpty),
      phone: z.e164(),
      email: z.email(),
      web: httpsUrl,
    }),
    features: z.strictObject({
      /** Self-service registration (routes are blocked when off). */
      registration: z.boolean(),
      /** Adult-industry options in registration. */
      adultOptions: z.boolean(),
      /** Smart (revenue-split) contracts. */
      contracts: z.boolean(),
      /** Source-of-wealth questionnaire. */
      sourceOfWealth: z.boolean(),
    }),
    /**
     * Analytics consent (issue 61; docs/decisions.md "Analytics consent"): `opt-in` where the entity is
     * under the EU's ePrivacy rules (asked first, nothing sent before Accept); `notice` where a notice and
     * a one-press Turn off are enough (the UK's statistical-purposes exemption, Data (Use and Access) Act 2025).
     */
    analytics: z.strictObject({
      consent: z.enum(['opt-in', 'notice']),
    }),
    /** Offered interface languages, in menu order. */
    languages: uniqueList(z.enum(languageCodes)).check(z.minLength(1)),
    defaultLanguage: z.enum(languageCodes),
    registrationTypes: z.strictObject({
      personal: uniqueList(z.enum(personalRegistrationTypes)).check(z.minLength(1)),
      business: uniqueList(z.enum(businessRegistrationTypes)).check(z.minLength(1)),
    }),
    /** Service bases: production URLs and staging templates with `{n}`. */
    api: z.strictObject({
      production: apiBases(httpsUrl, wssUrl),
      staging: apiBases(stagingUrl, stagingUrl),
    }),
  })
  .check(
    z.refine((c) => c.languages.includes(c.defaultLanguage), {
      message: 'languages must include defaultLanguage',
      path: ['languages'],
    }),
    z.refine((c) => c.languages.every((language) => Boolean(c.regulatedEntity.licenceFooter[language])), {
      message: 'licenceFooter must have a text in every language the brand offers',
      path: ['regulatedEntity', 'licenceFooter'],
    }),
    z.refine((c) => c.legal.termsPath === `/legal/${c.id}-tos`, {
      message: 'termsPath must be /legal/<id>-tos',
      path: ['legal', 'termsPath'],
    }),
  );

export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** Tokens every theme must define (CSS custom properties set on <html>). */
export const requiredThemeTokens = [
  '--color-primary',
  '--color-on-primary',
  '--color-primary-hover',
  '--color-bg',
  '--color-surface',
  '--color-surface-alt',
  '--color-text',
  '--color-text-muted',
  '--color-border',
  '--color-border-strong',
  '--color-focus',
  '--color-danger',
  '--color-on-danger',
  '--color-danger-text',
  '--color-success',
  '--color-success-text',
  '--color-warning-text',
  '--color-link',
  '--color-header-bg',
  '--color-header-text',
  /** Small inner parts: inputs, select triggers, list options, menu items, icon buttons (≤ 24px). */
  '--radius-sm',
  /** Buttons, menu triggers, button-like links and chips; any length (999px = pill). */
  '--radius-control',
  /** Anything that holds text blocks: tables, cards, popovers, dialogs, notifications, alert boxes (≤ 24px). */
  '--radius-container',
  '--font-family',
  '--font-size-base',
] as const;
export type ThemeToken = (typeof requiredThemeTokens)[number];

const hexColour = /^#[0-9a-f]{6}$/;

/**
 * Largest corner radius, in px, for every radius token except `--radius-control`: larger radii clip
 * corner text in tables and cards. Tables, cards, popovers, dialogs and notifications hold text that
 * runs close to their corners (a table's first and last header cells sit 12px from the edge); a
 * 24px curve cuts at most 7px (24 × (1 − 1/√2)) into the corner, clear of 8px+ padding, while
 * 999px turns a table into an oval. Only controls (buttons, menu triggers, chip-like links: one
 * short line in a box sized for it) may be pills.
 */
export const MAX_CONTAINER_RADIUS_PX = 24;

/** The one radius token that may be any length (999px makes pill buttons). */
const unboundedRadiusTokens: readonly string[] = ['--radius-control'];

/** Radius tokens that were replaced: `--radius-md` meant both "button" and "table" (see docs/decisions.md). */
const retiredTokens: Readonly<Record<string, string>> = {
  '--radius-md': 'use --radius-control (buttons, menu triggers) or --radius-container (tables, cards, popovers, dialogs)',
  '--radius-lg': 'use --radius-container',
};

const cssLength = /^(0|\d+(\.\d+)?(px|rem))$/;
/** Bounded radii are px only, so the bound does not depend on the root font size. */
const pxLength = /^(0|(\d+(\.\d+)?)px)$/;

/**
 * Theme: a flat map of CSS custom property → value. Colours are lower-case `#rrggbb` so the
 * contrast test can compute them; fonts are system stacks only (no web fonts under the CSP).
 */
export const brandThemeSchema = z
  .record(z.string().check(z.regex(/^--[a-z0-9-]+$/)), nonEmpty)
  .check(
    z.superRefine((theme, ctx) => {
      for (const token of requiredThemeTokens) {
        if (!(token in theme)) ctx.issues.push({ code: 'custom', message: `missing ${token}`, input: theme, path: [token] });
      }
      for (const [token, value] of Object.entries(theme)) {
        if (token.startsWith('--color-') && !hexColour.test(value)) {
          ctx.issues.push({ code: 'custom', message: `${token} must be #rrggbb`, input: value, path: [token] });
        }
        if (token in retiredTokens) {
          ctx.issues.push({ code: 'custom', message: `${token} is retired: ${retiredTokens[token]}`, input: value, path: [token] });
        } else if (token.startsWith('--radius-') && unboundedRadiusTokens.includes(token)) {
          if (!cssLength.test(value)) ctx.issues.push({ code: 'custom', message: `${token} must be a length`, input: value, path: [token] });
        } else if (token.startsWith('--radius-')) {
          const px = pxLength.exec(value);
          if (!px || Number(px[2] ?? 0) > MAX_CONTAINER_RADIUS_PX) {
            ctx.issues.push({
              code: 'custom',
              message: `${token} must be a px length of at most ${MAX_CONTAINER_RADIUS_PX}px (larger radii clip corner text)`,
              input: value,
              path: [token],
            });
          }
        }
        if (token === '--font-family' && /url\(|@import/.test(value)) {
          ctx.issues.push({ code: 'custom', message: 'system font stacks only', input: value, path: [token] });
        }
      }
    }),
  );

export type BrandTheme = Readonly<Record<ThemeToken, string>> & Readonly<Record<string, string>>;

/**
 * Validates every brand's config.json and theme.json (the build calls this: a broken brand
 * fails `npm run build`, not a customer's page load). Returns the list of problems.
 */
export function validateBrands(read: (id: BrandId, file: 'config.json' | 'theme.json') => unknown): string[] {
  const problems: string[] = [];
  for (const id of brandIds) {
    const config = brandConfigSchema.safeParse(read(id, 'config.json'));
    if (!config.success) problems.push(`brands/${id}/config.json: ${z.prettifyError(config.error)}`);
    else if (config.data.id !== id) problems.push(`brands/${id}/config.json has id "${config.data.id}"`);
    const theme = brandThemeSchema.safeParse(read(id, 'theme.json'));
    if (!theme.success) problems.push(`brands/${id}/theme.json: ${z.prettifyError(theme.error)}`);
  }
  return problems;
}
