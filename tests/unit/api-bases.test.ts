// @vitest-environment node
import { chooseApiSetting, resolveApiBases, sandboxBases } from '../../src/shared/api/bases';

const prod = {
  main: 'https://api.brand.example/main',
  auth: 'https://auth.brand.example',
  contracts: 'https://api.brand.example/contracts',
  documents: 'https://docs.brand.example',
  helpdesk: 'https://help.brand.example',
  publicApi: 'https://public.brand.example',
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
      realtime: 'ws://127.0.0.1:8787/realtime',
    });
  });
});

describe('the api query parameter and the stored API setting', () => {
  it.each([
    ['no query: the stored environment', null, 'staging-2', false, 'staging-2', undefined],
    ['no query, nothing stored', null, undefined, false, null, undefined],
    ['no query, a stored origin is not trusted', null, 'https://evil.example', true, null, undefined],
    ['an environment name is used and stored', 'staging-7', undefined, false, 'staging-7', 'staging-7'],
    ['production is used and stored', 'production', 'staging-2', false, 'production', 'production'],
    ['"default" removes the stored choice', 'default', 'staging-2', false, null, null],
    ['an origin in a production build is ignored', 'https://evil.example', 'staging-2', false, 'staging-2', undefined],
    ['an origin in a sandbox build is used, never stored', 'http://127.0.0.1:9000', undefined, true, 'http://127.0.0.1:9000', undefined],
    ['an origin with a path is ignored', 'http://127.0.0.1:9000/x', undefined, true, null, undefined],
    ['garbage is ignored', 'staging-x', 'production', false, 'production', undefined],
  ])('%s', (_name, query, stored, allowOrigin, setting, persist) => {
    expect(chooseApiSetting({ query, stored, allowOrigin })).toEqual({ setting, persist });
  });
});

describe('in a deployed build nothing a link chooses is kept (issue 47)', () => {
  it.each([
    ['an environment name holds for this page only', 'staging-7', undefined, 'staging-7', null],
    ['a stored choice from before is forgotten', null, 'staging-2', null, null],
    ['nothing stored, nothing asked: nothing done', null, undefined, null, undefined],
    ['"default" removes the stored choice', 'default', 'staging-2', null, null],
    ['an origin is ignored', 'https://evil.example', undefined, null, undefined],
  ])('%s', (_name, query, stored, setting, persist) => {
    expect(chooseApiSetting({ query, stored, allowOrigin: false, allowPersist: false })).toEqual({ setting, persist });
  });
});
