// @vitest-environment node
import { chooseApiSetting, resolveApiBases, sandboxBases } from '../../src/shared/api/bases';
import { brands } from '../../brands';
import { apiLinkMode } from '../../src/app/start-facts';

const prod = {
  main: 'https://api.brand.example/main',
  auth: 'https://auth.brand.example',
  contracts: 'https://api.brand.example/contracts',
  documents: 'https://docs.brand.example',
  helpdesk: 'https://help.brand.example',
  publicApi: 'https://public.brand.example',
  support: 'https://api.brand.example/support',
  realtime: 'wss://rt.brand.example/realtime',
};
const staging = Object.fromEntries(Object.entries(prod).map(([k, v]) => [k, v.replace('brand.example', 'stage{n}.brand.example')])) as typeof prod;
const brandApi = { production: prod, staging };

describe('API base per brand and environment', () => {
  it.each([
    ['production', null, prod.main],
    ['staging-3', null, 'https://api.stage3.brand.example/main'],
    ['sandbox', null, 'http://127.0.0.1:8787/main'],
    ['production', 'staging-12', 'https://api.stage12.brand.example/main'],
    ['sandbox', 'production', prod.main],
    ['production', 'http://127.0.0.1:9000', 'http://127.0.0.1:9000/main'],
    ['production', '  ', prod.main],
  ])('environment %s with override %j → %s', (environment, override, main) => {
    expect(resolveApiBases({ brandApi, environment, sandboxOrigin: 'http://127.0.0.1:8787', override }).main).toBe(main);
  });

  it('the sandbox serves every service under one origin, realtime over ws', () => {
    expect(sandboxBases('http://127.0.0.1:8787/')).toEqual({
      main: 'http://127.0.0.1:8787/main',
      auth: 'http://127.0.0.1:8787',
      contracts: 'http://127.0.0.1:8787/contracts',
      documents: 'http://127.0.0.1:8787/documents',
      helpdesk: 'http://127.0.0.1:8787/helpdesk',
      publicApi: 'http://127.0.0.1:8787/public-api',
      support: 'http://127.0.0.1:8787/support',
      realtime: 'ws://127.0.0.1:8787/realtime',
    });
  });
});

describe('the api query parameter and the stored API setting, sandbox and development builds', () => {
  it.each([
    ['no query: the stored environment', null, 'staging-2', 'staging-2', undefined],
    ['no query, nothing stored', null, undefined, null, undefined],
    ['no query, a stored origin is not trusted', null, 'https://evil.example', null, undefined],
    ['an environment name is used and stored', 'staging-7', undefined, 'staging-7', 'staging-7'],
    ['production is used and stored', 'production', 'staging-2', 'production', 'production'],
    ['the sandbox is used and stored', 'sandbox', undefined, 'sandbox', 'sandbox'],
    ['"default" removes the stored choice', 'default', 'staging-2', null, null],
    ['an origin is used, never stored', 'http://127.0.0.1:9000', undefined, 'http://127.0.0.1:9000', undefined],
    ['an origin with a path is ignored', 'http://127.0.0.1:9000/x', 'staging-2', 'staging-2', undefined],
    ['garbage is ignored', 'staging-x', 'production', 'production', undefined],
    ['a staging number of four digits is garbage', 'staging-1234', undefined, null, undefined],
  ])('%s', (_name, query, stored, setting, persist) => {
    expect(chooseApiSetting({ query, stored, mode: 'open' })).toEqual({ setting, persist });
  });
});

describe('in a deployed build a link chooses the API only on a review host, and nothing is kept (issue 47)', () => {
  it.each([
    ['review', 'a staging name holds for this page only', 'staging-7', undefined, 'staging-7', undefined],
    ['review', 'production holds for this page only', ' production ', undefined, 'production', undefined],
    ['review', 'a stored choice from before is forgotten', null, 'staging-2', null, null],
    ['review', 'the sandbox is not an environment of a deployed build', 'sandbox', undefined, null, undefined],
    ['review', 'an origin is ignored', 'https://evil.example', undefined, null, undefined],
    ['review', '"default": nothing chosen, the stored choice forgotten', 'default', 'staging-2', null, null],
    ['review', 'nothing stored, nothing asked: nothing done', null, undefined, null, undefined],
    ['closed', 'a customer host ignores a staging name', 'staging-7', undefined, null, undefined],
    ['closed', 'a customer host ignores an origin', 'https://evil.example', undefined, null, undefined],
    ['closed', 'a stored choice from before is forgotten', null, 'staging-2', null, null],
    ['closed', 'nothing stored, nothing asked: nothing done', null, undefined, null, undefined],
  ] as const)('%s host: %s', (mode, _name, query, stored, setting, persist) => {
    expect(chooseApiSetting({ query, stored, mode })).toEqual({ setting, persist });
  });
});

describe('how far ?api= may choose, by build and host (issue 47)', () => {
  it.each([
    ['a sandbox or development build, any host', '127.0.0.1', true, 'open'],
    ['a deployed build on a review host', brands.brand4.config.reviewHosts[0]!, false, 'review'],
    ['a deployed build on a customer host', brands.brand4.config.hosts[0]!, false, 'closed'],
    ['a deployed build on an unknown host', 'mirror.example', false, 'closed'],
  ] as const)('%s → %s', (_name, hostname, allowed, mode) => {
    expect(apiLinkMode(hostname, allowed)).toBe(mode);
  });
});
