// @ts-check
/**
 * Import boundaries outside Steiger's reach (Steiger only lints the layers inside src/).
 * Checked by `npm run lint:boundaries` (part of `npm run lint`, so of `npm test`) with
 * dependency-cruiser; the cast rule that is not about imports is scripts/check-casts.mjs.
 *
 *   0. api-schemas/generated/ (the contract's types, written by `npm run api:gen`) is under every
 *      floor: machines/, src/, sandbox/ and .storybook/ may import it, type-only.
 *   1. machines/ is the ground floor: xstate, @lingui/core(/macro), valibot, big.js, the
 *      contract's types and machines/ only.
 *   2. sandbox/ (run by Node directly) never imports src/, .storybook/ or tests/.
 *   3. .storybook/ never imports sandbox/ or tests/, and reaches src/ through a slice's index.ts.
 *   4. src/ never imports sandbox/, tests/ or .storybook/ (stories may import .storybook/).
 *   6. No import circles in src/, machines/ and .storybook/ (a circle only through type-only or
 *      dynamic imports is allowed: a lazily loaded part may name its loader's types).
 *
 * Paths are relative to the directory the cruise runs from (the repository root, or a fixture
 * tree in tests/unit/boundaries.test.ts). Type-only imports count (`tsPreCompilationDeps`), and
 * the tsconfig.json `paths` aliases (@/…, @machines/…) are resolved like any relative import.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'contract-type-only',
      comment:
        'Rule 0. The generated contract (api-schemas/generated/) is types only: it is imported with ' +
        '`import type`, so no floor ships or runs it, and it imports nothing but itself.',
      severity: 'error',
      from: { pathNot: '^api-schemas/generated/' },
      to: { path: '^api-schemas/generated/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'Rule 0b. The generated contract imports only its own files.',
      severity: 'error',
      from: { path: '^api-schemas/generated/' },
      to: { pathNot: '^api-schemas/generated/' },
    },
    {
      name: 'machines-ground-floor',
      comment:
        'Rule 1. machines/ is the ground floor: it may import only xstate, ' +
        '@lingui/core, @lingui/core/macro, valibot, big.js (exact decimals for money rules), ibantools (IBANs by the ISO 13616 registry), ipaddr.js (IP addresses), the generated contract types ' +
        '(api-schemas/generated/, type-only) and other files in machines/. Nothing from src/, ' +
        'sandbox/, .storybook/, brands/, locales/, the schema files, react, node built-ins or other packages.',
      severity: 'error',
      from: { path: '^machines/' },
      to: {
        pathNot: [
          '^machines/',
          '^api-schemas/generated/',
          '(^|/)node_modules/xstate/',
          '(^|/)node_modules/@lingui/core/',
          '(^|/)node_modules/valibot/',
          '(^|/)node_modules/big\\.js/',
          '(^|/)node_modules/ibantools/',
          '(^|/)node_modules/ipaddr\\.js/',
        ],
      },
    },
    {
      name: 'sandbox-not-to-app',
      comment:
        'Rule 2. sandbox/ is the local API server, run by Node directly: it never imports src/, ' +
        '.storybook/ or tests/. It may use machines/, brands/, api-schemas/, scripts/, node built-ins ' +
        'and npm packages.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: ['^src/', '^\\.storybook/', '^tests/'] },
    },
    {
      name: 'storybook-not-to-sandbox-or-tests',
      comment: 'Rule 3a. .storybook/ never imports sandbox/ or tests/.',
      severity: 'error',
      from: { path: '^\\.storybook/' },
      to: { path: ['^sandbox/', '^tests/'] },
    },
    {
      name: 'storybook-public-api-sidestep',
      comment:
        "Rule 3b. .storybook/ reaches src/ only through a slice's (or shared segment's) public index.ts, " +
        "e.g. src/widgets/popup-host, not src/widgets/popup-host/ui/popup-host.tsx (Steiger's " +
        'fsd/no-public-api-sidestep). The one other entry is the global stylesheets in src/app/styles/.',
      severity: 'error',
      from: { path: '^\\.storybook/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/(shared|entities|features|widgets|pages)/[^/]+/index\\.tsx?$',
          '^src/app/styles/[^/]+\\.css$',
        ],
      },
    },
    {
      name: 'src-not-to-sandbox-or-tests',
      comment: 'Rule 4a. src/ never imports sandbox/ or tests/ (stories included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: ['^sandbox/', '^tests/'] },
    },
    {
      name: 'src-not-to-storybook',
      comment: 'Rule 4b. src/ never imports .storybook/, except *.stories.tsx files.',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.stories\\.tsx$' },
      to: { path: '^\\.storybook/' },
    },
    {
      name: 'no-circular',
      comment:
        'Rule 6. No import circles: a module that (through others) imports itself is evaluated half-made ' +
        'and cannot be understood or moved alone. A circle made only of type-only or dynamic imports is ' +
        'allowed (a lazily loaded part may name the types of the module that loads it).',
      severity: 'error',
      from: { path: '^(src|machines|sandbox|\\.storybook)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'boundary-unresolvable',
      comment:
        'An import the check cannot resolve cannot be checked against the rules above, so in the ' +
        'checked trees it fails too. Exception: the generated message catalogs (locales/*/messages.ts, ' +
        'made by `npm run i18n:compile`, not committed).',
      severity: 'error',
      from: { path: '^(machines|sandbox|\\.storybook|src)/' },
      to: { couldNotResolve: true, pathNot: '(^|/)locales/[^/]+/messages$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
