import createClient, { type Client } from 'openapi-fetch';
import type { paths as AuthPaths } from '@contract/auth';
import type { paths as MainPaths } from '@contract/main';
import type { paths as ContractsPaths } from '@contract/contracts';
import type { paths as DocumentsPaths } from '@contract/documents';
import type { paths as HelpdeskPaths } from '@contract/helpdesk';
import type { paths as PublicApiPaths } from '@contract/public-api';
import type { paths as SupportPaths } from '@contract/support';
import { apiRuntime, type ApiBases } from './runtime';
import { helpdeskFetch, mainDispatch, readErrors, transportFetch } from './transport';
import { createMainClient, type MainClient } from './main-client';

/**
 * One typed openapi-fetch client per service, created lazily for the current bases.
 * Every call either resolves with the typed `data` of a successful reply or throws an
 * `ApiError` (see errors.ts). Callers never build URLs or headers themselves.
 */
export interface ApiClients {
  auth: Client<AuthPaths>;
  /** Typed by method name: `api().main.call('customerInfo')` (main-client.ts). */
  main: MainClient;
  contracts: Client<ContractsPaths>;
  documents: Client<DocumentsPaths>;
  /** The help desk (a third party): never the session's token; each call carries the support token (`jwt_token`). */
  helpdesk: Client<HelpdeskPaths>;
  publicApi: Client<PublicApiPaths>;
  support: Client<SupportPaths>;
}

let cache: { bases: ApiBases; clients: ApiClients } | null = null;

function make<Paths extends {}>(baseUrl: string, extra: Parameters<Client<Paths>['use']> = [], fetch: (input: Request) => Promise<Response> = transportFetch): Client<Paths> {
  const client = createClient<Paths>({ baseUrl, fetch });
  client.use(readErrors, ...extra);
  return client;
}

export function api(): ApiClients {
  if (cache && cache.bases === apiRuntime.bases) return cache.clients;
  const b = apiRuntime.bases;
  const clients: ApiClients = {
    auth: make<AuthPaths>(b.auth),
    // readErrors runs after mainDispatch on the way out and first on the way back.
    main: createMainClient(make<MainPaths>(b.main, [mainDispatch])),
    contracts: make<ContractsPaths>(b.contracts),
    documents: make<DocumentsPaths>(b.documents),
    helpdesk: make<HelpdeskPaths>(b.helpdesk, [], helpdeskFetch),
    publicApi: make<PublicApiPaths>(b.publicApi),
    support: make<SupportPaths>(b.support),
  };
  cache = { bases: b, clients };
  return clients;
}
