import type { Client } from 'openapi-fetch';
import { ACTING_CUSTOMER_HEADER } from './rules';
import type { paths } from '@contract/main';
import type { MainBody, MainMethod, MainReply, MainUploadData, MainUploadMethod } from '@contract/main-methods';
import { markUploadProgress } from './upload-progress';
import { changesVerification } from './method-rules';
import { publishVerificationChange } from '../model/verification-changes';

export type { MainBody, MainMethod, MainReply, MainUploadData, MainUploadMethod };

/**
 * The main service, typed by method name (spec 000 s7: `POST /?method=X` with the method in the
 * body). Callers write only the method's own fields; the dispatch fields (`method`, and
 * `fromCustomerId`, `fromEmail`, `authSecret`, `lang`, which the request rules add) are never
 * required of them. A misspelt field fails `tsc`, and the reply is the schema's 200 reply. The
 * types are the generated contract's (api-schemas/generated/main-methods.ts).
 *
 *   const { customer } = await api().main.call('customerInfo');
 *   await api().main.call('activateAccount', { username, activationCode });
 */
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * This call acts for that customer instead of the session's (fromCustomerId, spec 000 s4): the
   * session asks a customer's access info before it acts for them (issue 46: fails closed).
   */
  actingCustomerId?: number;
  /** The proof of re-authentication a sensitive change carries (X-Reauth-Proof; issue 49). */
  reauthProof?: string;
}

/** The header a proof of re-authentication travels in (api-schemas: ReauthProof). */
export const REAUTH_PROOF_HEADER = 'X-Reauth-Proof';

/** The headers a call's options ask for: the customer it acts for, the proof it carries. */
function optionHeaders(options: CallOptions | undefined): Record<string, string> | null {
  const headers: Record<string, string> = {};
  if (options?.actingCustomerId !== undefined) headers[ACTING_CUSTOMER_HEADER] = String(options.actingCustomerId);
  if (options?.reauthProof !== undefined) headers[REAUTH_PROOF_HEADER] = options.reauthProof;
  return Object.keys(headers).length ? headers : null;
}
/** An upload's options: how much of it has been sent, 0–100. */
export interface UploadOptions extends CallOptions {
  onProgress?: (percent: number) => void;
}
type CallArgs<M extends MainMethod> =
  RequiredKeys<MainBody<M>> extends never
    ? [body?: MainBody<M>, options?: CallOptions]
    : [body: MainBody<M>, options?: CallOptions];

export interface MainClient {
  call<M extends MainMethod>(method: M, ...args: CallArgs<M>): Promise<MainReply<M>>;
  /** A file with its JSON `data` part; the dispatch middleware applies the request rules to the data. */
  upload<M extends MainUploadMethod>(method: M, data: MainUploadData<M>, file: Blob, fileName: string, options?: CallOptions): Promise<MainReply<M>>;
  /** Several named files with the JSON `data` part (a document's front, back, stamp), its progress reported. */
  uploadParts<M extends MainUploadMethod>(method: M, data: MainUploadData<M>, parts: Record<string, File>, options?: UploadOptions): Promise<MainReply<M>>;
}

/** openapi-fetch's POST seen by method name; the dispatch middleware adds `method` to the body. */
type LoosePost = <R>(path: string, init: { body: object; signal?: AbortSignal; headers?: Record<string, string>; bodySerializer?: (body: FormData) => FormData }) => Promise<{ data?: R }>;

/**
 * A successful reply always has a body (the transport throws an ApiError for anything else). A
 * call that changed the verification facts says so (CHANGES_VERIFICATION): whatever reads them
 * reads again, wherever the change was made.
 */
function present<R>(data: R | undefined, method: string): R {
  if (data === undefined) throw new Error(`${method}: a successful reply without a body`);
  if (changesVerification(method)) publishVerificationChange();
  return data;
}

export function createMainClient(client: Client<paths>): MainClient {
  const post = client.POST.bind(client) as unknown as LoosePost;
  return {
    async call(method, ...[body, options]) {
      const headers = optionHeaders(options);
      const { data } = await post<MainReply<typeof method>>(`/${method}`, {
        body: body ?? {},
        ...(options?.signal ? { signal: options.signal } : {}),
        ...(headers ? { headers } : {}),
      });
      return present(data, method);
    },
    async upload(method, data, file, fileName, options) {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
      form.append('file', file, fileName);
      const headers = optionHeaders(options);
      // FormData as it is: the browser writes the multipart boundary.
      const { data: reply } = await post<MainReply<typeof method>>(`/${method}`, {
        body: form,
        bodySerializer: (body) => body,
        ...(options?.signal ? { signal: options.signal } : {}),
        ...(headers ? { headers } : {}),
      });
      return present(reply, method);
    },
    async uploadParts(method, data, parts, options) {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
      for (const [name, file] of Object.entries(parts)) form.append(name, file, file.name);
      const progress = options?.onProgress ? markUploadProgress(options.onProgress) : null;
      try {
        const { data: reply } = await post<MainReply<typeof method>>(`/${method}`, {
          body: form,
          bodySerializer: (body) => body,
          ...(progress ? { headers: progress.header } : {}),
          ...(options?.signal ? { signal: options.signal } : {}),
        });
        return present(reply, method);
      } finally {
        progress?.release();
      }
    },
  };
}
